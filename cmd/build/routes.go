package main

import (
	"github.com/maxence-charriere/go-app/v9/pkg/app"

	ui "github.com/ealslive/ealslive/app"
)

// registerRoutes maps URL paths to the page's components. The static-site
// generator (native) and the page (WebAssembly) both call it: the generator
// pre-renders each route and the browser mounts the same component, so the
// two must agree.
func registerRoutes() {
	app.RouteFunc("/", ui.NewPage)
}
