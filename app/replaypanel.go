package app

import (
	"fmt"

	"github.com/ealslive/ealslive/app/datainfo"
	"github.com/ealslive/ealslive/app/runs"

	"github.com/ealslive/ealslive/app/textfmt"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/ealslive/ealslive/core/eval"
)

// replayPanel shows the cold-start replay: a Start/Stop button, progress,
// the hit ratio as the stream advances, and the paper's Figure 8.
type replayPanel struct {
	app.Compo
	Irun       runs.Replay
	Iblocked   hold // why Start cannot run now
	Istopping  bool
	onButton   func(ctx app.Context, start bool) // kept from the first render (see catalogView.onRowClick)
	IfineClock bool
	Ichoices   app.UI         // the optional lanes' controls
	Iwords     datainfo.Words // what the data's people, things and clicks are called
}

func newReplayPanel() *replayPanel { return &replayPanel{} }

func (c *replayPanel) Run(v runs.Replay) *replayPanel { c.Irun = v; return c }
func (c *replayPanel) Blocked(v hold) *replayPanel    { c.Iblocked = v; return c }
func (c *replayPanel) OnButton(v func(ctx app.Context, start bool)) *replayPanel {
	c.onButton = v
	return c
}
func (c *replayPanel) Stopping(v bool) *replayPanel  { c.Istopping = v; return c }
func (c *replayPanel) FineClock(v bool) *replayPanel { c.IfineClock = v; return c }
func (c *replayPanel) Choices(v app.UI) *replayPanel { c.Ichoices = v; return c }
func (c *replayPanel) Words(v datainfo.Words) *replayPanel {
	c.Iwords = v
	return c
}

func (c *replayPanel) Render() app.UI {
	r := c.Irun
	w := c.Iwords
	return app.Section().ID("replay").Class("card card-evidence").DataSet("state", runState(r.Running, r.Finished, r.Stopped, r.Err)).Body(
		app.Div().Class("evidence-head").Body(
			app.H2().Text("Cold start, replayed"),
			runButton("replay", "Start the replay", c.onButton, r.Running, c.Istopping, c.Iblocked.says("The replay")),
		),
		app.P().Class("caption").Text("The paper's online protocol, run here in your browser. eALS trains on the "+
			"earliest 90% of the "+w.Reviews+" by date; then the latest 10% are replayed one by one, in order. For each, "+
			"every model first ranks all "+w.Items+" for that "+w.User+" and scores a hit if the "+w.Item+" they "+w.Done+" "+
			"is in the top 100; then it learns the "+w.Review+". Three models side by side: the eALS model learning each "+
			w.Review+" with one incremental update, the same trained model never updated, and popularity ("+w.Review+" counts, kept up to date); "+
			"below, you can add eALS learning with other weights of a click, and BPR and RCD, each trained on the same "+w.Reviews+" and learning with its own online update, "+
			"and eALS retrained from scratch every so many "+w.Reviews+" instead of learning each one."),
		c.Ichoices,
		app.P().ID("replay-status").Class("status").Text(c.status()),
		when(r.Running, func() app.UI { return progressMeter("replay-progress", "Progress of the replay", r.Progress) }),
		when(c.Iblocked.Reason != "" && !r.Running, func() app.UI {
			return app.P().ID("replay-blocked").Class("blocked").Text(c.Iblocked.says("The replay"))
		}),
		when(len(r.Lanes) > 0, func() app.UI { return c.renderResults() }),
	)
}

func (c *replayPanel) status() string {
	r, w := c.Irun, c.Iwords
	switch {
	case r.Err != "":
		return "The replay failed: " + r.Err
	case r.Running && r.Phase == "training" && r.Train == 0:
		return "Splitting the " + w.Reviews + " by date…"
	case r.Running && r.Phase == "training":
		return fmt.Sprintf("Training eALS on the earliest %s %s: epoch %d of %d.",
			textfmt.Thousands(r.Train), w.Reviews, min(r.Done+1, r.Epochs), r.Epochs)
	case r.Running:
		return fmt.Sprintf("Replaying the latest %s: %s of %s, each %d times (one per model)…",
			w.Reviews, textfmt.Thousands(r.Replayed), textfmt.Thousands(r.Stream), max(len(r.Order), 3))
	case r.Stopped && r.Replayed > 0:
		return fmt.Sprintf("Stopped after %s of %s %s; the figures cover those.", textfmt.Thousands(r.Replayed), textfmt.Thousands(r.Stream), w.Reviews)
	case r.Stopped:
		return fmt.Sprintf("Stopped while training (%d of %d epochs), before any %s was replayed.", r.Done, r.Epochs, w.Review)
	case r.Finished:
		return fmt.Sprintf("Trained on %s %s and replayed %s in %.1f s: %.1f s training, %.1f s replaying "+
			"(computation; the rest is the workers' exchanges).",
			textfmt.Thousands(r.Train), w.Reviews, textfmt.Thousands(r.Replayed), r.WallMs/1000, r.TrainMs/1000, r.ReplayMs/1000)
	}
	return "It trains a second model and replays a tenth of the data three times, which takes a few seconds. " +
		"It runs in slices, so you can keep using the page."
}

func (c *replayPanel) renderResults() app.UI {
	r, w := c.Irun, c.Iwords
	cfg := r.Config
	update := fmt.Sprintf("%.3f ms", r.UpdateMsMedian)
	if !c.IfineClock {
		update += " (this browser's clock ticks in 0.1 ms steps, so this is coarse)"
	}
	return app.Div().ID("replay-results").Body(
		app.Ul().ID("replay-figures").Class("figures").Body(
			app.Li().Body(
				app.Strong().ID("replay-new-users").Text(textfmt.Thousands(r.NewUserTests)),
				app.Text(fmt.Sprintf(" of the %s replayed %s (%s) are by %s with no %s in the training part.",
					textfmt.Thousands(r.Replayed), w.Reviews, textfmt.PercentOf(r.NewUserTests, r.Replayed), w.Users, w.Review)),
				app.Text(newUsersNote(r.Lanes, r.NewUserTests, w)),
			),
			app.Li().Body(
				app.Text("One eALS update (Algorithm 2) took "),
				app.Strong().ID("replay-update-ms").Text(update),
				app.Text(fmt.Sprintf(", the median over %s updates.", textfmt.Thousands(r.Replayed))),
			),
			app.Li().Class("settings").Body(notation(fmt.Sprintf("eALS with K = %d, c_0 = %g, α = %g, λ = %g, %d epochs; each %s learnt with w_new = %g.",
				cfg.K, cfg.C0, cfg.Alpha, cfg.Lambda, cfg.Epochs, w.Review, cfg.WNew))),
		),
		app.Div().Class("charts").Body(
			streamChart{id: "replay-hr", title: "HR@100 so far, as the stream advances", xMax: r.Stream, percent: true,
				lines:   laneLines(r.Lanes, func(m eval.Metrics) float64 { return m.HR }),
				caption: "Share of the " + w.Reviews + " replayed so far whose " + w.Item + " was in that " + w.User + "'s top 100 just before."}.render(),
			streamChart{id: "replay-ndcg", title: "NDCG@100 so far", xMax: r.Stream,
				lines:   laneLines(r.Lanes, func(m eval.Metrics) float64 { return m.NDCG }),
				caption: "Like HR@100, but a hit counts more the higher it ranks (1 at the top, 0 beyond 100)."}.render(),
		),
		c.renderCompute(),
		historyBars{id: "replay-history", title: "HR@100 by the " + w.User + "'s number of past " + w.Reviews + " (the paper's Figure 8)",
			series: laneLines(r.Lanes, nil), groups: historyGroups(r.Lanes),
			caption: "Each replayed " + w.Review + " is put in a group by how many " + w.Reviews + " its " + w.Reviewer + " had " + w.Made + " before it, in training " +
				"or earlier in the replay. Under each group: how many replayed " + w.Reviews + " it holds; a bar over a few dozen is noisy."}.render(),
		// What each comparison would show, not what it shows: on a small
		// pack or a short stream the data may say otherwise, and the
		// findings below, built from the results, say what it does.
		app.Div().ID("replay-reading").Class("explain").Body(
			app.P().Text("How to read it. At 0 past "+w.Reviews+" nobody knows anything about the "+w.User+": eALS starts them from "+
				"a small random vector (Algorithm 2), so its guess is close to arbitrary, while popularity gives everyone "+
				"the "+w.Most+" "+w.Items+". Compare the two there to see what a recommender can do for a complete "+
				"stranger: that is the cold start. From 1 past "+w.Review+" on, the learning eALS has folded each earlier "+w.Review+" "+
				"in with one update, while the copy that never updates still ranks the "+w.User+" as a stranger: the gap between "+
				"the two bars, in either direction, is what learning each click is worth on this data. "+capitalise(w.Users)+" with many past "+
				w.Reviews+" were mostly known at training time already, so there the two eALS bars should differ less. "+
				"Mind the counts under the groups: a group of a few dozen "+w.Reviews+" can tip either way by chance."),
			app.P().ID("replay-findings").Text(runs.ReplayFindings(r.Lanes, w.Review, w.Reviews)),
		),
	)
}

// newUsersNote explains why the new users' reviews outnumber the figure's
// group at 0 past reviews: only each new person's first replayed review
// lands there; the replay learns it before their next, which lands at 1,
// and so on. "" when there is nothing to explain.
func newUsersNote(lanes []runs.Lane, newUserTests int, w datainfo.Words) string {
	if len(lanes) == 0 {
		return ""
	}
	for _, b := range lanes[0].ByHistory {
		if b.Min == 0 && b.Max == 0 && b.Count < newUserTests {
			return fmt.Sprintf(" They are %s: only each one's first replayed %s falls in the group at 0 past %s "+
				"below; their later ones, with the first counted, fall in the groups from 1 up.",
				textfmt.Plural(b.Count, w.User, w.Users), w.Review, w.Reviews)
		}
	}
	return ""
}

// laneLines turns the lanes' curves into chart lines; with a nil metric
// the lines carry names only (for a legend).
func laneLines(lanes []runs.Lane, metric func(eval.Metrics) float64) []seriesLine {
	out := make([]seriesLine, len(lanes))
	for k, l := range lanes {
		out[k] = seriesLine{Key: l.Key, Label: l.Label}
		if metric == nil {
			continue
		}
		out[k].Now = metric(l.Overall)
		out[k].X = make([]float64, len(l.Curve))
		out[k].Y = make([]float64, len(l.Curve))
		for n, p := range l.Curve {
			out[k].X[n] = float64(p.Tests)
			out[k].Y[n] = metric(p.Metrics)
		}
	}
	return out
}

// historyGroups lays the lanes' history buckets out as bar groups.
func historyGroups(lanes []runs.Lane) []barGroup {
	if len(lanes) == 0 {
		return nil
	}
	groups := make([]barGroup, len(lanes[0].ByHistory))
	for g, b := range lanes[0].ByHistory {
		groups[g] = barGroup{Label: b.Label, Count: b.Count, Values: make([]float64, len(lanes))}
		for k, l := range lanes {
			groups[g].Values[k] = l.ByHistory[g].HR
		}
	}
	return groups
}
