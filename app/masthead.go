package app

import (
	"github.com/ealslive/ealslive/app/datainfo"
	"github.com/ealslive/ealslive/app/textfmt"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// masthead names the page and says in one breath what it does, on the
// data in use.
type masthead struct {
	app.Compo
	Icmd mastheadCommands
	data dataSet
}

// mastheadCommands are what the masthead's tools send: presenter mode,
// and the lesson.
type mastheadCommands interface {
	presenterCommands
	OpenLesson(k int)
}

func newMasthead() *masthead { return &masthead{} }

func (m *masthead) Commands(c mastheadCommands) *masthead { m.Icmd = c; return m }

// OnMount follows the data, which changes only when the visitor chooses
// other data: its words are in the tagline.
func (m *masthead) OnMount(ctx app.Context) { observe(ctx, "masthead", drawn(keyData)).Value(&m.data) }

func (m *masthead) Render() app.UI {
	return app.Header().ID("masthead").Class("masthead").Body(
		app.Div().Class("brand").Body(
			app.Img().Class("brand-icon").Src("/web/icon.svg").Alt(""),
			app.H1().Text("eALS Live"),
		),
		app.P().Class("tagline").Text(tagline(m.data.about())),
		app.Div().Class("masthead-tools").Body(
			app.Button().ID("lesson-start").Class("run lesson-start").Text("Take the lesson").
				Title("Eleven short steps through the page, from a model that knows nothing to the paper's evidence (key t)").
				OnClick(func(ctx app.Context, e app.Event) { m.Icmd.OpenLesson(1) }),
			shortcutHelp(m.data.words().Item),
			newPresenterBar().Commands(m.Icmd),
		),
	)
}

// tagline says what the page does on the data d: "It trains in your
// browser on real Yelp reviews from Phoenix, then updates itself the
// moment you like a business."
func tagline(d *datainfo.Info) string {
	return "A recommender that learns while you click. It trains in your browser on " + d.About() +
		", then updates itself the moment you like " + textfmt.WithArticle(d.Words().Item) + "."
}
