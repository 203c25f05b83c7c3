package app

import (
	"fmt"
	"time"

	"github.com/ealslive/ealslive/app/datainfo"
	"github.com/ealslive/ealslive/app/export"
	"github.com/ealslive/ealslive/app/runs"
	"github.com/ealslive/ealslive/app/textfmt"
	"github.com/ealslive/ealslive/core"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// exportChart is a chart the page can export, by its figure's id.
type exportChart struct{ ID, Name string }

var exportCharts = []exportChart{
	{"chart-objective", "the objective per epoch"},
	{"chart-hr", "HR@100 per epoch"},
	{"chart-weights", "the missing-data weights"},
	{"replay-hr", "the replay's HR@100"},
	{"replay-ndcg", "the replay's NDCG@100"},
	{"replay-history", "the replay's Figure 8"},
}

// downloads hands files to the browser, keeps the last one offered again
// as a link (a browser may block the first download, and a test reads the
// file through it), and says what it did.
type downloads struct {
	Name, URL, Mime string
	status          string
}

// offer hands a file to the browser as a download and keeps its link.
func (d *downloads) offer(name, mime string, blob app.Value) {
	if d.URL != "" {
		app.Window().Get("URL").Call("revokeObjectURL", d.URL)
	}
	d.Name, d.Mime = name, mime
	d.URL = app.Window().Get("URL").Call("createObjectURL", blob).String()
	d.status = "Made " + name + "."
	a := app.Window().Get("document").Call("createElement", "a")
	a.Set("href", d.URL)
	a.Set("download", name)
	a.Call("click")
}

// offerImage offers a drawing as name.svg, or drawn on an offscreen canvas
// as name.png, which arrives later; redraw shows what came of it.
func (d *downloads) offerImage(ctx app.Context, name, svgText string, w, h float64, png bool, redraw func()) {
	if !png {
		d.offer(name+".svg", "image/svg+xml", textBlob(svgText, "image/svg+xml"))
		return
	}
	d.status = "Drawing " + name + ".png…"
	drawPNG(svgText, w, h, func(blob app.Value, err error) {
		ctx.Dispatch(func(ctx app.Context) {
			if err != nil {
				d.status = "The PNG could not be drawn: " + err.Error() + "."
			} else {
				d.offer(name+".png", "image/png", blob)
			}
			redraw()
		})
	})
}

// render is the line saying what was made, with the link to it again.
func (d *downloads) render(id string) app.UI {
	return app.P().ID(id+"-status").Class("caption").Attr("role", "status").Body(
		app.Text(d.status+" "),
		when(d.URL != "", func() app.UI {
			return app.A().ID(id+"-last").Href(d.URL).Attr("download", d.Name).
				DataSet("mime", d.Mime).Text("Download " + d.Name + " again")
		}),
	)
}

// exportCard is "Take it away": every chart as SVG or PNG, and the
// training run, the replay, the comparison, the newcomers followed and
// the comparison with a full retrain as CSV or JSON, each file
// naming the settings and the data that made it.
type exportCard struct {
	app.Compo
	model    modelInUse
	data     dataSet
	replay   runs.Replay
	compare  runs.Comparison
	newcomer runs.Newcomers
	retrain  runs.Retrain
	files    downloads
	ctx      app.Context
}

func newExportCard() *exportCard { return &exportCard{} }

func (c *exportCard) OnMount(ctx app.Context) {
	c.ctx = ctx
	observe(ctx, "export", drawn(keyModel)).Value(&c.model)
	observe(ctx, "export", drawn(keyData)).Value(&c.data)
	observe(ctx, "export", drawn(keyReplay)).Value(&c.replay)
	observe(ctx, "export", drawn(keyCompare)).Value(&c.compare)
	observe(ctx, "export", drawn(keyNewcomer)).Value(&c.newcomer)
	observe(ctx, "export", drawn(keyRetrain)).Value(&c.retrain)
}

func textBlob(text, mime string) app.Value {
	return app.Window().Get("Blob").New([]any{text}, map[string]any{"type": mime + ";charset=utf-8"})
}

// exportResult makes the CSV or JSON file of one of the page's results.
func (c *exportCard) exportResult(kind, format string) {
	h := export.NewHead(kind, c.model.Config, c.data.Info, time.Now())
	var header []string
	var rows [][]string
	var result any
	switch kind {
	case "training":
		h.Settings = c.model.Run.Config
		header, rows = export.TrainingTable(c.model.Run)
		result = c.model.Run
	case "replay":
		h.Settings = c.replay.Config
		header, rows = export.ReplayTable(c.replay)
		result = c.replay
	case "comparison":
		header, rows = export.CompareTable(c.compare)
		result = c.compare
	case "newcomer":
		h.Settings = c.newcomer.Config
		file := export.NewcomerFile(c.newcomer, c.data.Cat.Item)
		header, rows = export.NewcomerTable(file)
		result = file
	case "retrain":
		h.Settings = c.retrain.Config
		file := export.RetrainFile(c.retrain, c.data.Cat.Item)
		header, rows = export.RetrainTable(file)
		result = file
	}
	name := "eals-" + kind + "." + format
	if format == "csv" {
		c.files.offer(name, "text/csv", textBlob(export.CSV(h, header, rows), "text/csv"))
	} else {
		c.files.offer(name, "application/json", textBlob(export.JSON(h, result), "application/json"))
	}
}

// exportChart makes the SVG of a chart, or its PNG.
func (c *exportCard) exportChart(ch exportChart, png bool) {
	svgText, w, h, err := chartSVG(ch.ID, chartNote(c.model.Config, c.data.Info))
	if err != nil {
		c.files.status = err.Error()
		return
	}
	c.files.offerImage(c.ctx, "eals-"+ch.ID, svgText, w, h, png, func() {})
}

// chartNote is the line under an exported chart: the settings and data.
func chartNote(cfg core.Config, d *datainfo.Info) string {
	note := fmt.Sprintf("eALS Live · K = %d, c0 = %g, α = %g, λ = %g, w_new = %g, %d epochs, seed %d",
		cfg.K, cfg.C0, cfg.Alpha, cfg.Lambda, cfg.WNew, cfg.Epochs, cfg.Seed)
	switch {
	case d == nil:
	case d.Yelp():
		note += fmt.Sprintf(" · Yelp, %s: %s reviews", d.Subset, textfmt.Thousands(d.Reviews))
	default:
		note += fmt.Sprintf(" · %s: %s %s", d.Subset, textfmt.Thousands(d.Reviews), d.Words().Reviews)
	}
	return note
}

func (c *exportCard) Render() app.UI {
	type result struct{ kind, name string }
	results := []result{{"training", "The training run"}, {"replay", "The replay"}, {"comparison", "The comparison"},
		{"newcomer", "The newcomers followed"}, {"retrain", "The comparison with a full retrain"}}
	have := map[string]bool{
		"training":   len(c.model.Run.Objective) > 0,
		"replay":     len(c.replay.Lanes) > 0 && !c.replay.Running,
		"comparison": len(c.compare.Rows) > 0 && !c.compare.Running,
		"newcomer":   len(c.newcomer.Followed) > 0 && !c.newcomer.Running,
		"retrain":    c.retrain.Result != nil && !c.retrain.Running,
	}
	button := func(id, label, aria string, on func()) app.UI {
		return app.Button().ID(id).Class("export").Text(label).Aria("label", aria).
			OnClick(func(ctx app.Context, e app.Event) { on() })
	}
	return app.Section().ID("export").Class("card card-export").Body(
		app.H2().Text("Take it away"),
		app.P().Class("caption").Text("Every chart as SVG or PNG, and the results as CSV or JSON, each file with the settings "+
			"and the data that made it: for slides, handouts or your own analysis."),
		app.H3().Text("Charts"),
		app.Ul().Class("export-list").Body(
			app.Range(exportCharts).Slice(func(k int) app.UI {
				ch := exportCharts[k]
				return app.Li().Body(
					app.Span().Class("export-name").Text(capitalise(ch.Name)),
					button("export-"+ch.ID+"-svg", "SVG", "Export "+ch.Name+" as SVG", func() { c.exportChart(ch, false) }),
					button("export-"+ch.ID+"-png", "PNG", "Export "+ch.Name+" as PNG", func() { c.exportChart(ch, true) }),
				)
			}),
		),
		app.H3().Text("Results"),
		app.Ul().Class("export-list").Body(
			app.Range(results).Slice(func(k int) app.UI {
				r := results[k]
				if !have[r.kind] {
					return app.Li().Body(app.Span().Class("export-name").Text(r.name), app.Span().Class("caption").Text(" not run yet"))
				}
				return app.Li().Body(
					app.Span().Class("export-name").Text(r.name),
					button("export-"+r.kind+"-csv", "CSV", "Export "+lower(r.name)+" as CSV", func() { c.exportResult(r.kind, "csv") }),
					button("export-"+r.kind+"-json", "JSON", "Export "+lower(r.name)+" as JSON", func() { c.exportResult(r.kind, "json") }),
				)
			}),
		),
		c.files.render("export"),
	)
}

func capitalise(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}

func lower(s string) string {
	if s == "" || s[0] < 'A' || s[0] > 'Z' {
		return s
	}
	return string(s[0]-'A'+'a') + s[1:]
}
