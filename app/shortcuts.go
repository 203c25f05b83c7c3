package app

import (
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// shortcut is a key for a main action or part of the page, so that a
// keyboard user, or a teacher at a projector, reaches them without tabbing
// through everything before them.
type shortcut struct {
	Key, Does string
	// Targets are CSS selectors, the first found taking the focus, or,
	// with Press, being pressed.
	Targets []string
	Press   bool
	// Act, if set, is the key's action instead; it says whether the key
	// was used.
	Act func(c commands) bool
}

var shortcuts = []shortcut{
	{Key: "/", Does: "search the finder", Targets: []string{"#search"}},
	{Key: "l", Does: "go to your list (its first {item})", Targets: []string{"#ranked-list li[data-id] button.like", "#you h2"}},
	{Key: "y", Does: "like the {item} in focus", Act: likeFocused},
	{Key: "c", Does: "go to your clicks", Targets: []string{"#history h2"}},
	{Key: "i", Does: "go to “Inside the model”", Targets: []string{"#teach h2"}},
	{Key: "n", Does: "next step of the update", Targets: []string{"#stepper-next"}, Press: true},
	{Key: "b", Does: "step of the update back", Targets: []string{"#stepper-back"}, Press: true},
	{Key: "g", Does: "play or pause the update's steps", Targets: []string{"#stepper-play"}, Press: true},
	{Key: "r", Does: "go to the replay", Targets: []string{"#replay-start", "#replay-stop", "#replay h2"}},
	{Key: "s", Does: "start or stop the replay", Targets: []string{"#replay-start", "#replay-stop"}, Press: true},
	{Key: "p", Does: "presenter mode on or off", Act: func(c commands) bool { c.TogglePresenter(); return true }},
	{Key: "t", Does: "take the lesson, or its next step", Act: lessonKey},
	{Key: "?", Does: "go to this list of shortcuts", Targets: []string{"#keys summary"}},
}

// presenterKeys are the keys a projector's clicker sends, which step the
// update in presenter mode, and the arrows that move through a list. Out
// of presenter mode they scroll the page, as a visitor expects.
var presenterKeys = map[string]string{
	"ArrowRight": "n", "PageDown": "n",
	"ArrowLeft": "b", "PageUp": "b",
}

// typing are the elements where keys are text (or move a choice), not
// shortcuts; a checkbox is not one, so that a teacher who ticks a section
// in presenter mode can step the update next.
const typing = "select, textarea, [contenteditable], input:not([type=checkbox]):not([type=button])"

// listenForShortcuts handles the shortcuts anywhere on the page but where
// the visitor types, sending the commands c; presenter mode's keys apply
// while the page's root says it is on.
func listenForShortcuts(c commands) {
	app.Window().AddEventListener("keydown", func(ctx app.Context, e app.Event) {
		if e.Get("ctrlKey").Bool() || e.Get("metaKey").Bool() || e.Get("altKey").Bool() {
			return
		}
		if t := e.Get("target"); t.Truthy() && t.Call("closest", typing).Truthy() {
			return
		}
		key := e.Get("key").String()
		if presenting() {
			if key == "ArrowDown" || key == "ArrowUp" {
				if moveInList(key == "ArrowDown") {
					e.PreventDefault()
				}
				return
			}
			if k, ok := presenterKeys[key]; ok {
				key = k
			}
		}
		for _, sc := range shortcuts {
			if sc.Key != key {
				continue
			}
			if sc.Act != nil {
				if sc.Act(c) {
					e.PreventDefault()
				}
				return
			}
			el := firstShown(sc.Targets)
			if !el.Truthy() {
				return
			}
			e.PreventDefault()
			switch {
			case sc.Press:
				el.Call("click")
			case sc.Key == "?":
				el.Get("parentElement").Set("open", true)
				moveFocus(el)
			default:
				moveFocus(el)
			}
			return
		}
	})
}

// firstShown is the first element matching one of sels that the visitor
// can see: in presenter mode, a key does nothing for a section not shown.
func firstShown(sels []string) app.Value {
	doc := app.Window().Get("document")
	for _, sel := range sels {
		if el := doc.Call("querySelector", sel); el.Truthy() && el.Get("offsetParent").Truthy() {
			return el
		}
	}
	return app.Null()
}

// lessonKey opens the lesson, or goes to its next step.
func lessonKey(c commands) bool {
	if app.Window().Get("document").Call("querySelector", ".page.lesson").Truthy() {
		c.LessonNext()
	} else {
		c.OpenLesson(1)
	}
	return true
}

// presenting says whether presenter mode is on, as the page shows it.
func presenting() bool {
	return app.Window().Get("document").Call("querySelector", ".page.presenter").Truthy()
}

// likeFocused likes the business whose row has the focus, in any list.
func likeFocused(c commands) bool {
	row := focusedRow()
	if !row.Truthy() {
		return false
	}
	if b := row.Call("querySelector", "button.like"); b.Truthy() && !b.Get("disabled").Bool() {
		b.Call("click")
		return true
	}
	if row.Call("querySelector", "button.liked").Truthy() {
		// Named, as the row names it: the shortcut knows no data's words.
		c.Announce("You already like "+row.Call("querySelector", ".biz-name").Get("textContent").String()+".", false)
		return true
	}
	return false
}

// focusedRow is the list row (a business) holding the focus, or null.
func focusedRow() app.Value {
	active := app.Window().Get("document").Get("activeElement")
	if !active.Truthy() {
		return app.Null()
	}
	return active.Call("closest", "li[data-id]")
}

// moveInList moves the focus to the next (or previous) business of the
// list holding it, onto the same kind of button; it says whether it did.
func moveInList(down bool) bool {
	row := focusedRow()
	if !row.Truthy() {
		return false
	}
	sibling := "previousElementSibling"
	if down {
		sibling = "nextElementSibling"
	}
	for next := row.Get(sibling); next.Truthy(); next = next.Get(sibling) {
		if b := next.Call("querySelector", "button.like, button.liked"); b.Truthy() {
			// Only as far as needed: moveFocus would bring the row to the
			// top of the screen at every step.
			b.Call("focus", map[string]any{"preventScroll": true})
			b.Call("scrollIntoView", map[string]any{"block": "nearest"})
			return true
		}
	}
	return false
}

// shortcutHelp lists the shortcuts on the page, with the data's things
// called item ("business").
func shortcutHelp(item string) app.UI {
	words := strings.NewReplacer("{item}", item)
	return app.Details().ID("keys").Class("keys").Body(
		app.Summary().Text("Keyboard shortcuts"),
		app.Dl().Body(
			app.Range(shortcuts).Slice(func(k int) app.UI {
				s := shortcuts[k]
				return app.Div().Body(app.Dt().Body(app.Kbd().Text(s.Key)), app.Dd().Text(words.Replace(s.Does)))
			}),
		),
		app.P().Class("small").Text("In presenter mode, ↓ and ↑ move through a list, and → and ← (or a clicker's "+
			"Page Down and Page Up) step the update. Tab and Enter reach everything else; the buttons in the lists name their "+item+"."),
	)
}
