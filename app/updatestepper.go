package app

import (
	"math"

	"github.com/ealslive/ealslive/app/visitor"

	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/ealslive/ealslive/app/textfmt"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/ealslive/ealslive/core"
)

// playEvery is how long Play shows each step: long enough to read the
// result and see the bar move.
const playEvery = 700 * time.Millisecond

// walkStep is one coordinate step of the last update as the stepper shows
// it: which side, its terms, and that side's whole vector and restricted
// objective around it.
type walkStep struct {
	Item          bool // eq. (13), the business's vector; else eq. (12), yours
	N, K          int  // this is step N (1-based) of the side's K
	Shown         stepShown
	Before, After []float64 // the side's vector around the step, replayed by core.Replay
	Losses        []float64 // the side's restricted objective before its first step and after each
	LossBefore    float64
	LossAfter     float64
	Fall          float64
}

func (w walkStep) side() string {
	if w.Item {
		return "item"
	}
	return "user"
}

// walkOf returns step at (0 ≤ at < 2K) of tr: the K steps of eq. (12),
// then the K of eq. (13).
func walkOf(tr *core.UpdateTrace, at int) walkStep {
	steps, before, item := tr.UserSteps, tr.UserBefore, false
	n := at
	if at >= len(tr.UserSteps) {
		steps, before, item = tr.ItemSteps, tr.ItemBefore, true
		n = at - len(tr.UserSteps)
	}
	s := steps[n]
	w := walkStep{Item: item, N: n + 1, K: len(steps), Shown: showStep(s),
		Before: core.Replay(before, steps, n), After: core.Replay(before, steps, n+1),
		LossBefore: s.LossBefore, LossAfter: s.LossAfter, Fall: s.Fall()}
	w.Losses = append(w.Losses, steps[0].LossBefore)
	for _, st := range steps {
		w.Losses = append(w.Losses, st.LossAfter)
	}
	return w
}

// lastUpdate is the last click's trace and the business's name, or nil.
func lastUpdate(y visitor.You) (*core.UpdateTrace, string) {
	last := y.Last
	if last == nil || last.Trace == nil || y.Cat == nil || len(last.Trace.UserBefore) == 0 {
		return nil, ""
	}
	return last.Trace, y.Cat.Item(last.Item).Name
}

// updateStepper walks the last update one coordinate step at a time, with
// Back, Next and Play: the step's terms, the old and new value, the whole
// vector before and after, and the part of the objective the step works
// on, falling.
type updateStepper struct {
	app.Compo
	Itrace  *core.UpdateTrace
	Iname   string
	Iitem   string            // what the data calls the thing liked: "business"
	walking *core.UpdateTrace // the trace at is a position in
	at      int
	playing bool
	play    int // the current run of Play; a tick from an older one stops
}

func newUpdateStepper() *updateStepper { return &updateStepper{} }

func (v *updateStepper) Trace(tr *core.UpdateTrace, name string) *updateStepper {
	v.Itrace, v.Iname = tr, name
	return v
}

func (v *updateStepper) Item(noun string) *updateStepper { v.Iitem = noun; return v }

func (v *updateStepper) OnMount(ctx app.Context)  { v.follow() }
func (v *updateStepper) OnUpdate(ctx app.Context) { v.follow() }

// follow starts again from the first step when a new click brings a new
// update.
func (v *updateStepper) follow() {
	if v.Itrace != v.walking {
		v.walking, v.at, v.playing = v.Itrace, 0, false
		v.play++
	}
}

func (v *updateStepper) total() int {
	if v.walking == nil {
		return 0
	}
	return len(v.walking.UserSteps) + len(v.walking.ItemSteps)
}

func (v *updateStepper) next(ctx app.Context, e app.Event) {
	v.stop()
	v.at = min(v.at+1, v.total()-1)
}

func (v *updateStepper) back(ctx app.Context, e app.Event) {
	v.stop()
	v.at = max(v.at-1, 0)
}

func (v *updateStepper) stop() { v.playing = false; v.play++ }

func (v *updateStepper) togglePlay(ctx app.Context, e app.Event) {
	if v.playing {
		v.stop()
		return
	}
	if v.at >= v.total()-1 {
		v.at = 0 // Play at the end plays again
	}
	v.playing = true
	v.play++
	v.tick(ctx, v.play)
}

func (v *updateStepper) tick(ctx app.Context, run int) {
	ctx.After(playEvery, func(ctx app.Context) {
		if run != v.play || !v.playing {
			return
		}
		v.at++
		if v.at >= v.total()-1 {
			v.at = v.total() - 1
			v.playing = false
		} else {
			v.tick(ctx, run)
		}
		v.Update()
	})
}

func (v *updateStepper) Render() app.UI {
	card := app.Section().ID("update-stepper").Class("card card-stepper").Aria("labelledby", "stepper-title")
	head := []app.UI{
		app.H2().ID("stepper-title").Text("Step through the update"),
		app.P().Class("caption").Text("Your last like, one number at a time: the K steps of eq. (12) that re-solve your " +
			"vector, then the K steps of eq. (13) that re-solve the " + v.Iitem + "'s. Each step sets one number to the " +
			"exact minimiser of the objective with the rest held fixed, so the part of the objective it works on can only fall."),
	}
	if v.walking == nil || v.total() == 0 {
		return card.Body(append(head, app.P().ID("stepper-none").Class("update-none").
			Text("Like "+textfmt.WithArticle(v.Iitem)+" and you can step through its update here."))...)
	}
	w := walkOf(v.walking, v.at)
	whose, eq, sym := "your vector", "(12)", "p"
	if w.Item {
		whose, eq, sym = "the vector of “"+v.Iname+"”", "(13)", "q"
	}
	last := v.total() - 1
	playLabel, playText := "Play every step of the update of “"+v.Iname+"”", "Play"
	if v.playing {
		playLabel, playText = "Pause the steps of the update", "Pause"
	}
	status := fmt.Sprintf("Step %d of %d: eq. %s, factor %d of %d of %s.", v.at+1, last+1, eq, w.N, w.K, whose)
	return card.Body(append(head,
		app.Div().Class("stepper-controls").Role("group").Aria("label", "Step through the update of “"+v.Iname+"”").Body(
			app.Button().ID("stepper-back").Class("stepper-button").Text("Back").
				Aria("label", fmt.Sprintf("Back to step %d of the update", max(v.at, 1))).
				Disabled(v.at == 0).OnClick(v.back),
			app.Button().ID("stepper-play").Class("stepper-button").Text(playText).
				Aria("label", playLabel).Aria("pressed", fmt.Sprint(v.playing)).OnClick(v.togglePlay),
			app.Button().ID("stepper-next").Class("stepper-button").Text("Next").
				Aria("label", fmt.Sprintf("Next: step %d of the update", min(v.at+2, last+1))).
				Disabled(v.at == last).OnClick(v.next),
		),
		app.P().ID("stepper-status").Class("stepper-status").Aria("live", "polite").
			DataSet("at", v.at).DataSet("side", w.side()).
			DataSet("factor", w.Shown.Factor).Text(status),
		app.Raw(walkEquation(w, sym)),
		app.P().ID("stepper-loss").Class("stepper-loss").Body(
			app.Text("The part of the objective that holds "+whose+": "),
			app.Raw(textfmt.Sig(w.LossBefore, 9).HTML("loss-before", false)),
			app.Text(" → "),
			app.Strong().Body(app.Raw(textfmt.Sig(w.LossAfter, 9).HTML("loss-after", false))),
			app.Text(", down by "),
			app.Raw(textfmt.Sig(w.Fall, minDigits).HTML("loss-drop", false)),
			app.Text(" (the denominator times the step squared)."),
		),
		app.Div().Class("stepper-charts").Body(
			vectorBars(w, v.Iitem),
			lossLine(w),
		),
	)...)
}

// walkEquation is eq. (12) or (13) with the step's numbers, as HTML: they
// are digits and signs only. Its terms carry data-term as the update
// view's do.
func walkEquation(w walkStep, sym string) string {
	s := w.Shown
	var b strings.Builder
	who := "you"
	if w.Item {
		who = "i"
	}
	kept := ""
	if s.Kept {
		kept = ": the denominator is not positive, so the factor kept its value"
	}
	fmt.Fprintf(&b, `<div id="stepper-eq" class="eq eq-live"><span class="eq-lhs"><i>%s</i><sub>%s,%d</sub> =</span>`+
		`<span class="frac"><span class="frac-num"><span class="term-observed">%s</span> − <span class="term-cached">%s</span></span>`+
		`<span class="frac-den"><span class="term-observed">%s</span> + <span class="term-cached">%s</span> + %s</span></span>`+
		`<span class="eq-result">= <strong>%s</strong></span><span class="eq-was"> (was %s)%s</span></div>`,
		sym, who, s.Factor+1,
		s.Observed.HTML("observed", false), s.Cached.HTML("cached", true),
		s.ObservedDenom.HTML("observed-denom", false), s.CachedDenom.HTML("cached-denom", true), s.Lambda.HTML("lambda", true),
		s.New.HTML("new", false), s.Old.HTML("old", false), kept)
	return b.String()
}

// Geometry of the stepper's two charts.
const (
	stepW, stepH = 360.0, 160.0
	stepPad      = 22.0
	stepPadL     = 76.0 // room for the value labels
)

// vectorBars draws the side's K factors before the step (outlines) and
// after it (filled), the step's factor marked.
func vectorBars(w walkStep, noun string) app.UI {
	hi := 0.0
	for f := range w.Before {
		hi = max(hi, math.Abs(w.Before[f]), math.Abs(w.After[f]))
	}
	if hi == 0 {
		hi = 1
	}
	mid := stepH / 2
	scale := (stepH/2 - stepPad) / hi
	slot := (stepW - stepPadL - stepPad) / float64(len(w.Before))
	bar := func(f int, v float64, role string, inset float64) app.UI {
		y, h := mid-v*scale, v*scale
		if v < 0 {
			y, h = mid, -v*scale
		}
		// data-value carries the factor at full precision, for the browser
		// test to hold to the core's.
		return svg("rect").Attr("data-role", role).Attr("data-factor", f).
			Attr("data-value", strconv.FormatFloat(v, 'g', -1, 64)).
			Attr("x", fmt.Sprintf("%.1f", stepPadL+float64(f)*slot+inset)).
			Attr("y", fmt.Sprintf("%.1f", y)).
			Attr("width", fmt.Sprintf("%.1f", max(slot-2*inset, 0.5))).
			Attr("height", fmt.Sprintf("%.1f", max(h, 0.5)))
	}
	f := w.Shown.Factor
	title := fmt.Sprintf("The %d factors of the vector before and after step %d: factor %d went from %s to %s",
		len(w.Before), w.N, f+1, w.Shown.Old.Text(), w.Shown.New.Text())
	return app.Figure().ID("stepper-bars").Class("chart stepper-chart").Body(
		app.FigCaption().Body(app.Span().Class("chart-title").Text(vectorTitle(w.Item, noun))),
		svg("svg").Attr("viewBox", fmt.Sprintf("0 0 %g %g", stepW, stepH)).Attr("role", "img").Attr("aria-label", title).Body(
			svg("rect").Attr("data-role", "current").
				Attr("x", fmt.Sprintf("%.1f", stepPadL+float64(f)*slot)).Attr("y", "2").
				Attr("width", fmt.Sprintf("%.1f", slot)).Attr("height", fmt.Sprintf("%.1f", stepH-4)),
			svgLine(stepPadL, mid, stepW-stepPad, mid, "axis"),
			app.Range(w.After).Slice(func(g int) app.UI { return bar(g, w.After[g], "after", slot*0.18) }),
			app.Range(w.Before).Slice(func(g int) app.UI { return bar(g, w.Before[g], "before", slot*0.18) }),
			svgText(stepPadL-6, stepPad+4, "end", textfmt.Sig(hi, 2).Text()),
			svgText(stepPadL-6, mid+4, "end", "0"),
			svgText(stepPadL-6, stepH-stepPad+4, "end", textfmt.Sig(-hi, 2).Text()),
			svgText(stepPadL+(float64(f)+0.5)*slot, stepH-4, "middle", fmt.Sprint(f+1)),
		),
	)
}

func vectorTitle(item bool, noun string) string {
	if item {
		return "The " + noun + "'s vector, factor by factor: outline before the step, filled after"
	}
	return "Your vector, factor by factor: outline before the step, filled after"
}

// lossLine draws the side's restricted objective before its first step
// and after each, the current step's fall marked.
func lossLine(w walkStep) app.UI {
	lo, hi := w.Losses[0], w.Losses[0]
	for _, l := range w.Losses {
		lo, hi = min(lo, l), max(hi, l)
	}
	span := hi - lo
	if span == 0 {
		span = 1
	}
	// Enough digits that the axis's two ends read apart.
	top, bottom := textfmt.Sig(hi, 3), textfmt.Sig(lo, 3)
	for d := 4; top == bottom && d <= 9; d++ {
		top, bottom = textfmt.Sig(hi, d), textfmt.Sig(lo, d)
	}
	x := func(n int) float64 { return stepPadL + (stepW-stepPadL-stepPad)*float64(n)/float64(len(w.Losses)-1) }
	y := func(l float64) float64 { return stepPad + (stepH-2*stepPad)*(hi-l)/span }
	var pts strings.Builder
	for n, l := range w.Losses {
		fmt.Fprintf(&pts, "%.1f,%.1f ", x(n), y(l))
	}
	title := fmt.Sprintf("The part of the objective this side's steps work on, after each of its %d steps: from %s to %s",
		len(w.Losses)-1, textfmt.Sig(w.Losses[0], 6).Text(), textfmt.Sig(w.Losses[len(w.Losses)-1], 6).Text())
	return app.Figure().ID("stepper-objective").Class("chart stepper-chart").Body(
		app.FigCaption().Body(app.Span().Class("chart-title").Text("Its objective, step by step")),
		svg("svg").Attr("viewBox", fmt.Sprintf("0 0 %g %g", stepW, stepH)).Attr("role", "img").Attr("aria-label", title).Body(
			svgLine(stepPadL, stepPad, stepPadL, stepH-stepPad, "axis"),
			svgLine(stepPadL, stepH-stepPad, stepW-stepPad, stepH-stepPad, "axis"),
			svgText(stepPadL-6, stepPad+4, "end", top.Text()),
			svgText(stepPadL-6, stepH-stepPad+4, "end", bottom.Text()),
			svg("polyline").Attr("points", strings.TrimSpace(pts.String())).Attr("data-role", "loss"),
			svgLine(x(w.N-1), y(w.LossBefore), x(w.N), y(w.LossAfter), "step"),
			svg("circle").Attr("cx", fmt.Sprintf("%.1f", x(w.N))).Attr("cy", fmt.Sprintf("%.1f", y(w.LossAfter))).
				Attr("r", "4").Attr("data-role", "step"),
			svgText(stepPadL, stepH-4, "start", "before"),
			svgText(stepW-stepPad, stepH-4, "end", fmt.Sprintf("after step %d", len(w.Losses)-1)),
		),
	)
}
