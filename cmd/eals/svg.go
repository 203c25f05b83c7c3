package main

import (
	"bytes"
	"fmt"
	"html"
	"math"
	"strconv"
)

// chart is a line chart of one or more series over a shared x axis, drawn
// as a self-contained SVG file: the report's figures.
type chart struct {
	title, xLabel, yLabel string
	logX                  bool     // a log₂ x axis, ticked at the data's x values
	logY                  bool     // a log₁₀ y axis, ticked at powers of ten
	xNames                []string // names of the x values 0, 1, …, in place of numbers
	series                []series
}

type series struct {
	name   string
	x, y   []float64
	dash   bool   // a reference line, such as "no updates"
	colour string // the palette's next colour if empty
}

// palette is distinguishable in colour and, for colour-blind readers, by
// the markers' order in the legend.
var palette = []string{"#1b6ac9", "#d1495b", "#2e933c", "#8e5ac8", "#e08a00", "#5b5b5b", "#00a3a3", "#b5651d"}

const (
	svgW, svgH                 = 720, 400
	padL, padR, padT, padB     = 70, 240, 40, 50
	plotW, plotH               = svgW - padL - padR, svgH - padT - padB
	legendX, legendY, legendDY = svgW - padR + 15, padT + 10, 20
)

// svg renders the chart. Points with a NaN y are left out.
func (c chart) svg() []byte {
	xs, ys := c.extent()
	var b bytes.Buffer
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="12">`+"\n",
		svgW, svgH, svgW, svgH)
	fmt.Fprintf(&b, `<title>%s</title>`+"\n", esc(c.title))
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="white"/>`+"\n", svgW, svgH)
	fmt.Fprintf(&b, `<text x="%d" y="22" font-size="14" font-weight="bold">%s</text>`+"\n", padL, esc(c.title))
	px := func(x float64) float64 {
		if c.logX {
			return padL + plotW*(math.Log2(x)-math.Log2(xs[0]))/nonzero(math.Log2(xs[1])-math.Log2(xs[0]))
		}
		return padL + plotW*(x-xs[0])/nonzero(xs[1]-xs[0])
	}
	py := func(y float64) float64 {
		if c.logY {
			return padT + plotH - plotH*(math.Log10(y)-math.Log10(ys[0]))/nonzero(math.Log10(ys[1])-math.Log10(ys[0]))
		}
		return padT + plotH - plotH*(y-ys[0])/nonzero(ys[1]-ys[0])
	}
	// Grid and ticks.
	for _, t := range c.yTicks(ys) {
		y := py(t)
		fmt.Fprintf(&b, `<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#e3e3e3"/>`+"\n", padL, y, padL+plotW, y)
		fmt.Fprintf(&b, `<text x="%d" y="%.1f" text-anchor="end">%s</text>`+"\n", padL-6, y+4, tickLabel(t))
	}
	for _, t := range c.xTicks(xs) {
		x := px(t)
		fmt.Fprintf(&b, `<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#e3e3e3"/>`+"\n", x, padT, x, padT+plotH)
		label := tickLabel(t)
		if n := int(t); c.xNames != nil && float64(n) == t && n >= 0 && n < len(c.xNames) {
			label = c.xNames[n]
		}
		fmt.Fprintf(&b, `<text x="%.1f" y="%d" text-anchor="middle">%s</text>`+"\n", x, padT+plotH+16, esc(label))
	}
	fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#333"/>`+"\n", padL, padT, plotW, plotH)
	fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="middle">%s</text>`+"\n", padL+plotW/2, svgH-10, esc(c.xLabel))
	fmt.Fprintf(&b, `<text x="16" y="%d" text-anchor="middle" transform="rotate(-90 16 %d)">%s</text>`+"\n",
		padT+plotH/2, padT+plotH/2, esc(c.yLabel))
	for k, s := range c.series {
		colour := s.colour
		if colour == "" {
			colour = palette[k%len(palette)]
		}
		var pts bytes.Buffer
		n := 0
		for j := range s.x {
			if math.IsNaN(s.y[j]) {
				continue
			}
			fmt.Fprintf(&pts, "%.1f,%.1f ", px(s.x[j]), py(s.y[j]))
			n++
		}
		dash := ""
		if s.dash {
			dash = ` stroke-dasharray="6 4"`
		}
		fmt.Fprintf(&b, `<polyline fill="none" stroke="%s" stroke-width="2"%s points="%s"/>`+"\n", colour, dash, bytes.TrimSpace(pts.Bytes()))
		if n <= 25 {
			for j := range s.x {
				if !math.IsNaN(s.y[j]) {
					fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="3" fill="%s"/>`+"\n", px(s.x[j]), py(s.y[j]), colour)
				}
			}
		}
		ly := legendY + k*legendDY
		fmt.Fprintf(&b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s" stroke-width="2"%s/>`+"\n", legendX, ly, legendX+22, ly, colour, dash)
		fmt.Fprintf(&b, `<text x="%d" y="%d">%s</text>`+"\n", legendX+28, ly+4, esc(s.name))
	}
	b.WriteString("</svg>\n")
	return b.Bytes()
}

// extent returns the x and y ranges of the data, y padded a little and
// starting at 0 when the data are all positive and near it.
func (c chart) extent() (xs, ys [2]float64) {
	xs = [2]float64{math.Inf(1), math.Inf(-1)}
	ys = xs
	for _, s := range c.series {
		for j, x := range s.x {
			if math.IsNaN(s.y[j]) {
				continue
			}
			xs[0], xs[1] = math.Min(xs[0], x), math.Max(xs[1], x)
			ys[0], ys[1] = math.Min(ys[0], s.y[j]), math.Max(ys[1], s.y[j])
		}
	}
	if math.IsInf(xs[0], 0) {
		return [2]float64{0, 1}, [2]float64{0, 1}
	}
	if c.logY {
		lo, hi := math.Log10(ys[0]), math.Log10(ys[1])
		return xs, [2]float64{math.Pow(10, math.Floor(lo)), math.Pow(10, math.Ceil(hi))}
	}
	if ys[0] >= 0 && ys[0] < 0.5*ys[1] {
		ys[0] = 0
	}
	pad := 0.05 * (ys[1] - ys[0])
	if pad == 0 {
		pad = math.Max(math.Abs(ys[1])*0.05, 1e-3)
	}
	if ys[0] != 0 {
		ys[0] -= pad
	}
	ys[1] += pad
	if xs[0] == xs[1] {
		xs[0], xs[1] = xs[0]-1, xs[1]+1
		if c.logX {
			xs[0], xs[1] = xs[0]/2+0.5, xs[1]*2
		}
	}
	return xs, ys
}

// yTicks are powers of ten on a log axis, round values on a linear one.
func (c chart) yTicks(ys [2]float64) []float64 {
	if !c.logY {
		return niceTicks(ys[0], ys[1])
	}
	var ts []float64
	for t := ys[0]; t <= ys[1]*1.0001; t *= 10 {
		ts = append(ts, t)
	}
	return ts
}

// xTicks are the data's own x values on a log axis (the grid points), and
// nice round values on a linear one.
func (c chart) xTicks(xs [2]float64) []float64 {
	if c.xNames != nil {
		ts := make([]float64, len(c.xNames))
		for n := range ts {
			ts[n] = float64(n)
		}
		return ts
	}
	if !c.logX {
		return niceTicks(xs[0], xs[1])
	}
	seen := map[float64]bool{}
	var ts []float64
	for _, s := range c.series {
		for _, x := range s.x {
			if !seen[x] {
				seen[x] = true
				ts = append(ts, x)
			}
		}
	}
	return ts
}

// niceTicks returns about five round values (1, 2 or 5 times a power of
// ten apart) within [lo, hi].
func niceTicks(lo, hi float64) []float64 {
	if !(hi > lo) {
		return []float64{lo}
	}
	raw := (hi - lo) / 5
	p := math.Pow(10, math.Floor(math.Log10(raw)))
	step := p
	for _, m := range []float64{1, 2, 5, 10} {
		if m*p >= raw {
			step = m * p
			break
		}
	}
	var ts []float64
	for t := math.Ceil(lo/step) * step; t <= hi+step*1e-9; t += step {
		ts = append(ts, math.Round(t/step)*step)
	}
	return ts
}

func tickLabel(v float64) string {
	if v == math.Trunc(v) && math.Abs(v) < 1e7 {
		return strconv.FormatFloat(v, 'f', -1, 64)
	}
	return strconv.FormatFloat(v, 'g', 4, 64)
}

func nonzero(v float64) float64 {
	if v == 0 {
		return 1
	}
	return v
}

func esc(s string) string { return html.EscapeString(s) }
