package app

import "github.com/maxence-charriere/go-app/v9/pkg/app"

// masthead names the page and says in one breath what it does.
type masthead struct {
	app.Compo
	Icmd mastheadCommands
}

// mastheadCommands are what the masthead's tools send: presenter mode,
// and the lesson.
type mastheadCommands interface {
	presenterCommands
	OpenLesson(k int)
}

func newMasthead() *masthead { return &masthead{} }

func (m *masthead) Commands(c mastheadCommands) *masthead { m.Icmd = c; return m }

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
			app.Button().ID("lesson-start").Class("run lesson-start").Text("Take the lesson").
				Title("Eleven short steps through the page, from a model that knows nothing to the paper's evidence (key t)").
				OnClick(func(ctx app.Context, e app.Event) { m.Icmd.OpenLesson(1) }),
			shortcutHelp(),
			newPresenterBar().Commands(m.Icmd),
		),
	)
}
