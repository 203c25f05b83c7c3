package work

import (
	"fmt"
	"slices"
	"time"

	"github.com/ealslive/ealslive/core"
	"github.com/ealslive/ealslive/core/eval"
)

// NewcomerSpec follows newcomers of the online protocol's stream: the
// model trained on the earliest Split of the interactions (kept by worker
// 0 for the next request with the same settings), the stream's reviewers
// with no training history, and for the Suggest most active of them and
// any numbers in Follow (1-based, in order of first review), each review's
// rank before and after the update with the one before, and popularity's.
// Worker 0 does it all: one model, a few hundred rankings.
type NewcomerSpec struct {
	Config  core.Config
	Split   float64
	Suggest int
	Follow  []int
}

// NewcomerResult is the head of the job's MsgResult.
type NewcomerResult struct {
	Newcomers int              // reviewers in the stream with no training history
	Reviews   int              // their reviews in the stream
	Stream    int              // interactions in the stream
	Suggested []int            // numbers of the most active newcomers, most reviews first
	Followed  []FollowedResult // the suggested, then those asked for
	TrainMs   float64
}

// FollowedResult is one newcomer followed through their reviews.
type FollowedResult struct {
	Number int // 1-based, in order of first review in the stream
	User   int32
	Steps  []eval.FollowStep
}

// NewcomerProgress is the head of the job's MsgProgress while it trains.
type NewcomerProgress struct{ Epoch, Epochs int }

// newcomerModel is worker 0's trained model for newcomer requests.
type newcomerModel struct {
	cfg   core.Config
	split float64
	model *core.Model
}

func (w *Worker) newcomers(job int, spec NewcomerSpec) error {
	env := w.env
	if env.Index() != 0 {
		return nil
	}
	train, stream, err := w.data.TimeSplit(spec.Split)
	if err != nil {
		return err
	}
	cfg := spec.Config
	cfg.Threads = 1
	res := NewcomerResult{Stream: len(stream)}
	if c := w.followModel; c == nil || c.cfg != cfg || c.split != spec.Split {
		w.followModel = nil
		t, err := core.NewTrainer(train, cfg)
		if err != nil {
			return err
		}
		began := time.Now()
		err = core.RunEpochs(t, cfg.Epochs, func(e core.EpochInfo) error {
			if env.Stops() != 0 {
				return errStopped
			}
			env.Post(NewMsg(MsgProgress, job, NewcomerProgress{Epoch: e.Epoch, Epochs: cfg.Epochs}))
			return nil
		})
		if err != nil {
			return err
		}
		res.TrainMs = millis(time.Since(began))
		w.followModel = &newcomerModel{cfg: cfg, split: spec.Split, model: t.Model()}
	}
	all := eval.Newcomers(train, stream)
	res.Newcomers = len(all)
	for _, n := range all {
		res.Reviews += n.Reviews
	}
	order := make([]int, len(all))
	for k := range order {
		order[k] = k
	}
	slices.SortStableFunc(order, func(a, b int) int { return all[b].Reviews - all[a].Reviews })
	for _, k := range order[:min(spec.Suggest, len(order))] {
		res.Suggested = append(res.Suggested, k+1)
	}
	numbers := append(slices.Clone(res.Suggested), spec.Follow...)
	for k, number := range numbers {
		if slices.Contains(numbers[:k], number) {
			continue
		}
		if number < 1 || number > len(all) {
			return fmt.Errorf("work: there is no newcomer number %d: the stream has %d, numbered from 1", number, len(all))
		}
		pop, err := core.NewPopularity(train)
		if err != nil {
			return err
		}
		u := all[number-1].User
		steps, err := eval.Follow(w.followModel.model.Clone(), pop, train, stream, u, eval.Options{})
		if err != nil {
			return err
		}
		res.Followed = append(res.Followed, FollowedResult{Number: number, User: u, Steps: steps})
	}
	env.Post(NewMsg(MsgResult, job, res))
	return nil
}
