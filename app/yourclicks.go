package app

import (
	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/ealslive/ealslive/app/visitor"
)

// yourClicks is "Your clicks": the businesses you liked, in order, each of
// which you can take back, and starting over.
type yourClicks struct {
	app.Compo
	Icmd clicksCommands
	you  visitor.You
	data dataSet
}

// clicksCommands are what "Your clicks" sends.
type clicksCommands interface {
	Remove(item int32)
	StartOver()
}

func newYourClicks() *yourClicks { return &yourClicks{} }

func (c *yourClicks) Commands(cmd clicksCommands) *yourClicks { c.Icmd = cmd; return c }

func (c *yourClicks) OnMount(ctx app.Context) {
	observe(ctx, "clicks", drawn(keyYou)).Value(&c.you)
	// The data's words, which change only with the data.
	observe(ctx, "clicks", drawn(keyData)).Value(&c.data)
}

func (c *yourClicks) onRowClick(ctx app.Context, e app.Event) {
	ctx.PreventUpdate()
	if button, id, _ := rowClick(e); button == rowRemove {
		c.Icmd.Remove(id)
	}
}

func (c *yourClicks) Render() app.UI {
	var entries []entry
	if cat := c.you.Cat; cat != nil {
		entries = make([]entry, len(c.you.Liked))
		for k, i := range c.you.Liked {
			entries[k] = entryOf(cat, i, c.you)
		}
	}
	return newHistoryList().Entries(entries).Pending(c.you.Waiting).Words(c.data.words()).
		OnRowClick(c.onRowClick).OnStartOver(func(ctx app.Context, e app.Event) { c.Icmd.StartOver() })
}
