package app

import (
	"strings"
	"time"

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
	// below: the sections under the fold are in the page. The browser
	// mounts them in a task of their own after the first paint, so that
	// mounting the whole page at once does not hold its thread; the
	// prerendered page has them from the start.
	below   bool
	seen    int
	mounted bool // the session has been started, or is about to be
}

// NewPage returns the page component for the "/" route.
func NewPage() app.Composer { return &Page{s: newSession(), below: app.IsServer} }

// OnMount starts the workers and the download as soon as the page is in
// the browser (go-app does not call it while pre-rendering).
//
// They start in a task of their own: go-app mounts the page, calls this
// and draws what it set off in one run of Go, which returns to the browser
// only once nothing is left to do, and starting the pool and the download
// made that first task some 40 ms longer. A goroutine that sleeps lets Go
// return to the browser in between (Go's WebAssembly runs no timer without
// doing so).
func (p *Page) OnMount(ctx app.Context) {
	if p.mounted {
		return
	}
	p.mounted = true
	ctx.ObserveState(statePresent).Value(&p.seen)
	p.s.startPresenter(ctx)
	ctx.Async(func() {
		time.Sleep(time.Millisecond)
		ctx.Dispatch(func(ctx app.Context) {
			p.s.start(ctx)
			listenForShortcuts(p.s)
			afterPaint(func(float64) { ctx.Dispatch(func(app.Context) { p.below = true }) })
		})
	})
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
	if s.present != nil {
		class = "page presenter"
	}
	return app.Div().Class(class).DataSet("present", strings.Join(s.present, " ")).Body(
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
			newAnnouncer().Session(s),
			app.Div().Class("grid").Body(
				newModelCard().Session(s),
				newYourList().Session(s),
				app.Div().Class("side").Body(
					newFinder().Session(s),
					newYourClicks().Session(s),
					newShareCard().Session(s),
				),
			),
			when(p.below, func() app.UI {
				return app.Div().Class("below").Body(
					newInside().Session(s),
					newSecondCard().Session(s),
					app.Div().ID("evidence").Class("evidence").Body(
						newReplaySection().Session(s),
						newNewcomerSection().Session(s),
						newCompareSection().Session(s),
					),
					newExportCard().Session(s),
				)
			}),
		),
		when(p.below, func() app.UI { return newAbout().Session(s) }),
	)
}
