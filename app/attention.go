package app

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// attention brings the keyboard's focus and the screen to where a change
// asks once it is painted: the business just liked, in the list it was
// liked in (focusRequest), and a section asked for by a link, the lesson
// or a command (keyView). It draws nothing.
type attention struct {
	app.Compo
	focus focusRequest
	view  string
}

func newAttention() *attention { return &attention{} }

func (a *attention) OnMount(ctx app.Context) {
	observe(ctx, "attention", drawn(keyFocus)).OnChange(func() { keepFocus(a.focus) }).Value(&a.focus)
	observe(ctx, "attention", drawn(keyView)).OnChange(func() { scrollTo(a.view) }).Value(&a.view)
}

func (a *attention) Render() app.UI { return app.Span().Class("attention").Hidden(true) }

// scrollTo brings a section, or the section of a view of one, into view.
func scrollTo(view string) {
	if e := app.Window().GetElementByID(sectionOf(view)); e.Truthy() {
		e.Call("scrollIntoView")
	}
}

// keepFocus puts the keyboard's focus on the business just liked, in the
// list it was liked in. A like re-ranks the list, so the focused button
// may now belong to another business, or the liked one may have left the
// list; without this, focus would land on another row or fall to the
// page's body. If the business left the list (your list leaves out what
// you like), the business now in its row takes the focus, or the list's
// heading if the row is gone.
func keepFocus(f focusRequest) {
	doc := app.Window().Get("document")
	if f.To != "" {
		if el := doc.Call("querySelector", f.To); el.Truthy() {
			moveFocus(el)
		}
		return
	}
	if f.List == "" {
		return
	}
	list := doc.Call("getElementById", f.List)
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
	// The row's own "I like" (now "Liked"), or that of a "More like this"
	// panel's line the like came from.
	at := `[data-id="` + strconv.Itoa(int(f.Item)) + `"]`
	if b := list.Call("querySelector", `li`+at+` > .row-actions > button.like, li`+at+` > .row-actions > button.liked, .near-item`+at+` > button`); b.Truthy() {
		b.Call("focus", opts)
		return
	}
	if f.Row >= 0 {
		if b := list.Call("querySelector", `li:nth-child(`+strconv.Itoa(f.Row+1)+`) button.like`); b.Truthy() {
			b.Call("focus", opts)
			return
		}
	}
	if h := list.Get("parentElement").Call("querySelector", "h2"); h.Truthy() {
		h.Call("setAttribute", "tabindex", "-1")
		h.Call("focus", opts)
	}
}
