package visitor

import "github.com/ealslive/ealslive/core"

// Follower is you on a second model, with other settings, learning the
// same likes as yours, so that two settings can be compared on one
// visitor: its own model, its own row in it, and its list.
type Follower struct {
	model *core.Model
	id    int32
	liked []int32 // the likes it has learnt, in order
	list  []core.Ranked
	err   error
}

// NewFollower makes you a new user of m (as Algorithm 2 starts one) who
// learns likes.
func NewFollower(m *core.Model, likes []int32) *Follower {
	f := &Follower{model: m, id: m.AddUser()}
	f.Follow(likes)
	return f
}

// Follow brings the follower's likes in line with yours: the likes it
// holds beyond what the two share at the start are removed, newest first,
// and yours beyond them learnt in order. A like after a like is one
// update, as on your model.
func (f *Follower) Follow(likes []int32) {
	same := 0
	for same < len(f.liked) && same < len(likes) && f.liked[same] == likes[same] {
		same++
	}
	changed := same < len(f.liked) || same < len(likes) || f.list == nil
	for k := len(f.liked) - 1; k >= same; k-- {
		if err := f.model.Remove(f.id, f.liked[k]); err != nil {
			f.err = err
			return
		}
		f.liked = f.liked[:k]
	}
	for _, i := range likes[same:] {
		if err := f.model.Update(f.id, i); err != nil {
			f.err = err
			return
		}
		f.liked = append(f.liked, i)
	}
	if !changed {
		return
	}
	list, err := f.model.Recommend(f.id, ListLength, true)
	if err != nil {
		f.err = err
		return
	}
	f.list, f.err = list, nil
}

// List is the follower's ranked list, best first, leaving out its likes.
func (f *Follower) List() []core.Ranked { return f.list }

// Learnt is how many likes it has learnt.
func (f *Follower) Learnt() int { return len(f.liked) }

// Err is why it cannot rank, or nil.
func (f *Follower) Err() error { return f.err }
