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
	below int
	// above: how many of the sections above the fold (aboveLater) are
	// live. Until theirs comes, each is the browser's own copy of its
	// pre-rendered HTML (kept), put back in one piece, so that go-app's
	// first mount, which replaces the pre-rendered page whole, does not
	// build and compile them all in one task while the page looks the same.
	above int
	kept  map[string]string
	// shell: the browser's copy of the whole pre-rendered page, which
	// the page is until the first frame after go-app's first mount. That
	// mount then does little beyond go-app's own start; with the page's
	// structure (its first use of go-app's elements) it was the longest
	// task of a first visit. "" once the structure is live.
	shell   string
	seen    int
	mounted bool // the session has been started, or is about to be
}

// aboveLater are the ids of the sections above the fold that go live
// after the page's first paint, one a frame, in this order. The masthead
// comes last: its tools (the shortcuts, presenter mode) wait, and its
// mount, the first use of several of go-app's elements, was about a sixth
// of go-app's first task, one of the long ones a first visit starts with.
var aboveLater = []string{"model-card", "you", "browse", "history", "share", "masthead"}

// insideParts is how many of the steps under the fold bring "Inside the
// model", a part a step (see inside.Parts): whole, it was as long a task
// as go-app's start, 204 ms in a traced first visit, most of it go-app
// building and the browser compiling five cards' code on first use.
const insideParts = 5

// belowSections is how many steps mount the sections under the fold:
// inside the model's parts, the second model, the three evidence runs,
// the export and the footer.
const belowSections = insideParts + 6

// NewPage returns the page component for the "/" route.
func NewPage() app.Composer {
	p := &Page{s: newSession(), kept: prerendered, shell: prerenderedPage}
	if app.IsServer {
		p.above, p.below = len(aboveLater), belowSections
	}
	return p
}

// OnMount starts the workers and the download as soon as the page is in
// the browser (go-app does not call it while pre-rendering).
//
// They start in a task of their own: go-app mounts the page, calls this
// and draws what it set off in one run of Go, which returns to the browser
// only once nothing is left to do, and starting the pool and the download
// made that first task some 40 ms longer. NextTask lets Go return to the
// browser in between.
func (p *Page) OnMount(ctx app.Context) {
	if p.mounted {
		return
	}
	p.mounted = true
	ctx.ObserveState(statePresent).Value(&p.seen)
	p.s.startPresenter(ctx)
	NextTask(func() {
		ctx.Dispatch(func(ctx app.Context) {
			p.s.start(ctx)
			listenForShortcuts(p.s)
			p.mountLater()
		})
	})
}

// mountLater makes the next section live once the page has been
// painted, those above the fold first, and so on until all are in. A
// hidden tab paints nothing and has nobody to keep waiting, so there
// they all come at once: the model card starts the training, and a tab
// opened in the background must train too. A model ready before the
// sections above the fold are live (a return visit's, restored) brings
// them all: copies would show the page before it.
func (p *Page) mountLater() {
	p.s.onceDrawn(func(ctx app.Context) {
		switch {
		case pageHidden():
			p.shell, p.above, p.below = "", len(aboveLater), belowSections
		case p.s.stage == stageReady && (p.shell != "" || p.above < len(aboveLater)):
			p.shell, p.above = "", len(aboveLater)
		case p.shell != "":
			p.shell = ""
		case p.above < len(aboveLater):
			p.above++
		default:
			p.below++
		}
		if !p.s.aboveLive && p.shell == "" && p.above == len(aboveLater) {
			p.s.aboveLive = true
			ctx.Defer(func(app.Context) { p.s.publishShown() })
		}
		if p.below < belowSections {
			p.mountLater()
			return
		}
		// Every section is in: a link's section can be shown now if the
		// model was ready before it came. The model can be ready before
		// this (the workers train while the sections come in), so the
		// browser tests wait for both before they act below the fold.
		p.s.onceDrawn(func(app.Context) {
			p.s.metrics.SectionsLive = true
			p.s.showLinkView()
		})
	})
}

// live is section k of aboveLater, or its pre-rendered copy until its
// turn comes. Without a copy (on the server, or an element the browser
// did not have) it is live at once.
func (p *Page) live(k int, section app.UI) app.UI {
	if k < p.above {
		return section
	}
	if html, ok := p.kept[aboveLater[k]]; ok {
		return app.Raw(html)
	}
	return section
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
	if p.shell != "" {
		return app.Raw(p.shell)
	}
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
		p.live(5, newMasthead().Session(s)),
		app.Main().ID("main").Body(
			newNotices().Session(s),
			app.Elem("noscript").Body(
				app.P().Class("notice notice-error").Text("eALS Live runs its recommender inside your browser, so it needs JavaScript and WebAssembly. Please turn JavaScript on for this page."),
			),
			newAnnouncer().Session(s),
			app.Div().Class("grid").Body(
				p.live(0, newModelCard().Session(s)),
				p.live(1, newYourList().Session(s)),
				app.Div().Class("side").Body(
					p.live(2, newFinder().Session(s)),
					p.live(3, newYourClicks().Session(s)),
					p.live(4, newShareCard().Session(s)),
				),
			),
			when(p.below > 0, func() app.UI {
				// n counts the steps after the one that completes inside.
				n := p.below - (insideParts - 1)
				return app.Div().Class("below").Body(
					newInside().Session(s).Parts(min(p.below, insideParts)),
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
