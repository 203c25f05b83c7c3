package app

import (
	"errors"
	"fmt"
	"slices"
	"sync/atomic"
	"time"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/ealslive/ealslive/core"
	"github.com/ealslive/ealslive/core/eval"
)

// compareBPREpochs is BPR's training length in the comparison: the
// command line's default, tuned on this data (core.DefaultBPRConfig). In a
// browser it takes a few seconds.
const compareBPREpochs = 50

// bprStartBudget is the SGD steps in BPR's first chunk; the chunker then
// scales it to the chunk time.
const bprStartBudget = 2000

// The rivals, in table order.
const (
	rivalWeighted = "eals"
	rivalUniform  = "uniform"
	rivalBPR      = "bpr"
)

// rival is one model of the comparison: how to train it and what it is.
type rival struct {
	Key, Label string
	Settings   string // in notation (see notation)
	Epochs     int
	eals       *core.Config // nil for BPR
	bpr        *core.BPRConfig
}

// rivals returns the three models the comparison trains, set up as the
// command line sets them up for the same flags: eALS with the page's
// settings, eALS with α = 0 (Hu et al.'s uniform weighting, w0 = c0/N),
// and BPR with its tuned learning rate and the page's K, λ and seed
// (`eals -model bpr -k K -lambda λ -seed S -epochs 50`).
func rivals(cfg core.Config) []rival {
	uniform := cfg
	uniform.Alpha = 0
	bpr := core.DefaultBPRConfig()
	bpr.K, bpr.Lambda, bpr.Seed, bpr.Epochs = cfg.K, cfg.Lambda, cfg.Seed, compareBPREpochs
	return []rival{
		{Key: rivalWeighted, Label: "eALS, popularity-weighted",
			Settings: fmt.Sprintf("K = %d, α = %g, c_0 = %g, λ = %g", cfg.K, cfg.Alpha, cfg.C0, cfg.Lambda), Epochs: cfg.Epochs, eals: &cfg},
		{Key: rivalUniform, Label: "eALS, uniform weights",
			Settings: fmt.Sprintf("K = %d, α = 0, c_0 = %g, λ = %g", cfg.K, cfg.C0, cfg.Lambda), Epochs: uniform.Epochs, eals: &uniform},
		{Key: rivalBPR, Label: "BPR",
			Settings: fmt.Sprintf("K = %d, learning rate %g, λ = %g", bpr.K, bpr.LearnRate, bpr.Lambda), Epochs: bpr.Epochs, bpr: &bpr},
	}
}

// start builds the rival's trainer and returns it with the model it trains
// and the work per chunk to start from (observed entries for eALS, SGD
// steps for BPR).
func (r rival) start(train *core.Dataset) (core.Stepper, core.Recommender, int, error) {
	if r.eals != nil {
		t, err := core.NewTrainer(train, *r.eals)
		if err != nil {
			return nil, nil, 0, err
		}
		return t, t.Model(), startBudget, nil
	}
	t, err := core.NewBPRTrainer(train, *r.bpr)
	if err != nil {
		return nil, nil, 0, err
	}
	return t, t.Model(), bprStartBudget, nil
}

// compareRun is what the page shows of the comparison; like replayRun it
// is copied from the goroutine that runs it and published in
// window.ealsLiveEvidence.
type compareRun struct {
	Running  bool         `json:"running"`
	Finished bool         `json:"finished"`
	Stopped  bool         `json:"stopped"`
	Current  int          `json:"current"` // the row being trained or evaluated
	Phase    string       `json:"phase"`   // "training" or "evaluating" while it runs
	Progress float64      `json:"progress"`
	Tests    int          `json:"tests"` // held-out users
	Rows     []compareRow `json:"rows"`
	WallMs   float64      `json:"wallMs"`
}

// compareRow is one rival's outcome.
type compareRow struct {
	Key           string       `json:"key"`
	Label         string       `json:"label"`
	Settings      string       `json:"settings"`   // in notation
	Epochs        int          `json:"epochs"`     // planned
	Done          int          `json:"epochsDone"` // completed
	EpochMs       []float64    `json:"epochMs"`
	EpochMsMedian float64      `json:"epochMsMedian"`
	TrainMs       float64      `json:"trainMs"`
	Evaluated     bool         `json:"evaluated"`
	Metrics       eval.Metrics `json:"metrics"`
	Err           string       `json:"error,omitempty"`
}

func (r compareRun) clone() compareRun {
	r.Rows = slices.Clone(r.Rows)
	for k := range r.Rows {
		r.Rows[k].EpochMs = slices.Clone(r.Rows[k].EpochMs)
	}
	return r
}

// runCompare runs the comparison (see compareRun.execute) for the page,
// dispatching copies of its progress.
func (p *Page) runCompare(ctx app.Context, src *loaded, cfg core.Config, stop *atomic.Bool) {
	rs := rivals(cfg)
	run := newCompareRun(rs, len(src.test))
	show := p.evidenceReporter(ctx, func(wall time.Duration) func() {
		run.WallMs = durationMillis(wall)
		snap := run.clone()
		return func() { p.evidence.compare = snap }
	})
	show(true)
	err := run.execute(src, rs, show, stop.Load)
	run.Running, run.Phase, run.Progress = false, "", 0
	run.Stopped = errors.Is(err, errStopped)
	run.Finished = !run.Stopped
	show(true)
}

func newCompareRun(rs []rival, tests int) compareRun {
	run := compareRun{Running: true, Phase: "training", Tests: tests}
	for _, r := range rs {
		run.Rows = append(run.Rows, compareRow{Key: r.Key, Label: r.Label, Settings: r.Settings, Epochs: r.Epochs})
	}
	return run
}

// execute trains and evaluates the rivals one after another on the
// leave-one-out split, in chunks with a millisecond's sleep between them.
// A rival that fails (a setting BPR cannot take, say) has its error in its
// row and the others still run; errStopped says stop ended it.
func (run *compareRun) execute(src *loaded, rs []rival, report func(force bool), stop func() bool) error {
	for k, r := range rs {
		run.Current = k
		err := run.runRival(k, r, src, func() { report(false) }, stop)
		if errors.Is(err, errStopped) {
			return err
		}
		if err != nil {
			run.Rows[k].Err = err.Error()
		}
		report(true)
	}
	return nil
}

// runRival trains rival k and evaluates it on every held-out user, calling
// report after every chunk.
func (run *compareRun) runRival(k int, r rival, src *loaded, report func(), stop func() bool) error {
	row := &run.Rows[k]
	run.Phase, run.Progress = "training", 0
	report()
	t, model, budget, err := r.start(src.train)
	if err != nil {
		return err
	}
	epochs := newChunker(chunkTarget, budget)
	for row.Done < row.Epochs {
		compute, completed, err := epochs.run(t.Step, func() {
			run.Progress = (float64(row.Done) + t.Progress()) / float64(row.Epochs)
			report()
		}, stop)
		row.TrainMs += durationMillis(compute)
		if err != nil {
			return err
		}
		if !completed {
			return errStopped
		}
		row.Done++
		row.EpochMs = append(row.EpochMs, durationMillis(compute))
		row.EpochMsMedian = eval.Median(row.EpochMs)
		run.Progress = float64(row.Done) / float64(row.Epochs)
		report()
	}
	run.Phase, run.Progress = "evaluating", 0
	ev := eval.NewOffline(model, src.train, src.test, eval.Options{TopN: evalTopN})
	_, completed, err := newChunker(chunkTarget, 10).run(ev.Step, func() {
		run.Progress = ev.Progress()
		report()
	}, stop)
	if err != nil {
		return err
	}
	if !completed {
		return errStopped
	}
	row.Metrics, row.Evaluated = ev.Result(), true
	return nil
}
