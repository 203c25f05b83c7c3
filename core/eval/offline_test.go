package eval_test

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/ealslive/ealslive/core"
	"github.com/ealslive/ealslive/core/eval"
)

// offlineCase: three users, five items; each user's hold-out and scores
// chosen so the ranks are known by hand (ties go to the smaller id).
func offlineCase(t *testing.T) (*core.Dataset, []core.Interaction, fixedScores) {
	train := handData(t, 3, 5, [][2]int32{{0, 0}, {0, 1}, {1, 2}, {2, 0}})
	test := []core.Interaction{{User: 0, Item: 3}, {User: 1, Item: 0}, {User: 2, Item: 4}}
	scores := fixedScores{
		{0.9, 0.8, 0.1, 0.5, 0.5}, // item 3: after 0 and 1 → rank 2; seen excluded → 0
		{0.3, 0.3, 0.3, 0.3, 0.3}, // item 0 wins every tie → rank 0
		{0.5, 0.4, 0.3, 0.2, 0.1}, // item 4 last → rank 4; seen (0) excluded → 3
	}
	return train, test, scores
}

func TestOfflineByHand(t *testing.T) {
	train, test, rec := offlineCase(t)
	l := func(r int) float64 { return 1 / math.Log2(float64(r)+2) }
	for _, c := range []struct {
		opts eval.Options
		want eval.Metrics
	}{
		{eval.Options{TopN: 3}, eval.Metrics{HR: 2.0 / 3, NDCG: (l(2) + l(0)) / 3, Count: 3}},
		{eval.Options{TopN: 5}, eval.Metrics{HR: 1, NDCG: (l(2) + l(0) + l(4)) / 3, Count: 3}},
		{eval.Options{TopN: 1}, eval.Metrics{HR: 1.0 / 3, NDCG: 1.0 / 3, Count: 3}},
		{eval.Options{TopN: 3, ExcludeSeen: true}, eval.Metrics{HR: 2.0 / 3, NDCG: 2.0 / 3, Count: 3}},
		{eval.Options{TopN: 4, ExcludeSeen: true}, eval.Metrics{HR: 1, NDCG: (2 + l(3)) / 3, Count: 3}},
		{eval.Options{}, eval.Metrics{HR: 1, NDCG: (l(2) + l(0) + l(4)) / 3, Count: 3}}, // TopN 100
	} {
		got, err := eval.EvaluateOffline(rec, train, test, c.opts)
		if err != nil || !sameMetrics(got, c.want) {
			t.Errorf("%+v: got %+v, %v; want %+v", c.opts, got, err, c.want)
		}
	}
}

func TestOfflineChunksAndReset(t *testing.T) {
	train, test, rec := offlineCase(t)
	opts := eval.Options{TopN: 3}
	whole, _ := eval.EvaluateOffline(rec, train, test, opts)
	o := eval.NewOffline(rec, train, test, opts)
	if o.Progress() != 0 || o.Result().Count != 0 || len(o.Ranks()) != 0 {
		t.Fatalf("fresh evaluation: progress %v, result %+v, ranks %v", o.Progress(), o.Result(), o.Ranks())
	}
	wantProgress := []float64{1.0 / 3, 2.0 / 3, 1}
	for k, p := range wantProgress {
		done := mustStep(t, o, 0) // 0 still evaluates one case
		if done != (k == 2) || !near(o.Progress(), p) || o.Result().Count != k+1 || len(o.Ranks()) != k+1 {
			t.Fatalf("step %d: done %v progress %v count %d", k, done, o.Progress(), o.Result().Count)
		}
	}
	if !sameMetrics(o.Result(), whole) {
		t.Errorf("chunked %+v, whole %+v", o.Result(), whole)
	}
	if r := o.Ranks(); !slices.Equal(r, []int32{2, 0, 4}) {
		t.Errorf("ranks %v, want [2 0 4] (see offlineCase)", r)
	} else if r[0] = 99; o.Ranks()[0] != 2 {
		t.Error("Ranks returned the evaluation's own slice")
	}
	if !mustStep(t, o, 5) || o.Result().Count != 3 {
		t.Errorf("a finished evaluation went on: %+v", o.Result())
	}
	o.Reset()
	if o.Progress() != 0 || o.Result().Count != 0 || len(o.Ranks()) != 0 {
		t.Fatalf("after Reset: progress %v result %+v ranks %v", o.Progress(), o.Result(), o.Ranks())
	}
	if mustStep(t, o, 2) || o.Result().Count != 2 || !mustStep(t, o, 7) || !sameMetrics(o.Result(), whole) {
		t.Errorf("after Reset, budget 2 then 7: %+v, want %+v", o.Result(), whole)
	}
}

func TestOfflineRejectsBadInput(t *testing.T) {
	train, test, rec := offlineCase(t)
	for _, c := range []struct {
		name  string
		train *core.Dataset
		test  []core.Interaction
		r     core.Recommender
		opts  eval.Options
		want  string
	}{
		{"negative top-n", train, test, rec, eval.Options{TopN: -1}, "top-n = -1"},
		{"nil train", nil, test, rec, eval.Options{}, "training data set"},
		{"nil recommender", train, test, nil, eval.Options{}, "recommender"},
		{"unknown item", train, []core.Interaction{{User: 0, Item: 5}}, rec, eval.Options{}, "item id 5"},
		{"unknown user", train, []core.Interaction{{User: 3, Item: 0}}, rec, eval.Options{}, "user id 3"},
		{"recommender short of users", train, test, rec[:1], eval.Options{}, "user id 1 is beyond"},
	} {
		_, err := eval.EvaluateOffline(c.r, c.train, c.test, c.opts)
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "eval: ") {
			t.Errorf("%s: error %v, want one mentioning %q", c.name, err, c.want)
		}
		// Step reports the error, again on every call, and so does Err.
		o := eval.NewOffline(c.r, c.train, c.test, c.opts)
		done, err := o.Step(-1)
		again, err2 := o.Step(1)
		if !done || !again || err == nil || err2 != err || o.Err() != err {
			t.Errorf("%s: Step gave %v, %v then %v, %v; Err %v", c.name, done, err, again, err2, o.Err())
		}
	}
}

// Cases evaluated in two parts, as two Web Workers would evaluate them,
// give through their ranks bitwise the metrics of one evaluation over all
// of them, wherever the cases are split.
func TestOfflineRanksCombineExactly(t *testing.T) {
	d, err := core.Synthetic(200, 120, 4000, 0.8, 6)
	if err != nil {
		t.Fatal(err)
	}
	train, test, err := d.LeaveOneOut()
	if err != nil {
		t.Fatal(err)
	}
	cfg := core.DefaultConfig()
	cfg.K, cfg.Epochs, cfg.C0 = 8, 4, 50
	m, err := core.Train(train, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	run := func(cases []core.Interaction, opts eval.Options, budget int) *eval.Offline {
		o := eval.NewOffline(m, train, cases, opts)
		for !mustStep(t, o, budget) {
		}
		return o
	}
	for _, opts := range []eval.Options{{TopN: 10}, {TopN: 10, ExcludeSeen: true}, {}} {
		whole := run(test, opts, -1)
		want := whole.Result()
		if want.Count != len(test) || want.HR == 0 || want.HR == 1 {
			t.Fatalf("%+v: %+v over %d cases is too plain a test", opts, want, len(test))
		}
		if got := eval.MetricsOfRanks(whole.Ranks(), opts.TopN); got != want {
			t.Errorf("%+v: metrics of the ranks %+v, of the evaluation %+v", opts, got, want)
		}
		for _, h := range []int{0, 1, len(test) / 3, len(test) / 2, len(test)} {
			a, b := run(test[:h], opts, 7), run(test[h:], opts, 13)
			ranks := append(a.Ranks(), b.Ranks()...)
			if !slices.Equal(ranks, whole.Ranks()) {
				t.Fatalf("%+v, split at %d: the parts' ranks differ from the whole's", opts, h)
			}
			if got := eval.MetricsOfRanks(ranks, opts.TopN); got != want {
				t.Errorf("%+v, split at %d: combined %+v, whole %+v", opts, h, got, want)
			}
		}
	}
}
