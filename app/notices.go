package app

import "github.com/maxence-charriere/go-app/v9/pkg/app"

// notices shows the failure that stopped the page, if any, and the notes
// for the visitor, each of which can be dismissed.
type notices struct {
	app.Compo
	Icmd  interface{ Dismiss(k int) }
	notes notes
}

func newNotices() *notices { return &notices{} }

func (n *notices) Commands(c interface{ Dismiss(k int) }) *notices { n.Icmd = c; return n }

func (n *notices) OnMount(ctx app.Context) {
	observe(ctx, "notices", keyNotes).Value(&n.notes)
}

func (n *notices) Render() app.UI {
	return app.Div().ID("notices").Class("notices").Body(
		when(n.notes.Failure != nil, func() app.UI {
			f := n.notes.Failure
			return newNotice().Level("error").ID("failure").Title(f.Title).Text(f.Detail).Hint(f.Hint)
		}),
		app.Range(n.notes.List).Slice(func(k int) app.UI {
			return newNotice().Level("info").Text(n.notes.List[k]).DismissIn(n.Icmd, k)
		}),
	)
}
