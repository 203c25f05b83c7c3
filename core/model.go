package core

import "math/rand/v2"

// Model is a trained (or training) eALS model: user factors P, item factors
// Q, the missing-data weight of every item, the caches S^p = PᵀP and
// S^q = Σ_i c_i q_i q_iᵀ, the prediction r̂_ui = p_u·q_i of every observed
// entry, and the observed entries it has learnt from. The caches are current
// whenever no Trainer is inside an epoch of it: when it is built, after each
// completed epoch, and after every AddUser, Update and Remove.
// Its methods are not safe for concurrent use.
type Model struct {
	cfg      Config
	k        int
	p, q     []float64 // row-major: user u is p[u*k : u*k+k]
	c        []float64 // missing-data weight of each item
	sp, sq   []float64 // k×k caches, kept equal to their definitions
	users    observed  // items of each user, with weights
	items    observed  // users of each item, with weights
	pred     predictions
	midEpoch bool      // a Trainer is inside an epoch: the caches may be stale
	pcg      *rand.PCG // the state behind rng, kept to clone it
	rng      *rand.Rand
	work     scratch // buffers for online updates
}

// NewModel returns a model of d with factors drawn from N(0, InitStd²) and
// the item weights of d's popularity; it has not been trained. Train and
// Trainer improve it.
func NewModel(d *Dataset, cfg Config) (*Model, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if d == nil || d.Len() == 0 {
		return nil, ErrEmpty
	}
	k := cfg.K
	m := &Model{
		cfg:   cfg,
		k:     k,
		p:     make([]float64, d.NumUsers()*k),
		q:     make([]float64, d.NumItems()*k),
		c:     itemWeights(d.ItemCounts(), cfg.C0, cfg.Alpha),
		sp:    make([]float64, k*k),
		sq:    make([]float64, k*k),
		users: newObserved(d.byUser, 1),
		items: newObserved(d.byItem, 1),
		pcg:   rand.NewPCG(cfg.Seed, 0x65414c53), // "eALS"
	}
	m.rng = rand.New(m.pcg)
	for j := range m.p {
		m.p[j] = m.rng.NormFloat64() * cfg.InitStd
	}
	for j := range m.q {
		m.q[j] = m.rng.NormFloat64() * cfg.InitStd
	}
	m.refreshCaches(cfg.threads())
	m.pred = newPredictions(m.users, m.items, m.p, m.q, k)
	return m, nil
}

func (m *Model) refreshCaches(threads int) {
	gram(m.sp, m.p, m.k, nil, threads)
	gram(m.sq, m.q, m.k, m.c, threads)
}

// K returns the number of latent factors.
func (m *Model) K() int { return m.k }

// NumUsers returns the number of users, including any added online.
func (m *Model) NumUsers() int { return len(m.p) / m.k }

// NumItems returns the number of items, including any added online.
func (m *Model) NumItems() int { return len(m.q) / m.k }

func (m *Model) user(u int32) []float64 { return m.p[int(u)*m.k : int(u)*m.k+m.k] }
func (m *Model) item(i int32) []float64 { return m.q[int(i)*m.k : int(i)*m.k+m.k] }

// UserItems returns the items the model has observed for user u, with the
// weight of each observation. The slices are shared: do not modify them.
func (m *Model) UserItems(u int32) (items []int32, weights []float64) {
	return m.users.idx[u], m.users.w[u]
}

// ItemUsers returns the users the model has observed for item i, with the
// weight of each observation. The slices are shared: do not modify them.
func (m *Model) ItemUsers(i int32) (users []int32, weights []float64) {
	return m.items.idx[i], m.items.w[i]
}

// Score returns the predicted preference p_u·q_i.
func (m *Model) Score(u, i int32) float64 { return dot(m.user(u), m.item(i)) }

// Scores returns the predicted preference of user u for every item, in dst
// if it is large enough.
func (m *Model) Scores(u int32, dst []float64) []float64 {
	n := m.NumItems()
	if cap(dst) < n {
		dst = make([]float64, n)
	}
	dst = dst[:n]
	p := m.user(u)
	for i := range dst {
		dst[i] = dot(p, m.q[i*m.k:i*m.k+m.k])
	}
	return dst
}

// AddUser grows the model by a user with no history and a random vector,
// as Algorithm 2 initialises a new user, and returns its id.
func (m *Model) AddUser() int32 {
	u := int32(m.NumUsers())
	v := m.randomVector()
	m.p = append(m.p, v...)
	m.users.addRow()
	m.pred.addUser()
	addOuter(m.sp, 1, make([]float64, m.k), v)
	return u
}

// addItem grows the model by an item with no history and a random vector,
// and returns its id. Its missing-data weight stays 0 until its first
// interaction (see Update).
func (m *Model) addItem() int32 {
	i := int32(m.NumItems())
	m.q = append(m.q, m.randomVector()...)
	m.c = append(m.c, 0)
	m.items.addRow()
	m.pred.addItem()
	return i
}

func (m *Model) randomVector() []float64 {
	v := make([]float64, m.k)
	for f := range v {
		v[f] = m.rng.NormFloat64() * m.cfg.InitStd
	}
	return v
}

func (m *Model) checkUser(u int32) error { return checkID("user", u, m.NumUsers()) }
func (m *Model) checkItem(i int32) error { return checkID("item", i, m.NumItems()) }

// Clone returns an independent copy of m, for instance to compare a model
// that keeps learning online with one that does not.
func (m *Model) Clone() *Model {
	c := *m
	c.p = append([]float64(nil), m.p...)
	c.q = append([]float64(nil), m.q...)
	c.c = append([]float64(nil), m.c...)
	c.sp = append([]float64(nil), m.sp...)
	c.sq = append([]float64(nil), m.sq...)
	c.users = m.users.clone()
	c.items = m.items.clone()
	c.pred = m.pred.clone()
	pcg := *m.pcg
	c.pcg = &pcg
	c.rng = rand.New(c.pcg)
	c.work = scratch{}
	return &c
}
