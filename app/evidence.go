package app

import (
	"encoding/json"
	"sync/atomic"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// evidence is what the page holds of the two runs that back its claims
// with numbers: the cold-start replay and the comparison with the rivals.
// Each run's goroutine dispatches copies of its progress here.
type evidence struct {
	replay      replayRun
	compare     compareRun
	stopReplay  *atomic.Bool // the running replay's stop flag; nil when none runs
	stopCompare *atomic.Bool
}

// running says which evidence run holds the page, or "".
func (e *evidence) running() string {
	switch {
	case e.replay.Running:
		return "the replay is running"
	case e.compare.Running:
		return "the comparison is running"
	}
	return ""
}

func (p *Page) handleEvidence(ctx app.Context) {
	ctx.Handle(actReplay, func(ctx app.Context, a app.Action) {
		if start, ok := a.Value.(bool); ok {
			if start {
				p.startReplay(ctx)
			} else if s := p.evidence.stopReplay; s != nil {
				s.Store(true)
			}
		}
	})
	ctx.Handle(actCompare, func(ctx app.Context, a app.Action) {
		if start, ok := a.Value.(bool); ok {
			if start {
				p.startCompare(ctx)
			} else if s := p.evidence.stopCompare; s != nil {
				s.Store(true)
			}
		}
	})
}

// startReplay begins a replay unless something else is running. Running
// is set here, on the page's own goroutine, so that a second click cannot
// start a second run before the first reports.
func (p *Page) startReplay(ctx app.Context) {
	if p.busy() != "" || p.src == nil {
		return
	}
	stop := new(atomic.Bool)
	cfg := p.cfg
	p.evidence.stopReplay = stop
	p.evidence.replay = replayRun{Running: true, Phase: "training", Config: cfg, Epochs: cfg.Epochs}
	p.publishEvidence()
	data := p.src.pack.Data
	ctx.Async(func() { p.runReplay(ctx, data, cfg, stop) })
}

func (p *Page) startCompare(ctx app.Context) {
	if p.busy() != "" || p.src == nil {
		return
	}
	stop := new(atomic.Bool)
	cfg := p.cfg
	src := p.src
	p.evidence.stopCompare = stop
	p.evidence.compare = newCompareRun(rivals(cfg), len(src.test))
	p.publishEvidence()
	ctx.Async(func() { p.runCompare(ctx, src, cfg, stop) })
}

// renderEvidence shows the replay and the comparison. A run's button is
// disabled, with the reason beside it, while anything else holds the page.
func (p *Page) renderEvidence() app.UI {
	h := p.runHold()
	blocked := func(own bool) hold {
		if own {
			return hold{}
		}
		return h
	}
	return app.Div().ID("evidence").Class("evidence").Body(
		newReplayPanel().Run(p.evidence.replay).
			Blocked(blocked(p.evidence.replay.Running)).
			Stopping(p.evidence.replay.Running && p.evidence.stopReplay != nil && p.evidence.stopReplay.Load()).
			FineClock(p.metrics.CrossOriginIsolated),
		newComparePanel().Run(p.evidence.compare).
			Blocked(blocked(p.evidence.compare.Running)).
			Stopping(p.evidence.compare.Running && p.evidence.stopCompare != nil && p.evidence.stopCompare.Load()),
	)
}

// evidenceMetrics is published as JSON in window.ealsLiveEvidence, at full
// precision, for the browser tests to compare with the command line.
type evidenceMetrics struct {
	Replay  replayRun  `json:"replay"`
	Compare compareRun `json:"compare"`
}

// publishEvidence writes the runs' figures once the current update has
// reached the DOM, as publish does for the page's metrics.
func (p *Page) publishEvidence() {
	write := func(app.Context) {
		b, err := json.Marshal(evidenceMetrics{Replay: p.evidence.replay, Compare: p.evidence.compare})
		if err == nil {
			app.Window().Set("ealsLiveEvidence", string(b))
		}
	}
	if p.self == nil {
		write(nil)
		return
	}
	p.self.Defer(write)
}
