package app

import "github.com/maxence-charriere/go-app/v9/pkg/app"

// prerendered holds the pre-rendered HTML of the sections in aboveLater,
// read from the browser's page before go-app replaces it (see Page.live).
var prerendered map[string]string

// prerenderedPage is the browser's copy of the whole pre-rendered page,
// which go-app's first mount puts back (see Page.shell).
var prerenderedPage string

// KeepPrerendered copies the pre-rendered sections that go live after the
// first paint. The browser calls it before app.RunWhenOnBrowser: go-app's
// first mount removes the page it reads.
func KeepPrerendered() {
	prerendered = map[string]string{}
	if el := app.Window().Get("document").Call("querySelector", "body > .page"); el.Truthy() {
		prerenderedPage = el.Get("outerHTML").String()
	}
	for _, id := range aboveLater {
		if el := app.Window().GetElementByID(id); el.Truthy() {
			prerendered[id] = el.Get("outerHTML").String()
		}
	}
}
