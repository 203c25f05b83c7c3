package app

import (
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// Page is eALS Live: it lays out the sections and hands each the commands
// it may send. It redraws only for presenter mode; each section redraws
// itself when what it shows changes.
type Page struct {
	app.Compo
	cmd     commands
	start   func(ctx app.Context) // starts the visit, once
	present []string              // the sections presenter mode shows; nil: the mode is off
	lesson  lessonShown           // the lesson's step, which sections it uses
	stage   stage                 // as painted
	settled bool                  // the loader has heard that the page is ready or failed
}

// NewPage returns the page component for the "/" route.
func NewPage() app.Composer {
	s := newSession()
	return &Page{cmd: s.commands(), start: s.start}
}

// OnMount starts the workers and the download as soon as the page is in
// the browser (go-app does not call it while pre-rendering).
func (p *Page) OnMount(ctx app.Context) {
	if p.start == nil {
		return
	}
	start := p.start
	p.start = nil
	observe(ctx, "page", keyPresent).Value(&p.present)
	observe(ctx, "page", keyLesson).Value(&p.lesson)
	observe(ctx, "page", drawn(keyStage)).OnChange(p.settle).Value(&p.stage)
	start(ctx)
	listenForShortcuts(p.cmd)
}

// settle tells the loader, once the page is painted ready or failed, so
// that it registers the service worker only then: its download of the
// whole site for offline use must not slow the page's start.
func (p *Page) settle() {
	if p.settled || (p.stage != stageReady && p.stage != stageFailed) {
		return
	}
	p.settled = true
	if f := app.Window().Get("ealsSettled"); f.Type() == app.TypeFunction {
		f.Invoke()
	}
}

// OnAppUpdate tells the visitor a newer version has been downloaded.
func (p *Page) OnAppUpdate(ctx app.Context) {
	if ctx.AppUpdateAvailable() {
		p.cmd.Note("A newer version of this page has been downloaded; reload to use it.")
	}
}

// Render lays the page out; the stylesheet arranges the cards in two
// columns on wide screens and one on phones. Every section keeps its
// place from the first paint, so nothing moves when they fill in.
func (p *Page) Render() app.UI {
	c := p.cmd
	// In presenter mode the stylesheet hides every section not named in
	// data-present: hidden, not removed, so that a section taken off the
	// screen and put back keeps its runs and results.
	class := "page"
	if p.present != nil {
		class += " presenter"
	}
	// In the lesson the sections the step does not use are dimmed, or
	// hidden with the link's hide flag, and the one it looks at marked.
	l := p.lesson
	if l.On {
		class += " lesson"
	}
	return app.Div().Class(class).DataSet("present", strings.Join(p.present, " ")).
		DataSet("lesson", strings.Join(l.Uses, " ")).DataSet("look", l.Look).DataSet("hide", l.On && l.Hide).Body(
		app.Nav().Class("skip").Aria("label", "Skip links").Body(
			app.A().Href("#you").Text("Skip to your list").OnClick(focusOn("#you h2")),
			app.A().Href("#browse").Text("Skip to the finder").OnClick(focusOn("#search")),
		),
		newMasthead().Commands(c),
		app.Main().ID("main").Body(
			newNotices().Commands(c),
			app.Elem("noscript").Body(
				app.P().Class("notice notice-error").Text("eALS Live runs its recommender inside your browser, so it needs JavaScript and WebAssembly. Please turn JavaScript on for this page."),
			),
			newAnnouncer(),
			newAttention(),
			newLessonCard().Commands(c),
			app.Div().Class("grid").Body(
				newModelCard().Commands(c),
				newYourList().Commands(c),
				app.Div().Class("side").Body(
					newFinder().Commands(c),
					newYourClicks().Commands(c),
					newTastesCard().Commands(c),
					newShareCard().Commands(c),
				),
			),
			app.Div().Class("below").Body(
				newInside().Commands(c),
				newSecondCard().Commands(c),
				app.Div().ID("evidence").Class("evidence").Body(
					newRetrainSection().Commands(c),
					newReplaySection().Commands(c),
					newNewcomerSection().Commands(c),
					newCompareSection().Commands(c),
				),
				newExportCard(),
			),
		),
		newAbout(),
	)
}
