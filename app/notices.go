package app

import "github.com/maxence-charriere/go-app/v9/pkg/app"

// notices shows the failure that stopped the page, if any, and the notes
// for the visitor, each of which can be dismissed.
type notices struct {
	app.Compo
	Isession *session
	version  int
}

func newNotices() *notices { return &notices{} }

func (n *notices) Session(s *session) *notices { n.Isession = s; return n }

func (n *notices) OnMount(ctx app.Context) {
	ctx.ObserveState(stateNotes).Value(&n.version)
}

func (n *notices) Render() app.UI {
	countRender("notices")
	s := n.Isession
	return app.Div().ID("notices").Class("notices").Body(
		when(s.failure != nil, func() app.UI {
			f := s.failure
			return newNotice().Level("error").ID("failure").Title(f.Title).Text(f.Detail).Hint(f.Hint)
		}),
		app.Range(s.notes).Slice(func(k int) app.UI {
			return newNotice().Level("info").Text(s.notes[k]).DismissIn(s, k)
		}),
	)
}

// dismiss drops note k.
func (s *session) dismiss(ctx app.Context, k int) {
	if k >= 0 && k < len(s.notes) {
		s.notes = append(s.notes[:k:k], s.notes[k+1:]...)
		s.changed(ctx, stateNotes)
	}
}
