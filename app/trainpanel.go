package app

import (
	"fmt"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/ealslive/ealslive/core/eval"
)

// trainPanel shows what the model trains on and how training goes: a
// progress bar, the time per epoch and the final accuracy.
type trainPanel struct {
	app.Compo
	Istage    stage
	Irun      trainingRun
	Idata     *dataInfo
	Istopping bool
}

func newTrainPanel() *trainPanel { return &trainPanel{} }

func (t *trainPanel) Stage(v stage) *trainPanel     { t.Istage = v; return t }
func (t *trainPanel) Run(v trainingRun) *trainPanel { t.Irun = v; return t }
func (t *trainPanel) Data(v *dataInfo) *trainPanel  { t.Idata = v; return t }
func (t *trainPanel) Stopping(v bool) *trainPanel   { t.Istopping = v; return t }

func (t *trainPanel) Render() app.UI {
	return app.Section().ID("training").Class("card card-training").DataSet("stage", t.Istage.String()).Body(
		app.Div().Class("training-head").Body(
			app.H2().Text("The model"),
			t.renderButton(),
		),
		app.P().ID("train-status").Class("status").Text(t.status()),
		when(t.Istage == stageTraining || t.Istage == stageEvaluating, func() app.UI {
			return progressBar(t.progress())
		}),
		t.renderData(),
		when(t.Irun.Epochs > 0, func() app.UI {
			c := t.Irun.Config
			return app.P().Class("settings").Body(notation(fmt.Sprintf("eALS with K = %d factors, c_0 = %g, α = %g, λ = %g; "+
				"new clicks learnt with weight w_new = %g (Algorithm 2).", c.K, c.C0, c.Alpha, c.Lambda, c.WNew)))
		}),
	)
}

func (t *trainPanel) renderButton() app.UI {
	switch {
	case t.Istage != stageTraining && t.Istage != stageEvaluating:
		return app.Span()
	case t.Istopping:
		return app.Button().ID("stop").Class("stop").Disabled(true).Text("Stopping…")
	case t.Istage == stageEvaluating:
		return app.Button().ID("stop").Class("stop").Text("Skip").
			Title("Skip the evaluation on every held-out user").
			OnClick(func(ctx app.Context, e app.Event) { ctx.NewAction(actStop) })
	default:
		return app.Button().ID("stop").Class("stop").Text("Stop").
			Title("Stop training after this epoch and use the model as it is").
			OnClick(func(ctx app.Context, e app.Event) { ctx.NewAction(actStop) })
	}
}

func (t *trainPanel) progress() float64 {
	r := t.Irun
	if t.Istage == stageEvaluating {
		return r.Progress
	}
	if r.Epochs == 0 {
		return 0
	}
	return (float64(r.Done) + r.Progress) / float64(r.Epochs)
}

func (t *trainPanel) status() string {
	r := t.Irun
	switch t.Istage {
	case stageLoading:
		return "Downloading the Phoenix reviews…"
	case stageTraining:
		s := fmt.Sprintf("Training in your browser: epoch %d of %d", min(r.Done+1, r.Epochs), r.Epochs)
		if n := len(r.EpochMs); n > 0 {
			s += fmt.Sprintf(", %s per epoch", millis(r.EpochMs[n-1]))
		}
		return s + "."
	case stageEvaluating:
		return fmt.Sprintf("Trained %s. Now measuring HR@100 on all %s held-out users…",
			plural(r.Done, "epoch", "epochs"), thousands(t.testCases()))
	case stageReady:
		return t.summary()
	default:
		if t.Idata != nil && t.Idata.Train > 0 {
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

func (t *trainPanel) summary() string {
	r := t.Irun
	s := fmt.Sprintf("Trained %s in %.1f s (median epoch %s).", plural(r.Done, "epoch", "epochs"),
		r.WallMs/1000, millis(eval.Median(r.EpochMs)))
	if r.Stopped {
		s = fmt.Sprintf("Stopped after %d of %d epochs, %.1f s.", r.Done, r.Epochs, r.WallMs/1000)
	}
	switch {
	case r.FinalDone:
		s += fmt.Sprintf(" On all %s held-out users: HR@100 %.1f%%, NDCG@100 %.3f.",
			thousands(r.Final.Count), 100*r.Final.HR, r.Final.NDCG)
	case r.Skipped:
		s += " The evaluation on every held-out user was skipped."
	}
	return s
}

// renderData says what the model trains on, worded for the stage: the
// pack is downloaded and decoded first, then split into the reviews the
// model trains on and each person's latest, held out to measure accuracy.
// Every count is core's.
func (t *trainPanel) renderData() app.UI {
	d := t.Idata
	if d == nil {
		// The status line above says whether it is on its way or failed.
		return app.Div().ID("data").Class("data").Body(
			app.P().Text("The data: Yelp reviews from the Phoenix area, packed for this page."),
		)
	}
	about := fmt.Sprintf(" (%d–%d) by %s people of %s businesses in the Phoenix area (%s), a %s download.",
		d.From.Year(), d.To.Year(), thousands(d.Users), thousands(d.Items), d.Subset, byteSize(d.Bytes))
	var body []app.UI
	switch {
	case d.Train == 0 && t.Istage == stageFailed:
		body = []app.UI{app.Text("The data: "), app.Strong().Text(thousands(d.Reviews) + " Yelp reviews"), app.Text(about)}
	case d.Train == 0:
		body = []app.UI{app.Text("Downloaded "), app.Strong().Text(thousands(d.Reviews) + " Yelp reviews"), app.Text(about),
			app.Text(" Next, each person's latest review is set aside to measure accuracy.")}
	default:
		verb := "Training on "
		switch t.Istage {
		case stageReady:
			verb = "Trained on "
		case stageFailed:
			verb = "For training: "
		}
		body = []app.UI{app.Text(verb), app.Strong().Text(thousands(d.Train) + " of " + thousands(d.Reviews) + " Yelp reviews"),
			app.Text(about),
			app.Text(fmt.Sprintf(" Each person's latest review (%s in all) is held out to measure accuracy.", thousands(d.TestCases)))}
	}
	return app.Div().ID("data").Class("data").Body(
		app.P().Body(body...),
		app.Details().Class("provenance").Body(
			app.Summary().Text("Source and terms"),
			app.P().Text(d.Source),
			app.P().Text(d.License),
		),
	)
}

func progressBar(v float64) app.UI {
	pct := fmt.Sprintf("%.0f", 100*min(max(v, 0), 1))
	return app.Div().ID("progress").Class("progress").Attr("role", "progressbar").
		Aria("valuemin", "0").Aria("valuemax", "100").Aria("valuenow", pct).Body(
		app.Div().Class("progress-fill").Style("width", pct+"%"),
	)
}
