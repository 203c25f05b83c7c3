package app

import "github.com/maxence-charriere/go-app/v9/pkg/app"

// RegisterRoutes maps URL paths to the page's components. The static-site
// generator (natively) and the page (in WebAssembly) both call it: the
// generator pre-renders each route and the browser mounts the same
// component, so the two must agree.
func RegisterRoutes() {
	app.RouteFunc("/", NewPage)
}
