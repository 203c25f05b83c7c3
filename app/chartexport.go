package app

import (
	"errors"
	"fmt"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// The page's charts take their colours and type from the stylesheet, and
// their titles and legends are HTML around the SVG. An exported chart must
// stand alone: chartSVG copies each element's computed style onto it and
// draws the title, the legend and a note of the settings into the SVG.

// svgStyles are the properties a chart's look depends on.
var svgStyles = []string{"fill", "fill-opacity", "stroke", "stroke-width", "stroke-dasharray", "stroke-opacity",
	"opacity", "font-family", "font-size", "font-weight", "font-style", "text-anchor", "dominant-baseline", "visibility", "display"}

const (
	exportTitleH  = 26.0 // above the chart
	exportLegendH = 16.0 // per legend row, below it
	exportNoteH   = 18.0 // the settings line at the bottom
)

// chartSVG returns the chart in figure id as a standalone SVG document,
// and its size in CSS pixels.
func chartSVG(id, note string) (text string, w, h float64, err error) {
	defer recoverJS(&err)
	doc := app.Window().Get("document")
	fig := doc.Call("getElementById", id)
	if !fig.Truthy() {
		return "", 0, 0, errors.New("that chart is not on the page yet")
	}
	src := fig.Call("querySelector", "svg")
	if !src.Truthy() {
		return "", 0, 0, errors.New("that chart has nothing drawn yet")
	}
	vb := src.Get("viewBox").Get("baseVal")
	cw, ch := vb.Get("width").Float(), vb.Get("height").Float()
	if cw <= 0 || ch <= 0 {
		return "", 0, 0, errors.New("that chart has no size")
	}
	clone := src.Call("cloneNode", true)
	inlineStyles(src, clone)
	clone.Call("setAttribute", "x", "0")
	clone.Call("setAttribute", "y", fmt.Sprint(exportTitleH))
	clone.Call("setAttribute", "width", fmt.Sprint(cw))
	clone.Call("setAttribute", "height", fmt.Sprint(ch))

	title := textOf(fig.Call("querySelector", ".chart-title"))
	items := fig.Call("querySelectorAll", ".legend li")
	type entry struct{ label, color string }
	var legend []entry
	for k := 0; k < items.Length(); k++ {
		li := items.Index(k)
		color := "#1d2321"
		if sw := li.Call("querySelector", ".swatch"); sw.Truthy() {
			color = app.Window().Call("getComputedStyle", sw).Call("getPropertyValue", "background-color").String()
		}
		legend = append(legend, entry{strings.TrimSpace(textOf(li)), color})
	}
	w = cw
	h = exportTitleH + ch + float64(len(legend))*exportLegendH + exportNoteH
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="%s" viewBox="0 0 %g %g" width="%g" height="%g" font-family="sans-serif">`, svgNS, w, h, w, h)
	fmt.Fprintf(&b, `<title>%s</title><desc>%s</desc>`, escapeText(title), escapeText(note))
	fmt.Fprintf(&b, `<rect width="100%%" height="100%%" fill="#ffffff"/>`)
	fmt.Fprintf(&b, `<text x="8" y="17" font-size="12" font-weight="600" fill="#1d2321">%s</text>`, escapeText(title))
	b.WriteString(app.Window().Get("XMLSerializer").New().Call("serializeToString", clone).String())
	y := exportTitleH + ch
	for _, e := range legend {
		fmt.Fprintf(&b, `<line x1="10" x2="26" y1="%g" y2="%g" stroke="%s" stroke-width="3"/>`, y+8, y+8, e.color)
		fmt.Fprintf(&b, `<text x="32" y="%g" font-size="10" fill="#1d2321">%s</text>`, y+11.5, escapeText(e.label))
		y += exportLegendH
	}
	fmt.Fprintf(&b, `<text x="8" y="%g" font-size="8.5" fill="#5d6663">%s</text>`, y+12, escapeText(note))
	b.WriteString(`</svg>`)
	return b.String(), w, h, nil
}

// inlineStyles copies the computed look of src and its descendants onto
// dst, a deep clone of it.
func inlineStyles(src, dst app.Value) {
	from := src.Call("querySelectorAll", "*")
	to := dst.Call("querySelectorAll", "*")
	style := func(s, d app.Value) {
		cs := app.Window().Call("getComputedStyle", s)
		for _, p := range svgStyles {
			d.Get("style").Call("setProperty", p, cs.Call("getPropertyValue", p))
		}
	}
	style(src, dst)
	for k := 0; k < from.Length() && k < to.Length(); k++ {
		style(from.Index(k), to.Index(k))
	}
}

func textOf(v app.Value) string {
	if !v.Truthy() {
		return ""
	}
	return v.Get("textContent").String()
}

// pngScale draws PNGs at twice the CSS size, sharp on slides.
const pngScale = 2

// drawPNG draws an SVG document on an offscreen canvas and hands back the
// PNG, or why it failed, through done (on the browser's event loop).
func drawPNG(svgText string, w, h float64, done func(blob app.Value, err error)) {
	win := app.Window()
	img := win.Get("Image").New()
	var onload, onerror, ontoBlob app.Func
	release := func() {
		onload.Release()
		onerror.Release()
		if ontoBlob != nil {
			ontoBlob.Release()
		}
	}
	onload = app.FuncOf(func(app.Value, []app.Value) any {
		canvas := win.Get("document").Call("createElement", "canvas")
		canvas.Set("width", int(w*pngScale))
		canvas.Set("height", int(h*pngScale))
		g := canvas.Call("getContext", "2d")
		g.Call("drawImage", img, 0, 0, int(w*pngScale), int(h*pngScale))
		ontoBlob = app.FuncOf(func(_ app.Value, args []app.Value) any {
			defer release()
			if len(args) == 0 || !args[0].Truthy() {
				done(nil, errors.New("the browser made no image"))
				return nil
			}
			done(args[0], nil)
			return nil
		})
		canvas.Call("toBlob", ontoBlob, "image/png")
		return nil
	})
	onerror = app.FuncOf(func(app.Value, []app.Value) any {
		release()
		done(nil, errors.New("the browser could not read the chart's SVG"))
		return nil
	})
	img.Set("onload", onload)
	img.Set("onerror", onerror)
	img.Set("src", "data:image/svg+xml;charset=utf-8,"+win.Call("encodeURIComponent", svgText).String())
}
