package app

import (
	"fmt"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// announcer says in words what the last action changed: a polite live
// region that screen readers read out ("Liked Sapporo. Your list: 3 new,
// Pure Sushi up 7."). On a phone, where the list is out of sight while the
// visitor browses the finder, the same words stay on screen in a bar at
// the bottom with a link to the list.
type announcer struct {
	app.Compo
	news news
}

func newAnnouncer() *announcer { return &announcer{} }

// OnMount observes the news itself, not its drawn copy: the news comes
// once what it tells of is on screen.
func (a *announcer) OnMount(ctx app.Context) {
	ctx.ObserveState(keyNews).Value(&a.news)
}

func (a *announcer) Render() app.UI {
	text := a.news.Text
	return app.Div().ID("announce-bar").Class("announce-bar").DataSet("shown", text != "" && a.news.ToList).Body(
		// The live region is in the page from the first paint: a region
		// added with its text is not read out.
		app.P().ID("announce").Attr("role", "status").Aria("live", "polite").Text(text),
		when(text != "" && a.news.ToList, func() app.UI {
			return app.A().ID("announce-link").Href("#you").Text("See your list").OnClick(focusOn("#you h2"))
		}),
	)
}

// listChange says in words how your list changed from prev to cur, best
// first: how many businesses are new and the biggest move up.
func listChange(prev, cur []int32, name func(int32) string) string {
	if len(cur) == 0 {
		return "Your list is empty."
	}
	if prev == nil {
		return fmt.Sprintf("Your list starts with %s.", name(cur[0]))
	}
	mv := moves(prev, cur)
	fresh, best, by := 0, int32(-1), 0
	for r, m := range mv {
		switch {
		case m.New:
			fresh++
		case m.By > by:
			best, by = cur[r], m.By
		}
	}
	var parts []string
	if fresh > 0 {
		parts = append(parts, fmt.Sprintf("%d new", fresh))
	}
	if best >= 0 {
		parts = append(parts, fmt.Sprintf("%s up %d", name(best), by))
	}
	if len(parts) == 0 {
		return "Your list did not change."
	}
	return "Your list: " + strings.Join(parts, ", ") + "."
}
