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
	// below: how many of the sections under the fold are in the page.
	// The browser mounts them after the first paint, one a frame, so that
	// mounting them does not hold its thread in one long task (together
	// 150 ms on a first visit, most of it compiling their code); the
	// prerendered page has them all from the start.
	below   int
	seen    int
	mounted bool // the session has been started, or is about to be
}

// belowSections is how many steps mount the sections under the fold:
// inside the model, the second model, the three evidence runs, the export
// and the footer.
const belowSections = 7

// NewPage returns the page component for the "/" route.
func NewPage() app.Composer {
	p := &Page{s: newSession()}
	if app.IsServer {
		p.below = belowSections
	}
	return p
}

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
			p.mountBelow(ctx)
		})
	})
}

// mountBelow mounts the next section under the fold once the page has
// been painted, and so on until all are in.
func (p *Page) mountBelow(ctx app.Context) {
	afterPaint(func(float64) {
		ctx.Dispatch(func(ctx app.Context) {
			p.below++
			if p.below < belowSections {
				p.mountBelow(ctx)
			}
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
			when(p.below > 0, func() app.UI {
				n := p.below
				return app.Div().Class("below").Body(
					newInside().Session(s),
					when(n > 1, func() app.UI { return newSecondCard().Session(s) }),
					when(n > 2, func() app.UI {
						return app.Div().ID("evidence").Class("evidence").Body(
							newReplaySection().Session(s),
							when(n > 3, func() app.UI { return newNewcomerSection().Session(s) }),
							when(n > 4, func() app.UI { return newCompareSection().Session(s) }),
						)
					}),
					when(n > 5, func() app.UI { return newExportCard().Session(s) }),
				)
			}),
		),
		when(p.below >= belowSections, func() app.UI { return newAbout().Session(s) }),
	)
}
