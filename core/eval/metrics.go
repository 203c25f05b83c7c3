package eval

import "math"

// Metrics are hit ratio and NDCG at the cut-off, each the mean over Count
// test cases (0 when Count is 0).
type Metrics struct {
	HR, NDCG float64
	Count    int
}

// HitRatio is 1 if a 0-based rank falls in the top n, else 0.
func HitRatio(rank, n int) float64 {
	if rank < n {
		return 1
	}
	return 0
}

// NDCG is the normalised discounted cumulative gain of a single relevant
// item at a 0-based rank, cut at n: 1/log2(rank+2) inside the top n, else 0.
func NDCG(rank, n int) float64 {
	if rank < n {
		return 1 / math.Log2(float64(rank)+2)
	}
	return 0
}

// MetricsOfRanks returns the metrics of test cases with the given 0-based
// ranks, in that order, at cut-off topN (0 means DefaultTopN). They are
// bitwise those of evaluating the cases in that order, so the ranks of
// cases evaluated in parts (Offline.Ranks), put back in case order, give
// exactly the metrics of one run over all of them.
func MetricsOfRanks(ranks []int32, topN int) Metrics {
	n := Options{TopN: topN}.topN()
	var t tally
	for _, r := range ranks {
		t.add(int(r), n)
	}
	return t.metrics()
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
