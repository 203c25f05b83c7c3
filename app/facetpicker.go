package app

import (
	"fmt"
	"html"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// facetPicker is a drop-down of categories or cities with their business
// counts. Its hundreds of options are one string of HTML, parsed by the
// browser at once rather than made one call at a time, and redrawn only
// when the facets change; the select keeps the visitor's choice itself,
// and its change bubbles to the label, which hands it to the finder.
type facetPicker struct {
	app.Compo
	Ifield  string // the query field it sets, and the select's id
	Ilabel  string
	Iany    string
	Ifacets []facet
}

func newFacetPicker() *facetPicker { return &facetPicker{} }

func (f *facetPicker) Field(v string) *facetPicker   { f.Ifield = v; return f }
func (f *facetPicker) Label(v string) *facetPicker   { f.Ilabel = v; return f }
func (f *facetPicker) Any(v string) *facetPicker     { f.Iany = v; return f }
func (f *facetPicker) Facets(v []facet) *facetPicker { f.Ifacets = v; return f }

func (f *facetPicker) Render() app.UI {
	field := f.Ifield
	var b strings.Builder
	fmt.Fprintf(&b, `<select id="%s"><option value="" selected>%s</option>`, field, html.EscapeString(f.Iany))
	for _, x := range f.Ifacets {
		name := html.EscapeString(x.Name)
		fmt.Fprintf(&b, `<option value="%s">%s (%d)</option>`, name, name, x.Count)
	}
	b.WriteString(`</select>`)
	return app.Label().Class("filter").
		On("change", func(ctx app.Context, e app.Event) {
			ctx.NewActionWithValue(actFilter, newFilterChange(field, e.Get("target").Get("value").String()))
		}).
		Body(
			app.Span().Text(f.Ilabel),
			app.Raw(b.String()),
		)
}
