package app

import (
	"fmt"
	"strconv"

	"github.com/ealslive/ealslive/app/catalog"
	"github.com/ealslive/ealslive/app/datainfo"
	"github.com/ealslive/ealslive/app/textfmt"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// browseLimit is how many matches the browser lists at once.
const browseLimit = 30

// catalogView lets the visitor find businesses by name, category and city
// and like them.
type catalogView struct {
	app.Compo
	Icategories []catalog.Facet
	Icities     []catalog.Facet
	Iquery      catalog.Query
	Iresults    []entry
	Itotal      int
	Iwaiting    string               // what the browser says instead of a count while it has no businesses
	Iloading    bool                 // the businesses are on their way
	InearOn     bool                 // the rows offer "More like this" (there is a model to ask)
	Inear       map[int32][]nearItem // the open "More like this" panels, by business
	Iwords      datainfo.Words       // what the data's things and clicks are called
	Ihint       string               // what the search field suggests
	// onRowClick handles clicks on the rows' buttons (see rankedList). It
	// is unexported, so kept from the first render: go-app redraws a child
	// component when one of its exported fields changes, and counts every
	// func as changed, so an exported handler would redraw the 30 rows on
	// every click anywhere on the page. A handler kept this way must not
	// hold anything that changes between renders (a method value of the
	// owner, which go-app keeps mounted, is fine).
	onRowClick app.EventHandler
}

func newCatalogView() *catalogView { return &catalogView{} }

func (c *catalogView) Categories(v []catalog.Facet) *catalogView { c.Icategories = v; return c }
func (c *catalogView) Cities(v []catalog.Facet) *catalogView     { c.Icities = v; return c }
func (c *catalogView) Query(v catalog.Query) *catalogView        { c.Iquery = v; return c }
func (c *catalogView) Results(v []entry, total int) *catalogView {
	c.Iresults, c.Itotal = v, total
	return c
}
func (c *catalogView) Waiting(v string) *catalogView       { c.Iwaiting = v; return c }
func (c *catalogView) Words(v datainfo.Words) *catalogView { c.Iwords = v; return c }
func (c *catalogView) Hint(v string) *catalogView          { c.Ihint = v; return c }

// Near offers "More like this" on every row, with the panels open.
func (c *catalogView) Near(open map[int32][]nearItem) *catalogView {
	c.InearOn, c.Inear = true, open
	return c
}

// Loading is Waiting for businesses that are on their way: empty rows keep
// their place meanwhile.
func (c *catalogView) Loading(v string) *catalogView { c.Iwaiting, c.Iloading = v, true; return c }
func (c *catalogView) OnRowClick(h app.EventHandler) *catalogView {
	c.onRowClick = h
	return c
}

// count says what the list shows, and what "most reviewed" and the review
// counts count: the model trains on fewer (see reviewsText).
func (c *catalogView) count() string {
	return browseCount(c.Iwaiting, len(c.Iresults), c.Itotal, c.Iwords)
}

// browseCount is the finder's count line for shown of total matches, in
// the data's words w, or waiting while there are none to show.
func browseCount(waiting string, shown, total int, w datainfo.Words) string {
	switch {
	case waiting != "":
		return waiting
	case total == 0:
		return "No " + w.Item + " matches. Try part of a name, or another category or city."
	case total > shown:
		return fmt.Sprintf("The %d %s of %s, counting every %s in the data, held-out ones included.",
			shown, w.Most, textfmt.Plural(total, "match", "matches"), w.Review)
	}
	return fmt.Sprintf("%s, %s first, counting every %s in the data, held-out ones included.",
		textfmt.Plural(total, "match", "matches"), w.Most, w.Review)
}

// searchHint is what the finder's search field suggests for the data d:
// words that find something in it.
func searchHint(d *datainfo.Info) string {
	switch {
	case d.Yelp():
		return "e.g. pizza, coffee, tacos"
	case d.Source == datainfo.SourcePlanted:
		return "e.g. Thai, Italian"
	}
	return "part of a name"
}

func (c *catalogView) Render() app.UI {
	return app.Section().ID("browse").Class("card card-browse").Body(
		app.H2().Text("Find "+c.Iwords.Items+" you like"),
		app.Div().Class("filters").Body(
			app.Label().Class("filter filter-name").Body(
				app.Span().Text("Name"),
				// Not bound to the query: writing the value back while the
				// visitor types would lose keystrokes.
				app.Input().ID("search").Type("search").Placeholder(c.Ihint).
					AutoComplete(false).
					OnInput(func(ctx app.Context, e app.Event) {
						ctx.NewActionWithValue(actFilter, newFilterChange("text", ctx.JSSrc().Get("value").String()))
					}),
			),
			// Data without categories or cities (a file of ids and titles)
			// has nothing to filter by.
			when(len(c.Icategories) > 0 || c.Iwaiting != "", func() app.UI {
				return newFacetPicker().Field("category").Label("Category").Any("Any category").Facets(c.Icategories)
			}),
			when(len(c.Icities) > 0 || c.Iwaiting != "", func() app.UI {
				return newFacetPicker().Field("city").Label("City").Any("Any city").Facets(c.Icities)
			}),
		),
		app.P().ID("browse-count").Class("caption").Text(c.count()),
		app.Ul().ID("browse-list").Class("browse").OnClick(c.onRowClick).Body(
			when(c.Iloading, placeholderFill),
			app.Range(c.Iresults).Slice(func(k int) app.UI {
				e := c.Iresults[k]
				id := strconv.Itoa(int(e.ID))
				_, open := c.Inear[e.ID]
				return app.Li().Class("browse-item").DataSet("id", e.ID).Body(
					businessText(e),
					reviewsText(e, c.Iwords),
					app.Div().Class("row-actions").Body(
						when(c.InearOn, func() app.UI {
							return nearToggle("browse-near-"+id, e.Name, "browse-near-panel-"+id, open, c.Iwords)
						}),
						likeButton(e),
					),
					when(open, func() app.UI { return renderNear("browse-near-panel-"+id, e.Name, c.Inear[e.ID], c.Iwords) }),
				)
			}),
		),
	)
}
