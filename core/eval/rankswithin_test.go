package eval_test

import (
	"reflect"
	"slices"
	"testing"

	"github.com/ealslive/ealslive/core"
	"github.com/ealslive/ealslive/core/eval"
)

// scoresOnly hides a model's ScoreBlock, so the evaluation ranks its full
// scores.
type scoresOnly struct{ core.Recommender }

// cut is ranks cut at n, as RanksWithinTopN records them.
func cut(ranks []int32, n int) []int32 {
	out := slices.Clone(ranks)
	for i, r := range out {
		out[i] = min(r, int32(n))
	}
	return out
}

// With RanksWithinTopN the offline and online protocols give the same
// metrics, bit for bit, and the ranks cut at n, whether the recommender
// scores in blocks (and stops early) or not.
func TestRanksWithinTopNKeepTheMetrics(t *testing.T) {
	d, err := core.Synthetic(200, 3*70, 6000, 0.8, 9)
	if err != nil {
		t.Fatal(err)
	}
	cfg := core.DefaultConfig()
	cfg.K, cfg.Epochs, cfg.C0 = 8, 4, 50
	train, test, err := d.LeaveOneOut()
	if err != nil {
		t.Fatal(err)
	}
	m, err := core.Train(train, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{1, 10, 100} {
		for _, seen := range []bool{false, true} {
			full := eval.Options{TopN: n, ExcludeSeen: seen}
			within := full
			within.RanksWithinTopN = true
			want := eval.NewOffline(m, train, test, full)
			mustStep(t, want, -1)
			for name, r := range map[string]core.Recommender{"blocks": m, "full scores": scoresOnly{m}} {
				got := eval.NewOffline(r, train, test, within)
				mustStep(t, got, -1)
				if got.Result() != want.Result() {
					t.Errorf("offline, n %d, exclude seen %v, %s: %+v, want %+v", n, seen, name, got.Result(), want.Result())
				}
				if !slices.Equal(got.Ranks(), cut(want.Ranks(), n)) {
					t.Errorf("offline, n %d, exclude seen %v, %s: ranks are not the full ranks cut at n", n, seen, name)
				}
			}
		}
	}

	trainOn, stream, err := d.TimeSplit(0.9)
	if err != nil {
		t.Fatal(err)
	}
	replay := func(opts eval.Options) (eval.OnlineResult, []int32) {
		m, err := core.Train(trainOn, cfg, nil)
		if err != nil {
			t.Fatal(err)
		}
		o := eval.NewOnline(m, trainOn, stream, opts)
		mustStep(t, o, -1)
		res := o.Result()
		res.UpdateSeconds = nil
		return res, o.Ranks()
	}
	opts := eval.Options{TopN: 10, ExcludeSeen: true, CurveEvery: 50}
	want, wantRanks := replay(opts)
	opts.RanksWithinTopN = true
	got, gotRanks := replay(opts)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("online: %+v, want %+v", got.Metrics, want.Metrics)
	}
	if !slices.Equal(gotRanks, cut(wantRanks, 10)) {
		t.Error("online: ranks are not the full ranks cut at n")
	}
	if slices.Equal(wantRanks, gotRanks) {
		t.Error("online: no rank was past the top 10, so the cut was not tested")
	}
}
