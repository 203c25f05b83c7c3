package app

import (
	"slices"
	"time"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/ealslive/ealslive/app/catalog"
	"github.com/ealslive/ealslive/core"
)

// How a change reaches the sections. The session publishes each change
// as a value under a key of go-app's state; a section observes the keys of
// what it shows and draws the values it last got. Your list observes the
// keys themselves and redraws in the change's own task. Every other
// section observes drawn(key), which gets the same value once that redraw
// has been painted, all of them in one task of their own: what the
// visitor acted on reaches the screen first.
const (
	keyData    = "eals/data"    // dataSet: the data the page trains on
	keyModel   = "eals/model"   // modelInUse: the model your list comes from
	keyYou     = "eals/you"     // yours: your clicks and your list
	keyBusy    = "eals/busy"    // hold: why a long run cannot start now
	keyScreen  = "eals/screen"  // clickScreen: the last like's time to the screen
	keyNotes   = "eals/notes"   // notes: the failure and the notes at the top
	keyNews    = "eals/news"    // news: the live region's words
	keyResults = "eals/results" // results: the evidence runs' figures
	keyLoad    = "eals/load"    // loadState: data being read, or why it could not be
	keyNear    = "eals/near"    // nearShown: the last "More like this" opened
	keyMapView = "eals/mapview" // string: the factor map section's view (viewFactors, viewWhere)
	keyPresent = "eals/present" // []string: presenter mode's sections, nil when off
)

// drawn is the key under which key's values arrive once the sections
// observing key have been painted with them.
func drawn(key string) string { return key + "/drawn" }

// publish hands v to the sections observing key now, and to those
// observing drawn(key) after the next paint.
func (s *session) publish(ctx app.Context, key string, v any) {
	if ctx == nil {
		return // a test driving the session without a page
	}
	ctx.SetState(key, v)
	s.afterDrawn(ctx, func(ctx app.Context, _ float64) { ctx.SetState(drawn(key), v) })
}

// afterDrawn runs fn on the UI goroutine once what has changed so far has
// been painted, in one task with every other fn asked for meanwhile, in
// the order they were asked for. A hidden tab paints nothing, so a timer
// runs them there, as late as the browser lets it.
func (s *session) afterDrawn(ctx app.Context, fn func(ctx app.Context, paintedAt float64)) {
	if s.self != nil {
		ctx = s.self // the Page's, which stays mounted
	}
	if ctx == nil {
		return
	}
	s.drawnNext = append(s.drawnNext, fn)
	if len(s.drawnNext) > 1 {
		return // asked for already
	}
	ctx.Defer(func(ctx app.Context) {
		var once bool
		run := func(at float64) {
			ctx.Dispatch(func(ctx app.Context) {
				if once {
					return
				}
				once = true
				fns := s.drawnNext
				s.drawnNext = nil
				for _, fn := range fns {
					fn(ctx, at)
				}
				// Once the sections have redrawn for what fn published.
				ctx.Defer(func(app.Context) { s.drew() })
			})
		}
		timer := time.AfterFunc(drawnAtLatest, func() { run(now()) })
		afterPaint(func(at float64) {
			timer.Stop()
			run(at)
		})
	})
}

// drawnAtLatest is how long afterDrawn waits for a paint that may never
// come (a hidden tab); a shown page paints within a frame or two.
const drawnAtLatest = 250 * time.Millisecond

// drew follows what the page shows once it is painted: the tests' probe,
// and the loader, which registers the service worker only once the page
// is ready or has failed, so that its download of the whole site for
// offline use does not slow the page's start.
func (s *session) drew() {
	s.probe.shown(s)
	if s.settled || (s.stage != stageReady && s.stage != stageFailed) {
		return
	}
	s.settled = true
	if f := app.Window().Get("ealsSettled"); f.Type() == app.TypeFunction {
		f.Invoke()
	}
}

// dataSet is the data the page trains on, as the sections show it.
type dataSet struct {
	Cat    *catalog.Catalog // its businesses; nil until they are read
	Info   *dataInfo        // what it holds; nil until it has arrived
	Failed bool             // it could not be loaded
}

// modelInUse is the model your list comes from: its settings, and, once
// trained, the model and its training run.
type modelInUse struct {
	Config core.Config
	Model  *core.Model // nil while it trains
	Run    trainingRun
	// Plane is the factor map's plane of Model, as the workers found it;
	// nil: the page finds it.
	Plane *core.Plane
}

// plane is the factor map's plane of the model in use.
func (m modelInUse) plane() (*core.Plane, error) {
	if m.Plane != nil {
		return m.Plane, nil
	}
	return m.Model.ItemPlane()
}

func (s *session) publishModel(ctx app.Context) { s.publish(ctx, keyModel, s.inUse) }

// clickScreen is how long a like took to reach the screen.
type clickScreen struct {
	Of *clickTiming // the like, as yours.Last gives it
	Ms float64      // from the click event to the first frame painted after the update
}

// notes are the messages at the top of the page.
type notes struct {
	Failure *failure // what stopped the page, if it stopped
	List    []string // for the visitor, newest last
}

func (n notes) clone() notes { return notes{Failure: n.Failure, List: slices.Clone(n.List)} }

// news is the live region's words: what the last action changed.
type news struct {
	Text   string
	ToList bool // the change is in your list, which the bar on a phone links to
}

// showResults records an evidence run's latest figures, which set puts in
// place, for the export and the probe.
func (s *session) showResults(ctx app.Context, set func(r *results)) {
	set(&s.results)
	s.publish(ctx, keyResults, s.results)
}

// results are the figures of the evidence runs, as their sections last
// showed them.
type results struct {
	Replay   replayRun
	Compare  compareRun
	Newcomer newcomerRun
}
