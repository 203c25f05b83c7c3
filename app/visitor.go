package app

import (
	"cmp"
	"errors"
	"slices"
	"time"

	"github.com/ealslive/ealslive/app/catalog"
	"github.com/ealslive/ealslive/app/textfmt"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/ealslive/ealslive/app/clicklog"

	"github.com/ealslive/ealslive/core"
)

// listLength is how many recommendations the visitor sees.
const listLength = 20

// visitor is "you": a user the model has never seen, the businesses you
// liked in the order you liked them, and your current ranked list. Clicks
// made before the model is trained are kept and learnt when it is.
type visitor struct {
	model *core.Model // nil until a model is adopted
	id    int32
	liked []int32
	list  []core.Ranked
	prev  []int32      // the list before the last change, for movement marks
	last  *clickTiming // the last click's costs, nil before the first
	// why splits each listed score by your clicks, computed once per
	// ranking; nil before your first click.
	why    []core.Explanation
	whyErr error
	store  clickStore
	// saved is the click log as last read or written; your clicks follow
	// it, less those set aside.
	saved clicklog.Log
	// written is the log as this tab last wrote it, "" if it has not.
	written string
	// readOnly: storage holds clicks this page cannot read and must not
	// overwrite, so nothing is saved on this visit.
	readOnly bool
	// storageFailed: the visitor has been told that storage keeps nothing.
	storageFailed bool
	unlearnt      map[int32]bool   // saved clicks the model refused, set aside
	capped        map[string]int64 // saved clicks older than the cap when the page opened (id to time), set aside
	earlier       earlierClicks    // the clicks Start over or a link replaced, to bring back
	// dataHash names the data your clicks are on, "" for the site's pack
	// (see clickKeys).
	dataHash string
}

// clickTiming is what one click cost, measured around the core calls.
type clickTiming struct {
	Item      int32
	Trace     *core.UpdateTrace
	UpdateMs  float64 // Model.UpdateTraced (Algorithm 2)
	RankMs    float64 // scoring every business and keeping the top ones
	ExplainMs float64 // splitting the listed scores by your clicks
}

// yours is you as the sections show you, published on every change.
type yours struct {
	Liked  []int32 // in click order
	List   []core.Ranked
	Moves  []move // each listed business's move since the list before; nil for none
	Why    []core.Explanation
	WhyErr string
	Last   *clickTiming // the last like, nil after any other change
	// Cat is the catalogue your clicks' and list's ids index: a section
	// names them from it, not from a data value that may be newer.
	Cat     *catalog.Catalog
	Model   *core.Model // the model that learnt your clicks; nil until one is trained
	User    int32       // your row in Model
	Trained bool        // Model is not nil
	Waiting bool        // your clicks wait for training to end
	Earlier earlierClicks
}

func (y yours) likes(i int32) bool { return slices.Contains(y.Liked, i) }

// publishYou hands you, as you are now, to the sections.
func (s *session) publishYou(ctx app.Context) { s.publish(ctx, keyYou, s.yours()) }

// yours is you as you are now.
func (s *session) yours() yours {
	v := s.you
	y := yours{Liked: slices.Clone(v.liked), List: slices.Clone(v.list), Why: v.why, Last: v.last, Cat: s.data.Cat, Model: v.model, User: v.id,
		Trained: v.model != nil, Waiting: v.model == nil && s.stage != stageFailed, Earlier: v.earlier}
	if v.prev != nil {
		y.Moves = moves(v.prev, v.ids())
	}
	if v.whyErr != nil {
		y.WhyErr = v.whyErr.Error()
	}
	return y
}

// likeClick is an "I like this" click and when it happened on the page's
// clock (the event's timeStamp), to time it to the screen.
type likeClick struct {
	Item int32
	At   float64
	List string // the id of the list clicked in, where the keyboard's focus stays
}

var errLiked = errors.New("you already like this business")

// Like handles "I like this" from any list: the model learns the click at
// once (Algorithm 2) and re-ranks, the click is saved, and your list
// redraws in this task; the rest of the page follows once it is painted.
func (s *session) Like(ctx app.Context, c likeClick) {
	v := s.you
	if s.data.Cat == nil || s.stage == stageFailed {
		return
	}
	handled := now()
	if err := v.like(c.Item); err != nil {
		if err != errLiked {
			s.note(ctx, "That click could not be learnt: "+err.Error())
		}
		return
	}
	// Saved at once: a visitor may close the tab before the next frame.
	s.record(ctx, func(l clicklog.Log, at int64) clicklog.Log { return l.Like(s.data.Cat.Item(c.Item).ID, at) })
	s.probe.clicked(v.last, c, handled)
	s.publishYou(ctx)
	name := s.itemName(c.Item)
	if v.trained() {
		s.afterClick(ctx, c, "Liked "+name+". "+listChange(v.prev, v.ids(), s.itemName), true)
	} else {
		s.afterClick(ctx, c, "Liked "+name+". The model learns it when training ends.", false)
	}
	drawNow(ctx)
}

func (s *session) itemName(i int32) string { return s.data.Cat.Item(i).Name }

// Remove forgets that you liked business i: the model drops the
// observation and re-solves your vector and the business's.
func (s *session) Remove(ctx app.Context, i int32) {
	if err := s.you.remove(i); err != nil {
		s.note(ctx, "That click could not be removed: "+err.Error())
		return
	}
	s.record(ctx, func(l clicklog.Log, at int64) clicklog.Log { return l.Remove(s.data.Cat.Item(i).ID, at) })
	s.publishYou(ctx)
	msg := "Removed " + s.itemName(i) + "."
	if s.you.trained() {
		msg += " " + listChange(s.you.prev, s.you.ids(), s.itemName)
	}
	s.afterClick(ctx, likeClick{Item: i}, msg, false)
	drawNow(ctx)
}

// StartOver forgets every click: you are a new user again.
func (s *session) StartOver(ctx app.Context) {
	s.putAside(s.you.liked, "before you started over")
	if err := s.you.reset(); err != nil {
		s.note(ctx, "Starting over failed: "+err.Error())
		return
	}
	s.record(ctx, clicklog.Log.StartOver)
	s.publishYou(ctx)
	msg := "Started over as a new user: no clicks."
	if s.you.trained() {
		msg += " " + listChange(nil, s.you.ids(), s.itemName)
	}
	s.afterClick(ctx, likeClick{}, msg, false)
	drawNow(ctx)
}

// afterClick finishes a click once its new list is drawn, so that none of
// it delays that: the keyboard's focus kept in the list clicked in, and,
// once painted, the time to the screen and the news in words.
func (s *session) afterClick(ctx app.Context, c likeClick, msg string, toList bool) {
	row := -1
	if c.List == "ranked-list" {
		row = slices.Index(s.you.prev, c.Item)
	}
	last := s.you.last
	ctx.Defer(func(app.Context) {
		keepFocus(c, row)
		s.probe.inDOM(c)
	})
	s.afterDrawn(ctx, func(ctx app.Context, paintedAt float64) {
		if c.At > 0 {
			ms := paintedAt - c.At
			s.probe.onScreen(ms)
			if last != nil && last.Item == c.Item {
				s.publish(ctx, keyScreen, clickScreen{Of: last, Ms: ms})
			}
		}
		s.announce(ctx, msg, toList)
	})
}

// adopt makes m the model in use and hands it to you. Clicks it cannot
// learn (saved by another version of the page, say) are set aside, out of
// your history but kept in storage, with a note, and the page carries on:
// only a model that cannot rank for a new user is an error.
func (s *session) adopt(ctx app.Context, m modelInUse) error {
	s.inUse = m
	dropped, why, err := s.you.attach(m.Model)
	if len(dropped) > 0 {
		for _, i := range dropped {
			s.you.unlearn(i)
		}
		s.probe.metrics.SetAside += len(dropped)
		s.note(ctx, droppedNote(len(dropped), len(s.you.liked), why))
	}
	if err != nil {
		return err
	}
	s.stage = stageReady
	s.probe.metrics.ReadyMs = now()
	s.publishModel(ctx)
	s.publishYou(ctx)
	s.announce(ctx, "The model is ready. "+listChange(nil, s.you.ids(), s.itemName), false)
	s.afterDrawn(ctx, func(app.Context, float64) { s.showLinkView() })
	return nil
}

// retrain lets go of the model in use for one to be trained with cfg;
// your clicks are kept for it to learn.
func (s *session) retrain(ctx app.Context, cfg core.Config) {
	s.inUse = modelInUse{Config: cfg}
	s.you.detach()
	s.stage = stageTraining
	s.publishModel(ctx)
	s.publishYou(ctx)
}

// attach makes you a new user of m, as Algorithm 2 starts one (a random
// vector), learns the clicks made so far, and ranks. The clicks may come
// from storage, written by another version of the page or for other data,
// so a click the model cannot learn is dropped and returned with why,
// rather than failing: stored state must cost the visitor a message, never
// the page. If no list can be made with the clicks, they are all dropped
// and you start again as a new user. Only an error without any click is
// the model's own, and returned as err.
func (v *visitor) attach(m *core.Model) (dropped []int32, why error, err error) {
	v.model = m
	v.id = m.AddUser()
	v.prev = nil
	v.last = nil
	kept := make([]int32, 0, len(v.liked))
	for _, i := range v.liked {
		if err := m.Update(v.id, i); err != nil {
			// Update checks its arguments before it changes anything.
			dropped = append(dropped, i)
			why = cmp.Or(why, err)
			continue
		}
		kept = append(kept, i)
	}
	v.liked = kept
	err = v.rank()
	if err == nil || len(v.liked) == 0 {
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

func (v *visitor) trained() bool { return v.model != nil }

// unlearn sets aside a saved click the model refused, so that following
// the saved log does not offer it again to this model.
func (v *visitor) unlearn(i int32) {
	if v.unlearnt == nil {
		v.unlearnt = map[int32]bool{}
	}
	v.unlearnt[i] = true
}

func (v *visitor) likes(i int32) bool { return slices.Contains(v.liked, i) }

// like records that you like business i and, once the model is trained,
// folds it in with one incremental update and re-ranks.
func (v *visitor) like(i int32) error {
	if v.likes(i) {
		return errLiked
	}
	v.liked = append(v.liked, i)
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
	v.last = &clickTiming{Item: i, Trace: tr,
		UpdateMs:  textfmt.DurationMillis(updated.Sub(start)),
		RankMs:    textfmt.DurationMillis(ranked.Sub(updated)),
		ExplainMs: textfmt.DurationMillis(time.Since(ranked))}
	return nil
}

// remove forgets that you liked business i: the model drops the
// observation and re-solves your vector and the business's.
func (v *visitor) remove(i int32) error {
	k := slices.Index(v.liked, i)
	if k < 0 {
		return errors.New("that business is not in your history")
	}
	if v.model != nil {
		if err := v.model.Remove(v.id, i); err != nil {
			return err
		}
	}
	v.liked = slices.Delete(v.liked, k, k+1)
	v.last = nil
	if v.model == nil {
		return nil
	}
	v.prev = v.ids()
	return v.rank()
}

// reset forgets every click; with no history left you are a new user with
// a fresh random vector.
func (v *visitor) reset() error {
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
func (v *visitor) rank() error {
	if err := v.recommend(); err != nil {
		return err
	}
	v.explain()
	return nil
}

func (v *visitor) recommend() error {
	list, err := v.model.Recommend(v.id, listLength, true)
	if err != nil {
		return err
	}
	v.list = list
	return nil
}

// explain splits the listed scores by your clicks. A failure (a singular
// system, with λ = 0) leaves the list as it is and is shown instead of the
// splits.
func (v *visitor) explain() {
	v.why, v.whyErr = nil, nil
	if len(v.liked) == 0 || len(v.list) == 0 {
		return
	}
	v.why, v.whyErr = v.model.Explain(v.id, v.ids())
}

// detach lets go of the model, keeping your clicks for the next one to
// learn when it is ready, as on a reload.
func (v *visitor) detach() {
	*v = visitor{liked: v.liked, store: v.store, saved: v.saved, readOnly: v.readOnly,
		storageFailed: v.storageFailed, capped: v.capped, earlier: v.earlier, dataHash: v.dataHash}
}

func (v *visitor) ids() []int32 {
	ids := make([]int32, len(v.list))
	for k, r := range v.list {
		ids[k] = r.Item
	}
	return ids
}

// move says how a business's place in the ranked list changed since the
// list before.
type move struct {
	New bool // not in the previous list
	By  int  // places gained (> 0) or lost (< 0)
}

// moves compares two ranked lists of ids, best first. With no previous list
// nothing is marked as new: there is nothing to compare with.
func moves(prev, cur []int32) []move {
	out := make([]move, len(cur))
	if prev == nil {
		return out
	}
	was := make(map[int32]int, len(prev))
	for r, id := range prev {
		was[id] = r
	}
	for r, id := range cur {
		if p, ok := was[id]; ok {
			out[r].By = p - r
		} else {
			out[r].New = true
		}
	}
	return out
}
