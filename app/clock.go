package app

import "github.com/maxence-charriere/go-app/v9/pkg/app"

// afterPaint calls fn with performance.now() once the browser has painted
// the next frame: requestAnimationFrame runs just before a paint, and a
// zero timeout set there runs just after it.
func afterPaint(fn func(now float64)) {
	var frame, later app.Func
	later = app.FuncOf(func(this app.Value, args []app.Value) any {
		now := now()
		frame.Release()
		later.Release()
		// A JavaScript callback must not block; fn dispatches to the UI
		// goroutine.
		go fn(now)
		return nil
	})
	frame = app.FuncOf(func(this app.Value, args []app.Value) any {
		app.Window().Call("setTimeout", later, 0)
		return nil
	})
	app.Window().Call("requestAnimationFrame", frame)
}

// NextTask calls fn from a task of its own, queued behind the tasks
// already waiting, as a message to a MessageChannel is. A sleep does not
// do this reliably: Go on WebAssembly returns to the browser only once no
// goroutine can run, so a sleeper whose time passed meanwhile goes on in
// the same task.
func NextTask(fn func()) {
	ch := app.Window().Get("MessageChannel").New()
	var got app.Func
	got = app.FuncOf(func(this app.Value, args []app.Value) any {
		got.Release()
		ch.Get("port1").Call("close")
		// A JavaScript callback must not block; fn dispatches to the UI
		// goroutine.
		go fn()
		return nil
	})
	ch.Get("port1").Set("onmessage", got)
	ch.Get("port2").Call("postMessage", nil)
}

// pageHidden says whether the page's tab is hidden, when it paints no
// frames.
func pageHidden() bool {
	return app.Window().Get("document").Get("hidden").Bool()
}

// now is the page's clock, performance.now(), in milliseconds since
// navigation; event timestamps use the same clock.
func now() float64 {
	return app.Window().Get("performance").Call("now").Float()
}
