package eval

import (
	"fmt"

	"github.com/ealslive/ealslive/core"
)

// DefaultTopN is the length of the ranked list the paper judges (HR@100,
// NDCG@100), used when Options.TopN is 0.
const DefaultTopN = 100

// Options sets how the protocols judge a ranked list.
type Options struct {
	TopN        int  // cut-off n of HR@n and NDCG@n; 0 means DefaultTopN
	ExcludeSeen bool // leave the user's known items (never the target) out of the ranking
	// CurveEvery is how many test interactions the online protocol replays
	// between two points of its curve; 0 means about 100 points in all.
	// The offline protocol ignores it.
	CurveEvery int
	// RanksWithinTopN works a case's rank out only inside the top n: a
	// case ranked n or lower is recorded at rank n. HR@n and NDCG@n are
	// bitwise the same, and a core.BlockScorer is scored only until n
	// items rank before the held-out one: on the Phoenix data at n = 100
	// the offline evaluation takes a third of the time (BenchmarkOffline).
	RanksWithinTopN bool
}

func (o Options) topN() int {
	if o.TopN == 0 {
		return DefaultTopN
	}
	return o.TopN
}

func (o Options) check() error {
	if o.TopN < 0 {
		return fmt.Errorf("eval: top-n = %d is invalid: the cut-off must be at least 1 (0 means %d)", o.TopN, DefaultTopN)
	}
	if o.CurveEvery < 0 {
		return fmt.Errorf("eval: curve-every = %d is invalid: must not be negative (0 means automatic)", o.CurveEvery)
	}
	return nil
}

// rank returns item's 0-based rank in r's scores for user u, leaving out
// exclude, cut at n when o.RanksWithinTopN; buf is scratch space, returned
// for reuse.
func (o Options) rank(r core.Recommender, u, item int32, exclude []int32, n int, buf []float64) (int, []float64) {
	if o.RanksWithinTopN {
		if b, ok := r.(core.BlockScorer); ok {
			return core.RankWithin(b, u, item, exclude, n, buf)
		}
	}
	buf = r.Scores(u, buf)
	rank := core.Rank(buf, item, exclude)
	if o.RanksWithinTopN {
		rank = min(rank, n)
	}
	return rank, buf
}
