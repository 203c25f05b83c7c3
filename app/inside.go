package app

import (
	"fmt"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/ealslive/ealslive/app/runs"
	"github.com/ealslive/ealslive/app/settings"
	"github.com/ealslive/ealslive/app/visitor"
	"github.com/ealslive/ealslive/core"
)

// actParam carries a parameter control's new text (a paramChange).
const actParam = "eals/param"

// inside is "Inside the model": the parameter controls, the missing-data
// weights they give, and the last click's update with its live numbers.
// The controls' text as typed and what the weights plot shows are its own.
type inside struct {
	app.Compo
	Icmd  insideCommands
	data  dataSet
	inUse modelInUse
	you   visitor.You
	hold  hold
	raw   map[string]string // the controls' text by parameter; missing ones show the config in use
	seq   map[string]int64  // the latest change applied, by parameter
	// The weights plot follows the controls, keeping the last valid c0 and
	// α while either is invalid.
	plotted       bool
	plotC0, plotA float64
	curve         core.WeightCurve
	curveFor      curveKey
}

type curveKey struct {
	counts    *int // the counts' first element: new counts, new curve
	c0, alpha float64
}

// insideCommands are what "Inside the model" sends: a model trained with
// the controls' values, and the factor map's view.
type insideCommands interface {
	Train(cfg core.Config)
	mapCommands
}

func newInside() *inside {
	return &inside{raw: map[string]string{}, seq: map[string]int64{}, inUse: modelInUse{Config: runs.PageConfig()}}
}

func (t *inside) Commands(c insideCommands) *inside { t.Icmd = c; return t }

func (t *inside) OnMount(ctx app.Context) {
	observe(ctx, "inside", drawn(keyData)).Value(&t.data)
	observe(ctx, "inside", drawn(keyModel)).OnChange(func() {
		// A new model in use: the controls show its settings again.
		t.raw, t.plotted = map[string]string{}, false
	}).Value(&t.inUse)
	observe(ctx, "inside", drawn(keyYou)).Value(&t.you)
	observe(ctx, "inside", drawn(keyBusy)).Value(&t.hold)
	ctx.Handle(actParam, func(ctx app.Context, a app.Action) {
		if c, ok := a.Value.(paramChange); ok {
			t.setParam(c)
		}
	})
}

func (t *inside) setParam(c paramChange) {
	if c.Seq <= t.seq[c.Name] {
		return
	}
	t.seq[c.Name] = c.Seq
	t.raw[c.Name] = c.Value
	cfg, problems := settings.Draft(t.inUse.Config, t.raw)
	_, badC0 := problems["c0"]
	_, badAlpha := problems["alpha"]
	if !badC0 && !badAlpha {
		t.plotted, t.plotC0, t.plotA = true, cfg.C0, cfg.Alpha
	}
}

// retrain asks for a new model with the controls' values.
func (t *inside) retrain(ctx app.Context, e app.Event) {
	cfg, problems := settings.Draft(t.inUse.Config, t.raw)
	if len(problems) == 0 && t.hold.Reason == "" {
		t.Icmd.Train(cfg)
	}
}

func (t *inside) Render() app.UI {
	inUse := t.inUse.Config
	cfg, problems := settings.Draft(inUse, t.raw)
	trace, traced := lastUpdate(t.you)
	w := t.data.words()
	return app.Section().ID("teach").Class("teach").Body(
		app.H2().Class("teach-title").Text("Inside the model"),
		app.Div().Class("teach-grid").Body(
			newParamControls().Start(settings.ConfigText(inUse)).Problems(problems).Hold(t.hold).Changed(cfg != inUse).
				OnRetrain(t.retrain),
			t.renderWeights(problems),
			newUpdateView().Shown(updateShownFor(t.you)).Words(w),
			newUpdateStepper().Trace(trace, traced).Item(w.Item),
			newFactorMap().Commands(t.Icmd),
		),
	)
}

// weightCurve returns the weights plot's curve, computed again only when
// the counts, c0 or α change.
func (t *inside) weightCurve(counts []int, c0, alpha float64) core.WeightCurve {
	key := curveKey{&counts[0], c0, alpha}
	if t.curveFor != key {
		t.curve = core.WeightsByPopularity(counts, c0, alpha)
		t.curveFor = key
	}
	return t.curve
}

func (t *inside) renderWeights(problems map[string]string) app.UI {
	card := app.Section().ID("weights").Class("card card-weights")
	cat := t.data.Cat
	if cat == nil || len(cat.TrainCounts()) == 0 {
		msg := "The weight of every " + t.data.words().Item + " is plotted here once the data has loaded."
		if t.data.Failed {
			msg = "Nothing to plot: the page has no training data (see the message at the top)."
		}
		return card.Body(
			app.H3().Text("Missing-data weights"),
			app.P().ID("weights-none").Class("caption").Text(msg),
		)
	}
	inUse := t.inUse.Config
	c0, alpha := inUse.C0, inUse.Alpha
	if t.plotted {
		c0, alpha = t.plotC0, t.plotA
	}
	_, badC0 := problems["c0"]
	_, badAlpha := problems["alpha"]
	note := ""
	if c0 != inUse.C0 || alpha != inUse.Alpha {
		note = fmt.Sprintf("c_0 = %g and α = %g", inUse.C0, inUse.Alpha) // in notation, as the caption is
	}
	return card.Body(
		app.H3().Text("Missing-data weights"),
		newWeightsChart().Curve(t.weightCurve(cat.TrainCounts(), c0, alpha)).For(c0, alpha).
			Stale(badC0 || badAlpha).InUse(note).Words(t.data.words()),
	)
}
