package app

import (
	"fmt"
	"slices"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/ealslive/ealslive/app/runs"
	"github.com/ealslive/ealslive/app/textfmt"
	"github.com/ealslive/ealslive/app/visitor"
	"github.com/ealslive/ealslive/core"
	"github.com/ealslive/ealslive/core/eval"
)

// retrainSection is "Against a full retrain": after any like, the workers
// retrain the model from scratch with your likes, and warm, and the
// section sets your top 20 from the incremental model beside the
// retrain's, with their agreement and the cost of each. The run is the
// runner's; whether it still compares your likes is the section's to
// say, from your published clicks.
type retrainSection struct {
	app.Compo
	Icmd  retrainCommands
	shown runs.Retrain
	you   visitor.You
	data  dataSet
	hold  hold
}

// retrainCommands are what the section sends.
type retrainCommands interface {
	StartRetrain(likes []int32)
	Stop(kind runKind)
}

func newRetrainSection() *retrainSection { return &retrainSection{} }

func (c *retrainSection) Commands(cmd retrainCommands) *retrainSection { c.Icmd = cmd; return c }

func (c *retrainSection) OnMount(ctx app.Context) {
	observe(ctx, "full-retrain", drawn(keyYou)).Value(&c.you)
	observe(ctx, "full-retrain", drawn(keyData)).Value(&c.data)
	observe(ctx, "full-retrain", drawn(keyBusy)).Value(&c.hold)
	observe(ctx, "full-retrain", keyRetrain).Value(&c.shown)
}

func (c *retrainSection) start(ctx app.Context, e app.Event) {
	if c.why() == "" {
		c.Icmd.StartRetrain(c.you.Liked)
	}
}

func (c *retrainSection) stop(ctx app.Context, e app.Event) { c.Icmd.Stop(runRetrain) }

// why says why the retrain cannot start now, or "" if it can.
func (c *retrainSection) why() string {
	switch {
	case c.hold.Reason != "":
		return c.hold.says("The retrain")
	case !c.you.Trained:
		return "The retrain waits: the model is not trained yet."
	case len(c.you.Liked) == 0:
		return c.likeFirst()
	}
	return ""
}

// likeFirst says why the retrain needs a like, in the data's words.
func (c *retrainSection) likeFirst() string {
	w := c.data.words()
	return "Like " + textfmt.WithArticle(w.Item) + " first: the retrain adds your likes to the data as one more " + w.User + "'s row."
}

func (c *retrainSection) Render() app.UI {
	r := c.shown
	why := ""
	if !r.Running {
		why = c.why()
	}
	stale := r.StaleFor(c.you.Liked)
	w := c.data.words()
	return app.Section().ID("full-retrain").Class("card card-evidence").DataSet("state", runState(r.Running, r.Finished, r.Stopped, r.Err)).
		DataSet("stale", stale).Body(
		app.Div().Class("evidence-head").Body(
			app.H2().Text("Against a full retrain"),
			c.renderButton(why),
		),
		app.P().Class("caption").Text(fmt.Sprintf("Each like is learnt with one incremental update (Algorithm 2), which re-solves your vector "+
			"and the %s's and nothing else. How close does that come to training the model again? The page's workers retrain it from "+
			"scratch, with the same settings and seed, on the same %s plus your likes as one more %s's row, and also train your "+
			"incremental model %d more full epochs (warm). It runs in the background: keep clicking meanwhile.",
			w.Item, w.Reviews, w.User, runs.RetrainWarmEpochs)),
		app.P().ID("full-retrain-status").Class("status").Text(c.status()),
		when(r.Running, func() app.UI {
			return progressMeter("full-retrain-progress", "Progress of the retrain with your likes", r.Progress)
		}),
		when(why != "" && c.hold.Reason != "", func() app.UI { return app.P().ID("full-retrain-blocked").Class("blocked").Text(why) }),
		when(stale, func() app.UI {
			return app.P().ID("full-retrain-stale").Class("stale").Body(
				app.Strong().Text("Stale: "),
				app.Text(fmt.Sprintf("you have liked or removed since. This comparison is of your %s then; you have %s now. "+
					"Retrain to compare your list as it is.",
					textfmt.Plural(len(r.Result.Likes), "like", "likes"), textfmt.Plural(len(c.you.Liked), "like", "likes"))),
			)
		}),
		when(r.Result != nil, func() app.UI { return c.renderResult(stale) }),
	)
}

// renderButton starts the retrain with your likes or, while it runs,
// stops it; each names what it acts on.
func (c *retrainSection) renderButton(why string) app.UI {
	r := c.shown
	switch {
	case r.Running && r.Stopping:
		return app.Button().ID("full-retrain-stop").Class("stop").Disabled(true).Text("Stopping…")
	case r.Running:
		return app.Button().ID("full-retrain-stop").Class("stop").Text("Stop the retrain").OnClick(c.stop)
	}
	label := "Retrain with your likes"
	if n := len(c.you.Liked); n > 0 {
		label = "Retrain with your " + textfmt.Plural(n, "like", "likes")
	}
	b := app.Button().ID("full-retrain-start").Class("run").Text(label)
	if why != "" {
		return b.Disabled(true).Title(why)
	}
	return b.OnClick(c.start)
}

func (c *retrainSection) status() string {
	r := c.shown
	switch {
	case r.Err != "":
		return "The retrain failed: " + r.Err + "."
	case r.Running && r.Phase == "base":
		return fmt.Sprintf("No worker kept the model in use, so they train it again first: epoch %d of %d…", r.Epoch, r.Epochs)
	case r.Running && r.Phase == "warm":
		return fmt.Sprintf("Training your incremental model %d more full epochs (warm): epoch %d of %d…", r.WarmEpochs, r.Epoch, r.Epochs)
	case r.Running && r.Phase == "retrain":
		return fmt.Sprintf("Retraining from scratch with your %s: epoch %d of %d…", textfmt.Plural(len(r.Likes), "like", "likes"), r.Epoch, r.Epochs)
	case r.Running:
		return "Learning your likes one update each, as the page did…"
	case r.Stopped:
		return "Stopped before the retrain finished: nothing to compare yet."
	case r.Result != nil:
		return fmt.Sprintf("Warmed and retrained with your %s in %s, on %s.", textfmt.Plural(len(r.Result.Likes), "like", "likes"),
			runs.Seconds(r.WallMs), textfmt.Plural(r.Workers, "worker", "workers"))
	case len(c.you.Liked) == 0:
		return c.likeFirst()
	}
	return "A retrain takes about as long as the first training, in the page's workers: you can keep clicking meanwhile."
}

// renderResult shows the comparison: the agreement, the costs, and the
// two lists side by side.
func (c *retrainSection) renderResult(stale bool) app.UI {
	r := c.shown
	res := r.Result
	vs, warm := res.VsRetrained, res.VsWarm
	w := c.data.words()
	name := func(i int32) string {
		if cat := c.you.Cat; cat != nil && int(i) < cat.Len() {
			return cat.Item(i).Name
		}
		return fmt.Sprintf("%s %d", w.Item, i)
	}
	union := len(vs.A) + len(vs.B) - vs.Overlap
	var gap app.UI
	if vs.GapItem >= 0 {
		gap = app.Li().Body(
			app.Text("Largest score gap "),
			app.Strong().ID("full-retrain-gap").Text(textfmt.Sig(vs.Gap, 3).Text()),
			app.Text(fmt.Sprintf(", for %s: no %s in either list scores further apart in the two models.", name(vs.GapItem), w.Item)),
		)
	}
	warmRetrain := core.CompareLists(res.Warm, res.Retrained)
	// Your list on the page is the incremental model's while you have only
	// liked: a removal re-solves both vectors, which the job's one update
	// per like in click order does not replay.
	differs := !stale && c.you.Trained && !slices.EqualFunc(c.you.List, res.Online, func(a, b core.Ranked) bool { return a.Item == b.Item })
	return app.Div().ID("full-retrain-results").Body(
		app.H3().Text("How close"),
		app.Ul().ID("full-retrain-figures").Class("figures").Body(
			app.Li().Body(
				app.Strong().ID("full-retrain-overlap").Text(fmt.Sprintf("%d of %d", vs.Overlap, res.TopN)),
				app.Text(fmt.Sprintf(": the %s in both the incremental model's top %d and the retrain's.", w.Items, res.TopN)),
			),
			app.Li().Body(
				app.Text("Rank correlation "),
				app.Strong().ID("full-retrain-tau").Text(textfmt.Minus(fmt.Sprintf("%.2f", vs.Tau))),
				app.Text(fmt.Sprintf(": Kendall's τ over the %d %s in either list, each model ordering them by its own scores "+
					"(1: the same order; 0: no relation).", union, w.Items)),
			),
			gap,
			app.Li().Body(
				app.Text(fmt.Sprintf("Warm (the incremental model trained %d more full epochs, in %s): ", res.WarmEpochs, runs.Seconds(res.WarmMs))),
				app.Strong().ID("full-retrain-warm-overlap").Text(fmt.Sprintf("%d of %d", warm.Overlap, res.TopN)),
				app.Text(fmt.Sprintf(" in common with the incremental list (τ %s), %d with the retrain's.",
					textfmt.Minus(fmt.Sprintf("%.2f", warm.Tau)), warmRetrain.Overlap)),
			),
		),
		c.renderCosts(),
		when(differs, func() app.UI {
			return app.P().ID("full-retrain-differs").Class("caption").Text("Your list above is not this incremental list: a removal " +
				"re-solves your vector and the " + w.Item + "'s, which learning your likes one update each does not replay.")
		}),
		app.Div().Class("full-retrain-cols").Body(
			retrainColumn("full-retrain-online", "Incremental: one update per like", res.Online, vs.Lists.RankInB, name),
			retrainColumn("full-retrain-list", "Retrained from scratch", res.Retrained, vs.Lists.RankInA, name),
		),
	)
}

// renderCosts says what each way of learning your likes cost, and what
// each cost counts.
func (c *retrainSection) renderCosts() app.UI {
	r := c.shown
	res := r.Result
	updates := runs.Seconds(r.UpdatesMs())
	ratio, atLeast := r.RetrainOverUpdates()
	ratioText := runs.Times(ratio)
	if atLeast {
		updates = "under " + textfmt.Millis(0.1*float64(len(res.UpdateMs)))
		ratioText = "over " + ratioText
	}
	coarse := ""
	if !fineClock() {
		coarse = " This browser's clock ticks in 0.1 ms steps, so the updates' time is coarse."
	}
	first := ""
	switch {
	case res.BaseTrained:
		first = fmt.Sprintf(" No worker had kept the model in use, so they first trained it again, in %s: the retrain took %s as long.",
			runs.Seconds(res.BaseMs), timesAsLong(r.RetrainOverFirst()))
	case res.FirstTrainMs > 0:
		first = fmt.Sprintf(" The first training took %s, so the retrain took %s as long.", runs.Seconds(res.FirstTrainMs), timesAsLong(r.RetrainOverFirst()))
	}
	w := c.data.words()
	epochs := fmt.Sprintf("%d epochs", res.RetrainEpochs)
	if res.RetrainEpochs == 1 {
		epochs = "1 epoch"
	}
	return app.Div().Body(app.H3().Text("What each cost"), app.Ul().ID("full-retrain-costs").Class("figures").Body(
		app.Li().Body(
			app.Strong().ID("full-retrain-update-ms").Text(updates),
			app.Text(fmt.Sprintf(": your %s, learnt with one incremental update each (your vector and the %s's re-solved, the caches kept current), "+
				"timed in a worker as the page times its own; %s a like at the median.%s",
				textfmt.Plural(len(res.UpdateMs), "like", "likes"), w.Item, textfmt.Millis(eval.Median(res.UpdateMs)), coarse)),
		),
		app.Li().Body(
			app.Strong().ID("full-retrain-ms").Text(runs.Seconds(res.RetrainMs)),
			app.Text(fmt.Sprintf(": the retrain from scratch, its setup and %s over every training %s and your row, split over %s with their exchanges.%s",
				epochs, w.Review, textfmt.Plural(res.Workers, "worker", "workers"), first)),
		),
		app.Li().Body(
			app.Strong().ID("full-retrain-ratio").Text(ratioText),
			app.Text(": the retrain's time over your updates'. Neither counts ranking your list afterwards."),
		),
	))
}

// timesAsLong words a ratio of times: "0.58 times", "about 1.02 times".
func timesAsLong(v float64) string { return fmt.Sprintf("%.2f times", v) }

// retrainColumn is one model's list, each business with where it stands
// in the other's.
func retrainColumn(id, title string, list []core.Ranked, elsewhere []int, name func(int32) string) app.UI {
	return app.Div().Class("full-retrain-col").Body(
		app.H3().Text(title),
		app.Ol().ID(id).Class("full-retrain-list").Body(
			app.Range(list).Slice(func(k int) app.UI {
				where, class := "only here", "full-retrain-only"
				if k < len(elsewhere) && elsewhere[k] >= 0 {
					class = "full-retrain-both"
					where = fmt.Sprintf("#%d there", elsewhere[k]+1)
					if elsewhere[k] == k {
						where = "same rank there"
					}
				}
				return app.Li().Class(class).DataSet("id", list[k].Item).Body(
					app.Span().Class("full-retrain-name").Text(name(list[k].Item)),
					app.Span().Class("full-retrain-where").Text(where),
				)
			}),
		),
	)
}
