package core

// Model is a trained (or training) eALS model: user factors P, item factors
// Q, the missing-data weight of every item, the caches S^p = PᵀP and
// S^q = Σ_i c_i q_i q_iᵀ, the prediction r̂_ui = p_u·q_i of every observed
// entry, and the observed entries it has learnt from. The caches are current
// whenever no Trainer is inside an epoch of it: when it is built, after each
// completed epoch, and after every AddUser, Update and Remove.
// Its methods are not safe for concurrent use.
type Model struct {
	factors
	pred     predictions
	midEpoch bool    // a Trainer is inside an epoch: the caches may be stale
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
	m := &Model{factors: newFactors(d, cfg)}
	m.pred = newPredictions(m.users, m.items, m.p, m.q, m.k)
	return m, nil
}

// Config returns the model's settings.
func (m *Model) Config() Config { return m.cfg }

// AddUser grows the model by a user with no history and a random vector,
// as Algorithm 2 initialises a new user, and returns its id.
func (m *Model) AddUser() int32 {
	m.pred.addUser()
	return m.addUser()
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

// Clone returns an independent copy of m, for instance to compare a model
// that keeps learning online with one that does not.
func (m *Model) Clone() *Model {
	c := *m
	c.factors = m.factors.clone()
	c.pred = m.pred.clone()
	c.work = scratch{}
	return &c
}

// SetWNew sets the weight w_new with which later online interactions are
// learnt. Training never reads it, so one trained model can be replayed
// with several weights, as the paper's Figure 8 does, and give what a
// model trained with each would. An invalid weight changes nothing.
func (m *Model) SetWNew(w float64) error {
	c := m.cfg
	c.WNew = w
	for _, p := range c.Problems() {
		if p.Param == "wnew" {
			return p
		}
	}
	m.cfg = c
	return nil
}
