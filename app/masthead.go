package app

import "github.com/maxence-charriere/go-app/v9/pkg/app"

// masthead names the page and says in one breath what it does.
type masthead struct {
	app.Compo
	Icmd presenterCommands
}

func newMasthead() *masthead { return &masthead{} }

func (m *masthead) Commands(c presenterCommands) *masthead { m.Icmd = c; return m }

func (m *masthead) Render() app.UI {
	return app.Header().ID("masthead").Class("masthead").Body(
		app.Div().Class("brand").Body(
			app.Img().Class("brand-icon").Src("/web/icon.svg").Alt(""),
			app.H1().Text("eALS Live"),
		),
		app.P().Class("tagline").Text("A recommender that learns while you click. "+
			"It trains in your browser on real Yelp reviews from Phoenix, "+
			"then updates itself the moment you like a business."),
		app.Div().Class("masthead-tools").Body(
			shortcutHelp(),
			newPresenterBar().Commands(m.Icmd),
		),
	)
}
