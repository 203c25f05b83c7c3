package app

import "github.com/maxence-charriere/go-app/v9/pkg/app"

// yourClicks is "Your clicks": the businesses you liked, in order, each of
// which you can take back, and starting over.
type yourClicks struct {
	app.Compo
	Isession *session
	seen     int
	ctx      app.Context
}

func newYourClicks() *yourClicks { return &yourClicks{} }

func (c *yourClicks) Session(s *session) *yourClicks { c.Isession = s; return c }

func (c *yourClicks) OnMount(ctx app.Context) {
	c.ctx = ctx
	ctx.ObserveState(stateAside).Value(&c.seen)
}

func (c *yourClicks) onRowClick(ctx app.Context, e app.Event) {
	ctx.PreventUpdate()
	if button, id, _ := rowClick(e); button == rowRemove {
		c.Isession.Remove(c.ctx, id)
	}
}

func (c *yourClicks) Render() app.UI {
	countRender("clicks")
	s := c.Isession
	var entries []entry
	if s.cat != nil {
		entries = make([]entry, len(s.you.liked))
		for k, i := range s.you.liked {
			entries[k] = s.entry(i)
		}
	}
	return newHistoryList().Entries(entries).Pending(!s.you.trained() && s.stage != stageFailed).
		OnRowClick(c.onRowClick).OnStartOver(func(ctx app.Context, e app.Event) { s.StartOver(c.ctx) })
}
