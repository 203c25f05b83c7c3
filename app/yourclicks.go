package app

import "github.com/maxence-charriere/go-app/v9/pkg/app"

// yourClicks is "Your clicks": the businesses you liked, in order, each of
// which you can take back, and starting over.
type yourClicks struct {
	app.Compo
	Isession *session
	data     dataSet
	you      yours
	ctx      app.Context
}

func newYourClicks() *yourClicks { return &yourClicks{} }

func (c *yourClicks) Session(s *session) *yourClicks { c.Isession = s; return c }

func (c *yourClicks) OnMount(ctx app.Context) {
	c.ctx = ctx
	ctx.ObserveState(drawn(keyData)).Value(&c.data)
	ctx.ObserveState(drawn(keyYou)).Value(&c.you)
}

func (c *yourClicks) onRowClick(ctx app.Context, e app.Event) {
	ctx.PreventUpdate()
	if button, id, _ := rowClick(e); button == rowRemove {
		c.Isession.Remove(c.ctx, id)
	}
}

func (c *yourClicks) Render() app.UI {
	countRender("clicks")
	var entries []entry
	if cat := c.you.Cat; cat != nil {
		entries = make([]entry, len(c.you.Liked))
		for k, i := range c.you.Liked {
			entries[k] = entryOf(cat, i, c.you)
		}
	}
	return newHistoryList().Entries(entries).Pending(c.you.Waiting).
		OnRowClick(c.onRowClick).OnStartOver(func(ctx app.Context, e app.Event) { c.Isession.StartOver(c.ctx) })
}
