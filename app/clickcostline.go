package app

import "github.com/maxence-charriere/go-app/v9/pkg/app"

// clickCostLine is the line under your list's title on what the last click
// cost. The time to the screen is known only once the new list has been
// painted: the line then redraws alone, not the list's twenty rows.
type clickCostLine struct {
	app.Compo
	Isession *session
	seen     int
}

func newClickCostLine() *clickCostLine { return &clickCostLine{} }

func (c *clickCostLine) Session(s *session) *clickCostLine { c.Isession = s; return c }

func (c *clickCostLine) OnMount(ctx app.Context) {
	ctx.ObserveState(stateYou).Value(&c.seen)
	ctx.ObserveState(stateScreen).Value(&c.seen)
}

func (c *clickCostLine) Render() app.UI {
	countRender("timing")
	r := c.Isession.report()
	if r == nil {
		return app.P().ID("update-time").Class("timing").Hidden(true)
	}
	return r.render()
}

// report is what the last click cost, for the line under the list's title.
func (s *session) report() *clickReport {
	last := s.you.last
	if last == nil {
		return nil
	}
	r := &clickReport{
		Name:      s.cat.item(last.Item).Name,
		UpdateMs:  last.UpdateMs,
		RankMs:    last.RankMs,
		FineClock: s.metrics.CrossOriginIsolated,
	}
	if tr := last.Trace; tr != nil {
		r.UserHistory, r.ItemHistory, r.K = tr.UserHistory, tr.ItemHistory, tr.K
	}
	if sc := s.you.screen; sc != nil && sc.Item == last.Item {
		r.ScreenMs, r.HasScreen = sc.Ms, true
	}
	return r
}
