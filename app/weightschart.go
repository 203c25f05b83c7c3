package app

import (
	"fmt"
	"html"
	"math"
	"strconv"
	"strings"

	"github.com/ealslive/ealslive/app/datainfo"
	"github.com/ealslive/ealslive/app/textfmt"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/ealslive/ealslive/core"
)

// The weights plot's geometry, in SVG user units.
const (
	wChartW, wChartH = 400.0, 230.0
	wPadL, wPadR     = 54.0, 14.0
	wPadT, wPadB     = 20.0, 34.0
)

// weightsChart plots the missing-data weight c_i of every business against
// its popularity on log–log axes, where c_i ∝ f_i^α is a line of slope α,
// with the uniform weight of α = 0 as a dashed reference.
type weightsChart struct {
	app.Compo
	Icurve core.WeightCurve
	Ic0    float64
	Ialpha float64
	Istale bool   // the controls hold an invalid c0 or α; these are the last valid ones
	Iinuse string // what the model in use has, when it differs from the controls; in notation
	Iwords datainfo.Words
}

func newWeightsChart() *weightsChart { return &weightsChart{} }

func (c *weightsChart) Curve(v core.WeightCurve) *weightsChart { c.Icurve = v; return c }
func (c *weightsChart) For(c0, alpha float64) *weightsChart {
	c.Ic0, c.Ialpha = c0, alpha
	return c
}
func (c *weightsChart) Stale(v bool) *weightsChart   { c.Istale = v; return c }
func (c *weightsChart) InUse(v string) *weightsChart { c.Iinuse = v; return c }
func (c *weightsChart) Words(v datainfo.Words) *weightsChart {
	c.Iwords = v
	return c
}

// logRange is an axis from lo to hi on a log scale.
type logRange struct{ lo, hi float64 } // log10 of the ends

func newLogRange(lo, hi float64) logRange {
	a, b := math.Log10(lo), math.Log10(hi)
	if b-a < 0.3 { // a flat curve: give it room above and below
		mid := (a + b) / 2
		a, b = mid-0.5, mid+0.5
	}
	pad := 0.04 * (b - a)
	return logRange{a - pad, b + pad}
}

func (r logRange) at(v float64, from, to float64) float64 {
	return from + (to-from)*(math.Log10(v)-r.lo)/(r.hi-r.lo)
}

// decades returns the powers of ten within the range.
func (r logRange) decades() []float64 {
	var out []float64
	for e := math.Ceil(r.lo); e <= r.hi; e++ {
		out = append(out, math.Pow(10, e))
	}
	return out
}

func (c *weightsChart) Render() app.UI {
	var pts []core.WeightPoint
	hidden := 0
	for _, pt := range c.Icurve.Points {
		if pt.Count > 0 && pt.Weight > 0 {
			pts = append(pts, pt)
		} else {
			hidden += pt.Items
		}
	}
	fig := app.Figure().ID("chart-weights").Class("chart chart-weights")
	which := "the values in the controls"
	if c.Istale {
		which = "the last valid values in the controls"
	}
	title := app.FigCaption().Body(app.Span().ID("weights-title").Class("chart-title").Body(
		notation(fmt.Sprintf("c_i for c_0 = %g and α = %g, %s", c.Ic0, c.Ialpha, which))))
	if len(pts) == 0 {
		return fig.Body(title, app.P().Class("chart-caption").Text("No "+c.Iwords.Item+" has a weight to plot."))
	}
	uniform := c.Icurve.Uniform
	legend := "popularity-weighted"
	if uniform > 0 {
		legend = "uniform c_0/N = " + textfmt.Sig(uniform, 3).Text()
	}
	return fig.DataSet("c0", fullFloat(c.Ic0)).DataSet("alpha", fullFloat(c.Ialpha)).Body(
		title,
		c.plot(pts),
		app.P().Class("chart-legend").Body(
			app.Span().Class("legend-weights").Text("popularity-weighted"),
			when(uniform > 0, func() app.UI { return app.Span().Class("legend-uniform").Body(notation(legend)) }),
		),
		app.P().ID("weights-caption").Class("chart-caption").Body(notation(c.caption(hidden))),
	)
}

// plot draws the points (all with a count and a weight above 0) and the
// uniform reference line. It is one string of SVG, the dots one path: the
// plot is redrawn as the visitor types c0 or α, and a few hundred elements
// made one call at a time would cost the page's thread tens of
// milliseconds where the browser parses the string in one.
func (c *weightsChart) plot(pts []core.WeightPoint) app.UI {
	uniform := c.Icurve.Uniform
	wLo, wHi := pts[0].Weight, pts[0].Weight
	for _, pt := range pts {
		wLo, wHi = min(wLo, pt.Weight), max(wHi, pt.Weight)
	}
	if uniform > 0 {
		wLo, wHi = min(wLo, uniform), max(wHi, uniform)
	}
	lo, hi := pts[0], pts[len(pts)-1]
	xs := newLogRange(float64(lo.Count), float64(hi.Count))
	ys := newLogRange(wLo, wHi)
	x := func(n float64) float64 { return xs.at(n, wPadL, wChartW-wPadR) }
	y := func(w float64) float64 { return ys.at(w, wChartH-wPadB, wPadT) }
	base := wChartH - wPadB

	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="%s" viewBox="0 0 %g %g" role="img" aria-label="%s" data-lo-count="%d" data-lo-weight="%s" data-hi-count="%d" data-hi-weight="%s">`,
		svgNS, wChartW, wChartH, html.EscapeString(fmt.Sprintf("Missing-data weight against popularity for c0 = %g and α = %g", c.Ic0, c.Ialpha)),
		lo.Count, fullFloat(lo.Weight), hi.Count, fullFloat(hi.Weight))
	line := func(x1, y1, x2, y2 float64, role string) {
		fmt.Fprintf(&b, `<line x1="%s" y1="%s" x2="%s" y2="%s" data-role="%s"/>`, coord(x1), coord(y1), coord(x2), coord(y2), role)
	}
	text := func(x, y float64, anchor, s string) {
		fmt.Fprintf(&b, `<text x="%s" y="%s" text-anchor="%s">%s</text>`, coord(x), coord(y), anchor, html.EscapeString(s))
	}
	line(wPadL, wPadT, wPadL, base, "axis")
	line(wPadL, base, wChartW-wPadR, base, "axis")
	text((wPadL+wChartW-wPadR)/2, wChartH-4, "middle", "training "+c.Iwords.Reviews+" of the "+c.Iwords.Item+" (log scale)")
	text(wPadL+4, wPadT-8, "start", "cᵢ (log scale)")
	for _, v := range xs.decades() {
		line(x(v), base, x(v), base+4, "axis")
		text(x(v), base+16, "middle", textfmt.Thousands(int(v)))
	}
	yTicks := ys.decades()
	if len(yTicks) < 2 {
		yTicks = []float64{wLo, wHi}
	}
	for _, v := range yTicks {
		line(wPadL, y(v), wChartW-wPadR, y(v), "grid")
		text(wPadL-6, y(v)+4, "end", textfmt.Sig(v, 2).Text())
	}
	if uniform > 0 {
		fmt.Fprintf(&b, `<line x1="%s" x2="%s" y1="%s" y2="%s" data-role="uniform" data-weight="%s"/>`,
			coord(wPadL), coord(wChartW-wPadR), coord(y(uniform)), coord(y(uniform)), fullFloat(uniform))
	}
	var dots, curve strings.Builder
	for _, pt := range pts {
		cx, cy := x(float64(pt.Count)), y(pt.Weight)
		fmt.Fprintf(&curve, "%s,%s ", coord(cx), coord(cy))
		// Dots grow with the number of businesses they stand for: each a
		// circle of two arcs.
		r := min(1.2+0.45*math.Sqrt(float64(pt.Items)), 5)
		fmt.Fprintf(&dots, "M%s %sa%s %s 0 1 0 %s 0a%s %s 0 1 0 -%s 0", coord(cx-r), coord(cy), coord(r), coord(r), coord(2*r), coord(r), coord(r), coord(2*r))
	}
	fmt.Fprintf(&b, `<path d="%s" data-role="items" data-dots="%d"/>`, dots.String(), len(pts))
	fmt.Fprintf(&b, `<polyline points="%s" data-role="weights" fill="none"/>`, strings.TrimSpace(curve.String()))
	b.WriteString(`</svg>`)
	return app.Raw(b.String())
}

func coord(v float64) string { return strconv.FormatFloat(v, 'f', 2, 64) }

// fullFloat writes v exactly, for the tests that read the plot's data.
func fullFloat(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

// caption explains the plot, in notation; the title above it says for
// which c0 and α.
func (c *weightsChart) caption(hidden int) string {
	w := c.Iwords
	s := "c_i = c_0 f_i^α / Σ_j f_j^α, with f_i the " + w.Item + "'s share of the training " + w.Reviews + ": on log–log axes, " +
		"a line of slope α. Each dot is the " + w.Items + " with that many " + w.Reviews + ", larger for more of them. "
	if c.Ialpha > 0 {
		s += "A miss on a popular " + w.Item + " counts as a stronger “no”; α = 0 would give every " + w.Item + " the dashed uniform weight."
	} else {
		s += "With α = 0 the line is flat: every " + w.Item + " gets the dashed uniform weight, and every miss counts the same."
	}
	if hidden > 0 {
		s += fmt.Sprintf(" %s with no training %s (weight 0) cannot be placed on a log scale.", textfmt.Plural(hidden, w.Item, w.Items), w.Reviews)
	}
	if c.Iinuse != "" {
		s += " The model in use has " + c.Iinuse + "; retrain to use these."
	}
	return s
}
