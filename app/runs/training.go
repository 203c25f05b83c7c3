package runs

import (
	"time"

	"github.com/ealslive/ealslive/app/work"
	"github.com/ealslive/ealslive/core"
	"github.com/ealslive/ealslive/core/eval"
)

// The per-epoch hit ratio is measured on an evenly spread sample of the
// held-out users: all of them would take longer than the epoch itself.
const (
	TrainEpochs = 25
	SampleUsers = 500
)

// PageConfig is the paper's Yelp settings with K = 32 and as many epochs
// as keep training within a second or two in a browser.
func PageConfig() core.Config {
	cfg := core.DefaultConfig()
	cfg.Epochs = TrainEpochs
	cfg.Threads = 1
	return cfg
}

// TrainingSpec is the training job the page asks for with cfg, its model
// kept in the browser's store under the page's version (see
// work.ModelKey); with restore, a model kept there is brought back
// instead.
func TrainingSpec(version string, cfg core.Config, restore bool) work.TrainSpec {
	return work.TrainSpec{Config: cfg, Sample: SampleUsers, TopN: TopN, KeyVersion: version, Restore: restore}
}

// Training is what the page shows of a model's training.
type Training struct {
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
	// Checksum is the SHA-256 of the trained model's file, before any
	// click; KernelRows and KernelRankings count worker 0's work done by
	// the SIMD kernels.
	Checksum                   string
	KernelRows, KernelRankings int64
}

// NewTraining is a run with cfg on workers, not started yet.
func NewTraining(cfg core.Config, workers int) Training {
	return Training{Config: cfg, Epochs: cfg.Epochs, Phase: "training", Workers: workers}
}

// Take folds in the workers' progress p and reports whether a new phase
// began (a stop asked during training ended the epochs; one asked now
// stops the evaluation).
func (r *Training) Take(p work.TrainProgress) (newPhase bool) {
	newPhase = p.Phase != r.Phase
	r.Phase = p.Phase
	if p.Phase == "training" && p.Epoch > r.Done {
		r.Done = p.Epoch
		r.EpochMs = append(r.EpochMs, p.EpochMs)
		r.EvalMs = append(r.EvalMs, p.EvalMs)
		r.Objective = append(r.Objective, p.Objective)
		r.SampleHR = append(r.SampleHR, p.SampleHR)
	}
	r.Progress = p.Fraction
	return newPhase
}

// Arrived takes the workers' account of the run whose model arrived,
// wallMs after it was asked for.
func (r *Training) Arrived(run work.TrainRun, wallMs float64) {
	r.Config, r.Workers, r.Sample = run.Config, run.Workers, run.Sample
	r.Done, r.EpochMs, r.EvalMs, r.Objective, r.SampleHR = run.Epochs, run.EpochMs, run.EvalMs, run.Objective, run.SampleHR
	r.Final, r.FinalDone, r.Stopped, r.Restored = run.Final, run.FinalDone, run.Stopped, run.Restored
	r.Skipped = !run.FinalDone
	r.FinalMs, r.SetupMs = run.FinalMs, run.SetupMs
	r.TrainedAt = time.UnixMilli(run.TrainedAt)
	r.WallMs = wallMs
	r.Phase, r.Progress = "", 0
	r.Checksum, r.KernelRows, r.KernelRankings = run.Checksum, run.KernelRows, run.KernelRankings
}

// EpochAndSampleMs is the time a run has spent in its epochs and in the
// sample evaluation after each.
func (r Training) EpochAndSampleMs() (epochs, sample float64) {
	for _, v := range r.EpochMs {
		epochs += v
	}
	for _, v := range r.EvalMs {
		sample += v
	}
	return epochs, sample
}
