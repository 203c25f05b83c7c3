package app

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/ealslive/ealslive/app/runs"
	"github.com/ealslive/ealslive/app/textfmt"
)

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
		app.Range(runs.ReplayWNews).Slice(func(k int) app.UI {
			w := runs.ReplayWNews[k]
			if w == cfg.WNew {
				return box("replay-wnew-"+strconv.Itoa(k), fmt.Sprintf("eALS with w_new = %g (the page's: always replayed)", w), true, true, func(bool) {})
			}
			return box("replay-wnew-"+strconv.Itoa(k), fmt.Sprintf("eALS with w_new = %g", w), slices.Contains(c.choices.WNew, w), busy,
				func(on bool) { c.choices.WNew = toggle(c.choices.WNew, w, on) })
		}),
		box("replay-bpr", fmt.Sprintf("BPR (trained %d epochs), then one SGD step per click", runs.BPREpochs), c.choices.BPR, busy,
			func(on bool) { c.choices.BPR = on }),
		box("replay-rcd", "RCD (uniform weights, as in its paper), then its incremental update", c.choices.RCD, busy,
			func(on bool) { c.choices.RCD = on }),
		c.renderRetrainChoice(busy),
	)
}

// renderRetrainChoice is the "retrain every N" lane, as radio buttons:
// none, or one N of runs.ReplayRetrainEvery, worded for the data.
func (c *replaySection) renderRetrainChoice(busy bool) app.UI {
	reviews := streamWord(c.data.Info)
	radio := func(id, label string, n int) app.UI {
		return app.Label().Class("choice").For(id).Body(
			app.Input().Type("radio").Name("replay-retrain").ID(id).Checked(c.choices.RetrainEvery == n).Disabled(busy).
				OnChange(func(ctx app.Context, e app.Event) {
					if ctx.JSSrc().Get("checked").Bool() {
						c.choices.RetrainEvery = n
					}
				}),
			app.Span().Text(label),
		)
	}
	return app.FieldSet().ID("replay-retrain").Class("choices choices-inner").Body(
		app.Legend().Text("And eALS retrained from scratch on everything seen so far, frozen in between "+
			"(each retrain takes about as long as the first training, on one worker):"),
		radio("replay-retrain-0", "no retraining lane", 0),
		app.Range(runs.ReplayRetrainEvery).Slice(func(k int) app.UI {
			n := runs.ReplayRetrainEvery[k]
			return radio("replay-retrain-"+strconv.Itoa(n), fmt.Sprintf("every %s %s", textfmt.Thousands(n), reviews), n)
		}),
	)
}
