package core

import "fmt"

// UpdateTrace shows what an online update did: the coordinate steps of the
// user's vector (eq. 12) and the item's (eq. 13) in the first iteration,
// and the sizes that set its cost O(K² + (|R_u|+|R_i|)K).
type UpdateTrace struct {
	User, Item    int32
	UserSteps     []FactorStep
	ItemSteps     []FactorStep
	UserBefore    []float64 // p_u before the update
	ItemBefore    []float64 // q_i before the update
	UserHistory   int       // |R_u| after the update
	ItemHistory   int       // |R_i| after the update
	K             int
	NewItemWeight float64 // c_i given to an item on its first interaction, else 0
}

// Update folds the interaction (u, i) into the model with weight
// Config.WNew, as Algorithm 2 does: r_ui = 1, w_ui = w_new, then
// Config.OnlineIters rounds of re-solving p_u (eq. 12) and q_i (eq. 13),
// keeping S^p, S^q and the predictions of the entries of u and i current,
// in O(K² + (|R_u|+|R_i|)K). Repeating an interaction the model already has
// sets its weight to w_new and re-solves. Call it between epochs (see
// Trainer.Model).
//
// Item weights stay those of training, as in the paper: recomputing them
// would touch every item. An item with no weight yet (one added online, or
// unseen in training with α > 0) gets the uniform weight c0/N on its first
// interaction, as the authors' code does.
func (m *Model) Update(u, i int32) error {
	return m.update(u, i, nil)
}

// UpdateTraced is Update, also returning the steps it took.
func (m *Model) UpdateTraced(u, i int32) (*UpdateTrace, error) {
	tr := &UpdateTrace{User: u, Item: i, K: m.k,
		UserSteps: make([]FactorStep, 0, m.k), ItemSteps: make([]FactorStep, 0, m.k)}
	if err := m.update(u, i, tr); err != nil {
		return nil, err
	}
	return tr, nil
}

func (m *Model) update(u, i int32, tr *UpdateTrace) error {
	if err := m.checkUser(u); err != nil {
		return err
	}
	if err := m.checkItem(i); err != nil {
		return err
	}
	j, k, added, weight := m.observe(u, i)
	if tr != nil {
		tr.NewItemWeight = weight
	}
	if added {
		m.pred.link(u, j, i, k, dot(m.user(u), m.item(i)))
	}
	m.refresh(u, i, tr)
	return nil
}

// Remove forgets the interaction (u, i) and re-solves p_u and q_i without
// it. A user left with no history starts again from a random vector, as a
// new user does. It is an error if the model has not observed (u, i).
func (m *Model) Remove(u, i int32) error {
	if err := m.checkUser(u); err != nil {
		return err
	}
	if err := m.checkItem(i); err != nil {
		return err
	}
	j, ok := m.users.remove(u, i)
	if !ok {
		return fmt.Errorf("core: user %d has no interaction with item %d", u, i)
	}
	k, _ := m.items.remove(i, u)
	m.pred.unlink(u, j, m.users.idx[u], i, k, m.items.idx[i])
	if len(m.users.idx[u]) == 0 {
		p := m.user(u)
		v := m.randomVector()
		addOuter(m.sp, 1, p, v)
		copy(p, v)
	}
	m.refresh(u, i, nil)
	return nil
}

// refresh re-solves p_u then q_i, OnlineIters times, and brings the caches
// up to date after each: S^p and S^q by a rank-1 change, the predictions of
// u's entries from the user sweep's and those of i's entries in place by the
// item sweep (solveItem).
func (m *Model) refresh(u, i int32, tr *UpdateTrace) {
	s := &m.work
	s.ensure(0, m.k)
	old := s.old[:m.k]
	for it := 0; it < m.cfg.OnlineIters; it++ {
		var us, is *[]FactorStep
		if tr != nil && it == 0 {
			us, is = &tr.UserSteps, &tr.ItemSteps
		}
		p := m.user(u)
		copy(old, p)
		if us != nil {
			tr.UserBefore = append([]float64(nil), p...)
		}
		n := m.solveUser(s, u, us)
		m.pred.setUser(u, m.users.idx[u], s.pred[:n])
		addOuterBuf(m.sp, 1, old, p, s.outer)

		q := m.item(i)
		copy(old, q)
		if is != nil {
			tr.ItemBefore = append([]float64(nil), q...)
		}
		m.solveItem(s, i, is)
		addOuterBuf(m.sq, m.c[i], old, q, s.outer)
	}
	if tr != nil {
		tr.UserHistory = len(m.users.idx[u])
		tr.ItemHistory = len(m.items.idx[i])
	}
}
