package eval

import (
	"errors"
	"fmt"

	"github.com/ealslive/ealslive/core"
)

// Retraining is the online protocol's "retrain every N interactions"
// reference, the practice incremental updates are meant to replace: an
// eALS model retrained from scratch (the same settings and seed) on
// everything seen so far, the training set and the stream up to that
// point, after every N interactions of the stream, and frozen in
// between. Replayed by Online, as a core.Learner, interaction t of the
// stream is judged by the model trained on the training set and the first
// N·⌊t/N⌋ interactions; Update's wall time, which Online records, is then
// the retraining's.
type Retraining struct {
	train    *core.Dataset
	cfg      core.Config
	every    int
	seen     []core.Interaction
	m        *core.Model
	retrains int
}

var (
	_ core.Learner     = (*Retraining)(nil)
	_ core.BlockScorer = (*Retraining)(nil)
)

// NewRetraining returns the lane of every interactions, starting from
// start, which must be core.Train(train, cfg) for the cfg every retrain
// then uses (start.Config()): the model every lane of a replay starts
// from, which the lane reads until its first retrain and never changes.
func NewRetraining(start *core.Model, train *core.Dataset, every int) (*Retraining, error) {
	switch {
	case start == nil || train == nil:
		return nil, errors.New("eval: retraining needs the trained model and its training set")
	case every < 1:
		return nil, fmt.Errorf("eval: retraining every %d interactions: want at least 1", every)
	case start.NumItems() != train.NumItems() || start.NumUsers() != train.NumUsers():
		return nil, fmt.Errorf("eval: the model has %d users and %d items, its training set %d and %d",
			start.NumUsers(), start.NumItems(), train.NumUsers(), train.NumItems())
	}
	return &Retraining{train: train, cfg: start.Config(), every: every, m: start}, nil
}

// Update records the interaction (u, i) and, at every Nth, retrains.
func (r *Retraining) Update(u, i int32) error {
	if u < 0 || int(u) >= r.train.NumUsers() || i < 0 || int(i) >= r.train.NumItems() {
		return fmt.Errorf("eval: interaction (%d, %d) is outside the training set's %d users and %d items",
			u, i, r.train.NumUsers(), r.train.NumItems())
	}
	// Training reads no times, so the stream's are not needed here.
	r.seen = append(r.seen, core.Interaction{User: u, Item: i})
	if len(r.seen)%r.every != 0 {
		return nil
	}
	d, err := r.train.WithInteractions(r.seen)
	if err != nil {
		return err
	}
	m, err := core.Train(d, r.cfg, nil)
	if err != nil {
		return fmt.Errorf("eval: retraining after %d interactions: %w", len(r.seen), err)
	}
	r.m = m
	r.retrains++
	return nil
}

// Retrains returns how many times the lane has retrained.
func (r *Retraining) Retrains() int { return r.retrains }

// Every returns N, the interactions between two retrains.
func (r *Retraining) Every() int { return r.every }

// Model returns the model that judges the next interaction.
func (r *Retraining) Model() *core.Model { return r.m }

func (r *Retraining) NumItems() int                               { return r.m.NumItems() }
func (r *Retraining) NumUsers() int                               { return r.m.NumUsers() }
func (r *Retraining) Scores(u int32, dst []float64) []float64     { return r.m.Scores(u, dst) }
func (r *Retraining) ScoreBlock(u int32, from int, dst []float64) { r.m.ScoreBlock(u, from, dst) }
