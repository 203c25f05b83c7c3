package app

import (
	"github.com/ealslive/ealslive/app/catalog"
	"github.com/ealslive/ealslive/core"
)

// secondModel is a model with other settings learning the same likes as
// yours, so that two settings can be compared on one visitor: its own
// trained model, its own copy of "you", and its list.
type secondModel struct {
	cfg   core.Config
	data  *catalog.Catalog // the data it was trained on
	model *core.Model      // nil until trained
	id    int32
	liked []int32 // the likes it has learnt, in order
	list  []core.Ranked
	err   string
}

// adopt makes the second model m, with you as a new user of it (as
// Algorithm 2 starts one), and learns likes.
func (m *secondModel) adopt(model *core.Model, likes []int32) {
	m.model, m.id, m.liked, m.list, m.err = model, model.AddUser(), nil, nil, ""
	m.sync(likes)
}

// sync brings the second model's likes in line with yours: the likes it
// holds beyond what the two share at the start are removed, newest first,
// and yours beyond it learnt in order. A like after a like is one update,
// as on your model.
func (m *secondModel) sync(likes []int32) {
	if m.model == nil {
		return
	}
	same := 0
	for same < len(m.liked) && same < len(likes) && m.liked[same] == likes[same] {
		same++
	}
	changed := same < len(m.liked) || same < len(likes) || m.list == nil
	for k := len(m.liked) - 1; k >= same; k-- {
		if err := m.model.Remove(m.id, m.liked[k]); err != nil {
			m.err = err.Error()
			return
		}
		m.liked = m.liked[:k]
	}
	for _, i := range likes[same:] {
		if err := m.model.Update(m.id, i); err != nil {
			m.err = err.Error()
			return
		}
		m.liked = append(m.liked, i)
	}
	if !changed {
		return
	}
	list, err := m.model.Recommend(m.id, listLength, true)
	if err != nil {
		m.err = err.Error()
		return
	}
	m.list, m.err = list, ""
}
