package app

import (
	"time"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// How a change reaches the sections. The page's owners (you, the runs,
// the page's own state) publish each change as a value under a key of
// go-app's state; a section observes the keys of what it shows and draws
// the values it last got. A value is never changed once published: a
// change publishes a new one. Your list observes the keys themselves and
// redraws in the change's own task. Every other section observes
// drawn(key), which gets the same value once that redraw has been
// painted, all of them in one task of their own: what the visitor acted
// on reaches the screen first. What must wait for the paint (the
// keyboard's focus, a section scrolled into view) is a published value
// too, observed after the paint.
const (
	keyData     = "eals/data"     // dataSet: the data the page trains on
	keyLoad     = "eals/load"     // loadState: data being read, or why it could not be
	keyStage    = "eals/stage"    // stage: how far the page has got
	keyBusy     = "eals/busy"     // hold: why a long run cannot start now
	keyModel    = "eals/model"    // modelInUse: the model your list comes from
	keyTraining = "eals/training" // trainingShown: the model's training, as it goes
	keyYou      = "eals/you"      // visitor.You: your clicks and your list
	keyScreen   = "eals/screen"   // clickScreen: the last like's time to the screen
	keyNotes    = "eals/notes"    // notes: the failure and the notes at the top
	keyNews     = "eals/news"     // news: the live region's words
	keyReplay   = "eals/replay"   // runs.Replay: the replay
	keyCompare  = "eals/compare"  // runs.Comparison: eALS against its rivals
	keyNewcomer = "eals/newcomer" // runs.Newcomers: the newcomers followed
	keySecond   = "eals/second"   // secondRun: the second model's training
	keyRetrain  = "eals/retrain"  // runs.Retrain: your list against a full retrain
	keyNear     = "eals/near"     // nearShown: the last "More like this" opened
	keyMapView  = "eals/mapview"  // string: the factor map section's view (viewFactors, viewWhere)
	keyMapShown = "eals/mapshown" // factorMapShown: what the factor map drew
	keyPresent  = "eals/present"  // []string: presenter mode's sections, nil when off
	keyFocus    = "eals/focus"    // focusRequest: where the keyboard's focus goes once painted
	keyView     = "eals/view"     // string: a section, or a view of one, to bring into view once painted
	keyOpen     = "eals/open"     // openRequest: a "why?" or "similar" of your list to open
	keyLesson   = "eals/lesson"   // lessonShown: the lesson's step
)

// drawn is the key under which key's values arrive once the sections
// observing key have been painted with them.
func drawn(key string) string { return key + "/drawn" }

// observe is how a section follows key: ctx is the section's, section its
// name for the tests' probe, which counts the values handed to each
// section (each one redraws it).
func observe(ctx app.Context, section, key string) app.Observer {
	return ctx.ObserveState(key).OnChange(func() { countDelivery(section) })
}

// publisher is where the page's owners hand their values to the sections,
// and how news from the workers reaches the UI goroutine. The page's is a
// board; tests record what is published.
type publisher interface {
	// publish hands v to the sections observing key now, and to those
	// observing drawn(key) after the next paint.
	publish(key string, v any)
	// publishNow is publish for your list's keys: the sections observing
	// key are redrawn at once, in this task (drawnow.go).
	publishNow(key string, v any)
	// publishOnPaint publishes the value made from the time the next
	// paint came (a like's time to the screen).
	publishOnPaint(key string, v func(paintedAt float64) any)
	// dispatch runs fn on the UI goroutine.
	dispatch(fn func())
}

// board is the page's publisher, on go-app's state.
type board struct {
	// self is the Page's context, which stays mounted; nil until the page
	// mounts (while it is pre-rendered nothing is published).
	self  app.Context
	probe *probe
	// next is what waits for the page's next paint (afterDrawn).
	next []func(ctx app.Context, paintedAt float64)
}

// mount starts publishing on the Page's context ctx, and the tests' probe
// with it.
func (b *board) mount(ctx app.Context) {
	b.self = ctx
	b.probe.start()
}

func (b *board) publish(key string, v any) {
	b.probe.published(key, v)
	if b.self == nil {
		return
	}
	b.self.SetState(key, v)
	b.afterDrawn(func(ctx app.Context, at float64) {
		ctx.SetState(drawn(key), v)
		b.probe.drawn(key, v, at)
	})
}

func (b *board) publishNow(key string, v any) {
	b.publish(key, v)
	drawNow(b.self)
}

func (b *board) publishOnPaint(key string, v func(paintedAt float64) any) {
	b.afterDrawn(func(_ app.Context, at float64) { b.publish(key, v(at)) })
}

func (b *board) dispatch(fn func()) {
	if b.self == nil {
		fn()
		return
	}
	b.self.Dispatch(func(app.Context) { fn() })
}

// afterDrawn runs fn on the UI goroutine once what has changed so far has
// been painted, in one task with every other fn asked for meanwhile, in
// the order they were asked for. A hidden tab paints nothing, so a timer
// runs them there, as late as the browser lets it.
func (b *board) afterDrawn(fn func(ctx app.Context, paintedAt float64)) {
	if b.self == nil {
		return
	}
	b.next = append(b.next, fn)
	if len(b.next) > 1 {
		return // asked for already
	}
	ctx := b.self
	ctx.Defer(func(ctx app.Context) {
		var once bool
		run := func(at float64) {
			ctx.Dispatch(func(ctx app.Context) {
				if once {
					return
				}
				once = true
				fns := b.next
				b.next = nil
				for _, fn := range fns {
					fn(ctx, at)
				}
				// Once the sections have redrawn for what fn published.
				ctx.Defer(func(app.Context) { b.probe.redrawn() })
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
