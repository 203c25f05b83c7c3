package app

import (
	"reflect"
	"unsafe"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// This file is the one place the page reaches into go-app's internals:
// go-app v9 redraws only on its frame ticker, which restarts after an idle
// spell a tick after the next event, so a click's new list missed the
// browser's next frame. go-app's public ClientDispatcher.Consume would
// redraw at once too, but it first waits for every ctx.After and ctx.Async
// under way, which would hold a click behind a timer. cmd/build's
// TestGoAppVersion fails when go.mod moves go-app off the version this was
// written for (v9.8.0).

// goappHandleFrame is go-app's own frame: it redraws the components marked
// for an update, then runs what was deferred to after the redraw.
//
//go:linkname goappHandleFrame github.com/maxence-charriere/go-app/v9/pkg/app.(*engine).handleFrame
func goappHandleFrame(engine unsafe.Pointer)

// drawNow redraws what a visitor's click changed as soon as the UI
// goroutine has handled everything the click queued (the state changes
// and their observers' updates, ahead of this in go-app's queue), still
// inside the click's task. The ticker's frame then finds nothing left to
// redraw, so no section draws twice.
func drawNow(ctx app.Context) {
	if ctx == nil || app.IsServer {
		return
	}
	d := ctx.Dispatcher()
	v := reflect.ValueOf(d)
	if v.Kind() != reflect.Pointer || v.Type().String() != "*app.engine" {
		return // not the engine this was written for: its ticker draws
	}
	engine := v.UnsafePointer()
	d.Dispatch(app.Dispatch{Mode: app.Next, Function: func(app.Context) { goappHandleFrame(engine) }})
}
