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
// Σ_u Σ_{i∉R_u} c_i r̂² = Σ_u p_uᵀ S^q p_u − Σ_{(u,i)∈R} c_i r̂², and the
// first sum is the inner product of S^p and S^q, so the cost is
// O(|R|K + (M+N)K²) instead of O(MNK). It computes its own S^p and S^q:
// in the middle of a training pass the model's are not yet current.
func (m *Model) Objective() Objective {
	var o Objective
	sp, sq := make([]float64, m.k*m.k), make([]float64, m.k*m.k)
	gram(sp, m.p, m.k, nil, 1)
	gram(sq, m.q, m.k, m.c, 1)
	for u, items := range m.users.idx {
		p := m.user(int32(u))
		ws := m.users.w[u]
		for j, i := range items {
			r := dot(p, m.item(i))
			o.Observed += ws[j] * (1 - r) * (1 - r)
			o.Missing -= m.c[i] * r * r
		}
	}
	for j, s := range sp {
		o.Missing += s * sq[j]
	}
	var norms float64
	for _, v := range m.p {
		norms += v * v
	}
	for _, v := range m.q {
		norms += v * v
	}
	o.Penalty = m.cfg.Lambda * norms
	return o
}
