package app

import "github.com/maxence-charriere/go-app/v9/pkg/app"

// focusOn handles a link within the page: the element sel takes the
// keyboard's focus and comes into view. A heading is made focusable for it.
// (go-app's router takes over a link's click, and the browser would
// otherwise only scroll, leaving the focus where it was.)
func focusOn(sel string) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		el := app.Window().Get("document").Call("querySelector", sel)
		if !el.Truthy() {
			return
		}
		e.PreventDefault()
		moveFocus(el)
	}
}

// moveFocus puts the focus on el and brings it into view.
func moveFocus(el app.Value) {
	if t := el.Get("tagName").String(); t == "H2" || t == "H3" {
		el.Call("setAttribute", "tabindex", "-1")
	}
	el.Call("focus", map[string]any{"preventScroll": true})
	el.Call("scrollIntoView", map[string]any{"block": "start"})
}
