package core

import (
	"fmt"
	"slices"
)

// DefaultTopN is the length of the ranked list the paper judges (HR@100,
// NDCG@100), used when EvalOptions.TopN is 0.
const DefaultTopN = 100

// EvalOptions sets how the protocols judge a ranked list.
type EvalOptions struct {
	TopN        int  // cut-off n of HR@n and NDCG@n; 0 means DefaultTopN
	ExcludeSeen bool // leave the user's known items (never the target) out of the ranking
	// CurveEvery is how many test interactions the online protocol replays
	// between two points of its curve; 0 means about 100 points in all.
	// The offline protocol ignores it.
	CurveEvery int
}

func (o EvalOptions) topN() int {
	if o.TopN == 0 {
		return DefaultTopN
	}
	return o.TopN
}

func (o EvalOptions) check() error {
	if o.TopN < 0 {
		return fmt.Errorf("core: top-n = %d is invalid: the cut-off must be at least 1 (0 means %d)", o.TopN, DefaultTopN)
	}
	if o.CurveEvery < 0 {
		return fmt.Errorf("core: curve-every = %d is invalid: must not be negative (0 means automatic)", o.CurveEvery)
	}
	return nil
}

// Metrics are hit ratio and NDCG at the cut-off, each the mean over Count
// test cases (0 when Count is 0).
type Metrics struct {
	HR, NDCG float64
	Count    int
}

// tally sums per-case metrics; means are taken only when asked, so that
// chunked and whole runs add the same numbers in the same order.
type tally struct {
	hr, ndcg float64
	n        int
}

func (t *tally) add(rank, n int) {
	t.hr += HitRatio(rank, n)
	t.ndcg += NDCG(rank, n)
	t.n++
}

func (t tally) metrics() Metrics {
	if t.n == 0 {
		return Metrics{}
	}
	return Metrics{HR: t.hr / float64(t.n), NDCG: t.ndcg / float64(t.n), Count: t.n}
}

// Median returns the median of xs (the mean of the middle two for an even
// count), or 0 for no values. xs is not modified.
func Median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	h := len(s) / 2
	if len(s)%2 == 1 {
		return s[h]
	}
	return (s[h-1] + s[h]) / 2
}

// userCounter is implemented by recommenders that know their users, so the
// protocols can reject a test user the recommender cannot score.
type userCounter interface{ NumUsers() int }

// checkCase says why (u, i) cannot be scored by r on a data set of train's
// shape, or returns nil.
func checkCase(train *Dataset, r Recommender, x Interaction) error {
	if x.User < 0 || int(x.User) >= train.NumUsers() {
		return fmt.Errorf("user id %d is not in the training data's %d users", x.User, train.NumUsers())
	}
	if uc, ok := r.(userCounter); ok && int(x.User) >= uc.NumUsers() {
		return fmt.Errorf("user id %d is beyond the recommender's %d users", x.User, uc.NumUsers())
	}
	if x.Item < 0 || int(x.Item) >= r.NumItems() {
		return fmt.Errorf("item id %d is not among the recommender's %d items", x.Item, r.NumItems())
	}
	return nil
}
