//go:build wasm

package main

import (
	"os"
	"syscall/js"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	ui "github.com/ealslive/ealslive/app"
	"github.com/ealslive/ealslive/app/worker"
)

// main is the page itself when this package is compiled to WebAssembly, or,
// started by web/worker.js with the argument "worker", one of the page's
// Web Workers: one binary, downloaded and compiled once. Only route
// registration is shared with the native build tool, so the generator and
// server code stay out of app.wasm.
func main() {
	if len(os.Args) > 1 && os.Args[1] == "worker" {
		worker.Run()
		return
	}
	ui.RegisterRoutes()
	ui.KeepPrerendered()
	// Give the browser its thread back once between the Go runtime's start
	// and go-app's first render, which otherwise make one long task. A
	// sleep does not always: Go on WebAssembly returns to the browser only
	// once nothing is left to run, and when what runs meanwhile (the
	// runtime's own goroutines) outlasts the sleep, the sleeper goes on in
	// the same task. A zero timeout's callback comes in a task of its own.
	done := make(chan struct{})
	var resume js.Func
	resume = js.FuncOf(func(js.Value, []js.Value) any {
		resume.Release()
		close(done)
		return nil
	})
	js.Global().Call("setTimeout", resume, 0)
	<-done
	app.RunWhenOnBrowser()
}
