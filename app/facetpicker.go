package app

import (
	"fmt"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// facetPicker is a drop-down of categories or cities with their business
// counts. Its own component, so that its hundreds of options are redrawn
// only when the choice changes.
type facetPicker struct {
	app.Compo
	Ifield   string // the query field it sets, and the select's id
	Ilabel   string
	Iany     string
	Ifacets  []facet
	Icurrent string
}

func newFacetPicker() *facetPicker { return &facetPicker{} }

func (f *facetPicker) Field(v string) *facetPicker   { f.Ifield = v; return f }
func (f *facetPicker) Label(v string) *facetPicker   { f.Ilabel = v; return f }
func (f *facetPicker) Any(v string) *facetPicker     { f.Iany = v; return f }
func (f *facetPicker) Facets(v []facet) *facetPicker { f.Ifacets = v; return f }
func (f *facetPicker) Current(v string) *facetPicker { f.Icurrent = v; return f }

func (f *facetPicker) Render() app.UI {
	field := f.Ifield
	return app.Label().Class("filter").Body(
		app.Span().Text(f.Ilabel),
		app.Select().ID(field).
			OnChange(func(ctx app.Context, e app.Event) {
				ctx.NewActionWithValue(actFilter, newFilterChange(field, ctx.JSSrc().Get("value").String()))
			}).
			Body(
				app.Option().Value("").Selected(f.Icurrent == "").Text(f.Iany),
				app.Range(f.Ifacets).Slice(func(k int) app.UI {
					x := f.Ifacets[k]
					return app.Option().Value(x.Name).Selected(f.Icurrent == x.Name).
						Text(fmt.Sprintf("%s (%d)", x.Name, x.Count))
				}),
			),
	)
}
