package app

import (
	"time"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/ealslive/ealslive/app/work"
	"github.com/ealslive/ealslive/core"
	"github.com/ealslive/ealslive/core/eval"
)

// pageConfig is the paper's Yelp settings with K = 32 and as many epochs
// as keep training within a second or two in a browser.
func pageConfig() core.Config {
	cfg := core.DefaultConfig()
	cfg.Epochs = trainEpochs
	cfg.Threads = 1
	return cfg
}

// The per-epoch hit ratio is measured on an evenly spread sample of the
// held-out users: all of them would take longer than the epoch itself.
const (
	trainEpochs = 25
	sampleUsers = 500
	evalTopN    = 100
)

// Actions other sections send the model card.
const (
	actRetrain = "eals/retrain" // core.Config: train a model with it, or bring back one kept for it
)

// trainingRun is what the model card shows of training.
type trainingRun struct {
	Config    core.Config
	Epochs    int // planned
	Done      int // completed
	Phase     string
	Progress  float64 // of the final evaluation
	EpochMs   []float64
	EvalMs    []float64
	Objective []float64
	SampleHR  []float64
	Sample    int
	Final     eval.Metrics
	FinalDone bool
	Stopped   bool
	Skipped   bool // the final evaluation was skipped
	Restored  bool // the model is one trained on an earlier visit
	TrainedAt time.Time
	Workers   int
	WallMs    float64 // from asking to having the model, as the visitor waits
	FinalMs   float64 // the final evaluation on every held-out user
	SetupMs   float64 // the workers' model set up before the first epoch
	Failed    string
}

// modelCard is "The model": it trains the model the page uses (or brings
// back the one trained on an earlier visit), shows how training goes, and
// hands the model to you. It owns the training run.
type modelCard struct {
	app.Compo
	Isession *session
	training trainingRun
	run      run
	data     dataSet
	model    modelInUse
	hold     hold
	// restoreFailed: the kept model could not be read, so training starts
	// afresh when the job ends.
	restoreFailed bool
	previous      trainingRun // the run before, drawn faint beside this one
	adopted       bool        // the run's model is yours
	// forLoad is the load of the data the run trains on (session.loads);
	// next, a training asked for while a run on data since replaced ends.
	forLoad int
	next    *core.Config
}

// arrivedModel is a model read from the workers' result, with their
// account of its run.
type arrivedModel struct {
	model *core.Model
	run   work.TrainRun
}

func newModelCard() *modelCard { return &modelCard{} }

func (c *modelCard) Session(s *session) *modelCard { c.Isession = s; return c }

func (c *modelCard) OnMount(ctx app.Context) {
	ctx.ObserveState(keyData).Value(&c.data)
	ctx.ObserveState(keyModel).Value(&c.model)
	ctx.ObserveState(drawn(keyBusy)).Value(&c.hold)
	ctx.Handle(actRetrain, func(ctx app.Context, a app.Action) {
		if cfg, ok := a.Value.(core.Config); ok {
			c.train(ctx, cfg, true)
		}
	})
}

// train starts a training run with cfg; with restore, a model kept from an
// earlier visit with the same data, settings and page version is brought
// back instead. Your clicks stay, and the new model learns them.
func (c *modelCard) train(ctx app.Context, cfg core.Config, restore bool) {
	s := c.Isession
	if c.run.running() && c.forLoad != s.loads {
		// A training on data the workers no longer hold ends at once;
		// this one follows it.
		c.next = &cfg
		return
	}
	spec := trainingSpec(app.Getenv("GOAPP_VERSION"), cfg, restore)
	if !c.run.start(ctx, s, holdTraining, work.JobSpec{Kind: work.JobTrain, Train: &spec}, runNews{
		message:  c.onMessage,
		finished: c.onFinished,
	}) {
		return
	}
	c.forLoad = s.loads
	if len(c.training.Objective) > 0 {
		// Its curves stay as ghost lines beside the new run's.
		c.previous = c.training
	}
	c.training = trainingRun{Config: cfg, Epochs: cfg.Epochs, Phase: "training", Workers: s.runs.pool.Size()}
	c.adopted = false
	saveSettings(cfg)
	s.retrain(ctx, cfg)
	pm := &s.probe.metrics
	pm.EpochMs, pm.EvalMs = nil, nil
	pm.TrainStartMs, pm.SetupMs, pm.FinalMs = now(), 0, 0
}

// trainingSpec is the training job the page asks for with cfg, its model
// kept in the browser's store under the page's version (see
// work.ModelKey); with restore, a model kept there is brought back instead.
func trainingSpec(version string, cfg core.Config, restore bool) work.TrainSpec {
	return work.TrainSpec{Config: cfg, Sample: sampleUsers, TopN: evalTopN, KeyVersion: version, Restore: restore}
}

func (c *modelCard) onMessage(ctx app.Context, m work.Msg) {
	s := c.Isession
	if c.forLoad != s.loads {
		return // a run on data since replaced
	}
	switch m.Kind {
	case work.MsgProgress:
		var p work.TrainProgress
		if m.Decode(&p) != nil {
			return
		}
		r := &c.training
		if p.Phase != r.Phase {
			// A stop during training ends the epochs; Skip then
			// stops the evaluation.
			c.run.stopping = false
		}
		r.Phase = p.Phase
		if p.Phase == "training" && p.Epoch > r.Done {
			r.Done = p.Epoch
			r.EpochMs = append(r.EpochMs, p.EpochMs)
			r.EvalMs = append(r.EvalMs, p.EvalMs)
			r.Objective = append(r.Objective, p.Objective)
			r.SampleHR = append(r.SampleHR, p.SampleHR)
			s.probe.metrics.EpochMs, s.probe.metrics.EvalMs = r.EpochMs, r.EvalMs
		}
		r.Progress = p.Fraction
	case work.MsgResult:
		c.gotModel(ctx, m)
	}
}

// gotModel reads the trained (or restored) model the workers sent, and
// hands it to you at once: whatever the run's end does comes after.
func (c *modelCard) gotModel(ctx app.Context, m work.Msg) {
	s := c.Isession
	var run work.TrainRun
	if m.Decode(&run) != nil || len(m.Bytes) != 1 {
		c.training.Failed = "the workers sent a damaged model"
		return
	}
	// The workers trained this model, or checked it with core.LoadModel.
	model, err := core.LoadModelTrusted(m.Bytes[0])
	if err != nil {
		if run.Restored {
			// A kept model this page cannot read is trained again.
			s.note(ctx, "The model kept from your last visit could not be read ("+err.Error()+"), so it is trained again.")
			c.restoreFailed = true
			return
		}
		c.training.Failed = "the trained model could not be read: " + err.Error()
		return
	}
	c.adopt(ctx, &arrivedModel{model: model, run: run})
}

// adopt shows the arrived model's run and hands the model to you.
func (c *modelCard) adopt(ctx app.Context, a *arrivedModel) {
	s := c.Isession
	model, run := a.model, a.run
	r := &c.training
	r.Config, r.Workers, r.Sample = run.Config, run.Workers, run.Sample
	r.Done, r.EpochMs, r.EvalMs, r.Objective, r.SampleHR = run.Epochs, run.EpochMs, run.EvalMs, run.Objective, run.SampleHR
	r.Final, r.FinalDone, r.Stopped, r.Restored = run.Final, run.FinalDone, run.Stopped, run.Restored
	r.Skipped = !run.FinalDone
	r.FinalMs, r.SetupMs = run.FinalMs, run.SetupMs
	r.TrainedAt = time.UnixMilli(run.TrainedAt)
	r.WallMs = c.run.elapsedMs()
	r.Phase, r.Progress = "", 0
	pm := &s.probe.metrics
	pm.HR, pm.Restored, pm.ModelChecksum = run.Final.HR, run.Restored, run.Checksum
	pm.KernelRows, pm.KernelRankings = run.KernelRows, run.KernelRankings
	pm.EpochMs, pm.EvalMs = run.EpochMs, run.EvalMs
	pm.SetupMs, pm.FinalMs = run.SetupMs, run.FinalMs
	c.adopted = true
	if err := s.adopt(ctx, modelInUse{Config: run.Config, Model: model, Run: *r, Plane: run.Plane}); err != nil {
		s.fail(ctx, failure{Title: "The trained model cannot rank", Detail: err.Error()})
	}
}

func (c *modelCard) onFinished(ctx app.Context, stopped bool, failed string) {
	s := c.Isession
	if c.forLoad != s.loads {
		// Its data was replaced while it ran: what it says is moot.
		c.training.Failed = ""
		if next := c.next; next != nil {
			c.next = nil
			c.train(ctx, *next, true)
		}
		return
	}
	switch {
	case c.restoreFailed:
		c.restoreFailed = false
		c.train(ctx, c.training.Config, false)
		return
	case failed != "":
		c.training.Failed = failed
	case c.training.Failed == "" && !c.adopted:
		c.training.Failed = "training ended without a model"
	}
	if c.training.Failed != "" {
		s.failAfterData(ctx, failure{Title: "Training failed", Detail: "The model could not be trained: " + c.training.Failed + ".",
			Hint: "Reload the page to try again; your clicks are kept."})
	}
}

func (c *modelCard) Render() app.UI {
	countRender("model")
	// Two cards of the page's grid, from one component: the wrapper is
	// display: contents.
	return app.Div().ID("model-card").Class("model-parts").Body(
		app.Section().ID("training").Class("card card-training").DataSet("stage", c.stageName()).Body(
			app.Div().Class("training-head").Body(
				app.H2().Text("The model"),
				c.renderButton(),
			),
			newTrainPanel().Stage(c.stageName()).Run(c.training).Data(c.data.Info).Config(c.model.Config),
			newDataControl().Session(c.Isession),
		),
		newCurves().Run(c.training).Planned(c.model.Config.Epochs).Previous(c.previous),
	)
}

// stageName is where the card is: loading, training, evaluating, ready or
// failed.
func (c *modelCard) stageName() string {
	switch {
	case c.hold.Final:
		return "failed"
	case c.adopted:
		// The workers may still be saying they are done.
		return "ready"
	case c.data.Cat == nil:
		// The first training is asked for with the data, and waits for it.
		return "loading"
	case c.run.running() && c.training.Phase == "evaluating":
		return "evaluating"
	case c.run.running():
		return "training"
	}
	return "loading"
}

func (c *modelCard) renderButton() app.UI {
	stage := c.stageName()
	switch {
	case stage == "ready":
		label, title := "Train again", "Train a new model with these settings and watch it learn"
		if c.training.Restored {
			label, title = "Train again and watch", "This model was trained on your last visit; train a fresh one and watch it learn"
		}
		return app.Button().ID("train-again").Class("run").Text(label).Title(title).
			OnClick(func(ctx app.Context, e app.Event) { c.train(ctx, c.training.Config, false) })
	case stage != "training" && stage != "evaluating":
		return app.Span()
	case c.run.stopping:
		return app.Button().ID("stop").Class("stop").Disabled(true).Text("Stopping…")
	case stage == "evaluating":
		return app.Button().ID("stop").Class("stop").Text("Skip").
			Title("Skip the evaluation on every held-out user").
			OnClick(func(ctx app.Context, e app.Event) { c.run.stop(c.Isession) })
	default:
		return app.Button().ID("stop").Class("stop").Text("Stop").
			Title("Stop training after this epoch and use the model as it is").
			OnClick(func(ctx app.Context, e app.Event) { c.run.stop(c.Isession) })
	}
}
