package core

// Objective is the value of the eALS objective (eq. 7 of the paper) split
// into its three terms.
type Objective struct {
	Observed float64 // Σ_{(u,i)∈R} w_ui (1 − r̂_ui)²
	Missing  float64 // Σ_u Σ_{i∉R_u} c_i r̂_ui²
	Penalty  float64 // λ (Σ_u ‖p_u‖² + Σ_i ‖q_i‖²)
}

// Total returns the objective's value.
func (o Objective) Total() float64 { return o.Observed + o.Missing + o.Penalty }

// Objective evaluates the objective through the caches (section 4.3):
//
//	Σ_u Σ_{i∉R_u} c_i r̂² = Σ_u p_uᵀ S^q p_u − Σ_{(u,i)∈R} c_i r̂²,
//
// with the model's prediction cache for every r̂ on R, and the first sum
// taken as the inner product ⟨S^p, S^q⟩ of the model's own caches. With
// Σ_u ‖p_u‖² = trace(S^p), the cost is O(|R| + K² + NK) (the last term is
// the items' norms), below the paper's O(|R| + MK²).
//
// The caches are current between epochs and after every online change (see
// Model). Between Trainer Steps inside an epoch they are not, and Objective
// then computes everything afresh, in
// O(|R|K + (M+N)K²), so its value is always that of the current factors.
func (m *Model) Objective() Objective {
	if m.midEpoch {
		return m.objectiveFromScratch()
	}
	var o Objective
	for i, r := range m.pred.r {
		ws := m.items.w[i][:len(r)]
		var obs, sq float64
		for k, v := range r {
			e := 1 - v
			obs += ws[k] * e * e
			sq += v * v
		}
		o.Observed += obs
		o.Missing -= m.c[i] * sq
	}
	o.Missing += dot(m.sp, m.sq)
	var norms float64 // Σ_u ‖p_u‖² = trace(S^p)
	for f := 0; f < m.k; f++ {
		norms += m.sp[f*m.k+f]
	}
	o.Penalty = m.cfg.Lambda * (norms + sumSquares(m.q))
	return o
}

// objectiveFromScratch evaluates the objective like Objective but without
// trusting any cache: it recomputes S^p, S^q and every prediction, in
// O(|R|K + (M+N)K²). Objective uses it inside an epoch; tests use it to
// check the caches.
func (m *Model) objectiveFromScratch() Objective { return m.factors.objective() }
