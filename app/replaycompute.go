package app

import (
	"fmt"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/ealslive/ealslive/app/runs"
	"github.com/ealslive/ealslive/app/textfmt"
)

// renderCompute is the trade-off of online learning, lane by lane: HR@100
// over the stream beside the compute each lane spent, its training and
// what it did to learn the stream (an update per interaction, or a retrain
// every N), as a table of divs with ARIA roles, as the comparison's.
func (c *replayPanel) renderCompute() app.UI {
	r := c.Irun
	head := func(text string, num bool) app.UI {
		d := app.Div().Attr("role", "columnheader").Text(text)
		if num {
			d = d.Class("num")
		}
		return d
	}
	cell := func(class, role, text string) app.UI {
		return app.Div().Class(class).Attr("role", "cell").DataSet("role", role).Text(text)
	}
	w := c.Iwords
	return app.Figure().ID("replay-compute").Class("chart").Body(
		app.FigCaption().Body(app.Span().Class("chart-title").Text("Accuracy and compute, lane by lane")),
		app.Div().Class("table-wrap").Body(
			app.Div().Class("compare compute").Attr("role", "table").Aria("label", "Accuracy and compute, lane by lane").Body(
				app.Div().Class("compare-row compare-head").Attr("role", "row").Body(
					head("model", false), head("HR@100", true), head("training", true), head("learning the stream", true), head("compute", true),
				),
				app.Range(r.Lanes).Slice(func(k int) app.UI {
					l := r.Lanes[k]
					learnt := []app.UI{app.Span().Class("part").Text(textfmt.Plural(l.Overall.Count, "update", "updates") + ","),
						app.Text(" "), app.Span().Class("part").Text(runs.Seconds(l.UpdateMsTotal))}
					switch {
					case l.Retrains > 0 || l.Key == runs.LaneRetrain:
						learnt[0] = app.Span().Class("part").Text(textfmt.Plural(l.Retrains, "retrain", "retrains") + ",")
					case l.Key == runs.LaneFrozen:
						learnt = []app.UI{app.Text("none")}
					}
					return app.Div().Class("compare-row").Attr("role", "row").DataSet("key", l.Key).Body(
						app.Div().Attr("role", "cell").Body(app.Span().Class("model-name").Body(notation(l.Label))),
						cell("num", "hr", textfmt.Percent(l.Overall.HR)),
						cell("num", "train-ms", runs.Seconds(l.TrainMs)),
						app.Div().Class("num").Attr("role", "cell").DataSet("role", "learn-ms").Body(learnt...),
						cell("num", "compute-ms", runs.Seconds(l.ComputeMs)),
					)
				}),
			),
		),
		app.P().Class("chart-caption").Text(fmt.Sprintf("Compute on the workers' clocks. Training: the model each lane starts from "+
			"(the eALS lanes share one, trained by the %s together, each of which timed it on its own clock; BPR and RCD train their own, "+
			"each on one worker). Learning the stream: "+
			"every update after a %s is judged, or every retrain from scratch, on one worker. Ranking every %s to judge each "+
			"%s is the same work in every lane and is not counted.",
			textfmt.Plural(r.Workers, "worker", "workers"), w.Review, w.Item, w.Review)),
		when(runs.RetrainLaneFindings(r.Lanes, w.Reviews) != "", func() app.UI {
			return app.P().ID("replay-retrain-findings").Class("verdict").Text(runs.RetrainLaneFindings(r.Lanes, w.Reviews))
		}),
	)
}
