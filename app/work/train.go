package work

import (
	"encoding/hex"
	"fmt"
	"time"

	"github.com/ealslive/ealslive/core"
	"github.com/ealslive/ealslive/core/eval"
)

// TrainSpec is what to train: eALS on the leave-one-out split of the pack,
// with the hit ratio of an evenly spread sample of held-out users after
// every epoch and of all of them at the end.
type TrainSpec struct {
	Config core.Config
	Sample int // held-out users in the per-epoch hit ratio
	TopN   int
	// StoreKey names the trained model in the store; "" keeps nothing.
	// With Restore, a model kept under it is sent instead of training.
	StoreKey string
	// KeyVersion, where StoreKey is "", names the model ModelKey(KeyVersion,
	// the pack's hash, Config): the page's own naming, which a job asked
	// for before anyone but the workers knows the hash can use (see
	// cmd/build/site's early.js).
	KeyVersion string `json:",omitempty"`
	Restore    bool
}

// key is the name of the job's model in the store, "" for none.
func (s TrainSpec) key(packHash string) string {
	if s.StoreKey == "" && s.KeyVersion != "" && packHash != "" {
		return ModelKey(s.KeyVersion, packHash, s.Config)
	}
	return s.StoreKey
}

// TrainProgress is the head of a training job's MsgProgress.
type TrainProgress struct {
	Phase    string  // "training" or "evaluating"
	Epoch    int     // epochs completed
	Fraction float64 // of the final evaluation
	// After each epoch, its figures.
	EpochMs, EvalMs     float64
	Objective, SampleHR float64
}

// TrainRun is the head of a training job's MsgResult, whose Bytes[0] is the
// model file: the whole run as the page shows it.
type TrainRun struct {
	Config    core.Config
	Workers   int
	Epochs    int       // completed
	EpochMs   []float64 // wall time of each epoch, the workers' exchanges included
	EvalMs    []float64 // of each epoch's sample evaluation
	Objective []float64
	SampleHR  []float64
	Sample    int
	Final     eval.Metrics
	FinalDone bool   // the final evaluation ran to its end
	Stopped   bool   // training ended early at the visitor's request
	Restored  bool   // the model was kept from an earlier visit, not trained now
	TrainedAt int64  // Unix milliseconds
	Checksum  string // SHA-256 of the model file, hex
	// Plane is the principal plane of the trained item vectors (core's
	// ItemPlane), which the factor map draws; nil if there is none.
	Plane   *core.Plane
	SetupMs float64
	FinalMs float64
	// KernelRows counts the rows of worker 0's epochs that the host's
	// kernel solved (core.UseKernels; in the browser, WebAssembly with
	// SIMD); 0 where Go's own loops solved them all.
	KernelRows int64
	// KernelRankings counts worker 0's rankings of held-out users, for
	// the sample after each epoch and the final evaluation, that the
	// host's kernel counted whole.
	KernelRankings int64
}

// progressEvery spaces out the final evaluation's progress reports.
const progressEvery = 100 * time.Millisecond

// evalChunk is how many cases a worker evaluates between two looks at the
// page's stop requests: a few milliseconds' work.
const evalChunk = 32

// train runs a training job on every worker: each holds a copy of the
// model and solves its share of each epoch; worker 0 reports.
func (w *Worker) train(job int, spec TrainSpec) error {
	env := w.env
	goOn, err := agree(env, job, func() bool { return !w.restore(job, spec) })
	if err != nil || !goOn {
		return err
	}
	// After agreeing: a worker that put off decoding the pack (loadData)
	// decodes it only if the model is trained, not sent back.
	trainSet, test, err := w.data.LeaveOneOut()
	if err != nil {
		return err
	}
	began := time.Now()
	kernelRows, kernelRankings := core.RowsSolvedByHost(), core.RankingsCountedByHost()
	cfg := spec.Config
	cfg.Threads = 1
	m, err := w.startModel(trainSet, cfg)
	if err != nil {
		return err
	}
	ens, err := newEnsemble(env, job, m)
	if err != nil {
		return err
	}
	run := TrainRun{Config: spec.Config, Workers: env.Count()}
	sample := eval.EvenSample(test, spec.Sample)
	run.Sample = len(sample)
	// Only HR and NDCG at TopN are shown, which need no rank past TopN.
	opts := eval.Options{TopN: spec.TopN, RanksWithinTopN: true}
	run.SetupMs = millis(time.Since(began))
	trainMs := run.SetupMs
	for run.Epochs < cfg.Epochs {
		start := time.Now()
		if err := ens.epoch(); err != nil {
			return err
		}
		epochMs := millis(time.Since(start))
		trainMs += epochMs
		start = time.Now()
		lo, hi := share(len(sample), env.Index(), env.Count())
		ranks, _, err := rankCases(env, m, trainSet, sample[lo:hi], opts, -1, nil)
		if err != nil {
			return err
		}
		all, _, err := gatherRanks(env, job, ranks, true)
		if err != nil {
			return err
		}
		run.Epochs++
		if env.Index() == 0 {
			run.EpochMs = append(run.EpochMs, epochMs)
			run.EvalMs = append(run.EvalMs, millis(time.Since(start)))
			run.Objective = append(run.Objective, m.Objective().Total())
			run.SampleHR = append(run.SampleHR, eval.MetricsOfRanks(all, spec.TopN).HR)
			env.Post(NewMsg(MsgProgress, job, TrainProgress{Phase: "training", Epoch: run.Epochs,
				EpochMs: epochMs, EvalMs: run.EvalMs[len(run.EvalMs)-1],
				Objective: run.Objective[len(run.Objective)-1], SampleHR: run.SampleHR[len(run.SampleHR)-1]}))
		}
		goOn, err := agree(env, job, func() bool { return env.Stops() == 0 })
		if err != nil {
			return err
		}
		if !goOn {
			break
		}
	}
	run.Stopped = run.Epochs < cfg.Epochs
	// Kept as trained: a stopped model is the page's model in use too.
	w.keepTrained(&trainedModel{data: w.data, cfg: cfg, epochs: run.Epochs, trainMs: trainMs, m: m})

	// The final evaluation, which a further stop skips.
	start := time.Now()
	stops := env.Stops()
	lo, hi := share(len(test), env.Index(), env.Count())
	report := reporter(env, job, func(f float64) any {
		return TrainProgress{Phase: "evaluating", Epoch: run.Epochs, Fraction: f}
	})
	ranks, complete, err := rankCases(env, m, trainSet, test[lo:hi], opts, stops, report)
	if err != nil {
		return err
	}
	all, complete, err := gatherRanks(env, job, ranks, complete)
	if err != nil {
		return err
	}
	if env.Index() != 0 {
		sharePlane(env, job, m)
		return nil
	}
	if complete {
		run.Final, run.FinalDone = eval.MetricsOfRanks(all, spec.TopN), true
	}
	run.FinalMs = millis(time.Since(start))
	run.KernelRows = core.RowsSolvedByHost() - kernelRows
	run.KernelRankings = core.RankingsCountedByHost() - kernelRankings
	run.TrainedAt = time.Now().UnixMilli()
	model, err := m.MarshalBinary()
	if err != nil {
		return err
	}
	sum := sha256Of(env, model)
	run.Checksum = hex.EncodeToString(sum[:])
	if run.Plane, err = receivePlane(env, m); err != nil {
		return err
	}
	out := NewMsg(MsgResult, job, run)
	out.Bytes = [][]byte{model}
	env.Post(out)
	if key := spec.key(w.data.Hash); key != "" && env.Store() != nil && !run.Stopped {
		// Only a whole run is kept: a returning visitor must get the model
		// these settings train. Failing to keep it costs only time later.
		_ = env.Store().Put(key, storedRun(out.Head, model))
	}
	return nil
}

// A training job's model is made before the job comes, when it can be:
// the data's message names the page's settings, and each worker makes
// the model they start from once the data is in, while the page starts and
// the workers would wait for its job. Made then, a second core does it
// that would be idle; made when the job came, it was most of the job's
// setup. A made model is used once, only by a job with the same settings: training
// changes it.

// preparedModel is a model made ahead of its training job.
type preparedModel struct {
	train *core.Dataset // the training set it was made on
	cfg   core.Config
	m     *core.Model
}

// prepare makes the model a training job on train with cfg would start
// from, if cfg is valid.
func (w *Worker) prepare(train *core.Dataset, cfg core.Config) {
	cfg.Threads = 1
	if m, err := core.NewModel(train, cfg); err == nil {
		w.prepared = &preparedModel{train: train, cfg: cfg, m: m}
	}
}

// startModel returns the model a training job on train with cfg starts
// from: the one made ahead for them, or a new one.
func (w *Worker) startModel(train *core.Dataset, cfg core.Config) (*core.Model, error) {
	p := w.prepared
	w.prepared = nil
	if p != nil && p.train == train && p.cfg == cfg {
		return p.m, nil
	}
	return core.NewModel(train, cfg)
}

// The factor map's plane is found here, off the page's thread, which
// would otherwise find it as the model arrives. The last worker finds it while worker 0 writes and hashes the
// model, and sends it over; a lone worker finds it itself. Every worker
// holds the whole trained Q.

// planeShare is the head of a msgPlane.
type planeShare struct{ Plane *core.Plane }

// sharePlane sends the plane to worker 0 if this is the last worker.
func sharePlane(env Env, job int, m *core.Model) {
	if env.Index() == env.Count()-1 {
		env.Send(0, NewMsg(msgPlane, job, planeShare{Plane: itemPlane(m)}))
	}
}

// receivePlane returns the plane the last worker found.
func receivePlane(env Env, m *core.Model) (*core.Plane, error) {
	if env.Count() == 1 {
		return itemPlane(m), nil
	}
	var s planeShare
	_, err := receiveKind(env, env.Count()-1, msgPlane, &s)
	return s.Plane, err
}

// itemPlane is m's item plane, or nil where there is none: the page then
// finds it and says why it cannot.
func itemPlane(m *core.Model) *core.Plane {
	p, err := m.ItemPlane()
	if err != nil {
		return nil
	}
	return p
}

// rankCases evaluates cases in chunks and returns their ranks. If stops is
// not negative it gives up (complete false) once the page has asked to
// stop more than stops times; report, if not nil, hears the fraction done.
func rankCases(env Env, r core.Recommender, train *core.Dataset, cases []core.Interaction, opts eval.Options, stops int, report func(float64)) ([]int32, bool, error) {
	ev := eval.NewOffline(r, train, cases, opts)
	for {
		done, err := ev.Step(evalChunk)
		if err != nil {
			return nil, false, fmt.Errorf("work: evaluating: %w", err)
		}
		if done {
			return ev.Ranks(), true, nil
		}
		if report != nil {
			report(ev.Progress())
		}
		if stops >= 0 && env.Stops() > stops {
			return ev.Ranks(), false, nil
		}
	}
}

// reporter posts progress from worker 0 at most every progressEvery.
func reporter(env Env, job int, head func(fraction float64) any) func(float64) {
	if env.Index() != 0 {
		return nil
	}
	var last time.Time
	return func(f float64) {
		if time.Since(last) < progressEvery {
			return
		}
		last = time.Now()
		env.Post(NewMsg(MsgProgress, job, head(f)))
	}
}

func millis(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
