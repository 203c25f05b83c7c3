package app

import (
	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// shortcut is a key that moves the keyboard's focus to a part of the page,
// so that a keyboard user (or a teacher at a projector) reaches the main
// actions without tabbing through everything before them.
type shortcut struct {
	Key, Does string
	Targets   []string // CSS selectors of what takes the focus, the first found
}

var shortcuts = []shortcut{
	{"/", "search the finder", []string{"#search"}},
	{"l", "go to your list (its first business)", []string{"#ranked-list li[data-id] button.like", "#you h2"}},
	{"c", "go to your clicks", []string{"#history h2"}},
	{"i", "go to “Inside the model”", []string{"#teach h2"}},
	{"r", "go to the replay", []string{"#replay-start", "#replay-stop", "#replay h2"}},
	{"?", "go to this list of shortcuts", []string{"#keys summary"}},
}

// listenForShortcuts handles the shortcuts anywhere on the page but in a
// field, where the keys are text.
func listenForShortcuts() {
	app.Window().AddEventListener("keydown", func(ctx app.Context, e app.Event) {
		if e.Get("ctrlKey").Bool() || e.Get("metaKey").Bool() || e.Get("altKey").Bool() {
			return
		}
		if t := e.Get("target"); t.Truthy() && t.Call("closest", "input, select, textarea, [contenteditable]").Truthy() {
			return
		}
		key := e.Get("key").String()
		for _, s := range shortcuts {
			if s.Key != key {
				continue
			}
			doc := app.Window().Get("document")
			var el app.Value
			for _, sel := range s.Targets {
				if el = doc.Call("querySelector", sel); el.Truthy() {
					break
				}
			}
			if !el.Truthy() {
				return
			}
			e.PreventDefault()
			if s.Key == "?" {
				el.Get("parentElement").Set("open", true)
			}
			moveFocus(el)
			return
		}
	})
}

// shortcutHelp lists the shortcuts on the page.
func shortcutHelp() app.UI {
	return app.Details().ID("keys").Class("keys").Body(
		app.Summary().Text("Keyboard shortcuts"),
		app.Dl().Body(
			app.Range(shortcuts).Slice(func(k int) app.UI {
				s := shortcuts[k]
				return app.Div().Body(app.Dt().Body(app.Kbd().Text(s.Key)), app.Dd().Text(s.Does))
			}),
		),
		app.P().Class("small").Text("Tab and Enter reach everything else; the buttons in the lists name their business."),
	)
}
