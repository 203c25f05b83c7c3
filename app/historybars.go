package app

import (
	"fmt"

	"github.com/ealslive/ealslive/app/textfmt"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// Geometry of the grouped bar chart, wider than the line charts to fit a
// group per history bucket. On a phone it is scaled to about 0.6 and its
// labels enlarged by the stylesheet, so the rows of labels under the axis
// leave room for that.
const (
	barsW, barsH     = 560.0, 240.0
	barsPadL         = 48.0
	barsPadR         = 8.0
	barsPadT         = 14.0
	barsPadB         = 46.0
	barsGroupFill    = 0.78 // share of a group's width its bars take
	barsLabelOffset  = 19.0 // bucket label below the axis
	barsCountsOffset = 37.0 // number of test interactions below that
)

// barGroup is one bucket of the paper's Figure 8: its label, how many test
// interactions fell in it, and one value per series.
type barGroup struct {
	Label  string
	Count  int
	Values []float64
}

// historyBars draws grouped bars, one group per bucket of past
// interactions and one bar per recommender, with each bucket's number of
// test interactions under it: a bar over a handful of tests says little.
// Like streamChart it is a plain function of its fields.
type historyBars struct {
	id, title, caption string
	series             []seriesLine // names and keys only
	groups             []barGroup
}

// barLayout places groups and bars across the chart's width.
type barLayout struct {
	group, bar float64 // widths
}

func newBarLayout(groups, series int) barLayout {
	g := (barsW - barsPadL - barsPadR) / float64(max(groups, 1))
	return barLayout{group: g, bar: g * barsGroupFill / float64(max(series, 1))}
}

func (l barLayout) middle(g int) float64 { return barsPadL + (float64(g)+0.5)*l.group }

func (l barLayout) left(g, s int) float64 {
	return barsPadL + float64(g)*l.group + l.group*(1-barsGroupFill)/2 + float64(s)*l.bar
}

func (c historyBars) render() app.UI {
	hi := 0.0
	for _, g := range c.groups {
		for _, v := range g.Values {
			hi = max(hi, v)
		}
	}
	hi = axisTop(hi, true)
	base := barsH - barsPadB
	yAt := func(v float64) float64 { return barsPadT + (base-barsPadT)*(hi-v)/hi }
	lay := newBarLayout(len(c.groups), len(c.series))
	return app.Figure().ID(c.id).Class("chart chart-multi chart-bars").Body(
		app.FigCaption().Body(app.Span().Class("chart-title").Text(c.title)),
		legend(c.series, func(seriesLine) string { return "" }),
		svg("svg").
			Attr("viewBox", fmt.Sprintf("0 0 %g %g", barsW, barsH)).
			Attr("role", "img").
			Attr("aria-label", c.title).
			Body(
				svgLine(barsPadL, barsPadT, barsPadL, base, "axis"),
				svgLine(barsPadL, base, barsW-barsPadR, base, "axis"),
				svgLine(barsPadL, barsPadT, barsW-barsPadR, barsPadT, "grid"),
				svgLine(barsPadL, yAt(hi/2), barsW-barsPadR, yAt(hi/2), "grid"),
				svgText(barsPadL-6, barsPadT+4, "end", valueLabel(hi, true)),
				svgText(barsPadL-6, yAt(hi/2)+4, "end", valueLabel(hi/2, true)),
				svgText(barsPadL-6, base+4, "end", valueLabel(0, true)),
				svgText(barsPadL-6, base+barsLabelOffset, "end", "past"),
				svgText(barsPadL-6, base+barsCountsOffset, "end", "tests"),
				app.Range(c.groups).Slice(func(g int) app.UI {
					grp := c.groups[g]
					return svg("g").Attr("data-bucket", grp.Label).Attr("data-count", grp.Count).Body(
						app.Range(grp.Values).Slice(func(s int) app.UI {
							if grp.Count == 0 || s >= len(c.series) {
								return nil
							}
							v, y := grp.Values[s], yAt(grp.Values[s])
							return svg("rect").Attr("data-series", c.series[s].Key).
								Attr("x", fmt.Sprintf("%.1f", lay.left(g, s))).
								Attr("y", fmt.Sprintf("%.1f", y)).
								Attr("width", fmt.Sprintf("%.1f", lay.bar)).
								Attr("height", fmt.Sprintf("%.1f", base-y)).Body(
								svg("title").Text(fmt.Sprintf("%s, %s past: HR@100 %s over %s",
									c.series[s].Label, grp.Label, valueLabel(v, true), textfmt.Plural(grp.Count, "test", "tests"))),
							)
						}),
						svgText(lay.middle(g), base+barsLabelOffset, "middle", grp.Label),
						svg("text").Attr("x", fmt.Sprintf("%.1f", lay.middle(g))).
							Attr("y", fmt.Sprintf("%.1f", base+barsCountsOffset)).
							Attr("text-anchor", "middle").Attr("data-role", "count").Text(textfmt.Thousands(grp.Count)),
					)
				}),
			),
		when(c.caption != "", func() app.UI { return app.P().Class("chart-caption").Text(c.caption) }),
	)
}
