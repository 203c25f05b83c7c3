package app

import (
	"sync/atomic"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// actFilter sets one field of the finder's query (a filterChange).
const actFilter = "eals/filter"

// filterChange sets one field of the finder's query. Actions travel on
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

// finder is "Find businesses you like": search by name, category and
// city, most reviewed first, and like any of them. The query is its own.
type finder struct {
	app.Compo
	Isession *session
	query    query
	querySeq map[string]int64 // the latest change applied, per field
	seen     int
	ctx      app.Context
	// facets: the category and city drop-downs have their options. They
	// come a frame after the businesses: a closed drop-down shows its
	// first option alone, and the browser's parse of hundreds of options
	// made the task that first draws this column some 10 ms longer.
	facets, facetsPending bool
}

func newFinder() *finder { return &finder{querySeq: map[string]int64{}} }

func (f *finder) Session(s *session) *finder { f.Isession = s; return f }

func (f *finder) OnMount(ctx app.Context) {
	f.ctx = ctx
	// Your likes mark the businesses listed here.
	ctx.ObserveState(stateFinder).OnChange(func() { f.facetsLater() }).Value(&f.seen)
	ctx.Handle(actFilter, func(ctx app.Context, a app.Action) {
		if c, ok := a.Value.(filterChange); ok && c.Seq > f.querySeq[c.Field] {
			f.querySeq[c.Field] = c.Seq
			f.query = f.query.with(c)
		}
	})
}

// facetsLater fills the drop-downs once the businesses are on screen.
func (f *finder) facetsLater() {
	s := f.Isession
	if f.facets || f.facetsPending || !s.cat.ready() {
		return
	}
	f.facetsPending = true
	s.onceDrawn(func(app.Context) {
		f.ctx.Dispatch(func(app.Context) { f.facets, f.facetsPending = true, false })
	})
}

func (f *finder) onRowClick(ctx app.Context, e app.Event) {
	ctx.PreventUpdate()
	if button, id, at := rowClick(e); button == rowLike {
		f.Isession.Like(f.ctx, likeClick{Item: id, At: at, List: "browse-list"})
	}
}

func (f *finder) Render() app.UI {
	countRender("finder")
	s := f.Isession
	v := newCatalogView().Query(f.query).OnRowClick(f.onRowClick)
	switch {
	case s.cat == nil && s.stage == stageFailed:
		return v.Waiting("No businesses to show: the data could not be loaded.")
	case !s.cat.ready():
		return v.Loading("Loading the businesses…")
	}
	ids, total := s.cat.find(f.query, browseLimit)
	entries := make([]entry, len(ids))
	for k, i := range ids {
		entries[k] = s.entry(i)
	}
	if f.facets {
		v = v.Categories(s.cat.categories).Cities(s.cat.cities)
	}
	return v.Results(entries, total)
}
