package app

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// keepFocus puts the keyboard's focus on the business just liked, in the
// list it was liked in, once the list has redrawn. A like re-ranks the
// list, so the focused button may now belong to another business, or the
// liked one may have left the list; without this, focus would land on
// another row or fall to the page's body. If the business left the list
// (your list leaves out what you like), the business now in its row takes
// the focus, or the list's heading if the row is gone.
func keepFocus(c likeClick, row int) {
	if c.List == "" {
		return
	}
	doc := app.Window().Get("document")
	list := doc.Call("getElementById", c.List)
	if !list.Truthy() {
		return
	}
	// Only if the focus was in that list, or lost: a visitor who moved on
	// keeps their place.
	active := doc.Get("activeElement")
	if active.Truthy() && !active.Equal(doc.Get("body")) && !list.Call("contains", active).Bool() {
		return
	}
	opts := map[string]any{"preventScroll": true}
	if b := list.Call("querySelector", `li[data-id="`+strconv.Itoa(int(c.Item))+`"] button`); b.Truthy() {
		b.Call("focus", opts)
		return
	}
	if row >= 0 {
		if b := list.Call("querySelector", `li:nth-child(`+strconv.Itoa(row+1)+`) button.like`); b.Truthy() {
			b.Call("focus", opts)
			return
		}
	}
	if h := list.Get("parentElement").Call("querySelector", "h2"); h.Truthy() {
		h.Call("setAttribute", "tabindex", "-1")
		h.Call("focus", opts)
	}
}

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
