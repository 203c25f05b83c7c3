package work

import (
	"fmt"
	"time"

	"github.com/ealslive/ealslive/core"
	"github.com/ealslive/ealslive/core/eval"
)

// CompareSpec is the comparison of eALS with its rivals on the
// leave-one-out split: the workers share the rivals out, each training
// and evaluating its own in turn.
type CompareSpec struct {
	Rivals []Rival
	TopN   int
}

// Rival is one model of a comparison; exactly one of its configurations is
// set.
type Rival struct {
	Key    string
	Epochs int
	EALS   *core.Config    `json:",omitempty"`
	BPR    *core.BPRConfig `json:",omitempty"`
	RCD    *core.RCDConfig `json:",omitempty"`
}

// RivalResult is a rival's outcome so far, the head of progress and
// result messages alike (Done in the result).
type RivalResult struct {
	Key       string
	Phase     string // "training", "evaluating", or "" when done
	Epochs    int    // completed
	Fraction  float64
	EpochMs   []float64
	TrainMs   float64
	Metrics   eval.Metrics
	Evaluated bool
	Err       string `json:",omitempty"`
	Done      bool
}

// trainChunk is the work a rival's trainer does between two looks at the
// page's requests: observed entries for eALS, SGD steps for BPR.
const trainChunk = 4000

func (w *Worker) compare(job int, spec CompareSpec) error {
	env := w.env
	train, test, err := w.data.LeaveOneOut()
	if err != nil {
		return err
	}
	for k, r := range spec.Rivals {
		if k%env.Count() != env.Index() {
			continue
		}
		res := RivalResult{Key: r.Key}
		err := w.rival(job, r, train, test, spec.TopN, &res)
		if err == errStopped {
			return err
		}
		if err != nil {
			// One rival failing (a setting BPR cannot take, say) leaves
			// the others to run.
			res.Err = err.Error()
		}
		res.Phase, res.Done = "", true
		env.Post(NewMsg(MsgResult, job, res))
	}
	return nil
}

func (w *Worker) rival(job int, r Rival, train *core.Dataset, test []core.Interaction, topN int, res *RivalResult) error {
	env := w.env
	var t core.Stepper
	var model core.Recommender
	switch {
	case r.EALS != nil:
		cfg := *r.EALS
		cfg.Threads = 1
		tr, err := core.NewTrainer(train, cfg)
		if err != nil {
			return err
		}
		t, model = tr, tr.Model()
	case r.BPR != nil:
		tr, err := core.NewBPRTrainer(train, *r.BPR)
		if err != nil {
			return err
		}
		t, model = tr, tr.Model()
	case r.RCD != nil:
		cfg := *r.RCD
		cfg.Threads = 1
		tr, err := core.NewRCDTrainer(train, cfg)
		if err != nil {
			return err
		}
		t, model = tr, tr.Model()
	default:
		return fmt.Errorf("work: rival %q has no model", r.Key)
	}
	// Every worker reports its own rivals.
	var last time.Time
	post := func(f float64) {
		if time.Since(last) >= progressEvery {
			last = time.Now()
			res.Fraction = f
			env.Post(NewMsg(MsgProgress, job, *res))
		}
	}
	res.Phase = "training"
	for res.Epochs < r.Epochs {
		start := time.Now()
		for done := false; !done; {
			var err error
			if done, err = t.Step(trainChunk); err != nil {
				return err
			}
			if env.Stops() > 0 {
				return errStopped
			}
			post((float64(res.Epochs) + t.Progress()) / float64(r.Epochs))
		}
		ms := millis(time.Since(start))
		res.Epochs++
		res.EpochMs = append(res.EpochMs, ms)
		res.TrainMs += ms
	}
	res.Phase = "evaluating"
	ranks, complete, err := rankCases(env, model, train, test, eval.Options{TopN: topN, RanksWithinTopN: true}, 0, post)
	if err != nil {
		return err
	}
	if !complete {
		return errStopped
	}
	res.Metrics, res.Evaluated = eval.MetricsOfRanks(ranks, topN), true
	return nil
}
