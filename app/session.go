package app

import (
	"fmt"
	"slices"
	"time"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/ealslive/ealslive/app/work"
	"github.com/ealslive/ealslive/app/worker"
	"github.com/ealslive/ealslive/core"
	"github.com/ealslive/ealslive/core/pack"
)

// session is what the page's sections share: the data, the visitor and
// their model, the workers and which long run holds them. The Page makes
// one when it mounts and hands the same pointer to every section. A
// section changes it through its methods, on the UI goroutine, and tells
// the others through go-app's state (the keys below), so that a change
// redraws only the sections that show it.
type session struct {
	cat     *catalog  // nil until the pack's businesses are read
	data    *dataInfo // nil until the pack has arrived
	failure *failure  // the page cannot go on
	notes   []string  // messages for the visitor, newest last
	you     *visitor
	jobs    *jobs
	cfg     core.Config // the settings of the model in use, or being trained
	stage   stage
	// shown is the stage as the page shows it: it follows stage once the
	// sections have redrawn, and says ready only once the workers are free
	// for the replay and the comparison.
	shown stage
	// aboveLive: the sections above the fold are live, no longer the
	// copies of their pre-rendered HTML (Page.mountLater). What the page
	// publishes as shown waits for them, a failure excepted: a copy shows
	// none of it.
	aboveLive bool
	// shownLiked is how many clicks the page shows: the metrics give it,
	// so that a test that waits for a like finds it on the page.
	shownLiked int
	metrics    pageMetrics
	evidence   evidenceMetrics
	// evidenceShown is evidence as the page shows it, for its tests.
	evidenceShown evidenceMetrics
	// announcement is the last news for the live region, and whether it
	// is about your list.
	announcement string
	announceList bool
	// factorMap is what the factor map draws, nil until it has drawn.
	factorMap *factorMapShown
	// self is the Page's context: work that must outlive the element that
	// started it (a "like" button is replaced once clicked) is dispatched
	// through it.
	self app.Context
	// aside holds the clicks "Start over" or a link replaced, to bring
	// back.
	aside    aside
	linkView string      // the section a link opened at, shown again once the model is ready
	present  []string    // the sections presenter mode shows; nil: the mode is off
	training trainingRun // the model in use's training, for export
	// trained is the model adopted last and the factor map's plane of it,
	// as the workers found it (nil: the page finds it; see itemPlane).
	trained      *core.Model
	trainedPlane *core.Plane
	settled      bool // the loader has heard that the page is ready or failed
	// asidePending: the side column is to redraw once your list is on
	// screen (asideLater).
	asidePending bool
	// steps numbers the runs of inSteps, by their first key.
	steps map[string]int
}

// The state keys. Their values say only that something changed (and what
// a section cannot read from the session); each section reads the rest
// from the session.
const (
	stateData     = "eals/data"     // int: the data or its failure changed
	stateYou      = "eals/you"      // int: your clicks, list or model changed
	stateModel    = "eals/model"    // int: a model was adopted, or training (re)started
	stateBusy     = "eals/busy"     // string: what holds the workers, "" when free
	stateNotes    = "eals/notes"    // int: notes or the failure changed
	stateScreen   = "eals/screen"   // int: the last click's time to the screen is known
	stateBelow    = "eals/below"    // int: what changed is on screen; the sections further down may follow (belowSteps)
	stateStepper  = "eals/stepper"  // int: the update stepper follows stateBelow
	stateMap      = "eals/map"      // int: the factor map follows stateStepper
	stateSecond   = "eals/second"   // int: the second model follows stateMap
	stateAside    = "eals/aside"    // int: your clicks or the data changed and your list is on screen; the side column follows (asideSteps)
	stateFinder   = "eals/finder"   // int: the finder follows stateAside
	stateAnnounce = "eals/announce" // int: there is news for the live region
	statePresent  = "eals/present"  // int: presenter mode or its sections changed
)

// itemPlane is the factor map's plane of m: the one its training found in
// the workers, or, for a model without one, found here.
func (s *session) itemPlane(m *core.Model) (*core.Plane, error) {
	if m == s.trained && s.trainedPlane != nil {
		return s.trainedPlane, nil
	}
	return m.ItemPlane()
}

func newSession() *session {
	return &session{you: &visitor{}, cfg: pageConfig(), stage: stageLoading, shown: stageLoading}
}

// changed tells the sections observing key that its part changed.
func (s *session) changed(ctx app.Context, key string) {
	s.metrics.version++
	if ctx == nil { // tests drive the session without a page
		s.shown, s.shownLiked = s.stage, len(s.you.liked)
		return
	}
	ctx.SetState(key, s.metrics.version)
	if key == stateYou || key == stateData {
		s.asideLater()
	}
	// The observers redraw in dispatches queued by SetState; this one
	// runs after them.
	ctx.Defer(func(app.Context) { s.publishShown() })
}

// publishShown makes shown follow stage once the page shows it: your
// clicks drawn (asideLater) and the sections above the fold live. A
// failure is published at once: it stops the page, whatever is live.
func (s *session) publishShown() {
	if s.stage != stageFailed && (s.asidePending || !s.aboveLive) {
		return
	}
	s.shownLiked = len(s.you.liked)
	s.shown = s.stage
	if s.shown == stageReady && s.jobs != nil && s.jobs.holder == holdTraining {
		s.shown = stageTraining
	}
	s.settle()
}

// settle tells the page's loader, once, that the page is ready or has
// failed: the loader registers the service worker only then, so that its
// download of the whole site for offline use does not slow the page's
// start (see ealsServiceWorkerLater in cmd/build/site/loader.js).
func (s *session) settle() {
	if s.settled || (s.shown != stageReady && s.shown != stageFailed) {
		return
	}
	s.settled = true
	if f := app.Window().Get("ealsSettled"); f.Type() == app.TypeFunction {
		f.Invoke()
	}
}

// start creates the workers and asks them for the pack: the page reads
// its businesses (a few milliseconds) and the workers decode the rest.
func (s *session) start(ctx app.Context) {
	s.self = ctx
	s.exposeMetrics()
	s.metrics.MountMs = now()
	if w := app.Window().Get("ealsWasm"); w.Type() == app.TypeObject && w.Get("workersAt").Type() == app.TypeNumber {
		s.metrics.WorkersMs = w.Get("workersAt").Float()
	}
	s.metrics.CrossOriginIsolated = app.Window().Get("crossOriginIsolated").Bool()
	pool, err := newPool(ctx, s)
	if err != nil {
		s.fail(ctx, failure{Title: "This browser cannot run the model",
			Detail: "The page trains its model in Web Workers, and this browser did not start them: " + err.Error() + ".",
			Hint:   "Open the page in a current Firefox, Chrome, Edge or Safari."})
		return
	}
	s.jobs = newJobs(pool, s)
	s.you.store = openClickStore()
	s.listenToOtherTabs()
	// The workers download the pack themselves, and have most often
	// decoded it by now (see work.DecodeAhead), or been asked for it by
	// the page's head (see worker.NewPool): the page only names it,
	// with the settings the first training will most likely use, so that
	// worker 0 reads the model kept for them ahead (a link's own settings,
	// read with the catalogue, then miss it and cost one read).
	url := ctx.ResolveStaticResource("/web/yelp.msgpack")
	likely, _ := loadSettings(pageConfig())
	spec := work.DataSpec{Version: app.Getenv("GOAPP_VERSION"), Config: likely, Pack: url}
	s.jobs.pool.LoadData(nil, spec, func(m work.Msg) {
		s.self.Dispatch(func(ctx app.Context) { s.gotSummary(ctx, url, m) })
	})
}

// gotSummary takes what worker 0 says about the pack: what it holds, or
// why it cannot be used. It may come again if the workers were restarted.
func (s *session) gotSummary(ctx app.Context, url string, m work.Msg) {
	if m.Kind == work.MsgError {
		var f work.Failure
		m.Decode(&f)
		s.fail(ctx, workerPackFailure(url, f))
		return
	}
	if s.data != nil {
		return // a restarted worker's second summary
	}
	start := time.Now()
	var sum work.DataSummary
	err := m.Decode(&sum)
	var items []pack.Item
	var popular []int32
	if err == nil {
		items, err = work.ReadCatalog(m, sum.Catalog)
	}
	if err == nil {
		popular, err = work.ReadPopular(m, len(items))
	}
	if err != nil {
		s.fail(ctx, failure{Title: "The data could not be read", Detail: fmt.Sprintf("The workers' summary of it is damaged (%v).", err)})
		return
	}
	s.cat = newCatalog(items)
	d := dataInfo{Bytes: sum.Bytes}
	d.Subset, d.Source, d.License = sum.Catalog.Subset.String(), sum.Catalog.Source, sum.Catalog.License
	d.Hash, d.Users, d.Items, d.Reviews = sum.Hash, sum.Users, sum.Items, sum.Reviews
	d.From, d.To = time.Unix(sum.From, 0).UTC(), time.Unix(sum.To, 0).UTC()
	d.Train, d.TestCases = sum.Train, sum.TestCases
	s.data = &d
	s.metrics.PackBytes, s.metrics.DownloadMs = sum.Bytes, sum.DownloadMs
	s.metrics.DecodeMs = now() - s.metrics.MountMs
	s.cat.setCounts(ints(m.I32[0]), ints(m.I32[1]), popular)
	s.metrics.CatalogMs = durationMillis(time.Since(start))
	s.restoreClicks(ctx)
	s.applyScenario(ctx)
	s.stage = stageTraining
	// The sections redraw for the data, and the model card starts the
	// training, in the next task: reading the summary and redrawing for it
	// were one task of about twice the 50 ms a task may take unnoticed.
	s.inNextTask(func(ctx app.Context) {
		s.changed(ctx, stateData)
		s.changed(ctx, stateYou)
		ctx.Defer(func(ctx app.Context) {
			afterPaint(func(now float64) {
				s.self.Dispatch(func(ctx app.Context) {
					s.metrics.FirstListMs = now
					s.inSteps(ctx, belowSteps)
				})
			})
		})
	})
}

// inNextTask runs fn on the UI goroutine in a task of the browser's own,
// after the current one ends and whatever it queued. A message to a
// MessageChannel, not a timer: a hidden tab holds timers back by up to a
// second, and the data's arrival must not wait for that.
func (s *session) inNextTask(fn func(ctx app.Context)) {
	NextTask(func() { s.self.Dispatch(fn) })
}

func ints(v []int32) []int {
	out := make([]int, len(v))
	for k, x := range v {
		out[k] = int(x)
	}
	return out
}

// afterRender runs fn once the sections have redrawn for what has
// changed so far: what the page publishes for its tests then matches what
// it shows.
func (s *session) afterRender(fn func()) {
	if s.self == nil {
		fn()
		return
	}
	s.self.Defer(func(app.Context) { fn() })
}

// publishEvidence hands the runs' figures to window.ealsLiveEvidence once
// the page shows them.
func (s *session) publishEvidence() {
	s.afterRender(func() { s.evidenceShown = s.evidence })
}

// belowLater redraws the sections further down the page once the current
// change is on screen, in tasks of their own: the visitor sees what they
// asked for first, and no task of the page's thread grows long.
func (s *session) belowLater() {
	if s.self == nil { // tests drive the session without a page
		return
	}
	s.onceDrawn(func(ctx app.Context) {
		s.inSteps(ctx, belowSteps)
	})
}

// The sections further down follow a change one a frame, in the page's
// order (the update and the weights, the update stepper, the factor map,
// the second model), and so do the side column's (your clicks, the
// finder): drawn in one task, each 5 to 20 ms of it, they made the page's
// longest tasks after a click, 60 to 90 ms while a replay held both cores.
var (
	belowSteps = []string{stateBelow, stateStepper, stateMap, stateSecond}
	asideSteps = []string{stateAside, stateFinder}
)

// inSteps changes the state keys one a frame, each once what the one
// before changed is on screen. A new run of the same steps replaces one
// under way, which stops where it is: the new one covers its changes.
func (s *session) inSteps(ctx app.Context, keys []string) {
	if s.steps == nil {
		s.steps = map[string]int{}
	}
	s.steps[keys[0]]++
	run := s.steps[keys[0]]
	var step func(ctx app.Context, k int)
	step = func(ctx app.Context, k int) {
		if s.steps[keys[0]] != run {
			return
		}
		s.changed(ctx, keys[k])
		if k+1 < len(keys) {
			s.onceDrawn(func(ctx app.Context) { step(ctx, k+1) })
		}
	}
	step(ctx, 0)
}

// asideLater redraws the side column (your clicks, then the finder) once
// your list is on screen, in tasks of their own: a click's task then draws
// your list alone, and the data's arrival draws the finder's rows apart
// from your list. Changes made before it runs are drawn together.
func (s *session) asideLater() {
	if s.self == nil || s.asidePending {
		return
	}
	s.asidePending = true
	s.onceDrawn(func(ctx app.Context) {
		s.asidePending = false
		s.inSteps(ctx, asideSteps)
	})
}

// onceDrawn runs fn on the UI goroutine, in a task of its own, once what
// has changed so far has been drawn and painted. A hidden tab paints
// nothing and runs no animation frames, so a timer runs fn there (as late
// as the browser throttles it): a tab keeps up with the others while it is
// hidden.
func (s *session) onceDrawn(fn func(ctx app.Context)) {
	var timer *time.Timer
	done := false
	run := func() {
		s.self.Dispatch(func(ctx app.Context) {
			if done {
				return
			}
			done = true
			timer.Stop() // a paint came first: no second dispatch
			fn(ctx)
		})
	}
	s.self.Defer(func(app.Context) {
		timer = time.AfterFunc(drawnAtLatest, run)
		afterPaint(func(float64) { run() })
	})
}

// drawnAtLatest is how long onceDrawn waits for a paint that may never
// come (a hidden tab); a shown page paints within a frame or two.
const drawnAtLatest = 250 * time.Millisecond

// fail stops the page on f, which the notices show at the top.
func (s *session) fail(ctx app.Context, f failure) {
	s.stage = stageFailed
	s.failure = &f
	s.changed(ctx, stateNotes)
	s.changed(ctx, stateData)
	s.changed(ctx, stateBusy)
	// A failure is drawn everywhere at once: nothing is left to hurry.
	s.asidePending = false
	for _, key := range append(slices.Clone(belowSteps), asideSteps...) {
		s.changed(ctx, key)
	}
}

// note adds a message for the visitor.
func (s *session) note(ctx app.Context, msg string) {
	if msg == "" {
		return
	}
	s.notes = append(s.notes, msg)
	s.changed(ctx, stateNotes)
}

// busy says why a long run cannot start now, or "" if it can: they all
// need the workers.
func (s *session) busy() string {
	switch {
	case s.stage == stageFailed && s.data == nil:
		return "the data could not be loaded"
	case s.stage == stageFailed:
		return "the page stopped on the error shown at the top"
	case s.data == nil:
		return "the data is still loading"
	case s.jobs == nil:
		return "the workers have not started"
	}
	return s.jobs.holder
}

// hold is why a long run cannot start, worded by its control: a reason
// that will pass (the data is loading, another run holds the workers),
// or, once the page has failed, one that will not, which must not read as
// "waits".
type hold struct {
	Reason string // "" when the run can start
	Final  bool   // the page has failed: the run will never be available
}

func (s *session) runHold() hold { return hold{Reason: s.busy(), Final: s.stage == stageFailed} }

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

// workerCount is how many workers share the page's long work: one per
// core the browser reports, at least one and at most four (more copies of
// the data and model cost memory for little gain).
func workerCount() int {
	n := app.Window().Get("navigator").Get("hardwareConcurrency")
	if !n.Truthy() {
		return 2
	}
	return min(max(n.Int(), 1), 4)
}

func newPool(ctx app.Context, s *session) (worker.Pool, error) {
	return startPool(workerCount(), ctx.ResolveStaticResource("/web/worker.js"), func(why string) {
		s.self.Dispatch(func(ctx app.Context) {
			s.fail(ctx, failure{Title: "The model's workers stopped",
				Detail: "The page's Web Workers, which train and evaluate the model, stopped working: " + why + ".",
				Hint:   "Reload the page; your clicks are kept. If it happens again, the browser may be short of memory: close other tabs."})
		})
	})
}
