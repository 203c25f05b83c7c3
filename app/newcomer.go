package app

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/ealslive/ealslive/app/runs"
	"github.com/ealslive/ealslive/app/textfmt"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/ealslive/ealslive/app/work"
)

// newcomerSection is "Follow a newcomer": cold start for one person. It
// asks the runner for the stream's newcomers and follows one through their
// reviews; the number typed is its own.
type newcomerSection struct {
	app.Compo
	Icmd    interface{ FollowNewcomer(n int) }
	shown   runs.Newcomers
	data    dataSet
	hold    hold
	number  string // the number field as typed
	problem string // why the number cannot be followed
}

func newNewcomerSection() *newcomerSection { return &newcomerSection{} }

func (c *newcomerSection) Commands(cmd interface{ FollowNewcomer(n int) }) *newcomerSection {
	c.Icmd = cmd
	return c
}

func (c *newcomerSection) OnMount(ctx app.Context) {
	observe(ctx, "newcomer", drawn(keyBusy)).Value(&c.hold)
	observe(ctx, "newcomer", drawn(keyData)).Value(&c.data)
	observe(ctx, "newcomer", keyNewcomer).Value(&c.shown)
}

func (c *newcomerSection) show(n int) func(app.Context, app.Event) {
	return func(ctx app.Context, e app.Event) {
		c.problem = ""
		c.Icmd.FollowNewcomer(n)
	}
}

// followNumber follows the newcomer whose number is typed, or says why
// it cannot.
func (c *newcomerSection) followNumber(ctx app.Context, e app.Event) {
	e.PreventDefault()
	r := c.shown.Result
	if r == nil {
		return
	}
	n, err := strconv.Atoi(strings.TrimSpace(c.number))
	if err != nil || n < 1 || n > r.Newcomers {
		c.problem = fmt.Sprintf("“%s” is not a newcomer's number: type a whole number from 1 to %d.", c.number, r.Newcomers)
		return
	}
	c.show(n)(ctx, e)
}

func (c *newcomerSection) Render() app.UI {
	r := c.shown
	blocked := ""
	if !r.Running {
		blocked = c.hold.says("Following a newcomer")
		if t := timeless(c.data); t.Reason != "" {
			blocked = t.says("Following a newcomer")
		}
	}
	card := app.Section().ID("newcomer").Class("card card-newcomer").Aria("labelledby", "newcomer-title").
		DataSet("state", runState(r.Running, r.Result != nil, false, r.Err))
	w := c.data.words()
	head := []app.UI{
		app.H2().ID("newcomer-title").Text("Follow a newcomer"),
		app.P().Class("caption").Text("Cold start for one " + w.User + ": a real " + w.Reviewer + " of the replay's stream (the latest 10% of " +
			"the " + w.Reviews + ") who has no " + w.Review + " in the 90% the model trains on. " + capitalise(w.Review) + " by " + w.Review +
			", in time order, the model ranks the " + w.Item + " they " + w.Do + " next among all " + w.Items + ", before and after it learns the " +
			w.Review + " before; popularity ranks it too. Only this " + w.User + "'s " + w.Reviews + " are learnt here."),
	}
	if r.Result == nil {
		label := "Find the newcomers"
		if r.Running {
			label = "Training the replay's model…"
		}
		return card.Body(append(head,
			app.Button().ID("newcomer-start").Class("run").Text(label).Disabled(r.Running || blocked != "").
				Title(blocked).OnClick(func(ctx app.Context, e app.Event) { c.Icmd.FollowNewcomer(0) }),
			when(r.Running && r.Epochs > 0, func() app.UI {
				return progressMeter("newcomer-progress", "Progress of the newcomer's model", float64(r.Epoch)/float64(r.Epochs))
			}),
			when(blocked != "", func() app.UI { return app.P().Class("small").Text(blocked) }),
			when(r.Err != "", func() app.UI { return app.P().ID("newcomer-error").Class("newcomer-error").Text(r.Err) }),
		)...)
	}
	res := r.Result
	f := r.FollowedNumber(r.Shown)
	return card.Body(append(head,
		app.P().ID("newcomer-count").Text(fmt.Sprintf("The stream's %s %s include %s by %s newcomers.",
			textfmt.Thousands(res.Stream), w.Reviews, textfmt.Thousands(res.Reviews), textfmt.Thousands(res.Newcomers))),
		app.Div().Class("newcomer-pick").Role("group").Aria("label", "Newcomers to follow").Body(
			app.Span().Class("small").Text("The most active: "),
			app.Range(res.Suggested).Slice(func(k int) app.UI {
				n := res.Suggested[k]
				reviews := 0
				if fl := r.FollowedNumber(n); fl != nil {
					reviews = len(fl.Steps)
				}
				return app.Button().Class("newcomer-suggest").DataSet("number", n).
					Aria("pressed", fmt.Sprint(n == r.Shown)).
					Aria("label", fmt.Sprintf("Follow newcomer %d, %d %s", n, reviews, w.Reviews)).
					Disabled(r.Running || blocked != "").
					Text(fmt.Sprintf("No. %d · %d %s", n, reviews, w.Reviews)).OnClick(c.show(n))
			}),
		),
		app.Form().Class("newcomer-number").OnSubmit(c.followNumber).Body(
			app.Label().For("newcomer-number-input").Text(fmt.Sprintf("Or any newcomer, by number (1 to %d): ", res.Newcomers)),
			app.Input().ID("newcomer-number-input").Type("text").Attr("inputmode", "numeric").Value(c.number).
				Aria("invalid", fmt.Sprint(c.problem != "")).Aria("describedby", "newcomer-problem").
				OnInput(func(ctx app.Context, e app.Event) { c.number = ctx.JSSrc().Get("value").String() }),
			app.Button().ID("newcomer-follow").Type("submit").Text("Follow").
				Aria("label", "Follow the newcomer with this number").Disabled(r.Running || blocked != ""),
			app.P().ID("newcomer-problem").Class("newcomer-error").Aria("live", "polite").Text(c.problem),
		),
		when(r.Err != "", func() app.UI { return app.P().ID("newcomer-error").Class("newcomer-error").Text(r.Err) }),
		when(f != nil, func() app.UI { return c.renderFollowed(f) }),
	)...)
}

// Geometry of the rank chart: ranks on a log scale, 1 at the top.
const (
	rankW, rankH = 560.0, 220.0
	rankPadL     = 52.0
	rankPadR     = 12.0
	rankPadT     = 12.0
	rankPadB     = 34.0
)

func (c *newcomerSection) renderFollowed(f *work.FollowedResult) app.UI {
	cat := c.data.Cat
	w := c.data.words()
	name := func(i int32) string {
		if cat != nil && int(i) < cat.Len() {
			return cat.Item(i).Name
		}
		return w.Item + " " + strconv.Itoa(int(i))
	}
	items := 1
	if cat != nil {
		items = cat.Len()
	}
	n := len(f.Steps)
	// Ranks are 0-based; the chart shows 1-based on a log scale.
	y := func(rank int) float64 {
		top, bottom := 0.0, math.Log10(float64(items))
		return rankPadT + (rankH-rankPadT-rankPadB)*(math.Log10(float64(rank+1))-top)/(bottom-top)
	}
	x := func(k int) float64 {
		if n == 1 {
			return (rankPadL + rankW - rankPadR) / 2
		}
		return rankPadL + (rankW-rankPadL-rankPadR)*float64(k)/float64(n-1)
	}
	line := func(rank func(k int) int) string {
		var b strings.Builder
		for k := range f.Steps {
			fmt.Fprintf(&b, "%.1f,%.1f ", x(k), y(rank(k)))
		}
		return strings.TrimSpace(b.String())
	}
	var ticks []int
	for v := 1; v <= items; v *= 10 {
		ticks = append(ticks, v)
	}
	title := fmt.Sprintf("Rank of each %s of newcomer %d among %s %s, 1 at the top, on a log scale: eALS after "+
		"learning the %s before, and popularity", w.Review, f.Number, textfmt.Thousands(items), w.Items, w.Reviews)
	return app.Div().ID("newcomer-followed").DataSet("number", f.Number).Body(
		app.Figure().ID("newcomer-chart").Class("chart chart-multi newcomer-chart").Body(
			app.FigCaption().Body(app.Span().Class("chart-title").Text(fmt.Sprintf("Newcomer %d: where each next %s ranked", f.Number, w.Review))),
			app.Ul().Class("legend").Body(
				app.Li().DataSet("series", "eals").Body(app.Span().Class("swatch").Aria("hidden", "true"), app.Text("eALS, after the update")),
				app.Li().DataSet("series", "before").Body(app.Span().Class("swatch").Aria("hidden", "true"), app.Text("eALS, before it")),
				app.Li().DataSet("series", "pop").Body(app.Span().Class("swatch").Aria("hidden", "true"), app.Text("Popularity")),
			),
			svg("svg").Attr("viewBox", fmt.Sprintf("0 0 %g %g", rankW, rankH)).Attr("role", "img").Attr("aria-label", title).Body(
				svgLine(rankPadL, rankPadT, rankPadL, rankH-rankPadB, "axis"),
				svgLine(rankPadL, rankH-rankPadB, rankW-rankPadR, rankH-rankPadB, "axis"),
				app.Range(ticks).Slice(func(k int) app.UI {
					return svg("g").Body(
						svgLine(rankPadL, y(ticks[k]-1), rankW-rankPadR, y(ticks[k]-1), "grid"),
						svgText(rankPadL-6, y(ticks[k]-1)+4, "end", textfmt.Thousands(ticks[k])),
					)
				}),
				svgText(rankPadL, rankH-8, "start", w.Review+" 1"),
				svgText(rankW-rankPadR, rankH-8, "end", fmt.Sprintf("%s %d", w.Review, n)),
				svg("g").DataSet("series", "pop").Body(
					svg("polyline").Attr("points", line(func(k int) int { return f.Steps[k].Popularity })),
				),
				svg("g").DataSet("series", "before").Body(
					app.Range(f.Steps).Slice(func(k int) app.UI {
						return svg("circle").Attr("cx", fmt.Sprintf("%.1f", x(k))).Attr("cy", fmt.Sprintf("%.1f", y(f.Steps[k].Before))).Attr("r", "3.5")
					}),
				),
				svg("g").DataSet("series", "eals").Body(
					svg("polyline").Attr("points", line(func(k int) int { return f.Steps[k].After })),
				),
			),
		),
		// A long history scrolls in its own box, reachable by keyboard.
		app.Div().Class("newcomer-table-wrap").TabIndex(0).Role("region").
			Aria("label", fmt.Sprintf("Newcomer %d's %d %s, ranked", f.Number, n, w.Reviews)).Body(
			app.Table().ID("newcomer-steps").Class("newcomer-table").Body(
				app.Caption().Text(fmt.Sprintf("Newcomer %d's %s in time order, each ranked out of %s (1 is the top)", f.Number, w.Reviews, textfmt.Thousands(items))),
				app.THead().Body(app.Tr().Body(
					app.Th().Scope("col").Text(capitalise(w.Review)), app.Th().Scope("col").Text(capitalise(w.Item)),
					app.Th().Scope("col").Text("eALS before"), app.Th().Scope("col").Text("eALS after"),
					app.Th().Scope("col").Text("Popularity"),
				)),
				app.TBody().Body(app.Range(f.Steps).Slice(func(k int) app.UI {
					st := f.Steps[k]
					before := textfmt.Thousands(st.Before + 1)
					if k == 0 {
						before = "—"
					}
					return app.Tr().DataSet("item", st.Item).Body(
						app.Td().Text(strconv.Itoa(k+1)), app.Td().Text(name(st.Item)),
						app.Td().DataSet("rank", "before").Text(before),
						app.Td().DataSet("rank", "after").Text(textfmt.Thousands(st.After+1)),
						app.Td().DataSet("rank", "pop").Text(textfmt.Thousands(st.Popularity+1)),
					)
				})),
			)),
		app.P().Class("small").Text("“Before” is the rank with the model as it stood before learning the previous "+w.Review+"; "+
			"“after” is once it has learnt it, the rank the online protocol scores. The first "+w.Review+" meets a model that knows "+
			"nothing of this "+w.User+"."),
	)
}
