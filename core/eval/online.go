package eval

import (
	"errors"
	"fmt"
	"time"

	"github.com/ealslive/ealslive/core"
)

// Online runs the paper's online protocol on a time-ordered stream (as
// core.Dataset.TimeSplit returns it): for each interaction it ranks every item
// for the interaction's user, scores the rank of the interaction's item,
// then, if the recommender is a core.Learner, folds the interaction in with
// Update on that same object, so its state carries on to the next one.
// It runs in chunks (Step) so a page can repaint between them.
type Online struct {
	train   *core.Dataset
	stream  []core.Interaction
	r       core.Recommender
	learner core.Learner // nil: the "no updates" replay
	opts    Options
	every   int // curve spacing

	next     int
	sum      tally
	buckets  []tally
	newUsers int
	newItems int
	curve    []CurvePoint
	updates  []float64
	ranks    []int32           // of the interactions judged so far, in stream order
	earlier  map[int32][]int32 // each user's stream items so far
	scores   []float64
	exclude  []int32
	err      error
}

// OnlineResult is the outcome of an online replay so far.
type OnlineResult struct {
	Metrics                       // over all test interactions so far
	NewUserTests  int             // test interactions whose user had no training interaction
	NewItemTests  int             // test interactions whose item had no training interaction
	ByHistory     []HistoryBucket // by the test user's number of past interactions (Figure 8)
	Curve         []CurvePoint    // cumulative metrics every CurveEvery test interactions, and at the end
	UpdateSeconds []float64       // wall time of each Update; empty when r is not a Learner
}

// CurvePoint is the cumulative result after the first Tests interactions.
type CurvePoint struct {
	Tests int
	Metrics
}

// NewOnline prepares the replay on r of stream, the interactions that
// follow train in time. If r is a core.Learner it learns from each
// interaction after being judged on it; wrap it in Frozen for the "no
// updates" replay. Invalid options or a nil argument are reported by Step
// and Err.
func NewOnline(r core.Recommender, train *core.Dataset, stream []core.Interaction, opts Options) *Online {
	o := &Online{train: train, stream: stream, r: r, opts: opts, earlier: map[int32][]int32{}}
	o.learner, _ = r.(core.Learner)
	o.buckets = make([]tally, len(historyEdges))
	o.every = opts.CurveEvery
	if o.every == 0 {
		o.every = max(1, (len(stream)+99)/100)
	}
	switch {
	case train == nil:
		o.err = errors.New("eval: online evaluation needs the training data set, got nil")
	case r == nil:
		o.err = errors.New("eval: online evaluation needs a recommender, got nil")
	default:
		o.err = opts.check()
	}
	return o
}

// Step replays up to budget more interactions (at least one; a negative
// budget means all that are left) and reports whether the stream is done.
// An interaction that cannot be scored, or an Update that fails, stops the
// replay with an error, which every later Step returns too.
func (o *Online) Step(budget int) (done bool, err error) {
	if o.err != nil {
		return true, o.err
	}
	stop := len(o.stream)
	if budget >= 0 && o.next+max(budget, 1) < stop {
		stop = o.next + max(budget, 1)
	}
	n := o.opts.topN()
	for ; o.next < stop; o.next++ {
		x := o.stream[o.next]
		if err := checkCase(o.train, o.r, x); err != nil {
			o.err = fmt.Errorf("eval: online interaction %d: %v", o.next, err)
			return true, o.err
		}
		trained := o.train.UserItems(x.User)
		seen := o.earlier[x.User]
		var exclude []int32
		if o.opts.ExcludeSeen {
			o.exclude = append(append(o.exclude[:0], trained...), seen...)
			exclude = o.exclude
		}
		var rank int
		rank, o.scores = o.opts.rank(o.r, x.User, x.Item, exclude, n, o.scores)
		o.sum.add(rank, n)
		o.ranks = append(o.ranks, int32(rank))
		o.buckets[historyBucket(len(trained)+len(seen))].add(rank, n)
		if len(trained) == 0 {
			o.newUsers++
		}
		if len(o.train.ItemUsers(x.Item)) == 0 {
			o.newItems++
		}
		if o.learner != nil {
			start := time.Now()
			err := o.learner.Update(x.User, x.Item)
			o.updates = append(o.updates, time.Since(start).Seconds())
			if err != nil {
				o.next++ // this interaction was judged
				o.err = fmt.Errorf("eval: online update %d (user %d, item %d): %w", o.next-1, x.User, x.Item, err)
				return true, o.err
			}
		}
		o.earlier[x.User] = append(seen, x.Item)
		if o.sum.n%o.every == 0 || o.next+1 == len(o.stream) {
			o.curve = append(o.curve, CurvePoint{Tests: o.sum.n, Metrics: o.sum.metrics()})
		}
	}
	return o.next == len(o.stream), nil
}

// Ranks returns a copy of the 0-based rank of every interaction judged so
// far, in stream order (cut at the top n with Options.RanksWithinTopN):
// with CaseMetrics they give the per-case scores a paired t-test compares
// between two replays of the same stream.
func (o *Online) Ranks() []int32 { return append([]int32(nil), o.ranks...) }

// Err returns why the replay could not go on, or nil.
func (o *Online) Err() error { return o.err }

var _ core.Stepper = (*Online)(nil)

// Progress returns the share of the stream replayed, in [0, 1].
func (o *Online) Progress() float64 {
	if len(o.stream) == 0 {
		return 1
	}
	return float64(o.next) / float64(len(o.stream))
}

// Result returns the outcome so far. Its slices are copies, so they stay
// valid while the replay goes on.
func (o *Online) Result() OnlineResult {
	res := OnlineResult{
		Metrics:       o.sum.metrics(),
		NewUserTests:  o.newUsers,
		NewItemTests:  o.newItems,
		ByHistory:     HistoryBuckets(),
		Curve:         append([]CurvePoint(nil), o.curve...),
		UpdateSeconds: append([]float64(nil), o.updates...),
	}
	for k := range res.ByHistory {
		res.ByHistory[k].Metrics = o.buckets[k].metrics()
	}
	return res
}

// EvaluateOnline replays the whole stream at once.
func EvaluateOnline(r core.Recommender, train *core.Dataset, stream []core.Interaction, opts Options) (OnlineResult, error) {
	o := NewOnline(r, train, stream, opts)
	_, err := o.Step(-1)
	return o.Result(), err
}
