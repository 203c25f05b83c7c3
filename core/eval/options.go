package eval

import "fmt"

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
