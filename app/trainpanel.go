package app

import (
	"fmt"
	"strings"

	"github.com/ealslive/ealslive/app/datainfo"
	"github.com/ealslive/ealslive/app/runs"
	"github.com/ealslive/ealslive/app/textfmt"
	"github.com/ealslive/ealslive/app/work"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/ealslive/ealslive/core"
	"github.com/ealslive/ealslive/core/eval"
)

// trainPanel shows what the model trains on and how training goes: a
// progress bar, the time per epoch and the final accuracy.
type trainPanel struct {
	app.Compo
	Istage  string // the model card's: loading, training, evaluating, ready or failed
	Irun    runs.Training
	Idata   *datainfo.Info
	Iconfig core.Config // the settings in use, or about to be
}

func newTrainPanel() *trainPanel { return &trainPanel{} }

func (t *trainPanel) Stage(v string) *trainPanel        { t.Istage = v; return t }
func (t *trainPanel) Run(v runs.Training) *trainPanel   { t.Irun = v; return t }
func (t *trainPanel) Data(v *datainfo.Info) *trainPanel { t.Idata = v; return t }
func (t *trainPanel) Config(v core.Config) *trainPanel  { t.Iconfig = v; return t }

func (t *trainPanel) Render() app.UI {
	running := t.Istage == "training" || t.Istage == "evaluating"
	return app.Div().Class("train-panel").Body(
		// What changes as the model trains keeps one height from the start
		// (see .train-now), so that nothing below it moves: the status
		// grows by a line or two when training ends, and where the time
		// went fills in then.
		app.Div().Class("train-now").Body(
			app.P().ID("train-status").Class("status").Attr("aria-live", "polite").Text(t.status()),
			// The bar keeps its place when idle.
			progressBar("progress", "Training progress", t.progress(), running),
			app.P().ID("train-time").Class("small train-time").Text(t.timeLine()),
		),
		t.renderData(),
		t.renderSettings(),
	)
}

// renderSettings names the model's settings: the run's once it starts,
// the page's before.
func (t *trainPanel) renderSettings() app.UI {
	c := t.Iconfig
	if t.Irun.Epochs > 0 {
		c = t.Irun.Config
	}
	return app.P().Class("settings").Body(notation(fmt.Sprintf("eALS with K = %d factors, c_0 = %g, α = %g, λ = %g; "+
		"new clicks learnt with weight w_new = %g (Algorithm 2).", c.K, c.C0, c.Alpha, c.Lambda, c.WNew)))
}

func (t *trainPanel) progress() float64 {
	r := t.Irun
	switch {
	case t.Istage == "evaluating":
		return r.Progress
	case t.Istage == "ready":
		return 1
	case r.Epochs == 0:
		return 0
	}
	return float64(r.Done) / float64(r.Epochs)
}

func (t *trainPanel) status() string {
	r := t.Irun
	switch t.Istage {
	case "loading":
		return "Downloading and reading " + dataSet{Info: t.Idata}.about().Called() + "…"
	case "training":
		s := fmt.Sprintf("Training in your browser: epoch %d of %d", min(r.Done+1, r.Epochs), r.Epochs)
		if n := len(r.EpochMs); n > 0 {
			s += fmt.Sprintf(", %s per epoch", textfmt.Millis(r.EpochMs[n-1]))
		}
		return s + "."
	case "evaluating":
		return fmt.Sprintf("Trained %s. Now measuring HR@100 on all %s held-out users…",
			textfmt.Plural(r.Done, "epoch", "epochs"), textfmt.Thousands(t.testCases()))
	case "ready":
		return t.summary()
	default:
		if r.Failed != "" {
			return "Training stopped on an error: see the message above."
		}
		return "Nothing to train on: see the message above."
	}
}

func (t *trainPanel) testCases() int {
	if t.Idata == nil {
		return 0
	}
	return t.Idata.TestCases
}

// timeLine says where a run's time goes: so far while it trains, all of it
// once it has ended; for a model brought back, its accuracy instead.
func (t *trainPanel) timeLine() string {
	r := t.Irun
	switch t.Istage {
	case "training", "evaluating":
		if len(r.EpochMs) == 0 {
			return ""
		}
		epochs, sample := r.EpochAndSampleMs()
		// The set-up's time comes with the result.
		return fmt.Sprintf("So far %.1f s in %s and %.1f s on HR@100 for the sample.",
			epochs/1000, textfmt.Plural(len(r.EpochMs), "epoch", "epochs"), sample/1000)
	case "ready":
		switch {
		case r.Restored:
			return strings.TrimSpace(t.accuracy())
		case r.Stopped:
			return ""
		}
		return timeSplit(r)
	}
	return ""
}

// timeSplit says where a training run's time went beyond its epochs: the
// hit ratio on a sample after each epoch, the final evaluation, and the
// rest (the workers' exchanges and copying the model to the page).
func timeSplit(r runs.Training) string {
	epochs, sample := r.EpochAndSampleMs()
	rest := r.WallMs - r.SetupMs - epochs - sample - r.FinalMs
	if r.WallMs <= 0 || rest < 0 {
		return ""
	}
	// No longer than the other: on a phone the line must not take a row
	// more than the space kept for it.
	return fmt.Sprintf("Of those %.1f s: %.1f s setting up, %.1f s in the epochs, %.1f s on HR@100 for the sample, "+
		"%.1f s on the final evaluation, %.1f s in exchanges and handing the model over.",
		r.WallMs/1000, r.SetupMs/1000, epochs/1000, sample/1000, r.FinalMs/1000, rest/1000)
}

// summary says what the model in use is: trained now, or brought back
// from an earlier visit, and how it scores.
func (t *trainPanel) summary() string {
	r := t.Irun
	switch {
	case r.Restored:
		// Its accuracy goes on the line below, which a model brought back
		// has free: the status keeps to three lines on a phone.
		return fmt.Sprintf("Brought back the model trained on your earlier visit (%s, %s) in %s.",
			textfmt.Plural(r.Done, "epoch", "epochs"), r.TrainedAt.Local().Format("2 January 15:04"), textfmt.Millis(r.WallMs))
	case r.Stopped:
		return fmt.Sprintf("Stopped after %d of %d epochs, %.1f s.", r.Done, r.Epochs, r.WallMs/1000) + t.accuracy()
	}
	return fmt.Sprintf("Trained %s in %.1f s on %s (median epoch %s).", textfmt.Plural(r.Done, "epoch", "epochs"),
		r.WallMs/1000, textfmt.Plural(r.Workers, "worker", "workers"), textfmt.Millis(eval.Median(r.EpochMs))) + t.accuracy()
}

// accuracy is the final evaluation's result, as a sentence after a space,
// or "" if there is none.
func (t *trainPanel) accuracy() string {
	r := t.Irun
	switch {
	case r.FinalDone:
		return fmt.Sprintf(" On all %s held-out users: HR@100 %.1f%%, NDCG@100 %.3f.",
			textfmt.Thousands(r.Final.Count), 100*r.Final.HR, r.Final.NDCG)
	case r.Skipped:
		return " The evaluation on every held-out user was skipped."
	}
	return ""
}

// renderData says what the model trains on, worded for the stage: the
// pack is downloaded, then decoded and split into the reviews the model
// trains on and each person's latest, held out to measure accuracy.
// Every count is core's.
func (t *trainPanel) renderData() app.UI {
	d := t.Idata
	// Until the data has arrived, its "Source and terms" holds its place,
	// unseen, so that nothing below moves when it comes.
	unseenTerms := app.Details().Class("provenance placeholder").Body(
		app.Summary().Text("Source and terms"))
	if d == nil {
		// The status line above says whether it is on its way or failed.
		about := "Yelp reviews from the Phoenix area"
		if site := sitePack(); !site.Yelp() {
			about = site.Called()
		}
		return app.Div().ID("data").Class("data").Body(
			app.P().Text("The data: "+about+", packed for this page."),
			unseenTerms,
		)
	}
	verb := "Training on "
	switch t.Istage {
	case "ready":
		verb = "Trained on "
	case "failed":
		verb = "For training: "
	}
	w := d.Words()
	var about string
	switch {
	case d.Source == sourceFile:
		about = fmt.Sprintf(" by %s of %s from your file %s (%s), read in this browser, which it never leaves.",
			textfmt.Plural(d.Users, w.User, w.Users), textfmt.Plural(d.Items, w.Item, w.Items), d.Name, d.Format)
	case d.Source == sourcePlanted:
		p := d.Planted
		about = fmt.Sprintf(" by %s of %s in a world made with %d planted tastes: each user interacts mostly within one group, "+
			"%.0f%% outside it, and items are popular as a Zipf law with exponent %g (seed %d).",
			textfmt.Plural(d.Users, w.User, w.Users), textfmt.Plural(d.Items, w.Item, w.Items), p.Groups, 100*p.Noise, p.Zipf, p.Seed)
	case d.Yelp():
		about = fmt.Sprintf(" (%d–%d) by %s people of %s businesses in the Phoenix area (%s), %s download.",
			d.From.Year(), d.To.Year(), textfmt.Thousands(d.Users), textfmt.Thousands(d.Items), d.Subset, textfmt.WithArticle(textfmt.Bytes(d.Bytes)))
	default:
		about = fmt.Sprintf(" by %s of %s, packed for this site (%s, %s), %s download.",
			textfmt.Plural(d.Users, w.User, w.Users), textfmt.Plural(d.Items, w.Item, w.Items), d.Format, d.Subset,
			textfmt.WithArticle(textfmt.Bytes(d.Bytes)))
	}
	held := fmt.Sprintf(" Each %s's latest %s (%s in all) is held out to measure accuracy.", w.User, w.Review, textfmt.Thousands(d.TestCases))
	if !d.HasTimes {
		held = fmt.Sprintf(" The data has no times: each %s's last %s in the file (%s in all) is held out to measure accuracy.",
			w.User, w.Review, textfmt.Thousands(d.TestCases))
	}
	body := []app.UI{app.Text(verb), app.Strong().Text(textfmt.Thousands(d.Train) + " of " + w.Count(d.Reviews)),
		app.Text(about), app.Text(held)}
	var read []app.UI
	if r := d.Read; r != nil {
		read = append(read, app.P().ID("data-rows").Class("small").Text(readText(r)))
	}
	terms := []app.UI{app.Summary().Text("Source and terms"), app.P().Text(d.Origin)}
	if d.License != "" {
		terms = append(terms, app.P().Text(d.License))
	}
	return app.Div().ID("data").Class("data").Body(append(append([]app.UI{app.P().Body(body...)}, read...),
		app.Details().Class("provenance").Body(terms...))...)
}

// readText says what reading a visitor's file took in and left out.
func readText(r *work.ReadSummary) string {
	s := "Read " + textfmt.Plural(r.Rows, "row", "rows")
	if len(r.Notes) > 0 {
		s += "; " + strings.Join(r.Notes, "; ")
	}
	if r.ItemFormat != "" {
		s += "; names and categories from the item file (" + r.ItemFormat + ")"
	}
	return s + "."
}

// progressBar is a labelled progress bar that keeps its place while idle.
func progressBar(id, label string, v float64, active bool) app.UI {
	pct, fill := progressFill(v)
	bar := app.Div().ID(id).Class("progress").Attr("role", "progressbar").Aria("label", label).
		Aria("valuemin", "0").Aria("valuemax", "100").Aria("valuenow", pct)
	if !active {
		bar = bar.Class("progress-idle")
	}
	return bar.Body(fill)
}
