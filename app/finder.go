package app

import (
	"sync/atomic"

	"github.com/ealslive/ealslive/app/catalog"
	"github.com/ealslive/ealslive/app/visitor"
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

// withChange is q with the field f names set.
func withChange(q catalog.Query, f filterChange) catalog.Query {
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
	Icmd     listCommands
	data     dataSet
	you      visitor.You
	query    catalog.Query
	querySeq map[string]int64 // the latest change applied, per field
	nearOpen map[int32]bool   // the rows whose "More like this" is open, by business
}

func newFinder() *finder { return &finder{querySeq: map[string]int64{}, nearOpen: map[int32]bool{}} }

func (f *finder) Commands(c listCommands) *finder { f.Icmd = c; return f }

func (f *finder) OnMount(ctx app.Context) {
	observe(ctx, "finder", drawn(keyData)).Value(&f.data)
	// Your likes mark the businesses listed here.
	observe(ctx, "finder", drawn(keyYou)).Value(&f.you)
	ctx.Handle(actFilter, func(ctx app.Context, a app.Action) {
		if c, ok := a.Value.(filterChange); ok && c.Seq > f.querySeq[c.Field] {
			f.querySeq[c.Field] = c.Seq
			f.query = withChange(f.query, c)
		}
	})
}

func (f *finder) onRowClick(ctx app.Context, e app.Event) {
	ctx.PreventUpdate()
	switch button, id, at := rowClick(e); button {
	case rowLike:
		f.Icmd.Like(likeClick{Item: id, At: at, List: "browse-list"})
	case rowNear:
		toggleNear(f.Icmd, f.nearOpen, id, f.you, f.data.words())
		f.Update()
	}
}

func (f *finder) Render() app.UI {
	d := f.data
	w := d.words()
	v := newCatalogView().Query(f.query).OnRowClick(f.onRowClick).Words(w).Hint(searchHint(d.about()))
	switch {
	case d.Failed:
		return v.Waiting("No " + w.Items + " to show: the data could not be loaded.")
	case !d.Cat.Ready():
		return v.Loading("Loading the " + w.Items + "…")
	}
	ids, total := d.Cat.Find(f.query, browseLimit)
	entries := make([]entry, len(ids))
	for k, i := range ids {
		entries[k] = entryOf(d.Cat, i, f.you)
	}
	v = v.Categories(d.Cat.Categories()).Cities(d.Cat.Cities()).Results(entries, total)
	if f.you.Trained {
		v = v.Near(nearRows(f.nearOpen, f.you))
	}
	return v
}
