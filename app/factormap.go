package app

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/ealslive/ealslive/app/catalog"
	"github.com/ealslive/ealslive/app/datainfo"
	"github.com/ealslive/ealslive/app/textfmt"
	"github.com/ealslive/ealslive/app/visitor"

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

// The factor map section's two views.
const (
	viewFactors = "factors" // the factor space
	viewWhere   = "map"     // where the businesses are
)

// factorMap draws every business on one canvas, in one of two views, with
// your likes, your top 20 and the last "More like this" marked. In the
// factor space, a business is at its coordinates on the two leading
// principal directions of Q, coloured by main category, with your
// vector's path; the plane is that of the model as trained (the workers
// find it as they train it), kept while you click, so that what moves
// on the map is what your clicks moved. On the map, a business is at its
// longitude and latitude, which the model never saw, coloured by your
// score.
type factorMap struct {
	app.Compo
	Icmd     mapCommands
	inUse    modelInUse
	data     dataSet
	you      visitor.You
	near     nearShown
	view     string
	model    *core.Model      // the model the projections are of
	cat      *catalog.Catalog // the catalogue groups and places belong to
	plane    *core.Plane
	groups   []catalog.Group // the colours, by the data's categories (catalog.Colouring)
	group    []int           // each business's index in groups
	places   [][2]float64    // where each business is (catalog.Places), nil for data without coordinates
	fifths   []catalog.Group // on the map, the colours, by your scores
	fifth    []int           // each business's index in fifths
	shown    factorMapShown
	screen   [][2]float64 // each business's position on the canvas at the last draw, NaN if it has none
	marks    int          // the businesses drawn at the last draw
	hover    int32        // the business named, -1 for none
	planeErr error
	files    downloads
	ctx      app.Context

	// The map is drawn only while it is on screen or near it: reading the
	// canvas's width forced a layout of the whole page after every click,
	// and the canvas's raster cost as much again, though the map is
	// usually scrolled out of sight. An IntersectionObserver says when it
	// is in sight and a ResizeObserver gives its width after layout. The
	// canvas is in the section from the start, hidden until there is a
	// plane, in the same place, so that go-app keeps the one canvas the
	// observers watch.
	watched  app.Value // the canvas the observers watch
	watchers []app.Value
	onWatch  app.Func
	inSight  bool
	width    float64
	stale    bool // changed since the last draw
}

// mapCommands are what the factor map sends: its view, and what it drew.
type mapCommands interface {
	SetMapView(view string)
	MapDrawn(shown factorMapShown)
}

func newFactorMap() *factorMap { return &factorMap{hover: -1} }

func (m *factorMap) Commands(c mapCommands) *factorMap { m.Icmd = c; return m }

func (m *factorMap) OnMount(ctx app.Context) {
	m.ctx = ctx
	// A new model comes before the change of yours that brings it (see
	// runner.gotModel), with the plane it is drawn on.
	observe(ctx, "factormap", drawn(keyModel)).OnChange(m.refresh).Value(&m.inUse)
	// The colours depend on the data's kind (Yelp's groups or its own
	// categories): new data colours the map afresh.
	observe(ctx, "factormap", drawn(keyData)).OnChange(func() { m.model = nil; m.refresh() }).Value(&m.data)
	observe(ctx, "factormap", drawn(keyYou)).OnChange(m.refresh).Value(&m.you)
	observe(ctx, "factormap", drawn(keyNear)).OnChange(m.refresh).Value(&m.near)
	// The view is the visitor's, a link's or presenter mode's, and is
	// drawn at once.
	observe(ctx, "factormap", keyMapView).OnChange(m.refresh).Value(&m.view)
	m.refresh()
}

// setView shows one of the two views.
func (m *factorMap) setView(v string) { m.Icmd.SetMapView(v) }

// onMap says whether the map of where is shown: asked for, and the data
// has coordinates.
func (m *factorMap) onMap() bool { return m.view == viewWhere && m.places != nil }

// shownView is the view shown.
func (m *factorMap) shownView() string {
	if m.onMap() {
		return viewWhere
	}
	return viewFactors
}

// OnResize redraws the map where no ResizeObserver does.
func (m *factorMap) OnResize(ctx app.Context) {
	if m.watchers == nil {
		m.draw()
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

// watch points the observers at the canvas on the page, once per canvas.
func (m *factorMap) watch(canvas app.Value) {
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
		m.ctx.Dispatch(func(app.Context) {
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
// plane for a new model, tells the page what it draws, and draws it if
// it is in sight.
func (m *factorMap) refresh() {
	you, cat := m.you, m.you.Cat
	model := you.Model()
	switch {
	case !you.Trained || cat == nil:
		m.model, m.plane = nil, nil
		m.shown = factorMapShown{}
		m.Icmd.MapDrawn(m.shown)
		return
	case model == nil:
		return // you have changed since: the newer You is on its way
	}
	if model != m.model || cat != m.cat || m.plane != m.inUse.Plane {
		m.model, m.cat, m.hover = model, cat, -1
		m.plane, m.planeErr = m.inUse.Plane, nil
		if m.plane == nil {
			m.planeErr = errors.New("the model came without its principal plane")
		}
		m.shown = factorMapShown{}
		if m.plane != nil {
			m.shown.Axes, m.shown.Mean, m.shown.Share = m.plane.Axes, m.plane.Mean, m.plane.Share()
		}
		m.groups, m.group = cat.Colouring(m.data.Info.Yelp())
		m.places, _ = cat.Places()
	}
	if m.plane == nil {
		m.Icmd.MapDrawn(factorMapShown{})
		return
	}
	m.shown.Items = model.ItemPoints(m.plane)
	if p, err := model.UserPoint(m.plane, you.User); err == nil {
		if n := len(m.shown.You); n == 0 || m.shown.You[n-1] != p {
			m.shown.You = append(slices.Clip(m.shown.You), p)
		}
	}
	m.fifths, m.fifth = nil, nil
	if m.onMap() {
		m.fifths, m.fifth = catalog.ScoreFifths(model.Scores(you.User, nil))
	}
	m.Icmd.MapDrawn(m.shown)
	m.stale = true
	m.draw()
}

// draw paints the map, if it is in sight and the observers have given its
// width (else it stays stale until they do).
func (m *factorMap) draw() {
	canvas := app.Window().GetElementByID("factor-map-canvas")
	if m.plane == nil || !canvas.Truthy() {
		return
	}
	m.watch(canvas)
	w := m.width
	if m.watchers == nil && m.inSight {
		w = canvas.Get("clientWidth").Float()
	}
	if !m.inSight || w == 0 {
		m.stale = true
		return
	}
	m.stale = false
	dpr := app.Window().Get("devicePixelRatio").Float()
	if dpr <= 0 {
		dpr = 1
	}
	sc := m.scene(w)
	sc.paint(canvas, dpr)
	// What the canvas shows, for the browser tests: the points of your
	// path, and the businesses drawn.
	canvas.Call("setAttribute", "data-drawn", len(sc.Path))
	canvas.Call("setAttribute", "data-marks", m.marks)
	canvas.Call("setAttribute", "data-view", m.shownView())
}

// scene lays out the view shown at width w: one square per business,
// coloured by its group, then your top 20, your likes, the last "More
// like this" and the business named, and in the factor space your path.
func (m *factorMap) scene(w float64) mapScene {
	h := min(w*mapAspect, mapMaxH)
	sc := mapScene{W: w, H: h}
	points, groups, group := m.shown.Items, m.groups, m.group
	if m.onMap() {
		points, groups, group = m.places, m.fifths, m.fifth
	}
	at := m.placer(w, h, points)
	m.screen = m.screen[:0]
	m.marks = 0
	paths := make([][]byte, len(groups))
	for i, p := range points {
		q := at(p)
		m.screen = append(m.screen, q)
		if math.IsNaN(q[0]) {
			continue
		}
		g := len(groups) - 1
		if i < len(group) {
			g = group[i]
		}
		paths[g] = squares(paths[g], q)
		m.marks++
	}
	for g := range paths {
		if len(paths[g]) > 0 {
			sc.Fills = append(sc.Fills, mapFill{Colour: groups[g].Colour, Path: string(paths[g])})
		}
	}
	ring := func(i int32, r float64, colour string, width float64) {
		if int(i) < len(m.screen) && !math.IsNaN(m.screen[i][0]) {
			q := m.screen[i]
			sc.Rings = append(sc.Rings, mapRing{X: q[0], Y: q[1], R: r, Width: width, Colour: colour})
		}
	}
	for _, r := range m.you.List {
		ring(r.Item, 5, "#1d2321", 1.5)
	}
	for _, i := range m.you.Liked {
		ring(i, 7, "#9b2c1f", 2.5)
	}
	for _, i := range m.near.Items {
		ring(i, 6, nearColour, 2)
	}
	if len(m.near.Items) > 0 {
		ring(m.near.Of, 9, nearColour, 3)
	}
	if m.hover >= 0 {
		ring(m.hover, 11, "#1d2321", 3)
	}
	if !m.onMap() {
		for _, p := range m.shown.You {
			sc.Path = append(sc.Path, at(p))
		}
	}
	return sc
}

// nearColour rings the last "More like this" on the map.
const nearColour = "#a16207"

// placer maps the points to the canvas. The factor space stretches each
// axis to fill it, your path included; the map keeps distances true, so
// that a kilometre is as long either way.
func (m *factorMap) placer(w, h float64, points [][2]float64) func(p [2]float64) [2]float64 {
	if m.onMap() {
		lo, hi := bounds(points)
		scale := math.Min((w-2*mapPad)/(hi[0]-lo[0]), (h-2*mapPad)/(hi[1]-lo[1]))
		x0 := (w - scale*(hi[0]-lo[0])) / 2
		y0 := (h + scale*(hi[1]-lo[1])) / 2
		return func(p [2]float64) [2]float64 {
			return [2]float64{x0 + (p[0]-lo[0])*scale, y0 - (p[1]-lo[1])*scale}
		}
	}
	lo, hi := bounds(points, m.shown.You)
	return func(p [2]float64) [2]float64 {
		return [2]float64{mapPad + (p[0]-lo[0])/(hi[0]-lo[0])*(w-2*mapPad),
			h - mapPad - (p[1]-lo[1])/(hi[1]-lo[1])*(h-2*mapPad)}
	}
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
	cat := m.you.Cat
	card := app.Section().ID("factor-map").Class("card card-map").Aria("labelledby", "factor-map-title")
	title := app.H2().ID("factor-map-title").Text("The factor space, drawn")
	if m.plane == nil {
		msg := "Every " + m.words().Item + " is drawn here once the model has trained."
		if m.planeErr != nil {
			msg = "The map cannot be drawn: " + m.planeErr.Error()
		}
		// The canvas in the place it has with a plane: go-app keeps it.
		return card.Body(title, app.P().ID("factor-map-none").Class("caption").Text(msg),
			app.P().Class("caption").Hidden(true), app.Div().Class("map-wrap").Hidden(true).Body(m.canvas()))
	}
	onMap := m.onMap()
	groups, group := m.groups, m.group
	if onMap {
		groups, group = m.fifths, m.fifth
		title = title.Text("Where they are, which the model never saw")
	}
	label := ""
	var tipX, tipY float64
	tip := false
	if m.hover >= 0 && int(m.hover) < len(group) && cat != nil && int(m.hover) < cat.Len() {
		it := cat.Item(m.hover)
		label = it.Name + " · " + groups[group[m.hover]].Name
		// The tip sits where the last draw put the business; the label
		// needs no draw.
		if tip = int(m.hover) < len(m.screen) && !math.IsNaN(m.screen[m.hover][0]); tip {
			tipX, tipY = m.screen[m.hover][0], m.screen[m.hover][1]
		}
	}
	marked := m.markedItems()
	return card.Body(
		title,
		m.viewSwitch(),
		app.P().ID("factor-map-caption").Class("caption").Text(m.caption()),
		app.Div().Class("map-wrap").Body(
			m.canvas(),
			when(tip, func() app.UI {
				return app.Div().ID("factor-map-tip").Class("map-tip").Aria("hidden", "true").
					Style("left", fmt.Sprintf("%.0fpx", tipX)).Style("top", fmt.Sprintf("%.0fpx", tipY)).Text(label)
			}),
		),
		app.P().ID("factor-map-named").Class("map-named").Aria("live", "polite").Text(label),
		app.Ul().Class("legend map-legend").Body(
			app.Range(m.legend()).Slice(func(k int) app.UI {
				l := m.legend()[k]
				if l.Colour == "" {
					return app.Li().Body(app.Span().Class("swatch "+l.Class).Aria("hidden", "true"), app.Text(l.Name))
				}
				return app.Li().Body(app.Span().Class("swatch").Style("background", l.Colour).Aria("hidden", "true"), app.Text(l.Name))
			}),
		),
		app.Div().Class("map-export").Body(
			app.Span().Class("export-name").Text("This view:"),
			app.Button().ID("factor-map-svg").Class("export").Text("SVG").Aria("label", "Export "+m.viewName()+" as SVG").
				OnClick(func(ctx app.Context, e app.Event) { m.export(ctx, false) }),
			app.Button().ID("factor-map-png").Class("export").Text("PNG").Aria("label", "Export "+m.viewName()+" as PNG").
				OnClick(func(ctx app.Context, e app.Event) { m.export(ctx, true) }),
		),
		m.files.render("factor-map"),
		when(len(marked) > 0, func() app.UI {
			return app.Details().Class("map-marked").Body(
				app.Summary().Text("The marked "+m.words().Items+", to find on the map"),
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

// canvas is the map's one canvas: the businesses are drawn on it, not as
// elements.
func (m *factorMap) canvas() app.UI {
	c := app.Canvas().ID("factor-map-canvas").Class("map-canvas").Role("img").
		On("pointermove", m.point).On("pointerdown", m.point).
		On("pointerleave", func(ctx app.Context, e app.Event) { m.name(-1) })
	if m.plane != nil {
		c = c.Aria("label", m.canvasLabel())
	}
	return c
}

// viewSwitch chooses the view, or says why there is no map of where.
func (m *factorMap) viewSwitch() app.UI {
	if m.places == nil {
		return app.P().ID("factor-map-nowhere").Class("caption").
			Text("This data says nothing of where its " + m.words().Items + " are, so there is no map of where, only the factor space.")
	}
	button := func(v, text string) app.UI {
		return app.Button().ID("factor-map-view-"+v).Class("view-switch").Aria("pressed", m.shownView() == v).Text(text).
			OnClick(func(ctx app.Context, e app.Event) { m.setView(v) })
	}
	return app.Div().Class("view-switches").Role("group").Aria("label", "Draw the "+m.words().Items).Body(
		button(viewFactors, "In the factor space"),
		button(viewWhere, "On the map"),
	)
}

func (m *factorMap) words() datainfo.Words { return m.data.words() }

// viewName names the view shown, for its export.
func (m *factorMap) viewName() string {
	if m.onMap() {
		return "the map of where"
	}
	return "the factor map"
}

func (m *factorMap) caption() string {
	return mapCaption(m.onMap(), m.marksOrItems(), m.shown.Share, m.colouredBy(), m.words())
}

// mapCaption is the factor map's caption for n things drawn, on the map
// of where (onMap) or in the factor space, whose plane holds share of the
// variance, coloured as colours says, in the data's words w.
func mapCaption(onMap bool, n int, share float64, colours string, w datainfo.Words) string {
	if onMap {
		// "the users who interact with there" would not parse.
		who := w.Users + " who " + w.Do + " there"
		if strings.HasSuffix(w.Do, " with") {
			who = w.Users + " of the " + w.Items + " there"
		}
		return fmt.Sprintf("Each dot is one of the %s %s at its longitude and latitude, coloured by your score. "+
			"The model was given who %s what, and never where: if your list gathers in one place, "+
			"it learnt that from the %s.", textfmt.Thousands(n), w.Items, w.Done, who)
	}
	return fmt.Sprintf("Each dot is one of the %s %s, placed by its vector q_i along the two leading principal directions of Q "+
		"(the directions in which the trained vectors vary most; together they hold %.0f%% of the variance). "+
		"%s, which the model never sees: it learns only from who %s what, "+
		"so %s %s by the same %s lie together and your list can cross categories.",
		textfmt.Thousands(n), w.Items, 100*share, colours, w.Done, w.Items, w.Done, w.Users)
}

// colouredBy says what the factor space's colours are.
func (m *factorMap) colouredBy() string {
	if m.cat != nil && len(m.cat.Categories()) == 0 {
		return "Colours are fifths by how many " + m.words().Reviews + " each has"
	}
	return "Colours are main categories"
}

// marksOrItems is how many businesses the view shows: on the map, those
// with coordinates.
func (m *factorMap) marksOrItems() int {
	if !m.onMap() {
		return len(m.shown.Items)
	}
	n := 0
	for _, p := range m.places {
		if !math.IsNaN(p[0]) {
			n++
		}
	}
	return n
}

func (m *factorMap) canvasLabel() string {
	n, items := textfmt.Thousands(m.marksOrItems()), m.words().Items
	if m.onMap() {
		return fmt.Sprintf("Map of %s %s where they are, coloured by your score; the %s marked are listed below the map", n, items, items)
	}
	return fmt.Sprintf("Map of %s %s by their two leading principal coordinates, with your "+
		"vector's path; the %s marked are listed below the map", n, items, items)
}

// legendLine is one line of the legend: a colour, or a mark the
// stylesheet draws (Class).
type legendLine struct{ Name, Colour, Class string }

func (m *factorMap) legend() []legendLine {
	var out []legendLine
	groups := m.groups
	if m.onMap() {
		groups = m.fifths
	}
	for _, g := range groups {
		out = append(out, legendLine{Name: g.Name, Colour: g.Colour})
	}
	if !m.onMap() {
		out = append(out, legendLine{Name: "You (diamond), and your path", Class: "map-swatch-you"})
	}
	out = append(out, legendLine{Name: "Your likes (red ring)", Class: "map-swatch-liked"},
		legendLine{Name: "Your top 20 (black ring)", Class: "map-swatch-top"})
	if len(m.near.Items) > 0 && m.cat != nil && int(m.near.Of) < m.cat.Len() {
		out = append(out, legendLine{Name: "More like " + m.cat.Item(m.near.Of).Name + " (gold rings)", Class: "map-swatch-near"})
	}
	return out
}

// export makes the SVG or PNG of the view shown, as drawn at the canvas's
// width.
func (m *factorMap) export(ctx app.Context, png bool) {
	w := m.width
	if w == 0 {
		w = 720
	}
	var legend []mapLegend
	for _, l := range m.legend() {
		colour := l.Colour
		switch l.Class {
		case "map-swatch-you", "map-swatch-top":
			colour = "#1d2321"
		case "map-swatch-liked":
			colour = "#9b2c1f"
		case "map-swatch-near":
			colour = nearColour
		}
		legend = append(legend, mapLegend{Name: l.Name, Colour: colour})
	}
	text, sw, sh := m.scene(w).svg(capitalise(m.viewName()), chartNote(m.inUse.Config, m.data.Info), legend)
	name := "eals-factor-map"
	if m.onMap() {
		name = "eals-map"
	}
	m.files.offerImage(ctx, name, text, sw, sh, png, func() {})
}

type markedItem struct {
	item int32
	why  string
}

// markedItems are your likes, then your top 20 not liked, then the last
// "More like this" not marked already.
func (m *factorMap) markedItems() []markedItem {
	you := m.you
	var out []markedItem
	seen := map[int32]bool{}
	add := func(i int32, why string) {
		if !seen[i] && int(i) < len(m.shown.Items) {
			out = append(out, markedItem{i, why})
			seen[i] = true
		}
	}
	for _, i := range you.Liked {
		add(i, "you like it")
	}
	for k, r := range you.List {
		add(r.Item, fmt.Sprintf("number %d in your list", k+1))
	}
	if len(m.near.Items) > 0 && m.cat != nil && int(m.near.Of) < m.cat.Len() {
		of := m.cat.Item(m.near.Of).Name
		for _, i := range m.near.Items {
			add(i, "more like "+of)
		}
	}
	return out
}
