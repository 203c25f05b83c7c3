package app

import (
	"fmt"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// curves plots training per epoch: the objective, and the hit ratio on a
// sample of held-out users. The charts are there from the first paint,
// empty until the first epoch, so nothing moves when they fill in.
type curves struct {
	app.Compo
	Irun     trainingRun
	Iplanned int // epochs planned before a run starts
}

func newCurves() *curves { return &curves{} }

func (c *curves) Run(v trainingRun) *curves { c.Irun = v; return c }
func (c *curves) Planned(v int) *curves     { c.Iplanned = v; return c }

func (c *curves) Render() app.UI {
	r := c.Irun
	epochs := max(r.Epochs, len(r.Objective), c.Iplanned)
	sample := "a sample of"
	if r.Sample > 0 {
		sample = thousands(r.Sample)
	}
	return app.Section().ID("curves").Class("card card-curves").Body(
		app.H2().Class("visually-hidden").Text("Learning curves"),
		app.Div().Class("charts").Body(
			newLineChart().ID("chart-objective").
				Title("Objective (eq. 7), lower is better").
				Points(r.Objective).XMax(epochs).
				Caption("Weighted squared error over every person–business pair, reviewed or not, plus the L2 penalty, after each epoch."),
			newLineChart().ID("chart-hr").
				Title(fmt.Sprintf("HR@100 on %s held-out users", sample)).
				Points(r.SampleHR).XMax(epochs).Percent(true).
				Caption("Share of those users whose latest review is in their top 100 of all businesses: "+
					"an evenly spread sample, to keep each epoch fast. The full figure comes at the end."),
		),
	)
}
