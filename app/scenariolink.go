package app

import (
	"net/url"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/ealslive/ealslive/app/catalog"
	"github.com/ealslive/ealslive/app/datainfo"
	"github.com/ealslive/ealslive/app/runs"
	"github.com/ealslive/ealslive/app/settings"
	"github.com/ealslive/ealslive/app/visitor"
	"github.com/ealslive/ealslive/core"
)

// scenario is the link the page was opened at: its settings, data,
// likes, section and presenter mode, applied through the commands a
// visitor's clicks send. The link's query is then taken out of the
// address bar: from there on the page's state lives in storage, as for
// any visit, so a reload neither reapplies the link over later clicks nor
// loses them.
type scenario struct {
	query *string // the address's query when the page opened; nil until read
	// file is the visitor's file the link's likes are on, waiting for the
	// visitor to load it ("" for none); view the section the link opened
	// at, brought into view again once the model is ready.
	file, view string
}

// linkQuery is the query of the address the page was opened at: the
// address bar's is rewritten once the link is applied.
func (l *scenario) linkQuery() string {
	if l.query == nil {
		q := app.Window().Get("location").Get("search").String()
		l.query = &q
	}
	return *l.query
}

// startPresenter puts the page in the presenter mode its address asks
// for, before the first paint of the sections.
func (l *scenario) startPresenter(v *views) {
	views, notes, on := parsePresent(l.linkQuery())
	for _, n := range notes {
		v.Note(n)
	}
	if on {
		v.showPresent(views)
	}
}

// firstSettings are the settings the page's first training uses: those
// saved on an earlier visit, then, over them, a scenario link's. The
// link's likes and view wait for the data (apply).
func (l *scenario) firstSettings(v *views) core.Config {
	cfg, note := loadSettings(runs.PageConfig())
	v.Note(note)
	sc, notes, ok := settings.Parse(l.linkQuery(), runs.PageConfig(), nil, visitor.MaxLearntClicks)
	if !ok {
		return cfg
	}
	for _, n := range notes {
		v.Note(n)
	}
	if sc.HasSettings {
		cfg = sc.Config
	}
	l.view = sc.View
	if sc.View == viewWhere {
		v.SetMapView(viewWhere)
	}
	return cfg
}

// The query keys of a lesson's link: ?lesson=K opens step K, and hide
// (any value but 0 or false) hides the sections the step does not use
// instead of dimming them.
const (
	linkLesson = "lesson"
	linkHide   = "hide"
)

// lesson is the lesson's step the link opens, and whether it hides the
// sections the step does not use; ok is false when the link opens none. A
// step out of range opens the nearest.
func (l *scenario) lesson() (k int, hide, ok bool) {
	q, _ := url.ParseQuery(strings.TrimPrefix(l.linkQuery(), "?"))
	v, found := q[linkLesson]
	if !found {
		return 0, false, false
	}
	k, err := strconv.Atoi(strings.TrimSpace(v[len(v)-1]))
	if err != nil {
		k = 1
	}
	h := q.Get(linkHide)
	_, hidden := q[linkHide]
	return k, hidden && h != "0" && h != "false", true
}

// The query keys of a link's data: "data" is the source's kind, "file"
// a file's name (a link cannot carry the file itself), "world" a planted
// world's configuration (core.PlantedConfig's String).
const (
	linkData  = "data"
	linkFile  = "file"
	linkWorld = "world"
)

// firstSource is the data the page starts with: a link's, when it names
// data the page can have, else the one chosen on an earlier visit. A link
// made on a file of someone's own cannot carry the file: the page says so,
// and learns the link's likes once that file is loaded.
func (l *scenario) firstSource(v *views) dataSource {
	stored := loadSource()
	q, _ := url.ParseQuery(strings.TrimPrefix(l.linkQuery(), "?"))
	switch q.Get(linkData) {
	case datainfo.SourcePack:
		return dataSource{Kind: datainfo.SourcePack}
	case datainfo.SourcePlanted:
		c, err := core.ParsePlanted(q.Get(linkWorld))
		if err != nil {
			v.Note("The link's world=" + settings.Quote(q.Get(linkWorld)) + " cannot be made (" +
				strings.TrimPrefix(err.Error(), "core: ") + "), so the page makes the default world with planted tastes.")
			c = core.DefaultPlanted()
		}
		return dataSource{Kind: datainfo.SourcePlanted, Planted: &c}
	case datainfo.SourceFile:
		name := q.Get(linkFile)
		if stored.Kind == datainfo.SourceFile && stored.File == name {
			return stored
		}
		l.file = name
		v.Note("This link was made on a file of its author's own, " + settings.Quote(name) +
			", which a link cannot carry. Load that file under The model (Data: your file) to see the same list; " +
			"until then the page shows the data it has.")
	}
	return stored
}

// apply learns the link's likes on the data cat, whose things are called
// as w says, in place of your clicks, which are kept to bring back, and
// brings its section into view.
func (l *scenario) apply(cat *catalog.Catalog, w datainfo.Words, v *views, y youCommands) {
	likes, notes, found := settings.Likes(l.linkQuery(), cat.Lookup, visitor.MaxLearntClicks, w.Item, w.Items)
	if l.file != "" {
		// The likes are on a file not loaded yet: they wait for it.
		likes, notes, found = nil, nil, false
	}
	for _, n := range notes {
		v.Note(n)
	}
	if found {
		y.Replace(likes, "before you opened a link")
	}
	v.keepPresentInAddress()
	// At once, and again when the model is ready (session.modelArrived):
	// the sections above may grow while it trains.
	v.ShowView(l.view)
}

// scenarioLink is the page's state as a link: the model's settings cfg,
// the likes' ids in click order, the data (a file by its name only), and
// presenter mode's sections if it is on.
func scenarioLink(cfg core.Config, likes []string, data dataSource, present []string) string {
	loc := app.Window().Get("location")
	link := loc.Get("origin").String() + loc.Get("pathname").String() + "?" + settings.Query(cfg, likes, "") + "&" + linkQueryOf(data)
	if q := presentQuery(present); q != "" {
		link += "&" + q
	}
	return link
}

// linkQueryOf is the link's data part for d.
func linkQueryOf(d dataSource) string {
	switch d.Kind {
	case datainfo.SourceFile:
		return linkData + "=" + datainfo.SourceFile + "&" + linkFile + "=" + url.QueryEscape(d.File)
	case datainfo.SourcePlanted:
		return linkData + "=" + datainfo.SourcePlanted + "&" + linkWorld + "=" + url.QueryEscape(d.Planted.String())
	}
	return linkData + "=" + datainfo.SourcePack
}
