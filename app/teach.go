package app

import (
	"fmt"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/ealslive/ealslive/core"
)

// The teaching view's actions.
const (
	actParam   = "eals/param"   // paramChange
	actRetrain = "eals/retrain" // no value
	actWhy     = "eals/why"     // int32 business id: open or close its "why?"
)

// teaching is the state of the teaching view: the parameter controls as
// typed, what the weights plot shows, and which "why?" rows are open.
type teaching struct {
	raw     map[string]string // the controls' text by parameter; missing ones show the config in use
	seq     map[string]int64  // the latest change applied, by parameter
	whyOpen map[int32]bool    // by business id, so a row stays open while it moves
	// The weights plot follows the controls, keeping the last valid c0 and
	// α while either is invalid.
	plotted       bool
	plotC0, plotA float64
	curve         core.WeightCurve
	curveFor      curveKey
}

type curveKey struct {
	src       *loaded
	c0, alpha float64
}

func (p *Page) handleTeaching(ctx app.Context) {
	ctx.Handle(actParam, func(ctx app.Context, a app.Action) {
		if c, ok := a.Value.(paramChange); ok {
			p.setParam(c)
		}
	})
	ctx.Handle(actRetrain, func(ctx app.Context, a app.Action) { p.retrain(ctx) })
	ctx.Handle(actWhy, func(ctx app.Context, a app.Action) {
		if i, ok := a.Value.(int32); ok {
			if p.teach.whyOpen == nil {
				p.teach.whyOpen = map[int32]bool{}
			}
			if p.teach.whyOpen[i] {
				delete(p.teach.whyOpen, i)
			} else {
				p.teach.whyOpen[i] = true
			}
		}
	})
}

func (p *Page) setParam(c paramChange) {
	t := &p.teach
	if t.raw == nil {
		t.raw, t.seq = map[string]string{}, map[string]int64{}
	}
	if c.Seq <= t.seq[c.Name] {
		return
	}
	t.seq[c.Name] = c.Seq
	t.raw[c.Name] = c.Value
	cfg, problems := draftConfig(p.cfg, t.raw)
	_, badC0 := problems["c0"]
	_, badAlpha := problems["alpha"]
	if !badC0 && !badAlpha {
		t.plotted, t.plotC0, t.plotA = true, cfg.C0, cfg.Alpha
	}
}

// retrain trains a new model on the kept data with the controls' values,
// through the same path and progress display as the first training. Your
// clicks stay and are learnt by the new model when it is ready, as after a
// reload.
func (p *Page) retrain(ctx app.Context) {
	if p.busy() != "" || p.src == nil {
		return
	}
	cfg, problems := draftConfig(p.cfg, p.teach.raw)
	if len(problems) > 0 {
		return
	}
	src, self := p.src, p.self
	p.cfg = cfg
	p.you.detach()
	p.screen = nil
	p.stopping = false
	p.stop.Store(false)
	p.stage = stageTraining
	p.run = trainingRun{Epochs: cfg.Epochs, Config: cfg}
	p.publish()
	ctx.Async(func() { p.train(self, src) })
}

// weightCurve returns the weights plot's curve, computed again only when
// the data, c0 or α change.
func (t *teaching) weightCurve(src *loaded, c0, alpha float64) core.WeightCurve {
	key := curveKey{src, c0, alpha}
	if t.curveFor != key {
		counts := src.counts
		if counts == nil {
			counts = src.train.ItemCounts()
		}
		t.curve = core.WeightsByPopularity(counts, c0, alpha)
		t.curveFor = key
	}
	return t.curve
}

// renderTeaching lays out the teaching view: the parameters, the weights
// they give, and the last click's update.
func (p *Page) renderTeaching() app.UI {
	cfg, problems := draftConfig(p.cfg, p.teach.raw)
	return app.Section().ID("teach").Class("teach").Body(
		app.H2().Class("teach-title").Text("Inside the model"),
		app.Div().Class("teach-grid").Body(
			newParamControls().Start(configText(p.cfg)).Problems(problems).Hold(p.runHold()).Changed(cfg != p.cfg),
			p.renderWeights(problems),
			newUpdateView().Shown(p.updateShownFor()),
		),
	)
}

func (p *Page) renderWeights(problems map[string]string) app.UI {
	card := app.Section().ID("weights").Class("card card-weights")
	if p.src == nil {
		msg := "The weight of every business is plotted here once the data has loaded."
		if p.stage == stageFailed {
			msg = "Nothing to plot: the page has no training data (see the message at the top)."
		}
		return card.Body(
			app.H2().Text("Missing-data weights"),
			app.P().ID("weights-none").Class("caption").Text(msg),
		)
	}
	c0, alpha := p.cfg.C0, p.cfg.Alpha
	if p.teach.plotted {
		c0, alpha = p.teach.plotC0, p.teach.plotA
	}
	_, badC0 := problems["c0"]
	_, badAlpha := problems["alpha"]
	inUse := ""
	if c0 != p.cfg.C0 || alpha != p.cfg.Alpha {
		inUse = fmt.Sprintf("c_0 = %g and α = %g", p.cfg.C0, p.cfg.Alpha) // in notation, as the caption is
	}
	return card.Body(
		app.H2().Text("Missing-data weights"),
		newWeightsChart().Curve(p.teach.weightCurve(p.src, c0, alpha)).For(c0, alpha).
			Stale(badC0 || badAlpha).InUse(inUse),
	)
}
