package app

import (
	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/ealslive/ealslive/app/settings"
	"github.com/ealslive/ealslive/core"
)

// applyScenario sets the page up before its first training: the settings
// saved on an earlier visit, then, over them, a scenario link's settings,
// likes and view. The link's query is then taken out of the address bar:
// from here on the page's state lives in storage, as for any visit, so a
// reload neither reapplies the link over later clicks nor loses them.
func (s *session) applyScenario(ctx app.Context) {
	cfg, note := loadSettings(pageConfig())
	s.note(ctx, note)
	s.inUse.Config = cfg
	s.restoreEarlier()
	loc := app.Window().Get("location")
	sc, notes, ok := settings.Parse(loc.Get("search").String(), pageConfig(), s.data.Cat.Lookup, maxLearntClicks)
	if !ok {
		if s.present != nil {
			s.keepPresentInAddress()
		}
		return
	}
	for _, n := range notes {
		s.note(ctx, n)
	}
	if sc.HasSettings {
		s.inUse.Config = sc.Config
	}
	if sc.HasLikes && !sameItems(sc.Likes, s.you.liked) {
		s.putAside(s.you.liked, "before you opened a link")
		s.you.liked = sc.Likes
		s.recordAll(ctx)
	}
	s.keepPresentInAddress()
	if sc.View != "" {
		// At once, and again when the model is ready (see showLinkView):
		// the sections above may grow while it trains.
		s.linkView = sc.View
		view := sc.View
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

func scrollTo(id string) {
	if e := app.Window().GetElementByID(id); e.Truthy() {
		e.Call("scrollIntoView")
	}
}

// scenarioLink is the page's state as a link: the model's settings cfg,
// the likes' ids in click order, and presenter mode's sections if it is on.
func scenarioLink(cfg core.Config, likes []string, present []string) string {
	loc := app.Window().Get("location")
	link := loc.Get("origin").String() + loc.Get("pathname").String() + "?" + settings.Query(cfg, likes, "")
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
