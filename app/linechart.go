package app

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/ealslive/ealslive/app/textfmt"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

const svgNS = "http://www.w3.org/2000/svg"

// Chart geometry in SVG user units; the SVG scales to its box.
const (
	chartW, chartH = 360.0, 170.0
	padL, padR     = 48.0, 12.0
	padT, padB     = 14.0, 28.0
)

// lineChart plots one value per epoch as an SVG line with a dot per
// epoch. The x axis spans the planned epochs from the start, so the line
// grows to the right instead of rescaling.
type lineChart struct {
	app.Compo
	Iid      string
	Ititle   string
	Icaption string
	Ipoints  []float64
	IxMax    int
	Ipercent bool // values in [0, 1] shown as percentages
	// Ighost is an earlier run's line, drawn faint and dashed behind this
	// one on the same axes, so that two settings can be compared.
	Ighost []float64
}

func newLineChart() *lineChart { return &lineChart{} }

func (c *lineChart) ID(v string) *lineChart        { c.Iid = v; return c }
func (c *lineChart) Title(v string) *lineChart     { c.Ititle = v; return c }
func (c *lineChart) Caption(v string) *lineChart   { c.Icaption = v; return c }
func (c *lineChart) Points(v []float64) *lineChart { c.Ipoints = v; return c }
func (c *lineChart) XMax(v int) *lineChart         { c.IxMax = v; return c }
func (c *lineChart) Percent(v bool) *lineChart     { c.Ipercent = v; return c }
func (c *lineChart) Ghost(v []float64) *lineChart  { c.Ighost = v; return c }

func (c *lineChart) label(v float64) string {
	if c.Ipercent {
		return fmt.Sprintf("%.1f%%", 100*v)
	}
	return textfmt.Compact(v)
}

func (c *lineChart) Render() app.UI {
	n := len(c.Ipoints)
	xMax := max(c.IxMax, n, len(c.Ighost), 2)
	lo, hi := 0.0, 1.0
	all := append(append([]float64(nil), c.Ipoints...), c.Ighost...)
	if len(all) > 0 {
		lo, hi = all[0], all[0]
		for _, v := range all {
			lo, hi = min(lo, v), max(hi, v)
		}
	}
	if c.Ipercent {
		lo = 0 // a hit ratio reads honestly only from zero
	}
	if hi-lo < 1e-12*max(1, hi) {
		hi = lo + max(1e-9, 0.05*max(lo, -lo))
		if c.Ipercent {
			hi = max(hi, 0.01)
		}
	}
	x := func(epoch int) float64 { return padL + (chartW-padL-padR)*float64(epoch-1)/float64(xMax-1) }
	y := func(v float64) float64 { return padT + (chartH-padT-padB)*(hi-v)/(hi-lo) }

	line := func(vs []float64) string {
		var pts strings.Builder
		for k, v := range vs {
			fmt.Fprintf(&pts, "%.1f,%.1f ", x(k+1), y(v))
		}
		return strings.TrimSpace(pts.String())
	}
	last := ""
	if n > 0 {
		last = c.label(c.Ipoints[n-1])
	}
	return app.Figure().ID(c.Iid).Class("chart").Body(
		app.FigCaption().Body(
			app.Span().Class("chart-title").Text(c.Ititle),
			when(last != "", func() app.UI { return app.Span().Class("chart-last").Text(last) }),
		),
		svg("svg").
			Attr("viewBox", fmt.Sprintf("0 0 %g %g", chartW, chartH)).
			Attr("role", "img").
			Attr("aria-label", c.Ititle).
			Attr("data-points", strconv.Itoa(n)).
			Body(
				svgLine(padL, padT, padL, chartH-padB, "axis"),
				svgLine(padL, chartH-padB, chartW-padR, chartH-padB, "axis"),
				svgLine(padL, padT, chartW-padR, padT, "grid"),
				svgText(padL-6, padT+4, "end", c.label(hi)),
				svgText(padL-6, chartH-padB+4, "end", c.label(lo)),
				svgText(padL, chartH-8, "middle", "1"),
				svgText(chartW-padR, chartH-8, "end", strconv.Itoa(xMax)),
				svgText((padL+chartW-padR)/2, chartH-8, "middle", "epoch"),
				when(len(c.Ighost) > 1, func() app.UI {
					return svg("polyline").Attr("points", line(c.Ighost)).
						Attr("data-role", "ghost").Attr("data-points", strconv.Itoa(len(c.Ighost))).Attr("fill", "none")
				}),
				when(n > 1, func() app.UI {
					return svg("polyline").Attr("points", line(c.Ipoints)).
						Attr("data-role", "line").Attr("fill", "none")
				}),
				app.Range(c.Ipoints).Slice(func(k int) app.UI {
					return svg("circle").Attr("cx", fmt.Sprintf("%.1f", x(k+1))).
						Attr("cy", fmt.Sprintf("%.1f", y(c.Ipoints[k]))).
						Attr("r", "2.6").Attr("data-role", "point").Body(
						svg("title").Text(fmt.Sprintf("epoch %d: %s", k+1, c.label(c.Ipoints[k]))),
					)
				}),
			),
		when(c.Icaption != "", func() app.UI { return app.P().Class("chart-caption").Text(c.Icaption) }),
	)
}

// svg returns an element in the SVG namespace; go-app needs the namespace
// on every SVG element, not only the root.
func svg(tag string) app.HTMLElem { return app.Elem(tag).XMLNS(svgNS) }

func svgLine(x1, y1, x2, y2 float64, role string) app.UI {
	return svg("line").
		Attr("x1", fmt.Sprintf("%.1f", x1)).Attr("y1", fmt.Sprintf("%.1f", y1)).
		Attr("x2", fmt.Sprintf("%.1f", x2)).Attr("y2", fmt.Sprintf("%.1f", y2)).
		Attr("data-role", role)
}

func svgText(x, y float64, anchor, text string) app.UI {
	return svg("text").
		Attr("x", fmt.Sprintf("%.1f", x)).Attr("y", fmt.Sprintf("%.1f", y)).
		Attr("text-anchor", anchor).Text(text)
}
