package app

import (
	"fmt"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/ealslive/ealslive/core"
)

// actParam carries a parameter control's new text (a paramChange).
const actParam = "eals/param"

// inside is "Inside the model": the parameter controls, the missing-data
// weights they give, and the last click's update with its live numbers.
// The controls' text as typed and what the weights plot shows are its own.
type inside struct {
	app.Compo
	Isession *session
	// Iparts is how many of its cards are in, 0 meaning all: the page
	// brings them one a frame (insideParts), the controls first, so that
	// no task builds all five.
	Iparts int
	raw    map[string]string // the controls' text by parameter; missing ones show the config in use
	seq    map[string]int64  // the latest change applied, by parameter
	// The weights plot follows the controls, keeping the last valid c0 and
	// α while either is invalid.
	plotted       bool
	plotC0, plotA float64
	curve         core.WeightCurve
	curveFor      curveKey
	// dataShown: the data's arrival is on screen above (stateBelow), so
	// the weights plot may follow. Drawn with the data, the plot made the
	// task that draws your first list some 15 ms longer.
	dataShown bool
	// trace and traced are the update the stepper shows and its
	// business, taken a step after the rest (stateStepper).
	trace  *core.UpdateTrace
	traced string
	seen   int
}

type curveKey struct {
	counts    *int // the counts' first element: new counts, new curve
	c0, alpha float64
}

func newInside() *inside { return &inside{raw: map[string]string{}, seq: map[string]int64{}} }

func (t *inside) Session(s *session) *inside { t.Isession = s; return t }

// Parts sets how many of its cards, in the page's order, are in.
func (t *inside) Parts(n int) *inside { t.Iparts = n; return t }

func (t *inside) OnMount(ctx app.Context) {
	// Further down the page, it follows the data, your clicks and the
	// model once what changed above is on screen.
	t.dataShown = t.Isession.cat.ready()
	ctx.ObserveState(stateBelow).OnChange(func() { t.dataShown = t.Isession.cat.ready() }).Value(&t.seen)
	t.trace, t.traced = t.Isession.lastUpdate()
	ctx.ObserveState(stateStepper).OnChange(func() { t.trace, t.traced = t.Isession.lastUpdate() }).Value(&t.seen)
	ctx.ObserveState(stateModel).OnChange(func() {
		// A new model in use: the controls show its settings again.
		t.raw, t.plotted = map[string]string{}, false
	}).Value(&t.seen)
	ctx.ObserveState(stateBusy).Value(&t.seen)
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
	cfg, problems := draftConfig(t.Isession.cfg, t.raw)
	_, badC0 := problems["c0"]
	_, badAlpha := problems["alpha"]
	if !badC0 && !badAlpha {
		t.plotted, t.plotC0, t.plotA = true, cfg.C0, cfg.Alpha
	}
}

// retrain asks the model card for a new model with the controls' values.
func (t *inside) retrain(ctx app.Context, e app.Event) {
	cfg, problems := draftConfig(t.Isession.cfg, t.raw)
	if len(problems) == 0 && t.Isession.busy() == "" {
		ctx.NewActionWithValue(actRetrain, cfg)
	}
}

func (t *inside) Render() app.UI {
	countRender("inside")
	s := t.Isession
	cfg, problems := draftConfig(s.cfg, t.raw)
	cards := []func() app.UI{
		func() app.UI {
			return newParamControls().Start(configText(s.cfg)).Problems(problems).Hold(s.runHold()).Changed(cfg != s.cfg).
				OnRetrain(t.retrain)
		},
		func() app.UI { return t.renderWeights(problems) },
		func() app.UI { return newUpdateView().Shown(s.updateShown()) },
		func() app.UI { return newUpdateStepper().Trace(t.trace, t.traced) },
		func() app.UI { return newFactorMap().Session(s) },
	}
	if t.Iparts > 0 {
		cards = cards[:min(t.Iparts, len(cards))]
	}
	in := make([]app.UI, 0, len(cards))
	for _, card := range cards {
		in = append(in, card())
	}
	return app.Section().ID("teach").Class("teach").Body(
		app.H2().Class("teach-title").Text("Inside the model"),
		app.Div().Class("teach-grid").Body(in...),
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
	s := t.Isession
	card := app.Section().ID("weights").Class("card card-weights")
	if !t.dataShown || len(s.cat.train) == 0 {
		msg := "The weight of every business is plotted here once the data has loaded."
		if s.stage == stageFailed {
			msg = "Nothing to plot: the page has no training data (see the message at the top)."
		}
		return card.Body(
			app.H3().Text("Missing-data weights"),
			app.P().ID("weights-none").Class("caption").Text(msg),
		)
	}
	c0, alpha := s.cfg.C0, s.cfg.Alpha
	if t.plotted {
		c0, alpha = t.plotC0, t.plotA
	}
	_, badC0 := problems["c0"]
	_, badAlpha := problems["alpha"]
	inUse := ""
	if c0 != s.cfg.C0 || alpha != s.cfg.Alpha {
		inUse = fmt.Sprintf("c_0 = %g and α = %g", s.cfg.C0, s.cfg.Alpha) // in notation, as the caption is
	}
	return card.Body(
		app.H3().Text("Missing-data weights"),
		newWeightsChart().Curve(t.weightCurve(s.cat.train, c0, alpha)).For(c0, alpha).
			Stale(badC0 || badAlpha).InUse(inUse),
	)
}
