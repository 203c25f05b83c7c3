package app

import (
	"fmt"
	"slices"
	"time"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/ealslive/ealslive/core"
	"github.com/ealslive/ealslive/core/eval"
)

// pageConfig is the paper's Yelp settings with K = 32 and as many epochs
// as keep training within a few seconds in a browser (about 45 ms each at
// K = 32, plus the sample evaluation). The browser gives Go one thread.
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
	chunkTarget = 12 * time.Millisecond // work between two repaints
	reportEvery = 60 * time.Millisecond // progress redraws at most this often
	startBudget = 4000                  // observed entries in the first chunk
)

// trainingRun is what the page shows of training; the goroutine that
// trains keeps its own and dispatches copies.
type trainingRun struct {
	Epochs    int       // planned
	Done      int       // completed
	Progress  float64   // of the current epoch, or of the final evaluation
	EpochMs   []float64 // compute time of each epoch
	Objective []float64 // after each epoch
	SampleHR  []float64 // HR@100 on the sample after each epoch
	Config    core.Config
	EvalMs    []float64 // compute time of each epoch's sample evaluation
	Sample    int       // users in the sample
	Final     eval.Metrics
	FinalDone bool
	Stopped   bool
	Skipped   bool // the final evaluation was skipped
	WallMs    float64
}

func (r trainingRun) clone() trainingRun {
	r.EpochMs = slices.Clone(r.EpochMs)
	r.Objective = slices.Clone(r.Objective)
	r.SampleHR = slices.Clone(r.SampleHR)
	r.EvalMs = slices.Clone(r.EvalMs)
	return r
}

// train runs eALS in chunks of about chunkTarget, sleeping a millisecond
// between chunks: go-app repaints only when Go yields to the browser, and
// only a real sleep does that. The model is touched by this goroutine
// alone until it is handed to the page at the end.
func (p *Page) train(ctx app.Context, d *loaded) {
	cfg := p.cfg
	run := trainingRun{Epochs: cfg.Epochs, Config: cfg}
	t, err := core.NewTrainer(d.train, cfg)
	if err != nil {
		ctx.Dispatch(func(ctx app.Context) {
			p.fail(failure{Title: "Training could not start", Detail: err.Error()})
		})
		return
	}
	sample := eval.EvenSample(d.test, sampleUsers)
	run.Sample = len(sample)
	sampled := eval.NewOffline(t.Model(), d.train, sample, eval.Options{TopN: evalTopN})

	show := func(stage stage) {
		snap := run.clone()
		ctx.Dispatch(func(ctx app.Context) {
			p.stage = stage
			p.run = snap
			p.metrics.EpochMs = snap.EpochMs
			p.metrics.EvalMs = snap.EvalMs
			p.publish()
		})
	}
	fail := func(title string, err error) {
		ctx.Dispatch(func(ctx app.Context) {
			p.fail(failure{Title: title, Detail: err.Error()})
		})
	}
	show(stageTraining)
	began := time.Now()
	lastShown := began
	epochs := newChunker(chunkTarget, startBudget)
	evals := newChunker(chunkTarget, 10)
	for run.Done < run.Epochs && !p.stop.Load() {
		compute, _, err := epochs.run(t.Step, func() {
			run.Progress = t.Progress()
			if time.Since(lastShown) > reportEvery {
				lastShown = time.Now()
				run.WallMs = durationMillis(time.Since(began))
				show(stageTraining)
			}
		}, nil)
		if err != nil {
			fail("Training failed", err)
			return
		}
		run.Done++
		run.Progress = 0
		run.EpochMs = append(run.EpochMs, durationMillis(compute))
		run.Objective = append(run.Objective, t.Model().Objective().Total())
		sampled.Reset() // the model has moved on since the last epoch's evaluation
		evalCompute, _, err := evals.run(sampled.Step, nil, nil)
		run.EvalMs = append(run.EvalMs, durationMillis(evalCompute))
		if err != nil {
			fail("Evaluation failed", err)
			return
		}
		run.SampleHR = append(run.SampleHR, sampled.Result().HR)
		run.WallMs = durationMillis(time.Since(began))
		lastShown = time.Now()
		show(stageTraining)
	}
	run.Stopped = run.Done < run.Epochs
	p.finish(ctx, d, t.Model(), &run)
}

// finish evaluates the trained model on every held-out user, unless the
// visitor asks to skip it, then hands the model to the page.
func (p *Page) finish(ctx app.Context, d *loaded, m *core.Model, run *trainingRun) {
	show := func(stage stage) {
		snap := run.clone()
		ctx.Dispatch(func(ctx app.Context) {
			if p.stage != stage {
				p.stopping = false
			}
			p.stage = stage
			p.run = snap
			p.publish()
		})
	}
	p.stop.Store(false)
	if run.Done > 0 {
		full := eval.NewOffline(m, d.train, d.test, eval.Options{TopN: evalTopN})
		lastShown := time.Now()
		show(stageEvaluating)
		_, completed, err := newChunker(chunkTarget, 10).run(full.Step, func() {
			if time.Since(lastShown) > reportEvery {
				lastShown = time.Now()
				run.Progress = full.Progress()
				show(stageEvaluating)
			}
		}, p.stop.Load)
		run.Skipped = !completed && err == nil
		if completed {
			run.Final = full.Result()
			run.FinalDone = true
		}
	}
	run.Progress = 0
	snap := run.clone()
	ctx.Dispatch(func(ctx app.Context) {
		p.run = snap
		p.stage = stageReady
		if err := p.adopt(m); err != nil {
			p.fail(failure{Title: "The trained model cannot rank", Detail: err.Error()})
			return
		}
		p.metrics.HR = snap.Final.HR
		p.metrics.ReadyMs = now()
		p.publish()
	})
}

// adopt hands the trained model to you. Clicks it cannot learn (saved by
// another version of the page, say) are dropped from your history and
// from storage with a note, and the page carries on: only a model that
// cannot rank for a new user is an error.
func (p *Page) adopt(m *core.Model) error {
	dropped, why, err := p.you.attach(m)
	if len(dropped) > 0 {
		p.saveClicks()
		p.note(droppedNote(len(dropped), len(p.you.liked), why))
	}
	return err
}

// droppedNote tells the visitor that clicks the model could not learn were
// dropped, how many, and why.
func droppedNote(dropped, kept int, why error) string {
	var s string
	switch {
	case kept == 0 && dropped == 1:
		s = "Your saved click could not be learnt by the model, so it was dropped"
	case kept == 0:
		s = "Your saved clicks could not be learnt by the model, so they were dropped"
	case dropped == 1:
		s = "1 of your saved clicks could not be learnt by the model, so it was dropped"
	default:
		s = fmt.Sprintf("%d of your saved clicks could not be learnt by the model, so they were dropped", dropped)
	}
	s += " from your history and from this browser's storage"
	if why != nil {
		s += " (" + why.Error() + ")"
	}
	if kept == 0 {
		return s + ". You start as a new user."
	}
	return s + "; the model learnt the others."
}

// requestStop asks training (or the final evaluation) to end after the
// current epoch.
func (p *Page) requestStop(ctx app.Context) {
	p.stop.Store(true)
	p.stopping = true
}
