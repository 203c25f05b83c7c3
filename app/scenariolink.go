package app

import (
	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/ealslive/ealslive/app/settings"
	"github.com/ealslive/ealslive/core"
)

// firstSettings are the settings the page's first training uses: those
// saved on an earlier visit, then, over them, a scenario link's. The
// link's likes and view wait for the data (applyLink).
func (s *session) firstSettings(ctx app.Context) core.Config {
	cfg, note := loadSettings(pageConfig())
	s.note(ctx, note)
	sc, notes, ok := settings.Parse(s.linkQuery(), pageConfig(), nil, maxLearntClicks)
	if !ok {
		return cfg
	}
	for _, n := range notes {
		s.note(ctx, n)
	}
	if sc.HasSettings {
		cfg = sc.Config
	}
	s.linkView = sc.View
	if sc.View == viewWhere {
		s.publish(ctx, keyMapView, viewWhere)
	}
	return cfg
}

// linkQuery is the query of the address the page was opened at: the
// address bar's is rewritten once the link is applied.
func (s *session) linkQuery() string {
	if s.link == nil {
		q := app.Window().Get("location").Get("search").String()
		s.link = &q
	}
	return *s.link
}

// applyLink learns a scenario link's likes, in place of your clicks, once
// the data is in, and brings its section into view. The link's query is
// then taken out of the address bar: from here on the page's state lives
// in storage, as for any visit, so a reload neither reapplies the link
// over later clicks nor loses them.
func (s *session) applyLink(ctx app.Context) {
	s.restoreEarlier()
	likes, notes, found := settings.Likes(s.linkQuery(), s.data.Cat.Lookup, maxLearntClicks)
	if s.linkFile != "" {
		// The likes are on a file not loaded yet: they wait for it.
		likes, notes, found = nil, nil, false
	}
	for _, n := range notes {
		s.note(ctx, n)
	}
	if found && !sameItems(likes, s.you.liked) {
		s.putAside(s.you.liked, "before you opened a link")
		s.you.liked = likes
		s.recordAll(ctx)
	}
	s.keepPresentInAddress()
	if view := s.linkView; view != "" {
		// At once, and again when the model is ready (see showLinkView):
		// the sections above may grow while it trains.
		ctx.Defer(func(app.Context) { scrollTo(view) })
	}
}

// showLinkView brings the link's section back into view once the model
// is ready, the last time the sections above it change height on their
// own.
func (s *session) showLinkView() {
	if s.linkView == "" || !s.you.trained() {
		return
	}
	view := s.linkView
	s.linkView = ""
	afterPaint(func(float64) { scrollTo(view) })
}

// scrollTo brings a section, or the section of a view of one, into view.
func scrollTo(view string) {
	if e := app.Window().GetElementByID(sectionOf(view)); e.Truthy() {
		e.Call("scrollIntoView")
	}
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

func sameItems(a, b []int32) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		if a[k] != b[k] {
			return false
		}
	}
	return true
}
