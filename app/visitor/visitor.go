package visitor

import (
	"cmp"
	"errors"
	"slices"
	"time"

	"github.com/ealslive/ealslive/app/catalog"
	"github.com/ealslive/ealslive/app/clicklog"
	"github.com/ealslive/ealslive/app/textfmt"
	"github.com/ealslive/ealslive/core"
)

// ListLength is how many recommendations you see.
const ListLength = 20

// ErrLiked is the error of a like of a business you already like.
var ErrLiked = errors.New("you already like this business")

// Visitor is you on one data set: a user the model has never seen, your
// likes in click order and your ranked list. Clicks made before a model
// is attached are kept and learnt when it is; every click is saved in the
// Store at once. Its methods are not safe for concurrent use.
type Visitor struct {
	cat  *catalog.Catalog
	note func(string) // tells the visitor something the page should say

	model *core.Model // nil until one is attached
	id    int32
	liked []int32
	list  []core.Ranked
	prev  []int32 // the list before the last change, for the moves
	last  *Click  // the last like's costs, nil after any other change
	// why splits each listed score by your clicks, computed once per
	// ranking; nil before your first click.
	why    []core.Explanation
	whyErr error
	// version counts the changes; each You holds a pointer to it, to tell
	// whether the model it was made with has moved on since.
	version *uint64

	saved   savedClicks
	earlier Earlier
}

// New returns you on the data cat, with your clicks on it kept in store
// under the keys of the data's hash ("" for the site's own pack), and note
// to tell the visitor what they should know (clicks that cannot be read
// or learnt, storage that keeps nothing). Restore brings back what the
// store holds.
func New(cat *catalog.Catalog, store Store, dataHash string, note func(string)) *Visitor {
	if note == nil {
		note = func(string) {}
	}
	return &Visitor{cat: cat, note: note, version: new(uint64),
		saved: savedClicks{store: store, keys: KeysFor(dataHash)}}
}

// Trained says whether a model is attached.
func (v *Visitor) Trained() bool { return v.model != nil }

// Liked returns your likes in click order.
func (v *Visitor) Liked() []int32 { return slices.Clone(v.liked) }

func (v *Visitor) likes(i int32) bool { return slices.Contains(v.liked, i) }

func (v *Visitor) changed() { *v.version++ }

// Attach makes you a new user of m, as Algorithm 2 starts one (a small
// random vector), learns the clicks made so far and ranks. The clicks may
// come from storage, written by another version of the page or for other
// data, so a click the model cannot learn is set aside (kept in storage,
// out of your history), with a note, rather than failing: stored state
// must cost the visitor a message, never the page. If no list can be made
// with the clicks, they are all set aside and you start as a new user.
// Only a model that cannot rank for a new user is an error.
func (v *Visitor) Attach(m *core.Model) error {
	dropped, why, err := v.attach(m)
	if len(dropped) > 0 {
		for _, i := range dropped {
			v.saved.unlearn(i)
		}
		v.saved.setAside += len(dropped)
		v.note(droppedNote(len(dropped), len(v.liked), why))
	}
	return err
}

func (v *Visitor) attach(m *core.Model) (dropped []int32, why error, err error) {
	v.changed()
	v.model = m
	v.id = m.AddUser()
	v.prev, v.last = nil, nil
	kept := make([]int32, 0, len(v.liked))
	var last *Click
	for k, i := range v.liked {
		// The last like's update is traced, for the teaching views: the
		// same update, with its steps kept.
		var tr *core.UpdateTrace
		var err error
		start := time.Now()
		if k == len(v.liked)-1 {
			tr, err = m.UpdateTraced(v.id, i)
		} else {
			err = m.Update(v.id, i)
		}
		if err != nil {
			// Update checks its arguments before it changes anything.
			dropped = append(dropped, i)
			why = cmp.Or(why, err)
			continue
		}
		kept = append(kept, i)
		if tr != nil {
			last = &Click{Item: i, Trace: tr, Replayed: true, UpdateMs: textfmt.DurationMillis(time.Since(start))}
		}
	}
	v.liked = kept
	err = v.rank()
	if err == nil || len(v.liked) == 0 {
		v.last = last
		return dropped, why, err
	}
	why = cmp.Or(why, err)
	for len(v.liked) > 0 {
		i := v.liked[len(v.liked)-1]
		if err := m.Remove(v.id, i); err != nil {
			return append(dropped, v.liked...), why, err
		}
		v.liked = v.liked[:len(v.liked)-1]
		dropped = append(dropped, i)
	}
	return dropped, why, v.rank()
}

// Detach lets go of the model, keeping your clicks for the next one to
// learn when it is ready, as on a reload.
func (v *Visitor) Detach() {
	v.changed()
	v.model, v.id, v.list, v.prev, v.last, v.why, v.whyErr = nil, 0, nil, nil, nil, nil, nil
}

// Like records that you like business i, saves it, and, once a model is
// attached, folds it in with one incremental update (Algorithm 2) and
// re-ranks. It returns what changed, in words for the live region.
func (v *Visitor) Like(i int32) (string, error) {
	if err := v.like(i); err != nil {
		return "", err
	}
	// Saved at once: a visitor may close the tab before the next frame.
	id := v.cat.Item(i).ID
	v.record(func(l clicklog.Log, at int64) clicklog.Log { return l.Like(id, at) })
	if !v.Trained() {
		return "Liked " + v.name(i) + ". The model learns it when training ends.", nil
	}
	return "Liked " + v.name(i) + ". " + ListChange(v.prev, v.ids(), v.name), nil
}

func (v *Visitor) like(i int32) error {
	if v.likes(i) {
		return ErrLiked
	}
	if int(i) < 0 || int(i) >= v.cat.Len() {
		return errors.New("that business is not in the data")
	}
	v.liked = append(v.liked, i)
	v.changed()
	if v.model == nil {
		return nil
	}
	start := time.Now()
	tr, err := v.model.UpdateTraced(v.id, i)
	updated := time.Now()
	if err != nil {
		v.liked = v.liked[:len(v.liked)-1]
		return err
	}
	v.prev = v.ids()
	if err := v.recommend(); err != nil {
		return err
	}
	ranked := time.Now()
	v.explain()
	v.last = &Click{Item: i, Trace: tr,
		UpdateMs:  textfmt.DurationMillis(updated.Sub(start)),
		RankMs:    textfmt.DurationMillis(ranked.Sub(updated)),
		ExplainMs: textfmt.DurationMillis(time.Since(ranked))}
	return nil
}

// Remove forgets that you liked business i: the model drops the
// observation and re-solves your vector and the business's. It returns
// what changed, in words.
func (v *Visitor) Remove(i int32) (string, error) {
	if err := v.remove(i); err != nil {
		return "", err
	}
	id := v.cat.Item(i).ID
	v.record(func(l clicklog.Log, at int64) clicklog.Log { return l.Remove(id, at) })
	msg := "Removed " + v.name(i) + "."
	if v.Trained() {
		msg += " " + ListChange(v.prev, v.ids(), v.name)
	}
	return msg, nil
}

func (v *Visitor) remove(i int32) error {
	k := slices.Index(v.liked, i)
	if k < 0 {
		return errors.New("that business is not in your history")
	}
	if v.model != nil {
		if err := v.model.Remove(v.id, i); err != nil {
			return err
		}
	}
	v.changed()
	v.liked = slices.Delete(v.liked, k, k+1)
	v.last = nil
	if v.model == nil {
		return nil
	}
	v.prev = v.ids()
	return v.rank()
}

// StartOver forgets every click: you are a new user again. The clicks
// are kept to bring back (see BringBack). It returns what changed, in
// words.
func (v *Visitor) StartOver() (string, error) {
	v.keepEarlier(v.liked, "before you started over")
	if err := v.reset(); err != nil {
		return "", err
	}
	v.record(clicklog.Log.StartOver)
	msg := "Started over as a new user: no clicks."
	if v.Trained() {
		msg += " " + ListChange(nil, v.ids(), v.name)
	}
	return msg, nil
}

// reset forgets every click; with no history left you are a new user with
// a fresh random vector.
func (v *Visitor) reset() error {
	for len(v.liked) > 0 {
		if err := v.remove(v.liked[len(v.liked)-1]); err != nil {
			return err
		}
	}
	v.prev = nil
	return nil
}

// rank recomputes your list, leaving out what you already like, and what
// each of your clicks contributes to it.
func (v *Visitor) rank() error {
	if err := v.recommend(); err != nil {
		return err
	}
	v.explain()
	return nil
}

func (v *Visitor) recommend() error {
	list, err := v.model.Recommend(v.id, ListLength, true)
	if err != nil {
		return err
	}
	v.list = list
	return nil
}

// explain splits the listed scores by your clicks. A failure (a singular
// system, with λ = 0) leaves the list as it is and is shown instead of the
// splits.
func (v *Visitor) explain() {
	v.why, v.whyErr = nil, nil
	if len(v.liked) == 0 || len(v.list) == 0 {
		return
	}
	v.why, v.whyErr = v.model.Explain(v.id, v.ids())
}

func (v *Visitor) ids() []int32 {
	ids := make([]int32, len(v.list))
	for k, r := range v.list {
		ids[k] = r.Item
	}
	return ids
}

func (v *Visitor) name(i int32) string { return v.cat.Item(i).Name }
