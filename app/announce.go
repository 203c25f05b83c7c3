package app

import (
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

// OnMount observes the news's drawn copy: the news is said once what it
// tells of is on screen.
func (a *announcer) OnMount(ctx app.Context) {
	observe(ctx, "news", drawn(keyNews)).Value(&a.news)
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
