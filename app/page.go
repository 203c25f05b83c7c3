package app

import (
	"sync/atomic"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/ealslive/ealslive/core"
)

// stage is how far the page has got.
type stage int

const (
	stageLoading    stage = iota // downloading and decoding the pack
	stageTraining                // eALS epochs
	stageEvaluating              // the final hold-out evaluation
	stageReady                   // you can click and the model learns
	stageFailed                  // the page cannot go on; failure says why
)

func (s stage) String() string {
	return [...]string{"loading", "training", "evaluating", "ready", "failed"}[s]
}

// Page is the whole of eALS Live: it loads the data, trains the model and
// hosts the visitor's list, browser and history.
type Page struct {
	app.Compo

	cfg      core.Config // what the next training run uses
	stage    stage
	failure  *failure
	notes    []string // messages for the visitor, newest last
	data     *dataInfo
	src      *loaded // the decoded pack and its split, for retraining and the evidence views
	cat      *catalog
	run      trainingRun
	you      visitor
	store    clickStore
	query    query
	querySeq map[string]int64 // the latest filter change applied, per field
	stop     *atomic.Bool     // asks the training goroutine to stop
	stopping bool             // the visitor asked; shown until the stage changes
	screen   *screenTiming
	metrics  pageMetrics
	evidence evidence // the cold-start replay and the comparison with the rivals
	teach    teaching // the parameter controls, the weights plot and "why?"
	// self is the page's own context. Work that must outlive the element
	// that started it (a "like" button is replaced once clicked) is
	// dispatched through it.
	self app.Context
}

// NewPage returns the page component for the "/" route.
func NewPage() app.Composer {
	return &Page{cfg: pageConfig(), store: localStorage{}, stop: new(atomic.Bool), querySeq: map[string]int64{}}
}

// OnMount starts loading as soon as the page is in the browser (go-app does
// not call it during server-side pre-rendering).
func (p *Page) OnMount(ctx app.Context) {
	p.self = ctx
	p.handleActions(ctx)
	if p.stage != stageLoading || p.data != nil {
		return
	}
	p.metrics.MountMs = now()
	p.metrics.CrossOriginIsolated = app.Window().Get("crossOriginIsolated").Bool()
	p.publish()
	url := ctx.ResolveStaticResource("/web/yelp.msgpack")
	ctx.Async(func() { p.load(ctx, url) })
}

// OnAppUpdate tells the visitor a newer version has been downloaded.
func (p *Page) OnAppUpdate(ctx app.Context) {
	if ctx.AppUpdateAvailable() {
		p.note("A newer version of this page has been downloaded; reload to use it.")
	}
}

func (p *Page) note(msg string) {
	if msg != "" {
		p.notes = append(p.notes, msg)
	}
}

// busy says why a long run (training, a retraining, the replay, the
// comparison) cannot start now, or "" if it can. They all need the one
// thread Go has in the browser: run together they would slow each other
// and time each other's work.
func (p *Page) busy() string {
	switch p.stage {
	case stageLoading:
		return "the data is still loading"
	case stageTraining, stageEvaluating:
		return "the model is training"
	case stageFailed:
		if p.src == nil {
			return "the data could not be loaded"
		}
		return "the page stopped on the error shown at the top"
	}
	return p.evidence.running()
}

// hold is why a long run cannot start, worded by its control: a reason
// that will pass (the data is loading, another run holds the page), or,
// once the page has failed, one that will not, which must not read as
// "waits".
type hold struct {
	Reason string // "" when the run can start
	Final  bool   // the page has failed: the run will never be available
}

func (p *Page) runHold() hold { return hold{Reason: p.busy(), Final: p.stage == stageFailed} }

// says words the hold for the run: "The replay waits: …" or "The replay
// is not available: …"; "" when the run can start.
func (h hold) says(run string) string {
	switch {
	case h.Reason == "":
		return ""
	case h.Final:
		return run + " is not available: " + h.Reason + "."
	}
	return run + " waits: " + h.Reason + "."
}

func (p *Page) fail(f failure) {
	p.stage = stageFailed
	p.failure = &f
	p.publish()
}

// Render lays the page out; the stylesheet arranges the cards in two
// columns on wide screens and one on phones.
func (p *Page) Render() app.UI {
	return app.Div().Class("page").Body(
		newMasthead(),
		when(p.failure != nil, func() app.UI {
			return newNotice().Level("error").ID("failure").Title(p.failure.Title).Text(p.failure.Detail).Hint(p.failure.Hint)
		}),
		app.Range(p.notes).Slice(func(k int) app.UI {
			return newNotice().Level("info").Text(p.notes[k]).Dismiss(k)
		}),
		app.Elem("noscript").Body(
			app.P().Class("notice notice-error").Text("eALS Live runs its recommender inside your browser, so it needs JavaScript and WebAssembly. Please turn JavaScript on for this page."),
		),
		app.Div().Class("grid").Body(
			p.renderTraining(),
			when(p.run.Epochs > 0, func() app.UI { return newCurves().Run(p.run) }),
			p.renderList(),
			app.Div().Class("side").Body(
				p.renderCatalog(),
				p.renderHistory(),
			),
		),
		p.renderTeaching(),
		p.renderEvidence(),
		newAbout().Config(p.cfg),
	)
}
