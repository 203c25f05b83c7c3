package eval_test

import (
	"math"
	"reflect"
	"testing"

	"github.com/ealslive/ealslive/core"
	"github.com/ealslive/ealslive/core/eval"
)

func TestMedian(t *testing.T) {
	for _, c := range []struct {
		in   []float64
		want float64
	}{
		{nil, 0},
		{[]float64{3}, 3},
		{[]float64{5, 1, 3}, 3},
		{[]float64{4, 1, 3, 2}, 2.5},
	} {
		in := append([]float64(nil), c.in...)
		if got := eval.Median(in); got != c.want {
			t.Errorf("Median(%v) = %v, want %v", c.in, got, c.want)
		}
		if !reflect.DeepEqual(in, c.in) && len(in) > 0 {
			t.Errorf("Median reordered its input: %v", in)
		}
	}
}

func TestMetricsByHand(t *testing.T) {
	scores := []float64{0.1, 0.9, 0.5, 0.5, 0.2}
	// Order: 1 (0.9), 2 (0.5), 3 (0.5, tie after the smaller id), 4, 0.
	for _, c := range []struct {
		target  int32
		exclude []int32
		rank    int
		hr3     float64
		ndcg3   float64
	}{
		{1, nil, 0, 1, 1},
		{3, nil, 2, 1, 0.5},
		{3, []int32{1}, 1, 1, 1 / math.Log2(3)},
		{0, nil, 4, 0, 0},
		{0, []int32{1, 2}, 2, 1, 0.5},
	} {
		rank := core.Rank(scores, c.target, c.exclude)
		if rank != c.rank || eval.HitRatio(rank, 3) != c.hr3 || math.Abs(eval.NDCG(rank, 3)-c.ndcg3) > 1e-15 {
			t.Errorf("target %d exclude %v: rank %d HR %v NDCG %v; want %d %v %v",
				c.target, c.exclude, rank, eval.HitRatio(rank, 3), eval.NDCG(rank, 3), c.rank, c.hr3, c.ndcg3)
		}
	}
}

// The metrics of a list of ranks are bitwise those of an evaluation that
// met the cases in that order, whatever the cut-off; so are those of ranks
// from parts of the cases put back in order.
func TestMetricsOfRanks(t *testing.T) {
	train, test, rec := offlineCase(t)
	ranks := []int32{2, 0, 4} // offlineCase's ranks, in case order
	for _, topN := range []int{0, 1, 3, 5} {
		want, err := eval.EvaluateOffline(rec, train, test, eval.Options{TopN: topN})
		if err != nil {
			t.Fatal(err)
		}
		if got := eval.MetricsOfRanks(ranks, topN); got != want {
			t.Errorf("top %d: %+v, want %+v", topN, got, want)
		}
	}
	if got := eval.MetricsOfRanks(nil, 10); got != (eval.Metrics{}) {
		t.Errorf("no ranks: %+v", got)
	}
	if got := eval.MetricsOfRanks([]int32{99, 100, 0}, 0); got.Count != 3 || got.HR != 2.0/3 {
		t.Errorf("cut-off 0 is not %d: %+v", eval.DefaultTopN, got)
	}
}
