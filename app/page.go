package app

import (
	"strings"

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
// they share. It redraws only for presenter mode; each section redraws
// itself when what it shows changes.
type Page struct {
	app.Compo
	s       *session
	present []string // the sections presenter mode shows; nil: the mode is off
	mounted bool     // the session has been started
}

// NewPage returns the page component for the "/" route.
func NewPage() app.Composer { return &Page{s: newSession()} }

// OnMount starts the workers and the download as soon as the page is in
// the browser (go-app does not call it while pre-rendering).
func (p *Page) OnMount(ctx app.Context) {
	if p.mounted {
		return
	}
	p.mounted = true
	ctx.ObserveState(keyPresent).Value(&p.present)
	p.s.startPresenter(ctx)
	p.s.start(ctx)
	listenForShortcuts(p.s)
	p.s.afterDrawn(ctx, func(app.Context, float64) { p.s.probe.metrics.SectionsLive = true })
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
	// In presenter mode the stylesheet hides every section not named in
	// data-present: hidden, not removed, so that a section taken off the
	// screen and put back keeps its runs and results.
	class := "page"
	if p.present != nil {
		class = "page presenter"
	}
	return app.Div().Class(class).DataSet("present", strings.Join(p.present, " ")).Body(
		app.Nav().Class("skip").Aria("label", "Skip links").Body(
			app.A().Href("#you").Text("Skip to your list").OnClick(focusOn("#you h2")),
			app.A().Href("#browse").Text("Skip to the finder").OnClick(focusOn("#search")),
		),
		newMasthead().Session(s),
		app.Main().ID("main").Body(
			newNotices().Session(s),
			app.Elem("noscript").Body(
				app.P().Class("notice notice-error").Text("eALS Live runs its recommender inside your browser, so it needs JavaScript and WebAssembly. Please turn JavaScript on for this page."),
			),
			newAnnouncer(),
			app.Div().Class("grid").Body(
				newModelCard().Session(s),
				newYourList().Session(s),
				app.Div().Class("side").Body(
					newFinder().Session(s),
					newYourClicks().Session(s),
					newTastesCard().Session(s),
					newShareCard().Session(s),
				),
			),
			app.Div().Class("below").Body(
				newInside().Session(s),
				newSecondCard().Session(s),
				app.Div().ID("evidence").Class("evidence").Body(
					newReplaySection().Session(s),
					newNewcomerSection().Session(s),
					newCompareSection().Session(s),
				),
				newExportCard(),
			),
		),
		newAbout(),
	)
}
