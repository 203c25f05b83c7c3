package app

import (
	"fmt"
	"html"
	"strconv"
	"strings"

	"github.com/ealslive/ealslive/app/catalog"
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
	Ifacets []catalog.Facet
}

func newFacetPicker() *facetPicker { return &facetPicker{} }

func (f *facetPicker) Field(v string) *facetPicker           { f.Ifield = v; return f }
func (f *facetPicker) Label(v string) *facetPicker           { f.Ilabel = v; return f }
func (f *facetPicker) Any(v string) *facetPicker             { f.Iany = v; return f }
func (f *facetPicker) Facets(v []catalog.Facet) *facetPicker { f.Ifacets = v; return f }

func (f *facetPicker) Render() app.UI {
	field := f.Ifield
	var b strings.Builder
	fmt.Fprintf(&b, `<select id="%s"><option value="" selected>%s</option>`, field, html.EscapeString(f.Iany))
	// Appended piece by piece: fmt would allocate for each of hundreds of
	// options, in the task that first draws the side column.
	b.Grow(len(f.Ifacets) * 64)
	for _, x := range f.Ifacets {
		name := html.EscapeString(x.Name)
		b.WriteString(`<option value="`)
		b.WriteString(name)
		b.WriteString(`">`)
		b.WriteString(name)
		b.WriteString(` (`)
		b.WriteString(strconv.Itoa(x.Count))
		b.WriteString(`)</option>`)
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
