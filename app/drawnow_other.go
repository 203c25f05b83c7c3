//go:build !wasm

package app

import "github.com/maxence-charriere/go-app/v9/pkg/app"

// drawNow leaves the redraw to go-app's ticker: outside the browser there
// is no page to draw (see drawnow_wasm.go).
func drawNow(app.Context) {}
