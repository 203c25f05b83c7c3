package core

import (
	"errors"
	"fmt"
)

// CGConfig holds the settings of iALS by conjugate gradient: the model's,
// shared with eALS, and the number of conjugate-gradient steps per vector.
type CGConfig struct {
	Config
	Steps int // conjugate-gradient steps per vector and pass
}

// DefaultCGConfig returns DefaultConfig's settings (the popularity-weighted
// objective of eALS) with 3 conjugate-gradient steps per vector, the
// default of the implicit library.
func DefaultCGConfig() CGConfig { return CGConfig{Config: DefaultConfig(), Steps: 3} }

// Problems lists every invalid parameter of c, in a fixed order.
func (c CGConfig) Problems() []*ParamError {
	ps := c.Config.Problems()
	if c.Steps < 1 || c.Steps > MaxK {
		ps = append(ps, &ParamError{Param: "cg-steps", Value: fmt.Sprint(c.Steps),
			Reason: fmt.Sprintf("must be between 1 and %d (K steps already solve exactly)", MaxK)})
	}
	return ps
}

// Validate returns nil if c is usable, or an error joining one *ParamError
// per invalid parameter.
func (c CGConfig) Validate() error {
	var errs []error
	for _, p := range c.Problems() {
		errs = append(errs, p)
	}
	return errors.Join(errs...)
}

// CG is implicit ALS (Hu, Koren and Volinsky) solved vector-wise by a few
// warm-started conjugate-gradient steps per vector, as the implicit library
// does (Takács, Pilászy and Tikk, RecSys 2011), on eALS's popularity-weighted
// objective rather than a uniform one. User u's exact solve is
// A p_u = b with
//
//	A = S^q + Σ_{i∈R_u} (w_ui − c_i) q_i q_iᵀ + λI,  b = Σ_{i∈R_u} w_ui q_i,
//
// (an item's the same with c_i S^p and w_ui − c_i), and S^q = Σ_i c_i q_i q_iᵀ
// is eALS's cache, so a product A·d costs O(K² + |R_u|K) and never forms A.
// Starting from the current vector, each step minimises the vector's part
// of the objective over one more conjugate direction, so the objective never
// increases; K steps reach the exact solve (up to rounding). An epoch of s
// steps costs O(s((M+N)K² + |R|K)), against ALS's O((M+N)K³ + |R|K²).
// Its methods are not safe for concurrent use.
type CG struct {
	factors
	ccfg     CGConfig
	threads  int
	work     []cgScratch
	midEpoch bool // a CGTrainer is inside an epoch: the caches may be stale
}

type cgScratch struct{ r, d, ad, old, outer []float64 }

func newCGScratch(k int) cgScratch {
	return cgScratch{r: make([]float64, k), d: make([]float64, k), ad: make([]float64, k),
		old: make([]float64, k), outer: make([]float64, 2*k)}
}

// newCG returns an untrained CG model of d. Its initial factors are those
// NewModel draws for the same Config.
func newCG(d *Dataset, cfg CGConfig) (*CG, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if d == nil || d.Len() == 0 {
		return nil, ErrEmpty
	}
	m := &CG{factors: newFactors(d, cfg.Config), ccfg: cfg}
	m.setThreads(cfg.threads())
	return m, nil
}

// setThreads sets the goroutines of a pass; their scratch is made when a
// pass first needs it.
func (m *CG) setThreads(n int) {
	m.threads = n
	m.work = []cgScratch{newCGScratch(m.k)}
}

// workers returns the scratch of n goroutines.
func (m *CG) workers(n int) []cgScratch {
	for len(m.work) < n {
		m.work = append(m.work, newCGScratch(m.k))
	}
	return m.work[:n]
}

// cgTiny ends the steps once the residual's squared norm falls below it,
// as the implicit library's 1e-20 does: the vector is solved.
const cgTiny = 1e-20

// solve moves user row's vector (items false) or item row's by Steps
// conjugate-gradient steps on A x = b, from its current value. A vector with
// no observations keeps its value, as in eALS.
func (m *CG) solve(s *cgScratch, items bool, row int32) {
	x, other, ids, ws, S, scale, cs, c := m.block(items, row)
	if len(ids) == 0 {
		return
	}
	k, lambda := m.k, m.cfg.Lambda
	r, d, ad := s.r[:k], s.d[:k], s.ad[:k]
	// r = b − A x = −scale·S x − λx + Σ_j (w_j − (w_j − c_j) r̂_j) o_j
	for f := 0; f < k; f++ {
		r[f] = -scale*dot(S[f*k:f*k+k], x) - lambda*x[f]
	}
	for j, id := range ids {
		o := other[int(id)*k : int(id)*k+k]
		if cs != nil {
			c = cs[id]
		}
		axpy(r, ws[j]-(ws[j]-c)*dot(x, o), o)
	}
	copy(d, r)
	rs := dot(r, r)
	for step := 0; step < m.ccfg.Steps && rs >= cgTiny; step++ {
		for f := 0; f < k; f++ {
			ad[f] = scale*dot(S[f*k:f*k+k], d) + lambda*d[f]
		}
		for j, id := range ids {
			o := other[int(id)*k : int(id)*k+k]
			if cs != nil {
				c = cs[id]
			}
			axpy(ad, (ws[j]-c)*dot(o, d), o)
		}
		dAd := dot(d, ad)
		if !(dAd > 0) {
			return // not positive definite along d (λ = 0): no minimiser there
		}
		a := rs / dAd
		axpy(x, a, d)
		axpy(r, -a, ad)
		next := dot(r, r)
		beta := next / rs
		for f := range d {
			d[f] = r[f] + beta*d[f]
		}
		rs = next
	}
}

// Update folds the interaction (u, i) into the model with weight
// Config.WNew: r_ui = 1, w_ui = w_new, then Config.OnlineIters rounds of
// Steps conjugate-gradient steps on p_u, then on q_i, keeping S^p and S^q
// current, in O(Steps(K² + (|R_u|+|R_i|)K)) a round: the vector-wise
// counterpart of eALS's Update. An item with no weight yet gets c0/N, as
// in Model.Update. Call it between epochs.
func (m *CG) Update(u, i int32) error {
	if err := m.checkUser(u); err != nil {
		return err
	}
	if err := m.checkItem(i); err != nil {
		return err
	}
	m.observe(u, i)
	s := &m.work[0]
	for it := 0; it < m.cfg.OnlineIters; it++ {
		p := m.user(u)
		copy(s.old, p)
		m.solve(s, false, u)
		addOuterBuf(m.sp, 1, s.old, p, s.outer)
		q := m.item(i)
		copy(s.old, q)
		m.solve(s, true, i)
		addOuterBuf(m.sq, m.c[i], s.old, q, s.outer)
	}
	return nil
}

// AddUser grows the model by a user with no history and a random vector,
// as a new user of eALS starts, and returns its id.
func (m *CG) AddUser() int32 { return m.addUser() }

// Objective evaluates the objective: through the caches between epochs, in
// O(|R|K + K² + NK), and from scratch inside one, when they may be stale.
func (m *CG) Objective() Objective {
	if m.midEpoch {
		return m.objective()
	}
	return m.objectiveFromCaches()
}

// Config returns the model's settings.
func (m *CG) Config() CGConfig { return m.ccfg }

var _ Learner = (*CG)(nil)
