//go:build wasm

package app

import (
	"reflect"
	"unsafe"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// goappHandleFrame is go-app's own frame: it redraws the components marked
// for an update, then runs what was deferred to after the redraw
// (ctx.Defer). go-app v9 calls it only from a 120 Hz ticker, which after an
// idle spell restarts on the next event, so a click's new list reached the
// DOM 8.3 ms after its handler at the earliest (17 ms in the median) and
// missed the browser's next frame: 36 ms from click to screen. go-app has
// no exported way to redraw at once, and go.mod pins v9.8.0; a go-app
// without this method fails the build here, not the page.
//
//go:linkname goappHandleFrame github.com/maxence-charriere/go-app/v9/pkg/app.(*engine).handleFrame
func goappHandleFrame(engine unsafe.Pointer)

// drawNow redraws what a visitor's click changed as soon as the UI
// goroutine has handled everything the click queued (the state changes
// and their observers' updates, which are ahead of this in go-app's
// queue), still inside the click's task, instead of at the next tick. The
// ticker's frame then finds nothing left to redraw, so no section draws
// twice.
func drawNow(ctx app.Context) {
	if ctx == nil {
		return // a test driving the session without a page
	}
	d := ctx.Dispatcher()
	v := reflect.ValueOf(d)
	if v.Kind() != reflect.Pointer || v.Type().String() != "*app.engine" {
		return // not the engine this was written for: its ticker draws
	}
	engine := v.UnsafePointer()
	d.Dispatch(app.Dispatch{Mode: app.Next, Function: func(app.Context) { goappHandleFrame(engine) }})
}
