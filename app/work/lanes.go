package work

import (
	"fmt"

	"github.com/ealslive/ealslive/core"
	"github.com/ealslive/ealslive/core/eval"
)

// The kinds of lane beyond the trained eALS model: rivals trained on the
// same earliest reviews by this worker, then learning the stream with
// their own online updates, as `eals -protocol online -model bpr|rcd`
// does.
const (
	LaneBPR = "bpr" // BPR, a few SGD steps per interaction
	LaneRCD = "rcd" // RCD, its incremental update
	// LaneRetrain is eALS retrained from scratch on everything seen so far
	// every LaneSpec.Every interactions, frozen in between, as `eals
	// -protocol online -retrain-every N` does (eval.Retraining). Its
	// retrains run in the worker that replays it, on one thread.
	LaneRetrain = "retrain"
)

// laneRecommender builds lane l's recommender from m, the eALS model the
// workers trained together, or trains the lane's own rival on train. A
// stop during a rival's training cuts it short: cut says so, and the lane
// must not be replayed.
func laneRecommender(env Env, l LaneSpec, m *core.Model, train *core.Dataset) (r core.Recommender, cut bool, err error) {
	switch l.Kind {
	case LaneLearning:
		c := m.Clone()
		if l.WNew != 0 {
			if err := c.SetWNew(l.WNew); err != nil {
				return nil, false, fmt.Errorf("work: lane %q: %w", l.Key, err)
			}
		}
		return c, false, nil
	case LaneFrozen:
		return eval.Frozen(m.Clone()), false, nil
	case LanePopular:
		r, err := core.NewPopularity(train)
		return r, false, err
	case LaneRetrain:
		r, err := eval.NewRetraining(m.Clone(), train, l.Every)
		if err != nil {
			return nil, false, fmt.Errorf("work: lane %q: %w", l.Key, err)
		}
		return r, false, nil
	case LaneBPR:
		if l.BPR == nil {
			return nil, false, fmt.Errorf("work: lane %q has no BPR settings", l.Key)
		}
		t, err := core.NewBPRTrainer(train, *l.BPR)
		if err != nil {
			return nil, false, err
		}
		cut, err := trainLane(env, t, l.BPR.Epochs)
		return t.Model(), cut, err
	case LaneRCD:
		if l.RCD == nil {
			return nil, false, fmt.Errorf("work: lane %q has no RCD settings", l.Key)
		}
		cfg := *l.RCD
		cfg.Threads = 1
		t, err := core.NewRCDTrainer(train, cfg)
		if err != nil {
			return nil, false, err
		}
		cut, err := trainLane(env, t, cfg.Epochs)
		return t.Model(), cut, err
	}
	return nil, false, fmt.Errorf("work: no lane of kind %q", l.Kind)
}

// trainLane runs epochs of t in chunks, looking at the page's requests
// between them; chunked training gives bitwise the model of whole epochs.
func trainLane(env Env, t core.Stepper, epochs int) (cut bool, err error) {
	for e := 0; e < epochs; e++ {
		for done := false; !done; {
			if done, err = t.Step(trainChunk); err != nil {
				return false, err
			}
			if env.Stops() > 0 {
				return true, nil
			}
		}
	}
	return false, nil
}
