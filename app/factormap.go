package app

import (
	"fmt"
	"math"
	"strconv"

	"github.com/ealslive/ealslive/app/catalog"
	"github.com/ealslive/ealslive/app/textfmt"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/ealslive/ealslive/core"
)

// factorMapShown is what the factor map draws, in the plane's own
// coordinates, published for the browser tests (window.ealsLiveFactorMap).
type factorMapShown struct {
	Axes  [2][]float64 `json:"axes"`
	Mean  []float64    `json:"mean"`
	Share float64      `json:"share"`
	Items [][2]float64 `json:"items"` // every business, in id order
	You   [][2]float64 `json:"you"`   // your vector after the model was adopted and after each change since
}

// Geometry of the map on screen, in CSS pixels.
const (
	mapPad     = 14.0
	mapAspect  = 0.62 // height over width
	mapMaxH    = 520.0
	mapHitDist = 14.0 // how near a pointer must be to a dot to name it
)

// factorMap draws every business at its coordinates on the two leading
// principal directions of Q, coloured by main category, with your likes,
// your top 20 and your vector's path marked, on one canvas. The plane is
// that of the model as trained (the workers find it: session.itemPlane),
// kept while you click, so that what moves on the map is what your clicks
// moved.
type factorMap struct {
	app.Compo
	Isession *session // for its probe
	inUse    modelInUse
	you      yours
	model    *core.Model      // the model plane belongs to
	cat      *catalog.Catalog // the catalogue groups belong to
	plane    *core.Plane
	groups   []catalog.Group // the colours, by the data's categories (catalog.Colouring)
	group    []int           // each business's index in groups
	shown    factorMapShown
	screen   [][2]float64 // each business's position on the canvas at the last draw
	hover    int32        // the business named, -1 for none
	planeErr error

	// The map is drawn only while it is on screen or near it: reading the
	// canvas's width forced a layout of the whole page after every click,
	// and the canvas's raster cost as much again, though the map is
	// usually scrolled out of sight. An IntersectionObserver says when it
	// is in sight and a ResizeObserver gives its width after layout.
	watched  app.Value // the canvas the observers watch
	watchers []app.Value
	onWatch  app.Func
	inSight  bool
	width    float64
	stale    bool // changed since the last draw
}

func newFactorMap() *factorMap { return &factorMap{hover: -1} }

func (m *factorMap) Session(s *session) *factorMap { m.Isession = s; return m }

func (m *factorMap) OnMount(ctx app.Context) {
	// A new model comes with a change of yours, after it.
	ctx.ObserveState(drawn(keyModel)).Value(&m.inUse)
	ctx.ObserveState(drawn(keyYou)).OnChange(func() { m.refresh(ctx) }).Value(&m.you)
	m.refresh(ctx)
}

// OnResize redraws the map where no ResizeObserver does.
func (m *factorMap) OnResize(ctx app.Context) {
	if m.watchers == nil {
		ctx.Defer(func(app.Context) { m.draw() })
	}
}

func (m *factorMap) OnDismount() {
	for _, w := range m.watchers {
		w.Call("disconnect")
	}
	m.watchers, m.watched = nil, nil
	if m.onWatch != nil {
		m.onWatch.Release()
		m.onWatch = nil
	}
}

// watch points the observers at the canvas on the page, once per canvas:
// a new model renders a new one.
func (m *factorMap) watch(ctx app.Context, canvas app.Value) {
	if m.watched != nil && m.watched.Equal(canvas) {
		return
	}
	m.OnDismount()
	m.watched, m.inSight, m.width = canvas, false, 0
	io, ro := app.Window().Get("IntersectionObserver"), app.Window().Get("ResizeObserver")
	if !io.Truthy() || !ro.Truthy() {
		// A browser without them: draw always, measuring as it draws.
		m.inSight = true
		return
	}
	m.onWatch = app.FuncOf(func(this app.Value, args []app.Value) any {
		// Read the entries now, while they are valid; change the map on
		// the UI goroutine.
		inSight, width := -1, 0.0
		entries := args[0]
		for k := 0; k < entries.Length(); k++ {
			e := entries.Index(k)
			if in := e.Get("isIntersecting"); in.Type() == app.TypeBoolean {
				inSight = 0
				if in.Bool() {
					inSight = 1
				}
			}
			if r := e.Get("contentRect"); r.Truthy() {
				width = r.Get("width").Float()
			}
		}
		ctx.Dispatch(func(app.Context) {
			if inSight >= 0 {
				m.inSight = inSight == 1
			}
			if width > 0 && width != m.width {
				m.width, m.stale = width, true
			}
			if m.inSight && m.stale {
				m.draw()
			}
		})
		return nil
	})
	// Drawn a little before it scrolls in, so that it is there when seen.
	near := map[string]any{"rootMargin": "300px 0px"}
	for _, o := range []app.Value{io.New(m.onWatch, near), ro.New(m.onWatch)} {
		o.Call("observe", canvas)
		m.watchers = append(m.watchers, o)
	}
}

// refresh projects the businesses and your vector again, taking a new
// plane for a new model, and redraws once the list below is rendered.
func (m *factorMap) refresh(ctx app.Context) {
	you, cat := m.you, m.you.Cat
	if you.Model == nil || cat == nil {
		m.model, m.plane = nil, nil
		return
	}
	if you.Model != m.model || cat != m.cat {
		m.model, m.cat, m.hover = you.Model, cat, -1
		inUse := m.inUse
		if inUse.Model != you.Model {
			inUse = modelInUse{Model: you.Model}
		}
		m.plane, m.planeErr = inUse.plane()
		m.shown = factorMapShown{}
		if m.plane != nil {
			m.shown.Axes, m.shown.Mean, m.shown.Share = m.plane.Axes, m.plane.Mean, m.plane.Share()
		}
		m.groups, m.group = cat.Colouring()
	}
	if m.plane == nil {
		m.Isession.probe.factorMap = nil
		return
	}
	m.shown.Items = you.Model.ItemPoints(m.plane)
	if p, err := you.Model.UserPoint(m.plane, you.User); err == nil {
		if n := len(m.shown.You); n == 0 || m.shown.You[n-1] != p {
			m.shown.You = append(m.shown.You, p)
		}
	}
	m.Isession.probe.factorMap = &m.shown
	m.stale = true
	ctx.Defer(func(ctx app.Context) {
		if canvas := app.Window().GetElementByID("factor-map-canvas"); canvas.Truthy() {
			m.watch(ctx, canvas)
		}
		m.draw()
	})
}

// bounds returns the range of the points drawn, your path included.
func (m *factorMap) bounds() (lo, hi [2]float64) {
	lo = [2]float64{math.Inf(1), math.Inf(1)}
	hi = [2]float64{math.Inf(-1), math.Inf(-1)}
	for _, pts := range [][][2]float64{m.shown.Items, m.shown.You} {
		for _, p := range pts {
			for a := range 2 {
				lo[a], hi[a] = min(lo[a], p[a]), max(hi[a], p[a])
			}
		}
	}
	for a := range 2 {
		if !(hi[a] > lo[a]) {
			lo[a], hi[a] = lo[a]-1, hi[a]+1
		}
	}
	return lo, hi
}

// draw paints the map, if it is in sight and the observers have given its
// width (else it stays stale until they do): one filled path per category
// group, then your path, your likes, your top 20 and the business named,
// so that 2,841 dots cost a handful of calls into the browser.
func (m *factorMap) draw() {
	canvas := app.Window().GetElementByID("factor-map-canvas")
	if m.plane == nil || !canvas.Truthy() {
		return
	}
	w := m.width
	if m.watchers == nil && m.inSight {
		w = canvas.Get("clientWidth").Float()
	}
	if !m.inSight || w == 0 || m.watched == nil || !canvas.Equal(m.watched) {
		m.stale = true
		return
	}
	m.stale = false
	h := min(w*mapAspect, mapMaxH)
	dpr := app.Window().Get("devicePixelRatio").Float()
	if dpr <= 0 {
		dpr = 1
	}
	canvas.Set("width", int(w*dpr))
	canvas.Set("height", int(h*dpr))
	canvas.Get("style").Set("height", fmt.Sprintf("%.0fpx", h))
	c := canvas.Call("getContext", "2d")
	c.Call("setTransform", dpr, 0, 0, dpr, 0, 0)
	c.Call("clearRect", 0, 0, w, h)
	lo, hi := m.bounds()
	at := func(p [2]float64) [2]float64 {
		return [2]float64{mapPad + (p[0]-lo[0])/(hi[0]-lo[0])*(w-2*mapPad),
			h - mapPad - (p[1]-lo[1])/(hi[1]-lo[1])*(h-2*mapPad)}
	}
	m.screen = m.screen[:0]
	// One SVG path string per group, written without fmt: it is 2,841
	// squares on every click.
	paths := make([][]byte, len(m.groups))
	for i, p := range m.shown.Items {
		q := at(p)
		m.screen = append(m.screen, q)
		g := len(m.groups) - 1
		if i < len(m.group) {
			g = m.group[i]
		}
		b := append(paths[g], 'M')
		b = strconv.AppendFloat(b, q[0]-1.5, 'f', 1, 64)
		b = append(b, ' ')
		b = strconv.AppendFloat(b, q[1]-1.5, 'f', 1, 64)
		paths[g] = append(b, "h3v3h-3z"...)
	}
	path2D := app.Window().Get("Path2D")
	c.Set("globalAlpha", 0.9) // overlaps show, and every colour keeps 3:1 on white
	for g := range paths {
		c.Set("fillStyle", m.groups[g].Colour)
		c.Call("fill", path2D.New(string(paths[g])))
	}
	c.Set("globalAlpha", 1)
	ring := func(i int32, r float64, colour string, width float64) {
		if int(i) >= len(m.screen) {
			return
		}
		q := m.screen[i]
		c.Call("beginPath")
		c.Call("arc", q[0], q[1], r, 0, 2*math.Pi)
		c.Set("strokeStyle", colour)
		c.Set("lineWidth", width)
		c.Call("stroke")
	}
	for _, r := range m.you.List {
		ring(r.Item, 5, "#1d2321", 1.5)
	}
	for _, i := range m.you.Liked {
		ring(i, 7, "#9b2c1f", 2.5)
	}
	// Your path, click by click, and where you are now.
	c.Call("beginPath")
	for n, p := range m.shown.You {
		q := at(p)
		if n == 0 {
			c.Call("moveTo", q[0], q[1])
		} else {
			c.Call("lineTo", q[0], q[1])
		}
	}
	c.Set("strokeStyle", "#1d2321")
	c.Set("lineWidth", 2)
	c.Call("stroke")
	if n := len(m.shown.You); n > 0 {
		q := at(m.shown.You[n-1])
		c.Call("beginPath")
		c.Call("moveTo", q[0], q[1]-8)
		c.Call("lineTo", q[0]+8, q[1])
		c.Call("lineTo", q[0], q[1]+8)
		c.Call("lineTo", q[0]-8, q[1])
		c.Call("closePath")
		c.Set("fillStyle", "#1d2321")
		c.Call("fill")
	}
	if m.hover >= 0 {
		ring(m.hover, 9, "#c77d12", 3)
	}
	// How many points of your path the canvas shows, for the browser tests.
	canvas.Call("setAttribute", "data-drawn", len(m.shown.You))
}

// nearest returns the business drawn nearest to (x, y) on the canvas,
// within mapHitDist, or -1.
func (m *factorMap) nearest(x, y float64) int32 {
	best, bestD := int32(-1), mapHitDist*mapHitDist
	for i, q := range m.screen {
		dx, dy := q[0]-x, q[1]-y
		if d := dx*dx + dy*dy; d < bestD {
			best, bestD = int32(i), d
		}
	}
	return best
}

func (m *factorMap) point(ctx app.Context, e app.Event) {
	i := m.nearest(e.Get("offsetX").Float(), e.Get("offsetY").Float())
	if i != m.hover {
		m.name(i)
	}
}

// name marks business i (-1: none) on the map and names it.
func (m *factorMap) name(i int32) {
	m.hover = i
	m.draw()
}

func (m *factorMap) Render() app.UI {
	countRender("factormap")
	cat := m.you.Cat
	card := app.Section().ID("factor-map").Class("card card-map").Aria("labelledby", "factor-map-title")
	title := app.H2().ID("factor-map-title").Text("The factor space, drawn")
	if m.plane == nil {
		msg := "Every business is drawn here once the model has trained."
		if m.planeErr != nil {
			msg = "The map cannot be drawn: " + m.planeErr.Error()
		}
		return card.Body(title, app.P().ID("factor-map-none").Class("caption").Text(msg))
	}
	label := ""
	var tipX, tipY float64
	tip := false
	if m.hover >= 0 && int(m.hover) < len(m.shown.Items) && cat != nil && int(m.hover) < cat.Len() {
		it := cat.Item(m.hover)
		label = it.Name + " · " + m.groups[m.group[m.hover]].Name
		// The tip sits where the last draw put the business; the label
		// needs no draw.
		if tip = int(m.hover) < len(m.screen); tip {
			tipX, tipY = m.screen[m.hover][0], m.screen[m.hover][1]
		}
	}
	marked := m.markedItems()
	return card.Body(
		title,
		app.P().ID("factor-map-caption").Class("caption").Text(fmt.Sprintf(
			"Each dot is one of the %s businesses, placed by its vector q_i along the two leading principal directions of Q "+
				"(the directions in which the trained vectors vary most; together they hold %.0f%% of the variance). "+
				"Colours are main categories, which the model never sees: it learns only from who reviewed what, "+
				"so businesses reviewed by the same people lie together and your list can cross categories.",
			textfmt.Thousands(len(m.shown.Items)), 100*m.shown.Share)),
		app.Div().Class("map-wrap").Body(
			app.Canvas().ID("factor-map-canvas").Class("map-canvas").
				Aria("label", fmt.Sprintf("Map of %s businesses by their two leading principal coordinates, with your "+
					"vector's path; the businesses marked are listed below the map", textfmt.Thousands(len(m.shown.Items)))).
				Role("img").
				On("pointermove", m.point).On("pointerdown", m.point).
				On("pointerleave", func(ctx app.Context, e app.Event) { m.name(-1) }),
			when(tip, func() app.UI {
				return app.Div().ID("factor-map-tip").Class("map-tip").Aria("hidden", "true").
					Style("left", fmt.Sprintf("%.0fpx", tipX)).Style("top", fmt.Sprintf("%.0fpx", tipY)).Text(label)
			}),
		),
		app.P().ID("factor-map-named").Class("map-named").Aria("live", "polite").Text(label),
		app.Ul().Class("legend map-legend").Body(
			app.Range(m.groups).Slice(func(g int) app.UI {
				return app.Li().Body(app.Span().Class("swatch").Style("background", m.groups[g].Colour).Aria("hidden", "true"),
					app.Text(m.groups[g].Name))
			}),
			app.Li().Body(app.Span().Class("swatch map-swatch-you").Aria("hidden", "true"), app.Text("You (diamond), and your path")),
			app.Li().Body(app.Span().Class("swatch map-swatch-liked").Aria("hidden", "true"), app.Text("Your likes (red ring)")),
			app.Li().Body(app.Span().Class("swatch map-swatch-top").Aria("hidden", "true"), app.Text("Your top 20 (black ring)")),
		),
		when(len(marked) > 0, func() app.UI {
			return app.Details().Class("map-marked").Body(
				app.Summary().Text("The marked businesses, to find on the map"),
				app.Ul().ID("factor-map-list").Body(app.Range(marked).Slice(func(k int) app.UI {
					mk := marked[k]
					name := cat.Item(mk.item).Name
					return app.Li().Body(app.Button().Class("map-find").DataSet("id", mk.item).
						Aria("label", "Show "+name+" on the map").
						// The scope tells go-app the handler changed when the
						// row now holds another business: it compares handlers
						// by their code, and would keep the closure of the
						// business first drawn in this row.
						OnFocus(func(ctx app.Context, e app.Event) { m.name(mk.item) }, mk.item).
						OnClick(func(ctx app.Context, e app.Event) { m.name(mk.item) }, mk.item).
						Text(name + " · " + mk.why))
				})),
			)
		}),
	)
}

type markedItem struct {
	item int32
	why  string
}

// markedItems are your likes, then your top 20 not liked.
func (m *factorMap) markedItems() []markedItem {
	you := m.you
	var out []markedItem
	liked := map[int32]bool{}
	for _, i := range you.Liked {
		if int(i) < len(m.shown.Items) {
			out = append(out, markedItem{i, "you like it"})
			liked[i] = true
		}
	}
	for k, r := range you.List {
		if !liked[r.Item] && int(r.Item) < len(m.shown.Items) {
			out = append(out, markedItem{r.Item, fmt.Sprintf("number %d in your list", k+1)})
		}
	}
	return out
}
