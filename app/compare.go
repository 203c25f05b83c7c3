package app

import (
	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/ealslive/ealslive/app/runs"
)

// compareSection is "eALS against its rivals": the workers train the
// rivals, each worker its share of them, and the section shows their
// accuracy and speed side by side. The run is the runner's.
type compareSection struct {
	app.Compo
	Icmd  compareCommands
	shown runs.Comparison
	hold  hold
	data  dataSet
}

// compareCommands are what the comparison sends.
type compareCommands interface {
	StartComparison()
	Stop(kind runKind)
}

func newCompareSection() *compareSection { return &compareSection{} }

func (c *compareSection) Commands(cmd compareCommands) *compareSection { c.Icmd = cmd; return c }

func (c *compareSection) OnMount(ctx app.Context) {
	observe(ctx, "compare", drawn(keyBusy)).Value(&c.hold)
	observe(ctx, "compare", keyCompare).Value(&c.shown)
	// The data's words, which change only with the data: a like leaves it.
	observe(ctx, "compare", drawn(keyData)).Value(&c.data)
}

func (c *compareSection) onButton(ctx app.Context, start bool) {
	if start {
		c.Icmd.StartComparison()
		return
	}
	c.Icmd.Stop(runCompare)
}

func (c *compareSection) Render() app.UI {
	h := hold{}
	if !c.shown.Running {
		h = c.hold
	}
	return newComparePanel().Run(c.shown).Blocked(h).Stopping(c.shown.Running && c.shown.Stopping).OnButton(c.onButton).
		Words(c.data.words())
}
