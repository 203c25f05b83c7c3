//go:build wasm

package main

import (
	"os"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	ui "github.com/ealslive/ealslive/app"
	"github.com/ealslive/ealslive/app/webworker"
)

// main is the page itself when this package is compiled to WebAssembly, or,
// started by web/worker.js with the argument "worker", one of the page's
// Web Workers: one binary, downloaded and compiled once. Only route
// registration is shared with the native build tool, so the generator and
// server code stay out of app.wasm.
func main() {
	if len(os.Args) > 1 && os.Args[1] == "worker" {
		webworker.Run()
		return
	}
	ui.RegisterRoutes()
	app.RunWhenOnBrowser()
}
