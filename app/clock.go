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

// now is the page's clock, performance.now(), in milliseconds since
// navigation; event timestamps use the same clock.
func now() float64 {
	return app.Window().Get("performance").Call("now").Float()
}
