package app

import (
	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// stage is how far the page has got.
type stage int

const (
	stageLoading  stage = iota // downloading and decoding the pack
	stageTraining              // a model is being trained (or restored)
	stageReady                 // you can click and the model learns
	stageFailed                // the page cannot go on; the notices say why
)

func (s stage) String() string {
	return [...]string{"loading", "training", "ready", "failed"}[s]
}

// Page is eALS Live: it lays out the sections and gives them the session
// they share. It keeps no state of its own and so almost never redraws;
// each section redraws itself when what it shows changes.
type Page struct {
	app.Compo
	s *session
}

// NewPage returns the page component for the "/" route.
func NewPage() app.Composer { return &Page{s: newSession()} }

// OnMount starts the workers and the download as soon as the page is in
// the browser (go-app does not call it while pre-rendering).
func (p *Page) OnMount(ctx app.Context) {
	if p.s.self == nil {
		p.s.start(ctx)
	}
}

// OnAppUpdate tells the visitor a newer version has been downloaded.
func (p *Page) OnAppUpdate(ctx app.Context) {
	if ctx.AppUpdateAvailable() {
		p.s.note(ctx, "A newer version of this page has been downloaded; reload to use it.")
	}
}

// Render lays the page out; the stylesheet arranges the cards in two
// columns on wide screens and one on phones. Every section keeps its
// place from the first paint, so nothing moves when they fill in.
func (p *Page) Render() app.UI {
	s := p.s
	return app.Div().Class("page").Body(
		newMasthead(),
		newNotices().Session(s),
		app.Elem("noscript").Body(
			app.P().Class("notice notice-error").Text("eALS Live runs its recommender inside your browser, so it needs JavaScript and WebAssembly. Please turn JavaScript on for this page."),
		),
		app.Div().Class("grid").Body(
			newModelCard().Session(s),
			newYourList().Session(s),
			app.Div().Class("side").Body(
				newFinder().Session(s),
				newYourClicks().Session(s),
				newShareCard().Session(s),
			),
		),
		newInside().Session(s),
		newSecondCard().Session(s),
		app.Div().ID("evidence").Class("evidence").Body(
			newReplaySection().Session(s),
			newCompareSection().Session(s),
		),
		newExportCard().Session(s),
		newAbout().Session(s),
	)
}
