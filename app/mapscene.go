package app

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// mapScene is one drawing of a map of the businesses, the factor space or
// where they are: a filled path of small squares per colour, rings, then
// your vector's path. The canvas paints it and an export writes it as SVG,
// so that the file is what the page shows.
type mapScene struct {
	W, H  float64
	Fills []mapFill
	Rings []mapRing
	Path  [][2]float64 // your vector's path, click by click; a diamond marks where it ends
}

// mapFill is every business of one colour, as an SVG path of squares.
type mapFill struct{ Colour, Path string }

// mapRing marks one business.
type mapRing struct {
	X, Y, R, Width float64
	Colour         string
}

// mapLegend is one line of a map's legend.
type mapLegend struct{ Name, Colour string }

// squares appends a 3-pixel square at q to a path, written without fmt:
// it is thousands of squares on every click.
func squares(b []byte, q [2]float64) []byte {
	b = append(b, 'M')
	b = strconv.AppendFloat(b, q[0]-1.5, 'f', 1, 64)
	b = append(b, ' ')
	b = strconv.AppendFloat(b, q[1]-1.5, 'f', 1, 64)
	return append(b, "h3v3h-3z"...)
}

// diamond is the mark of where your path ends.
func diamond(q [2]float64) string {
	return fmt.Sprintf("M%.1f %.1fL%.1f %.1fL%.1f %.1fL%.1f %.1fZ", q[0], q[1]-8, q[0]+8, q[1], q[0], q[1]+8, q[0]-8, q[1])
}

// paint draws the scene on a canvas, at its size in CSS pixels times the
// screen's pixel ratio: one fill per colour, so that thousands of
// businesses cost a handful of calls into the browser.
func (s mapScene) paint(canvas app.Value, dpr float64) {
	canvas.Set("width", int(s.W*dpr))
	canvas.Set("height", int(s.H*dpr))
	canvas.Get("style").Set("height", fmt.Sprintf("%.0fpx", s.H))
	c := canvas.Call("getContext", "2d")
	c.Call("setTransform", dpr, 0, 0, dpr, 0, 0)
	c.Call("clearRect", 0, 0, s.W, s.H)
	path2D := app.Window().Get("Path2D")
	c.Set("globalAlpha", 0.9) // overlaps show, and every colour keeps 3:1 on white
	for _, f := range s.Fills {
		c.Set("fillStyle", f.Colour)
		c.Call("fill", path2D.New(f.Path))
	}
	c.Set("globalAlpha", 1)
	for _, r := range s.Rings {
		c.Call("beginPath")
		c.Call("arc", r.X, r.Y, r.R, 0, 2*math.Pi)
		c.Set("strokeStyle", r.Colour)
		c.Set("lineWidth", r.Width)
		c.Call("stroke")
	}
	if len(s.Path) == 0 {
		return
	}
	c.Call("beginPath")
	c.Call("moveTo", s.Path[0][0], s.Path[0][1])
	for _, q := range s.Path[1:] {
		c.Call("lineTo", q[0], q[1])
	}
	c.Set("strokeStyle", "#1d2321")
	c.Set("lineWidth", 2)
	c.Call("stroke")
	c.Set("fillStyle", "#1d2321")
	c.Call("fill", path2D.New(diamond(s.Path[len(s.Path)-1])))
}

// svg writes the scene as a standalone SVG document with a title above
// and the legend and a note of the settings below, and returns its size.
func (s mapScene) svg(title, note string, legend []mapLegend) (text string, w, h float64) {
	w = s.W
	h = exportTitleH + s.H + float64(len(legend))*exportLegendH + exportNoteH
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="%s" viewBox="0 0 %g %g" width="%g" height="%g" font-family="sans-serif">`, svgNS, w, h, w, h)
	fmt.Fprintf(&b, `<title>%s</title><desc>%s</desc>`, escapeText(title), escapeText(note))
	b.WriteString(`<rect width="100%" height="100%" fill="#ffffff"/>`)
	fmt.Fprintf(&b, `<text x="8" y="17" font-size="12" font-weight="600" fill="#1d2321">%s</text>`, escapeText(title))
	fmt.Fprintf(&b, `<g transform="translate(0 %g)"><g fill-opacity="0.9">`, exportTitleH)
	for _, f := range s.Fills {
		fmt.Fprintf(&b, `<path fill="%s" d="%s"/>`, f.Colour, f.Path)
	}
	b.WriteString(`</g><g fill="none">`)
	for _, r := range s.Rings {
		fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="%g" stroke="%s" stroke-width="%g"/>`, r.X, r.Y, r.R, r.Colour, r.Width)
	}
	b.WriteString(`</g>`)
	if len(s.Path) > 0 {
		b.WriteString(`<polyline fill="none" stroke="#1d2321" stroke-width="2" points="`)
		for _, q := range s.Path {
			fmt.Fprintf(&b, "%.1f,%.1f ", q[0], q[1])
		}
		fmt.Fprintf(&b, `"/><path fill="#1d2321" d="%s"/>`, diamond(s.Path[len(s.Path)-1]))
	}
	b.WriteString(`</g>`)
	y := exportTitleH + s.H
	for _, e := range legend {
		fmt.Fprintf(&b, `<rect x="12" y="%g" width="10" height="10" fill="%s"/>`, y+3, e.Colour)
		fmt.Fprintf(&b, `<text x="32" y="%g" font-size="10" fill="#1d2321">%s</text>`, y+11.5, escapeText(e.Name))
		y += exportLegendH
	}
	fmt.Fprintf(&b, `<text x="8" y="%g" font-size="8.5" fill="#5d6663">%s</text>`, y+12, escapeText(note))
	b.WriteString(`</svg>`)
	return b.String(), w, h
}

// bounds is the range of the points that are not NaN (a business without
// coordinates), widened where they do not spread.
func bounds(sets ...[][2]float64) (lo, hi [2]float64) {
	lo = [2]float64{math.Inf(1), math.Inf(1)}
	hi = [2]float64{math.Inf(-1), math.Inf(-1)}
	for _, pts := range sets {
		for _, p := range pts {
			for a := range 2 {
				if !math.IsNaN(p[a]) {
					lo[a], hi[a] = math.Min(lo[a], p[a]), math.Max(hi[a], p[a])
				}
			}
		}
	}
	for a := range 2 {
		if !(hi[a] > lo[a]) {
			if math.IsInf(lo[a], 1) {
				lo[a], hi[a] = 0, 0
			}
			lo[a], hi[a] = lo[a]-1, hi[a]+1
		}
	}
	return lo, hi
}
