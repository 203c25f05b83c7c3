package app

import (
	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/ealslive/ealslive/app/runs"
)

// replaySection is "Cold start, replayed": the paper's online protocol,
// run by the workers, shown as it goes. The lanes chosen are its own; the
// run is the runner's.
type replaySection struct {
	app.Compo
	Icmd    replayCommands
	shown   runs.Replay
	model   modelInUse
	data    dataSet
	hold    hold
	choices runs.ReplayChoices
}

// replayCommands are what the replay sends.
type replayCommands interface {
	StartReplay(choices runs.ReplayChoices)
	Stop(kind runKind)
}

func newReplaySection() *replaySection { return &replaySection{} }

func (c *replaySection) Commands(cmd replayCommands) *replaySection { c.Icmd = cmd; return c }

func (c *replaySection) OnMount(ctx app.Context) {
	observe(ctx, "replay", drawn(keyModel)).Value(&c.model)
	observe(ctx, "replay", drawn(keyData)).Value(&c.data)
	observe(ctx, "replay", drawn(keyBusy)).Value(&c.hold)
	observe(ctx, "replay", keyReplay).Value(&c.shown)
}

func (c *replaySection) onButton(ctx app.Context, start bool) {
	if start {
		c.Icmd.StartReplay(c.choices)
		return
	}
	c.Icmd.Stop(runReplay)
}

func (c *replaySection) Render() app.UI {
	h := hold{}
	if !c.shown.Running {
		h = c.hold
		if t := timeless(c.data); t.Reason != "" {
			h = t
		}
	}
	return newReplayPanel().Run(c.shown).Blocked(h).Stopping(c.shown.Running && c.shown.Stopping).
		FineClock(fineClock()).OnButton(c.onButton).Choices(c.renderChoices()).Words(c.data.words())
}
