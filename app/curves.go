package app

import (
	"fmt"
	"strings"

	"github.com/ealslive/ealslive/app/datainfo"
	"github.com/ealslive/ealslive/app/runs"
	"github.com/ealslive/ealslive/app/settings"
	"github.com/ealslive/ealslive/app/textfmt"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/ealslive/ealslive/core"
)

// curves plots training per epoch: the objective, and the hit ratio on a
// sample of held-out users. The charts are there from the first paint,
// empty until the first epoch, so nothing moves when they fill in.
type curves struct {
	app.Compo
	Irun     runs.Training
	Iplanned int // epochs planned before a run starts
	// Iprevious is the run before this one, drawn as ghost lines; its
	// Epochs is 0 when there is none.
	Iprevious runs.Training
	Iwords    datainfo.Words
}

func newCurves() *curves { return &curves{} }

func (c *curves) Run(v runs.Training) *curves { c.Irun = v; return c }
func (c *curves) Planned(v int) *curves       { c.Iplanned = v; return c }
func (c *curves) Previous(v runs.Training) *curves {
	c.Iprevious = v
	return c
}
func (c *curves) Words(v datainfo.Words) *curves { c.Iwords = v; return c }

func (c *curves) Render() app.UI {
	r, w := c.Irun, c.Iwords
	epochs := max(r.Epochs, len(r.Objective), c.Iplanned)
	sample := "a sample of"
	if r.Sample > 0 {
		sample = textfmt.Thousands(r.Sample)
	}
	return app.Section().ID("curves").Class("card card-curves").Body(
		app.H2().Class("visually-hidden").Text("Learning curves"),
		app.Div().Class("charts").Body(
			newLineChart().ID("chart-objective").
				Title("Objective (eq. 7), lower is better").
				Points(r.Objective).Ghost(c.Iprevious.Objective).XMax(epochs).
				Caption("Weighted squared error over every "+w.User+"–"+w.Item+" pair, "+w.Done+" or not, plus the L2 penalty, after each epoch."),
			newLineChart().ID("chart-hr").
				Title(fmt.Sprintf("HR@100 on %s held-out users", sample)).
				Points(r.SampleHR).Ghost(c.Iprevious.SampleHR).XMax(epochs).Percent(true).
				Caption("Share of those users whose latest "+w.Review+" is in their top 100 of all "+w.Items+": "+
					"an evenly spread sample, to keep each epoch fast. The full figure comes at the end."),
		),
		when(len(c.Iprevious.Objective) > 0, func() app.UI {
			return app.P().ID("curves-ghost").Class("chart-caption ghost-note").Body(
				app.Span().Class("ghost-swatch").Aria("hidden", "true"),
				notation(ghostNote(c.Iprevious.Config, r.Config)),
			)
		}),
	)
}

// ghostNote names the settings of the previous run, drawn dashed, and
// what differs from this one.
func ghostNote(prev, now core.Config) string {
	var diff []string
	for _, p := range settings.Params {
		if p.Text(prev) != p.Text(now) {
			diff = append(diff, fmt.Sprintf("%s = %s, now %s", p.Symbol(), p.Text(prev), p.Text(now)))
		}
	}
	if prev.Seed != now.Seed {
		diff = append(diff, fmt.Sprintf("seed %d, now %d", prev.Seed, now.Seed))
	}
	s := fmt.Sprintf("Dashed grey: the previous run, K = %d, c_0 = %g, α = %g, λ = %g, w_new = %g, %d epochs",
		prev.K, prev.C0, prev.Alpha, prev.Lambda, prev.WNew, prev.Epochs)
	if len(diff) == 0 {
		return s + ": the same settings as this one."
	}
	return s + " (" + strings.Join(diff, "; ") + ")."
}
