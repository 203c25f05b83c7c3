package eval

import (
	"errors"
	"fmt"

	"github.com/ealslive/ealslive/core"
)

// Offline runs the paper's offline protocol: each held-out interaction of
// a leave-one-out split is a test case, judged by the rank of its item in
// the user's scores over all items. It runs in chunks (Step) so a page can
// repaint between them, and can start over after more training of the
// same recommender (Reset).
type Offline struct {
	r      core.Recommender
	train  *core.Dataset
	test   []core.Interaction
	opts   Options
	next   int
	sum    tally
	ranks  []int32 // of the cases evaluated so far, in case order
	scores []float64
	err    error
}

// NewOffline prepares the evaluation of r on test, the hold-outs of train
// (as core.Dataset.LeaveOneOut returns them). r is scored as it is when
// each case comes up, so training it further between Steps changes the
// outcome: Reset after training. Invalid options or a nil argument are
// reported by Step and Err.
func NewOffline(r core.Recommender, train *core.Dataset, test []core.Interaction, opts Options) *Offline {
	o := &Offline{r: r, train: train, test: test, opts: opts}
	o.err = o.setupErr()
	return o
}

func (o *Offline) setupErr() error {
	switch {
	case o.train == nil:
		return errors.New("eval: offline evaluation needs the training data set, got nil")
	case o.r == nil:
		return errors.New("eval: offline evaluation needs a recommender, got nil")
	}
	return o.opts.check()
}

// Step evaluates up to budget more test cases (at least one; a negative
// budget means all that are left) and reports whether every case has been
// evaluated. A case that cannot be scored stops the evaluation with an
// error, which every later Step (and Err) returns too.
func (o *Offline) Step(budget int) (done bool, err error) {
	if o.err != nil {
		return true, o.err
	}
	stop := len(o.test)
	if budget >= 0 && o.next+max(budget, 1) < stop {
		stop = o.next + max(budget, 1)
	}
	n := o.opts.topN()
	for ; o.next < stop; o.next++ {
		x := o.test[o.next]
		if err := checkCase(o.train, o.r, x); err != nil {
			o.err = fmt.Errorf("eval: offline test case %d: %v", o.next, err)
			return true, o.err
		}
		var exclude []int32
		if o.opts.ExcludeSeen {
			exclude = o.train.UserItems(x.User)
		}
		var rank int
		rank, o.scores = o.opts.rank(o.r, x.User, x.Item, exclude, n, o.scores)
		o.sum.add(rank, n)
		o.ranks = append(o.ranks, int32(rank))
	}
	return o.next == len(o.test), nil
}

// Reset forgets the results so far, to evaluate again from the first case.
// An error from invalid options stays; one from a case is cleared.
func (o *Offline) Reset() {
	o.next = 0
	o.sum = tally{}
	o.ranks = o.ranks[:0]
	o.err = o.setupErr()
}

// Progress returns the share of test cases evaluated, in [0, 1].
func (o *Offline) Progress() float64 {
	if len(o.test) == 0 {
		return 1
	}
	return float64(o.next) / float64(len(o.test))
}

// Result returns the metrics over the cases evaluated so far.
func (o *Offline) Result() Metrics { return o.sum.metrics() }

// Ranks returns a copy of the 0-based rank of every case evaluated so far,
// in case order, cut at the top n with Options.RanksWithinTopN.
// MetricsOfRanks turns them, or those of several parts of the cases put
// back in order, into exactly Result's metrics.
func (o *Offline) Ranks() []int32 { return append([]int32(nil), o.ranks...) }

// Err returns why the evaluation could not go on, or nil.
func (o *Offline) Err() error { return o.err }

var _ core.Stepper = (*Offline)(nil)

// EvaluateOffline evaluates r on every test case at once.
func EvaluateOffline(r core.Recommender, train *core.Dataset, test []core.Interaction, opts Options) (Metrics, error) {
	o := NewOffline(r, train, test, opts)
	_, err := o.Step(-1)
	return o.Result(), err
}
