package core

import (
	"errors"
	"fmt"
)

// Offline runs the paper's offline protocol: each held-out interaction of
// a leave-one-out split is a test case, judged by the rank of its item in
// the user's scores over all items. It runs in chunks (Step) so a page can
// repaint between them, and can start over after more training (Reset).
type Offline struct {
	train  *Dataset
	test   []Interaction
	opts   EvalOptions
	next   int
	sum    tally
	scores []float64
	err    error
}

// NewOffline prepares the evaluation of test, the hold-outs of train (as
// Dataset.LeaveOneOut returns them). Invalid options or a nil train are
// reported by Err, and Step then does nothing.
func NewOffline(train *Dataset, test []Interaction, opts EvalOptions) *Offline {
	o := &Offline{train: train, test: test, opts: opts}
	o.err = o.setupErr()
	return o
}

func (o *Offline) setupErr() error {
	if o.train == nil {
		return errors.New("core: offline evaluation needs the training data set, got nil")
	}
	return o.opts.check()
}

// Step evaluates r on up to budget more test cases (at least one; a
// negative budget means all that are left) and reports whether every case
// has been evaluated. It stops early, reporting done, if a case cannot be
// scored (see Err).
func (o *Offline) Step(r Recommender, budget int) (done bool) {
	if o.err == nil && r == nil {
		o.err = errors.New("core: offline evaluation needs a recommender, got nil")
	}
	if o.err != nil {
		return true
	}
	stop := len(o.test)
	if budget >= 0 && o.next+max(budget, 1) < stop {
		stop = o.next + max(budget, 1)
	}
	n := o.opts.topN()
	for ; o.next < stop; o.next++ {
		x := o.test[o.next]
		if err := checkCase(o.train, r, x); err != nil {
			o.err = fmt.Errorf("core: offline test case %d: %v", o.next, err)
			return true
		}
		o.scores = r.Scores(x.User, o.scores)
		var exclude []int32
		if o.opts.ExcludeSeen {
			exclude = o.train.UserItems(x.User)
		}
		o.sum.add(Rank(o.scores, x.Item, exclude), n)
	}
	return o.next == len(o.test)
}

// Reset forgets the results so far, to evaluate again from the first case.
// An error from invalid options stays; one from a case is cleared.
func (o *Offline) Reset() {
	o.next = 0
	o.sum = tally{}
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

// Err returns why the evaluation could not go on, or nil.
func (o *Offline) Err() error { return o.err }

// EvaluateOffline evaluates r on every test case at once.
func EvaluateOffline(r Recommender, train *Dataset, test []Interaction, opts EvalOptions) (Metrics, error) {
	o := NewOffline(train, test, opts)
	o.Step(r, -1)
	return o.Result(), o.Err()
}
