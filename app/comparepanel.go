package app

import (
	"fmt"

	"github.com/ealslive/ealslive/app/datainfo"
	"github.com/ealslive/ealslive/app/runs"

	"github.com/ealslive/ealslive/app/textfmt"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// comparePanel shows eALS against its rivals: a Run/Stop button, progress,
// and one table of offline accuracy and time per epoch.
type comparePanel struct {
	app.Compo
	Irun      runs.Comparison
	Iblocked  hold // why Run cannot start now
	Istopping bool
	onButton  func(ctx app.Context, start bool) // kept from the first render (see catalogView.onRowClick)
	Iwords    datainfo.Words
}

func newComparePanel() *comparePanel { return &comparePanel{} }

func (c *comparePanel) Run(v runs.Comparison) *comparePanel { c.Irun = v; return c }
func (c *comparePanel) Blocked(v hold) *comparePanel        { c.Iblocked = v; return c }
func (c *comparePanel) OnButton(v func(ctx app.Context, start bool)) *comparePanel {
	c.onButton = v
	return c
}
func (c *comparePanel) Stopping(v bool) *comparePanel { c.Istopping = v; return c }
func (c *comparePanel) Words(v datainfo.Words) *comparePanel {
	c.Iwords = v
	return c
}

func (c *comparePanel) Render() app.UI {
	r, w := c.Irun, c.Iwords
	verdict := ""
	if r.Finished {
		verdict = runs.CompareVerdict(r.Rows)
	}
	return app.Section().ID("compare").Class("card card-evidence").DataSet("state", runState(r.Running, r.Finished, r.Stopped, "")).Body(
		app.Div().Class("evidence-head").Body(
			app.H2().Text("eALS against its rivals"),
			runButton("compare", "Run the comparison", c.onButton, r.Running, c.Istopping, c.Iblocked.says("The comparison")),
		),
		app.P().Class("caption").Text("Does weighting missing data by popularity help, and how does eALS fare against BPR, "+
			"the usual ranking baseline, and RCD, the paper's rival for learning online? Each model is trained here, by the page's workers side by side, on the same "+w.Reviews+" as the model above, "+
			"and judged the same way: for every "+w.User+", is their latest "+w.Review+" (held out) in their top 100?"),
		app.P().ID("compare-status").Class("status").Text(c.status()),
		when(r.Running, func() app.UI { return progressMeter("compare-progress", "Progress of the comparison", r.Progress) }),
		when(c.Iblocked.Reason != "" && !r.Running, func() app.UI {
			return app.P().ID("compare-blocked").Class("blocked").Text(c.Iblocked.says("The comparison"))
		}),
		when(len(r.Rows) > 0, func() app.UI { return c.renderTable() }),
		when(verdict != "", func() app.UI { return app.P().ID("compare-verdict").Class("verdict").Text(verdict) }),
	)
}

func (c *comparePanel) status() string {
	r, w := c.Irun, c.Iwords
	switch {
	case r.Running:
		measured := 0
		for _, row := range r.Rows {
			if row.Evaluated || row.Err != "" {
				measured++
			}
		}
		return fmt.Sprintf("Training the models and measuring HR@100 on all %s held-out %s: %d of %d done…",
			textfmt.Thousands(r.Tests), w.Users, measured, len(r.Rows))
	case r.Stopped:
		return "Stopped; the rows not finished are left empty."
	case r.Finished:
		return fmt.Sprintf("All %d trained and measured on the same %s held-out %s in %.1f s.", len(r.Rows), textfmt.Thousands(r.Tests), w.Users, r.WallMs/1000)
	}
	return fmt.Sprintf("Trains four models side by side, BPR for %d epochs: several seconds in all.", runs.BPREpochs)
}

// renderTable lays the rows out as a table built of divs with ARIA table
// roles and a CSS grid: go-app's table elements would link code into
// app.wasm for one table.
func (c *comparePanel) renderTable() app.UI {
	r, w := c.Irun, c.Iwords
	head := func(text string, num bool) app.UI {
		d := app.Div().Attr("role", "columnheader").Text(text)
		if num {
			d = d.Class("num")
		}
		return d
	}
	return app.Div().Class("table-wrap").Body(
		app.Div().ID("compare-table").Class("compare").Attr("role", "table").Aria("label", "eALS against its rivals").Body(
			app.Div().Class("compare-row compare-head").Attr("role", "row").Body(
				head("model", false), head("HR@100", true), head("NDCG@100", true),
				head("per epoch", true), head("epochs", true), head("training", true),
			),
			app.Range(r.Rows).Slice(func(k int) app.UI {
				return app.Div().Class("compare-row").Attr("role", "row").DataSet("key", r.Rows[k].Key).Body(c.cells(k)...)
			}),
		),
		app.P().Class("chart-caption").Text("Median time per epoch and in all, in this browser, each model trained by one of the page's workers. "+
			"An eALS epoch solves every "+w.User+"'s and "+w.Item+"'s vector once; a BPR epoch takes one gradient step per "+w.Review+", "+
			"on a random ("+w.User+", "+w.Done+", not "+w.Done+") triple; an RCD epoch takes one gradient step on every vector, its length found by a line search."),
	)
}

// cells are a row of the table: the model, then its figures, or what it
// is waiting for in their place.
func (c *comparePanel) cells(k int) []app.UI {
	r := c.Irun
	row := r.Rows[k]
	cell := func(class, role, text string) app.UI {
		return app.Div().Class(class).Attr("role", "cell").DataSet("role", role).Text(text)
	}
	cells := []app.UI{app.Div().Attr("role", "cell").Body(
		app.Span().Class("model-name").Text(row.Label),
		app.Span().Class("model-settings").Body(notation(row.Settings)),
	)}
	if row.Evaluated {
		cells = append(cells,
			cell("num", "hr", textfmt.Percent(row.Metrics.HR)),
			cell("num", "ndcg", fmt.Sprintf("%.4f", row.Metrics.NDCG)))
	} else {
		note := "waiting"
		switch {
		case row.Err != "":
			note = "failed: " + row.Err
		case r.Running && row.Phase == "evaluating":
			note = "measuring…"
		case r.Running && row.Phase == "training" && (row.Done > 0 || row.Progress > 0):
			note = "training…"
		case !r.Running && row.Done > 0:
			note = "stopped"
		case !r.Running:
			note = "not run"
		}
		cells = append(cells, cell("row-note", "note", note))
	}
	return append(cells,
		cell("num", "epoch-ms", orDash(len(row.EpochMs) > 0, textfmt.Millis(row.EpochMsMedian))),
		cell("num", "epochs", fmt.Sprint(row.Done)),
		cell("num", "train-ms", orDash(row.Done > 0, fmt.Sprintf("%.1f s", row.TrainMs/1000))),
	)
}

func orDash(ok bool, s string) string {
	if ok {
		return s
	}
	return "–"
}
