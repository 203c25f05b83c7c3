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
	actRetrain = "eals/retrain" // core.Config: train a new model with it
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
	run      trainingRun
	job      int // the training job under way, 0 when none
	started  time.Time
	stopping bool
	dataSeen int
	// restoreFailed: the kept model could not be read, so training starts
	// afresh when the job ends.
	restoreFailed bool
	previous      trainingRun // the run before, drawn faint beside this one
	// arrived is the model read from the workers' result, handed to you
	// in a task of its own: reading it and redrawing the page for it are
	// then two tasks of the page's thread, each shorter than the 50 ms a
	// task may take unnoticed.
	arrived *arrivedModel
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
	ctx.ObserveState(stateData).OnChange(func() { c.dataChanged(ctx) }).Value(&c.dataSeen)
	ctx.Handle(actRetrain, func(ctx app.Context, a app.Action) {
		if cfg, ok := a.Value.(core.Config); ok {
			c.train(ctx, cfg, true)
		}
	})
	// The card goes live after the page's first paint (Page.live): the
	// data may have come first.
	c.dataChanged(ctx)
}

// dataChanged starts training once the workers have the data.
func (c *modelCard) dataChanged(ctx app.Context) {
	s := c.Isession
	if s.data != nil && c.job == 0 && s.you.model == nil && c.run.Epochs == 0 && s.stage != stageFailed {
		c.train(ctx, s.cfg, true)
	}
}

// train starts a training run with cfg; with restore, a model kept from an
// earlier visit with the same data, settings and page version is brought
// back instead. Your clicks stay, and the new model learns them.
func (c *modelCard) train(ctx app.Context, cfg core.Config, restore bool) {
	s := c.Isession
	if s.busy() != "" {
		return
	}
	spec := trainingSpec(app.Getenv("GOAPP_VERSION"), cfg, restore)
	id := s.jobs.start(ctx, holdTraining, work.JobSpec{Kind: work.JobTrain, Train: &spec}, jobHandlers{
		message:  c.onMessage,
		finished: c.onFinished,
	})
	if id == 0 {
		return
	}
	c.job, c.stopping, c.started = id, false, time.Now()
	if len(c.run.Objective) > 0 {
		// Its curves stay as ghost lines beside the new run's.
		c.previous = c.run
	}
	c.run = trainingRun{Config: cfg, Epochs: cfg.Epochs, Phase: "training", Workers: s.jobs.pool.Size()}
	s.cfg = cfg
	saveSettings(cfg)
	s.you.detach()
	s.stage = stageTraining
	s.metrics.EpochMs, s.metrics.EvalMs = nil, nil
	s.metrics.TrainStartMs, s.metrics.SetupMs, s.metrics.FinalMs = now(), 0, 0
	s.changed(ctx, stateModel)
	s.changed(ctx, stateYou)
}

// trainingSpec is the training job the page asks for with cfg, its model
// kept in the browser's store under the page's version (see
// work.ModelKey); with restore, a model kept there is brought back instead.
func trainingSpec(version string, cfg core.Config, restore bool) work.TrainSpec {
	return work.TrainSpec{Config: cfg, Sample: sampleUsers, TopN: evalTopN, KeyVersion: version, Restore: restore}
}

func (c *modelCard) onMessage(ctx app.Context, m work.Msg) {
	s := c.Isession
	switch m.Kind {
	case work.MsgProgress:
		var p work.TrainProgress
		if m.Decode(&p) != nil {
			return
		}
		r := &c.run
		if p.Phase != r.Phase {
			// A stop during training ends the epochs; Skip then
			// stops the evaluation.
			c.stopping = false
		}
		r.Phase = p.Phase
		if p.Phase == "training" && p.Epoch > r.Done {
			r.Done = p.Epoch
			r.EpochMs = append(r.EpochMs, p.EpochMs)
			r.EvalMs = append(r.EvalMs, p.EvalMs)
			r.Objective = append(r.Objective, p.Objective)
			r.SampleHR = append(r.SampleHR, p.SampleHR)
			s.metrics.EpochMs, s.metrics.EvalMs = r.EpochMs, r.EvalMs
		}
		r.Progress = p.Fraction
	case work.MsgResult:
		c.gotModel(ctx, m)
	}
}

// gotModel reads the trained (or restored) model the workers sent, and
// hands it to you in the next task, or when the workers say they are done
// if that comes first: whatever the run's end does comes after.
func (c *modelCard) gotModel(ctx app.Context, m work.Msg) {
	s := c.Isession
	var run work.TrainRun
	if m.Decode(&run) != nil || len(m.Bytes) != 1 {
		c.run.Failed = "the workers sent a damaged model"
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
		c.run.Failed = "the trained model could not be read: " + err.Error()
		return
	}
	a := &arrivedModel{model: model, run: run}
	c.arrived = a
	// Showing the model comes in a task of its own, after the browser has
	// had its thread back: decoding it and redrawing every section that
	// shows it made one long task.
	NextTask(func() {
		ctx.Dispatch(func(ctx app.Context) {
			if c.arrived == a {
				c.adoptArrived(ctx)
			}
		})
	})
}

// adoptArrived shows the arrived model's run and hands the model to you.
func (c *modelCard) adoptArrived(ctx app.Context) {
	s := c.Isession
	model, run := c.arrived.model, c.arrived.run
	c.arrived = nil
	r := &c.run
	r.Config, r.Workers, r.Sample = run.Config, run.Workers, run.Sample
	r.Done, r.EpochMs, r.EvalMs, r.Objective, r.SampleHR = run.Epochs, run.EpochMs, run.EvalMs, run.Objective, run.SampleHR
	r.Final, r.FinalDone, r.Stopped, r.Restored = run.Final, run.FinalDone, run.Stopped, run.Restored
	r.Skipped = !run.FinalDone
	r.FinalMs, r.SetupMs = run.FinalMs, run.SetupMs
	r.TrainedAt = time.UnixMilli(run.TrainedAt)
	r.WallMs = durationMillis(time.Since(c.started))
	r.Phase, r.Progress = "", 0
	s.metrics.HR = run.Final.HR
	s.metrics.Restored = run.Restored
	s.metrics.ModelChecksum = run.Checksum
	s.metrics.KernelRows, s.metrics.KernelRankings = run.KernelRows, run.KernelRankings
	s.metrics.EpochMs, s.metrics.EvalMs = run.EpochMs, run.EvalMs
	s.metrics.SetupMs, s.metrics.FinalMs = run.SetupMs, run.FinalMs
	s.training = *r
	s.trained, s.trainedPlane = model, run.Plane
	if err := s.adopt(ctx, model); err != nil {
		s.fail(ctx, failure{Title: "The trained model cannot rank", Detail: err.Error()})
	}
}

func (c *modelCard) onFinished(ctx app.Context, stopped bool, failed string) {
	s := c.Isession
	c.job, c.stopping = 0, false
	if c.arrived != nil {
		c.adoptArrived(ctx)
	}
	switch {
	case c.restoreFailed:
		c.restoreFailed = false
		c.train(ctx, c.run.Config, false)
		return
	case failed != "":
		c.run.Failed = failed
	case c.run.Failed == "" && s.you.model == nil:
		c.run.Failed = "training ended without a model"
	}
	if c.run.Failed != "" {
		s.fail(ctx, failure{Title: "Training failed", Detail: "The model could not be trained: " + c.run.Failed + ".",
			Hint: "Reload the page to try again; your clicks are kept."})
	}
}

// stop asks training to end after the epoch under way, or, during the
// final evaluation, to skip the rest of it.
func (c *modelCard) stop(ctx app.Context) {
	if c.job != 0 {
		c.Isession.jobs.stop(c.job)
		c.stopping = true
	}
}

func (c *modelCard) Render() app.UI {
	countRender("model")
	s := c.Isession
	// Two cards of the page's grid, from one component: the wrapper is
	// display: contents. Its id names the copy the page keeps of both
	// until the card goes live (Page.live); kept by the training card's,
	// the copy left the learning curves out, and they came in late.
	return app.Div().ID("model-card").Class("model-parts").Body(
		app.Section().ID("training").Class("card card-training").DataSet("stage", c.stageName()).Body(
			app.Div().Class("training-head").Body(
				app.H2().Text("The model"),
				c.renderButton(),
			),
			newTrainPanel().Stage(c.stageName()).Run(c.run).Data(s.data).Config(s.cfg),
		),
		newCurves().Run(c.run).Planned(s.cfg.Epochs).Previous(c.previous),
	)
}

// stageName is where the card is: loading, training, evaluating, ready or
// failed.
func (c *modelCard) stageName() string {
	s := c.Isession
	switch {
	case s.stage == stageFailed:
		return "failed"
	case s.you.model != nil:
		// Adopted: the workers may still be saying they are done.
		return "ready"
	case c.job != 0 && c.run.Phase == "evaluating":
		return "evaluating"
	case c.job != 0:
		return "training"
	}
	return "loading"
}

func (c *modelCard) renderButton() app.UI {
	stage := c.stageName()
	switch {
	case stage == "ready":
		label, title := "Train again", "Train a new model with these settings and watch it learn"
		if c.run.Restored {
			label, title = "Train again and watch", "This model was trained on your last visit; train a fresh one and watch it learn"
		}
		return app.Button().ID("train-again").Class("run").Text(label).Title(title).
			OnClick(func(ctx app.Context, e app.Event) { c.train(ctx, c.Isession.cfg, false) })
	case stage != "training" && stage != "evaluating":
		return app.Span()
	case c.stopping:
		return app.Button().ID("stop").Class("stop").Disabled(true).Text("Stopping…")
	case stage == "evaluating":
		return app.Button().ID("stop").Class("stop").Text("Skip").
			Title("Skip the evaluation on every held-out user").
			OnClick(func(ctx app.Context, e app.Event) { c.stop(ctx) })
	default:
		return app.Button().ID("stop").Class("stop").Text("Stop").
			Title("Stop training after this epoch and use the model as it is").
			OnClick(func(ctx app.Context, e app.Event) { c.stop(ctx) })
	}
}
