package app

import "github.com/maxence-charriere/go-app/v9/pkg/app"

// notices shows the failure that stopped the page, if any, and the notes
// for the visitor, each of which can be dismissed.
type notices struct {
	app.Compo
	Isession *session
	notes    notes
}

func newNotices() *notices { return &notices{} }

func (n *notices) Session(s *session) *notices { n.Isession = s; return n }

func (n *notices) OnMount(ctx app.Context) {
	ctx.ObserveState(keyNotes).Value(&n.notes)
}

func (n *notices) Render() app.UI {
	countRender("notices")
	s := n.Isession
	return app.Div().ID("notices").Class("notices").Body(
		when(n.notes.Failure != nil, func() app.UI {
			f := n.notes.Failure
			return newNotice().Level("error").ID("failure").Title(f.Title).Text(f.Detail).Hint(f.Hint)
		}),
		app.Range(n.notes.List).Slice(func(k int) app.UI {
			return newNotice().Level("info").Text(n.notes.List[k]).DismissIn(s, k)
		}),
	)
}
