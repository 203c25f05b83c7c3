package work

import (
	"time"

	"github.com/ealslive/ealslive/core"
	"github.com/ealslive/ealslive/core/eval"
)

// ReplaySpec is the paper's online protocol on the pack: train eALS on the
// earliest Split of the interactions (every epoch split over the workers),
// then replay the rest on each lane, which the workers share out.
type ReplaySpec struct {
	Config core.Config
	Split  float64
	TopN   int
	Lanes  []LaneSpec
}

// LaneSpec is one recommender of a replay.
type LaneSpec struct {
	Key   string
	Label string
	Kind  string // LaneLearning, LaneFrozen, LanePopular, LaneBPR, LaneRCD or LaneRetrain
	// WNew is a learning lane's w_new; 0 keeps the trained model's.
	WNew float64 `json:",omitempty"`
	// Every is a retraining lane's N: it retrains after every N
	// interactions of the stream.
	Every int             `json:",omitempty"`
	BPR   *core.BPRConfig `json:",omitempty"` // a BPR lane's settings
	RCD   *core.RCDConfig `json:",omitempty"` // an RCD lane's settings
}

// The kinds of lane.
const (
	LaneLearning = "eals"   // the trained model, updated after every interaction
	LaneFrozen   = "frozen" // the same model, never updated
	LanePopular  = "pop"    // review counts, updated
)

// ReplayProgress is the head of a replay's MsgProgress: while training,
// worker 0's epochs; while replaying, each worker's lanes so far.
type ReplayProgress struct {
	Phase    string // "training" or "replaying"
	Epoch    int
	Epochs   int
	Fraction float64
	Train    int // interactions trained on
	Stream   int // interactions replayed
	TrainMs  float64
	Lanes    []LaneResult `json:",omitempty"`
}

// LaneResult is a lane's outcome so far; the MsgResult of each worker
// holds its lanes, Done.
type LaneResult struct {
	Key, Label     string
	Overall        eval.Metrics
	ByHistory      []eval.HistoryBucket
	Curve          []eval.CurvePoint
	Replayed       int
	NewUserTests   int
	UpdateMsMedian float64
	ReplayMs       float64
	// The lane's compute, in milliseconds: TrainMs its starting model's
	// training (the workers' together for the eALS lanes, its own for a
	// rival), UpdateMsTotal every update (every retrain, for a retraining
	// lane) and ComputeMs the two added. Retrains counts a retraining
	// lane's retrains.
	TrainMs, UpdateMsTotal, ComputeMs float64
	Retrains                          int `json:",omitempty"`
	Done                              bool
}

// replayEvery spaces out a replay's progress reports: each copies every
// lane's curve.
const replayEvery = 200 * time.Millisecond

// replayChunk is how many interactions a lane replays between two looks at
// the page's requests, and two meetings of the workers, which keep every
// lane at the same point of the stream (so a stop leaves them comparable).
const replayChunk = 32

func (w *Worker) replay(job int, spec ReplaySpec) error {
	env := w.env
	train, stream, err := w.data.TimeSplit(spec.Split)
	if err != nil {
		return err
	}
	cfg := spec.Config
	cfg.Threads = 1
	m, err := core.NewModel(train, cfg)
	if err != nil {
		return err
	}
	ens, err := newEnsemble(env, job, m)
	if err != nil {
		return err
	}
	progress := ReplayProgress{Phase: "training", Epochs: cfg.Epochs, Train: train.Len(), Stream: len(stream)}
	if env.Index() == 0 {
		env.Post(NewMsg(MsgProgress, job, progress))
	}
	began := time.Now()
	for progress.Epoch < cfg.Epochs {
		if err := ens.epoch(); err != nil {
			return err
		}
		progress.Epoch++
		progress.TrainMs = millis(time.Since(began))
		goOn, err := agree(env, job, func() bool {
			env.Post(NewMsg(MsgProgress, job, progress))
			return env.Stops() == 0
		})
		if err != nil {
			return err
		}
		if !goOn {
			return errStopped
		}
	}

	// This worker's lanes, replayed in step.
	opts := eval.Options{TopN: spec.TopN, RanksWithinTopN: true}
	var mine []LaneSpec
	var online []*eval.Online
	var recs []core.Recommender
	var trainMs []float64
	cut := false // a stop came while this worker trained a rival
	for k, l := range spec.Lanes {
		if k%env.Count() != env.Index() {
			continue
		}
		start := time.Now()
		r, c, err := laneRecommender(env, l, m, train)
		if err != nil {
			return err
		}
		cut = cut || c
		mine = append(mine, l)
		recs = append(recs, r)
		online = append(online, eval.NewOnline(r, train, stream, opts))
		switch l.Kind {
		case LaneLearning, LaneFrozen, LaneRetrain:
			trainMs = append(trainMs, progress.TrainMs)
		default:
			trainMs = append(trainMs, millis(time.Since(start)))
		}
	}
	progress.Phase = "replaying"
	results := func(done bool, ms []float64) []LaneResult {
		out := make([]LaneResult, len(mine))
		for k, o := range online {
			res := o.Result()
			updates := 1000 * sum(res.UpdateSeconds)
			out[k] = LaneResult{Key: mine[k].Key, Label: mine[k].Label, Overall: res.Metrics, ByHistory: res.ByHistory,
				Curve: res.Curve, Replayed: res.Count, NewUserTests: res.NewUserTests,
				UpdateMsMedian: 1000 * eval.Median(res.UpdateSeconds), ReplayMs: ms[k],
				TrainMs: trainMs[k], UpdateMsTotal: updates, ComputeMs: trainMs[k] + updates, Done: done}
			if r, ok := recs[k].(*eval.Retraining); ok {
				out[k].Retrains = r.Retrains()
			}
		}
		return out
	}
	ms := make([]float64, len(online))
	last := time.Now()
	if env.Index() == 0 {
		env.Post(NewMsg(MsgProgress, job, progress))
	}
	for {
		done := true
		for k, o := range online {
			if cut {
				// Its lanes are not trained: they wait, not done, for
				// worker 0 to hear the stop too.
				done = false
				break
			}
			start := time.Now()
			d, err := o.Step(replayChunk)
			ms[k] += millis(time.Since(start))
			if err != nil {
				return err
			}
			done = done && d
		}
		goOn, allDone, err := meet(env, job, done, func() bool { return env.Stops() == 0 })
		if err != nil {
			return err
		}
		if !goOn {
			// Every lane stopped at the same interaction: what they have
			// so far compares. Lanes whose training was cut say nothing.
			lanes := results(false, ms)
			if cut {
				lanes = nil
			}
			env.Post(NewMsg(MsgResult, job, ReplayProgress{Phase: "stopped", Epoch: progress.Epoch, Epochs: cfg.Epochs,
				Train: train.Len(), Stream: len(stream), TrainMs: progress.TrainMs, Lanes: lanes}))
			return errStopped
		}
		if allDone {
			break
		}
		if time.Since(last) >= replayEvery && len(online) > 0 {
			last = time.Now()
			progress.Fraction = online[0].Progress()
			progress.Lanes = results(false, ms)
			env.Post(NewMsg(MsgProgress, job, progress))
		}
	}
	env.Post(NewMsg(MsgResult, job, ReplayProgress{Phase: "done", Epoch: progress.Epoch, Epochs: cfg.Epochs,
		Fraction: 1, Train: train.Len(), Stream: len(stream), TrainMs: progress.TrainMs, Lanes: results(true, ms)}))
	return nil
}
