//go:build wasm

package main

import "github.com/maxence-charriere/go-app/v9/pkg/app"

// main is the page itself when this package is compiled to WebAssembly.
// Only route registration is shared with the native build tool, so the
// generator and server code stay out of app.wasm.
func main() {
	registerRoutes()
	app.RunWhenOnBrowser()
}
