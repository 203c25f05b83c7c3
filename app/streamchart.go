package app

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/ealslive/ealslive/app/textfmt"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// seriesLine is one recommender's line on a streamChart, and its figure
// so far for the legend (which may differ from the last point: the curve
// has a point every so many interactions).
type seriesLine struct {
	Key, Label string
	X, Y       []float64
	Now        float64
}

// streamChart plots several series against the number of stream
// interactions replayed. The x axis spans the whole stream from the start,
// so lines grow to the right as the replay advances; the y axis starts at
// zero, the only honest origin for a rate. It is drawn by a plain function
// of its fields, not a component: its panel re-renders it only when the
// replay's figures change, and every component type adds to app.wasm.
type streamChart struct {
	id, title, caption string
	xMax               int
	percent            bool // values in [0, 1] shown as percentages
	lines              []seriesLine
}

func (c streamChart) label(v float64) string      { return valueLabel(v, c.percent) }
func (c streamChart) xAt(x, xMax float64) float64 { return padL + (chartW-padL-padR)*x/xMax }
func (c streamChart) yAt(v, hi float64) float64   { return padT + (chartH-padT-padB)*(hi-v)/hi }

func (c streamChart) polyline(l seriesLine, xMax, hi float64) string {
	var b strings.Builder
	for k := range l.X {
		fmt.Fprintf(&b, "%.1f,%.1f ", c.xAt(l.X[k], xMax), c.yAt(l.Y[k], hi))
	}
	return strings.TrimSpace(b.String())
}

func maxOf(lines []seriesLine) float64 {
	hi := 0.0
	for _, l := range lines {
		for _, v := range l.Y {
			hi = max(hi, v)
		}
	}
	return hi
}

func (c streamChart) render() app.UI {
	xMax := float64(max(c.xMax, 1))
	hi := axisTop(maxOf(c.lines), c.percent)
	return app.Figure().ID(c.id).Class("chart chart-multi").Body(
		app.FigCaption().Body(app.Span().Class("chart-title").Text(c.title)),
		legend(c.lines, func(l seriesLine) string {
			if len(l.Y) == 0 {
				return ""
			}
			return c.label(l.Now)
		}),
		svg("svg").
			Attr("viewBox", fmt.Sprintf("0 0 %g %g", chartW, chartH)).
			Attr("role", "img").
			Attr("aria-label", c.title).
			Body(
				svgLine(padL, padT, padL, chartH-padB, "axis"),
				svgLine(padL, chartH-padB, chartW-padR, chartH-padB, "axis"),
				svgLine(padL, padT, chartW-padR, padT, "grid"),
				svgText(padL-6, padT+4, "end", c.label(hi)),
				svgText(padL-6, chartH-padB+4, "end", c.label(0)),
				svgText(padL, chartH-8, "middle", "0"),
				svgText(chartW-padR, chartH-8, "end", textfmt.Thousands(int(xMax))),
				svgText((padL+chartW-padR)/2, chartH-8, "middle", "interactions replayed"),
				app.Range(c.lines).Slice(func(k int) app.UI {
					l := c.lines[k]
					if len(l.X) == 0 || len(l.X) != len(l.Y) {
						return nil
					}
					n := len(l.Y)
					return svg("g").Attr("data-series", l.Key).Attr("data-points", strconv.Itoa(n)).Body(
						svg("polyline").Attr("points", c.polyline(l, xMax, hi)).Attr("fill", "none").Body(
							svg("title").Text(l.Label),
						),
						svg("circle").Attr("cx", fmt.Sprintf("%.1f", c.xAt(l.X[n-1], xMax))).
							Attr("cy", fmt.Sprintf("%.1f", c.yAt(l.Y[n-1], hi))).Attr("r", "2.6").Body(
							svg("title").Text(fmt.Sprintf("%s: %s after %s interactions", l.Label, c.label(l.Y[n-1]), textfmt.Thousands(int(l.X[n-1])))),
						),
					)
				}),
			),
		when(c.caption != "", func() app.UI { return app.P().Class("chart-caption").Text(c.caption) }),
	)
}

// legend names each series in its colour, with a value beside it when
// value returns one.
func legend(lines []seriesLine, value func(seriesLine) string) app.UI {
	return app.Ul().Class("legend").Body(
		app.Range(lines).Slice(func(k int) app.UI {
			l := lines[k]
			v := value(l)
			return app.Li().DataSet("series", l.Key).Body(
				app.Span().Class("swatch").Aria("hidden", "true"),
				notation(l.Label),
				when(v != "", func() app.UI { return app.Span().Class("legend-value").Text(v) }),
			)
		}),
	)
}

// valueLabel writes a chart value: a percentage for rates, else briefly.
func valueLabel(v float64, percent bool) string {
	if percent {
		return fmt.Sprintf("%.1f%%", 100*v)
	}
	return fmt.Sprintf("%.3f", v)
}

// axisTop is a round value just above hi for the top of a y axis starting
// at zero: 1, 1.5, 2, 2.5, 3, 4, 5, 6 or 8 times a power of ten, so the
// top label reads plainly and the data fill most of the height. Rates never go above 1; with nothing to show the axis is 0–1%
// (or 0–0.01).
func axisTop(hi float64, percent bool) float64 {
	if hi <= 0 {
		return 0.01
	}
	if percent && hi >= 1 {
		return 1
	}
	step := 1e-6
	for step*10 <= hi {
		step *= 10
	}
	for _, m := range []float64{1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10} {
		if top := m * step; top >= hi*(1+1e-12) {
			return top
		}
	}
	return 10 * step
}
