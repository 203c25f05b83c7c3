package app

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/ealslive/ealslive/app/work"
	"github.com/ealslive/ealslive/core"
)

// replayWNews are the weights of a click the replay offers beside the
// page's own, as the paper's Figure 8 compares them.
var replayWNews = []float64{1, 2, 4, 8}

// replayChoices are the lanes a visitor adds to the replay's three.
type replayChoices struct {
	WNew []float64 // more eALS lanes, each learning with this w_new
	BPR  bool      // BPR, trained on the same reviews, then online SGD steps
	RCD  bool      // RCD, trained on the same reviews, then its online update
}

// The keys of the optional lanes: "eals-w4" for w_new = 4.
func wnewLaneKey(w float64) string { return "eals-w" + strconv.FormatFloat(w, 'g', -1, 64) }

const (
	laneBPR = work.LaneBPR
	laneRCD = work.LaneRCD
)

// replayBPR is BPR as the comparison trains it, with the page's K, λ and
// seed: `eals -model bpr -protocol online -k K -lambda λ -seed S -epochs
// 50`, one SGD step per interaction learnt (its default).
func replayBPR(cfg core.Config) core.BPRConfig {
	b := core.DefaultBPRConfig()
	b.K, b.Lambda, b.Seed, b.Epochs = cfg.K, cfg.Lambda, cfg.Seed, compareBPREpochs
	return b
}

// replayRCD is RCD with the page's settings but its own uniform weights
// (α = 0, as in its paper and core.DefaultRCDConfig): `eals -model rcd
// -alpha 0` with the page's other flags.
func replayRCD(cfg core.Config) core.RCDConfig {
	r := core.DefaultRCDConfig()
	alpha := r.Alpha
	r.Config = cfg
	r.Alpha = alpha
	return r
}

// replayLanes are the lanes of a replay with cfg: the three of the paper's
// protocol, then the visitor's choices, in the order of every chart.
func replayLanes(cfg core.Config, ch replayChoices) []work.LaneSpec {
	lanes := []work.LaneSpec{
		{Key: laneLearning, Label: fmt.Sprintf("eALS, learning each click (w_new = %g)", cfg.WNew), Kind: work.LaneLearning},
		{Key: laneFrozen, Label: laneLabels[laneFrozen], Kind: work.LaneFrozen},
		{Key: lanePopular, Label: laneLabels[lanePopular], Kind: work.LanePopular},
	}
	for _, w := range replayWNews {
		if w != cfg.WNew && slices.Contains(ch.WNew, w) {
			lanes = append(lanes, work.LaneSpec{Key: wnewLaneKey(w), Label: fmt.Sprintf("eALS, w_new = %g", w), Kind: work.LaneLearning, WNew: w})
		}
	}
	if ch.BPR {
		b := replayBPR(cfg)
		lanes = append(lanes, work.LaneSpec{Key: laneBPR, Label: fmt.Sprintf("BPR, %d SGD step per click", b.OnlineIters), Kind: work.LaneBPR, BPR: &b})
	}
	if ch.RCD {
		r := replayRCD(cfg)
		lanes = append(lanes, work.LaneSpec{Key: laneRCD, Label: "RCD, uniform weights", Kind: work.LaneRCD, RCD: &r})
	}
	return lanes
}

// toggle adds or removes w from ws.
func toggle(ws []float64, w float64, on bool) []float64 {
	ws = slices.DeleteFunc(ws, func(x float64) bool { return x == w })
	if on {
		ws = append(ws, w)
	}
	return ws
}

// renderChoices are the replay's optional lanes, as checkboxes: each
// named by what it adds, and disabled while a replay runs.
func (c *replaySection) renderChoices() app.UI {
	cfg := c.model.Config
	busy := c.shown.Running
	box := func(id, label string, checked, disabled bool, on func(bool)) app.UI {
		return app.Label().Class("choice").For(id).Body(
			app.Input().Type("checkbox").ID(id).Checked(checked).Disabled(disabled).
				OnChange(func(ctx app.Context, e app.Event) { on(ctx.JSSrc().Get("checked").Bool()) }),
			app.Span().Body(notation(label)),
		)
	}
	return app.FieldSet().ID("replay-choices").Class("choices").Body(
		app.Legend().Text("Also replay, beside the three models above:"),
		app.Range(replayWNews).Slice(func(k int) app.UI {
			w := replayWNews[k]
			if w == cfg.WNew {
				return box("replay-wnew-"+strconv.Itoa(k), fmt.Sprintf("eALS with w_new = %g (the page's: always replayed)", w), true, true, func(bool) {})
			}
			return box("replay-wnew-"+strconv.Itoa(k), fmt.Sprintf("eALS with w_new = %g", w), slices.Contains(c.choices.WNew, w), busy,
				func(on bool) { c.choices.WNew = toggle(c.choices.WNew, w, on) })
		}),
		box("replay-bpr", fmt.Sprintf("BPR (trained %d epochs), then one SGD step per click", compareBPREpochs), c.choices.BPR, busy,
			func(on bool) { c.choices.BPR = on }),
		box("replay-rcd", "RCD (uniform weights, as in its paper), then its incremental update", c.choices.RCD, busy,
			func(on bool) { c.choices.RCD = on }),
	)
}
