package app

import (
	"fmt"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// yourList is "Your list": the businesses the model ranks highest for you,
// with how each moved since your last click and, on request, which of your
// clicks pulled it up. Which "why?" is open is its own business.
type yourList struct {
	app.Compo
	Isession *session
	whyOpen  map[int32]bool // by business, so a row stays open while it moves
	seen     int
	ctx      app.Context // its own, from OnMount: row clicks arrive with the inner list's
}

func newYourList() *yourList { return &yourList{whyOpen: map[int32]bool{}} }

func (l *yourList) Session(s *session) *yourList { l.Isession = s; return l }

func (l *yourList) OnMount(ctx app.Context) {
	l.ctx = ctx
	ctx.ObserveState(stateYou).Value(&l.seen)
	ctx.ObserveState(stateData).Value(&l.seen)
}

// onRowClick likes a business or opens its "why?".
func (l *yourList) onRowClick(ctx app.Context, e app.Event) {
	// The inner list has nothing new to draw: what changes is this
	// section's (a "why?") or the session's (a like, which redraws every
	// section showing your list through the state it changes).
	ctx.PreventUpdate()
	button, id, at := rowClick(e)
	switch button {
	case rowLike:
		l.Isession.Like(l.ctx, likeClick{Item: id, At: at, List: "ranked-list"})
	case rowWhy:
		if l.whyOpen[id] {
			delete(l.whyOpen, id)
		} else {
			l.whyOpen[id] = true
		}
		l.ctx.Dispatch(func(app.Context) {})
	}
}

func (l *yourList) Render() app.UI {
	countRender("list")
	s := l.Isession
	r := newRankedList().OnRowClick(l.onRowClick)
	switch {
	case s.cat == nil && s.stage == stageFailed:
		return r.Title("Your list").Order("none").Caption("No list without data.")
	case !s.cat.ready():
		return r.Title("Your list").Order("none").Caption("Waiting for the data…")
	case !s.you.trained():
		ids := s.cat.mostReviewed(listLength)
		entries := make([]entry, len(ids))
		for k, i := range ids {
			entries[k] = s.entry(i)
		}
		return r.Title("Most reviewed, for now").Order("popular").Entries(entries).
			Caption("Not personal yet: these are the businesses with the most reviews in the data. " +
				"Your list from the model replaces it when training ends. You can already like businesses; " +
				"the model learns them then.")
	}
	v := s.you
	entries := make([]entry, len(v.list))
	mv := moves(v.prev, v.ids())
	for k, rk := range v.list {
		e := s.entry(rk.Item)
		e.Score, e.HasScore = rk.Score, true
		e.Move, e.ShowMove = mv[k], v.prev != nil
		entries[k] = e
	}
	note, problem := s.whyNote()
	r = r.Order("model").Entries(entries).Timing(newClickCostLine().Session(s)).Why(s.whyRows(l.whyOpen), note, problem)
	if len(v.liked) == 0 {
		return r.Title("Your list: cold start").
			Caption("The model knows nothing about you yet. Like any new user (Algorithm 2 of the paper), " +
				"you start from a small random vector, so this order is close to arbitrary. " +
				"Like a business and watch the list change.")
	}
	return r.Title("Your list").
		Caption(fmt.Sprintf("Ranked by the model for you after %s: the businesses with the highest score, "+
			"the predicted preference p_u · q_i of your vector and theirs, leaving out the ones you already like. "+
			"Marks show moves since the list before.",
			plural(len(v.liked), "click", "clicks")))
}
