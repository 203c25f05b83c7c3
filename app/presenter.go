package app

import (
	"fmt"
	"net/url"
	"slices"
	"strings"

	"github.com/ealslive/ealslive/app/settings"
	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// Presenter mode is the page for a lecture: larger type, only the sections
// the teacher chose, side by side where they fit, and single keys for the
// actions a lecture needs (like the business in focus, step the update,
// run the replay). It lives in the address bar (?present=you,browse,...),
// so a prepared link opens in it and a reload keeps it.

// linkPresent is presenter mode's query key; its value names the sections
// shown, comma-separated.
const linkPresent = "present"

// presenterView is a section presenter mode can show: its element's id and
// its name in the chooser, and for a view of a section (the map of where)
// the section's id.
type presenterView struct{ ID, Label, Section string }

// presenterViews are in the page's order, which is also the order they are
// laid out in.
var presenterViews = []presenterView{
	{"training", "The model", ""},
	{"curves", "Learning curves", ""},
	{"you", "Your list", ""},
	{"browse", "The finder", ""},
	{"history", "Your clicks", ""},
	{"tastes", "Known tastes", ""},
	{"share", "Share this scenario", ""},
	{"params", "The settings", ""},
	{"weights", "The missing-data weights", ""},
	{"update-view", "The last update", ""},
	{"update-stepper", "Step through the update", ""},
	{"factor-map", "The factor map", ""},
	{"map", "The map of where", "factor-map"},
	{"second", "A second model", ""},
	{"full-retrain", "Against a full retrain", ""},
	{"replay", "The replay", ""},
	{"newcomer", "Follow a newcomer", ""},
	{"compare", "eALS against its rivals", ""},
	{"export", "Export", ""},
}

// defaultPresent is what presenter mode shows when nothing is chosen: the
// list and the finder side by side, and the update under them.
var defaultPresent = []string{"you", "browse", "update-stepper"}

// parsePresent reads presenter mode from a page's query. It never fails:
// an unknown section is named in a note and left out, and if none is
// left, or the key has no value, the default sections are shown. on is
// false when the query does not ask for presenter mode.
func parsePresent(query string) (views []string, notes []string, on bool) {
	q, _ := url.ParseQuery(strings.TrimPrefix(query, "?"))
	v, found := q[linkPresent]
	if !found {
		return nil, nil, false
	}
	var unknown []string
	for _, id := range strings.Split(v[len(v)-1], ",") {
		id = strings.TrimSpace(id)
		switch {
		case id == "":
		case !isPresenterView(id):
			unknown = append(unknown, id)
		case !slices.Contains(views, id):
			views = append(views, id)
		}
	}
	if len(unknown) > 0 {
		notes = append(notes, fmt.Sprintf("Presenter mode has no section %s; it was left out.", settings.Quote(strings.Join(unknown, ", "))))
	}
	if len(views) == 0 {
		views = slices.Clone(defaultPresent)
	}
	return inPageOrder(views), notes, true
}

// sectionOf is the id of the element that shows view, a section or a view
// of one.
func sectionOf(view string) string {
	for _, v := range presenterViews {
		if v.ID == view && v.Section != "" {
			return v.Section
		}
	}
	return view
}

// mapViewFor is the factor map section's view for presenter mode's
// views: the map of where if it alone is asked for, the factor space if
// it alone is, else "" (the visitor's choice).
func mapViewFor(views []string) string {
	where, factors := slices.Contains(views, viewWhere), slices.Contains(views, "factor-map")
	switch {
	case where && !factors:
		return viewWhere
	case factors && !where:
		return viewFactors
	}
	return ""
}

func isPresenterView(id string) bool {
	return slices.ContainsFunc(presenterViews, func(v presenterView) bool { return v.ID == id })
}

// inPageOrder sorts views as the page lays them out, so that a link names
// the same choice in one way.
func inPageOrder(views []string) []string {
	var out []string
	for _, v := range presenterViews {
		if slices.Contains(views, v.ID) {
			out = append(out, v.ID)
		}
	}
	return out
}

// presentQuery is presenter mode's part of a link, "" when it is off.
func presentQuery(views []string) string {
	if views == nil {
		return ""
	}
	return linkPresent + "=" + strings.Join(views, ",")
}

func setAddressQuery(query string) {
	loc := app.Window().Get("location")
	addr := loc.Get("pathname").String()
	if query != "" {
		addr += "?" + query
	}
	app.Window().Get("history").Call("replaceState", nil, "", addr+loc.Get("hash").String())
}

// withPresent is query with presenter mode's part replaced by views', the
// rest left as it was written.
func withPresent(query string, views []string) string {
	var parts []string
	for _, part := range strings.Split(strings.TrimPrefix(query, "?"), "&") {
		if part != "" && part != linkPresent && !strings.HasPrefix(part, linkPresent+"=") {
			parts = append(parts, part)
		}
	}
	if q := presentQuery(views); q != "" {
		parts = append(parts, q)
	}
	return strings.Join(parts, "&")
}

// presenterBar is presenter mode's switch and, in the mode, its chooser of
// sections and its keys.
type presenterBar struct {
	app.Compo
	Icmd    presenterCommands
	present []string
}

// presenterCommands are what presenter mode's switch sends.
type presenterCommands interface {
	Present(views []string)
	TogglePresenter()
}

func newPresenterBar() *presenterBar { return &presenterBar{} }

func (b *presenterBar) Commands(c presenterCommands) *presenterBar { b.Icmd = c; return b }

func (b *presenterBar) OnMount(ctx app.Context) {
	observe(ctx, "presenter", keyPresent).Value(&b.present)
}

func (b *presenterBar) toggleView(id string) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		views := slices.Clone(b.present)
		if i := slices.Index(views, id); i >= 0 {
			views = slices.Delete(views, i, i+1)
		} else {
			views = inPageOrder(append(views, id))
		}
		if len(views) == 0 {
			// Presenter mode with nothing shown would be a blank page; the
			// last box stays ticked.
			ctx.JSSrc().Set("checked", true)
			return
		}
		b.Icmd.Present(views)
	}
}

func (b *presenterBar) Render() app.UI {
	toggle := func(ctx app.Context, e app.Event) { b.Icmd.TogglePresenter() }
	if b.present == nil {
		return app.Div().ID("presenter").Class("presenter-bar").Body(
			app.Button().ID("presenter-on").Class("reset").Text("Presenter mode").
				Title("Larger type and only the sections you choose, for a projector (key p)").OnClick(toggle),
		)
	}
	return app.Div().ID("presenter").Class("presenter-bar presenter-on").Role("region").Aria("label", "Presenter mode").Body(
		app.Strong().Class("presenter-title").Text("Presenter mode"),
		app.Details().ID("presenter-views").Class("presenter-views").Body(
			app.Summary().Text(fmt.Sprintf("Sections (%d of %d) and keys", len(b.present), len(presenterViews))),
			app.Div().Class("presenter-menu").Body(b.renderChooser(), presenterKeyHelp()),
		),
		app.Button().ID("presenter-off").Class("reset").Text("Leave").
			Aria("keyshortcuts", "p").OnClick(toggle),
	)
}

// renderChooser is a box for each section presenter mode can show.
func (b *presenterBar) renderChooser() app.UI {
	return app.Ul().Body(
		app.Range(presenterViews).Slice(func(k int) app.UI {
			v := presenterViews[k]
			return app.Li().Body(
				app.Label().Body(
					app.Input().Type("checkbox").ID("present-"+v.ID).Checked(slices.Contains(b.present, v.ID)).
						OnChange(b.toggleView(v.ID)),
					app.Text(" "+v.Label),
				),
			)
		}),
	)
}

func presenterKeyHelp() app.UI {
	return app.P().ID("presenter-keys").Class("presenter-keys").Body(
		app.Kbd().Text("↑"), app.Kbd().Text("↓"), app.Text(" move in a list · "),
		app.Kbd().Text("y"), app.Text(" like it · "),
		app.Kbd().Text("→"), app.Kbd().Text("←"), app.Text(" step the update · "),
		app.Kbd().Text("g"), app.Text(" play it · "),
		app.Kbd().Text("s"), app.Text(" start or stop the replay · "),
		app.Kbd().Text("p"), app.Text(" leave"),
	)
}
