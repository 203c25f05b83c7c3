package app

import (
	"sync/atomic"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// Components report what the visitor did with actions rather than
// callback fields: go-app re-renders a child only when its fields change,
// and a func field always counts as changed, so callbacks would redraw
// every list on every update.
const (
	actLike    = "eals/like"    // likeClick
	actRemove  = "eals/remove"  // int32 business id
	actReset   = "eals/reset"   // no value
	actStop    = "eals/stop"    // no value
	actFilter  = "eals/filter"  // filterChange
	actDismiss = "eals/dismiss" // int index into the notes
	actReplay  = "eals/replay"  // bool: true starts the replay, false stops it
	actCompare = "eals/compare" // bool: true starts the comparison, false stops it
)

// likeClick is an "I like this" click and when it happened on the page's
// clock (the event's timeStamp), to time it to the screen.
type likeClick struct {
	Item int32
	At   float64
}

// filterChange sets one field of the browser's query. Actions travel on
// goroutines of their own and may arrive out of order, so each carries a
// sequence number and a late one is ignored.
type filterChange struct {
	Field string // "text", "category" or "city"
	Value string
	Seq   int64
}

// filterSeq numbers filter changes in the order the visitor made them.
var filterSeq atomic.Int64

func newFilterChange(field, value string) filterChange {
	return filterChange{Field: field, Value: value, Seq: filterSeq.Add(1)}
}

func (p *Page) handleActions(ctx app.Context) {
	p.handleEvidence(ctx)
	p.handleTeaching(ctx)
	ctx.Handle(actLike, func(ctx app.Context, a app.Action) {
		if c, ok := a.Value.(likeClick); ok {
			p.like(ctx, c)
		}
	})
	ctx.Handle(actRemove, func(ctx app.Context, a app.Action) {
		if i, ok := a.Value.(int32); ok {
			p.removeClick(ctx, i)
		}
	})
	ctx.Handle(actReset, func(ctx app.Context, a app.Action) { p.resetClicks(ctx) })
	ctx.Handle(actStop, func(ctx app.Context, a app.Action) { p.requestStop(ctx) })
	ctx.Handle(actFilter, func(ctx app.Context, a app.Action) {
		if f, ok := a.Value.(filterChange); ok && f.Seq > p.querySeq[f.Field] {
			p.querySeq[f.Field] = f.Seq
			p.query = p.query.with(f)
		}
	})
	ctx.Handle(actDismiss, func(ctx app.Context, a app.Action) {
		if k, ok := a.Value.(int); ok && k >= 0 && k < len(p.notes) {
			p.notes = append(p.notes[:k:k], p.notes[k+1:]...)
		}
	})
}

func (q query) with(f filterChange) query {
	switch f.Field {
	case "text":
		q.Text = f.Value
	case "category":
		q.Category = f.Value
	case "city":
		q.City = f.Value
	}
	return q
}
