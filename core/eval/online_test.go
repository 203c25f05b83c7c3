package eval_test

import (
	"errors"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/ealslive/ealslive/core"
	"github.com/ealslive/ealslive/core/eval"
)

// memo learns by remembering: an interaction it was updated with scores 10
// above its base score. It logs every Update, so the test can see their
// order and that the protocol kept one object.
type memo struct {
	base  []float64
	learn map[[2]int32]bool
	log   *[][2]int32
	fail  int // Update number (1-based) that fails; 0: none
}

func newMemo(base []float64) *memo {
	return &memo{base: base, learn: map[[2]int32]bool{}, log: new([][2]int32)}
}

func (m *memo) NumItems() int { return len(m.base) }
func (m *memo) Scores(u int32, dst []float64) []float64 {
	dst = append(dst[:0], m.base...)
	for i := range dst {
		if m.learn[[2]int32{u, int32(i)}] {
			dst[i] += 10
		}
	}
	return dst
}
func (m *memo) Update(u, i int32) error {
	*m.log = append(*m.log, [2]int32{u, i})
	if len(*m.log) == m.fail {
		return errors.New("memo refuses")
	}
	m.learn[[2]int32{u, i}] = true
	return nil
}

// onlineCase: u0 has 3 training items, u1 2, u2 none; item 4 has none.
func onlineCase(t *testing.T) (*core.Dataset, []core.Interaction) {
	train := handData(t, 3, 5, [][2]int32{{0, 0}, {0, 1}, {1, 1}, {1, 2}, {0, 3}})
	stream := []core.Interaction{
		{User: 2, Item: 0}, // past 0, new user
		{User: 2, Item: 4}, // past 1, new user, new item
		{User: 0, Item: 2}, // past 3
		{User: 1, Item: 4}, // past 2, new item
		{User: 0, Item: 4}, // past 4, new item
		{User: 2, Item: 1}, // past 2, new user
	}
	return train, stream
}

var onlineBase = []float64{0.5, 0.4, 0.3, 0.2, 0.1}

func TestOnlineByHand(t *testing.T) {
	train, stream := onlineCase(t)
	l := func(r int) float64 { return 1 / math.Log2(float64(r)+2) }
	// Ranks by hand, with updates: 0 4 2 4 4 2; excluding seen: 0 3 0 2 0 0;
	// without updates: 0 4 2 4 4 1.
	type bucket struct {
		label string
		m     eval.Metrics
	}
	for _, c := range []struct {
		name    string
		r       core.Recommender
		opts    eval.Options
		want    eval.Metrics
		buckets []bucket
	}{
		{"updates", newMemo(onlineBase), eval.Options{TopN: 3},
			eval.Metrics{HR: 3.0 / 6, NDCG: (1 + l(2) + l(2)) / 6, Count: 6},
			[]bucket{{"0", eval.Metrics{HR: 1, NDCG: 1, Count: 1}}, {"1", eval.Metrics{Count: 1}},
				{"2", eval.Metrics{HR: 0.5, NDCG: l(2) / 2, Count: 2}}, {"3", eval.Metrics{HR: 1, NDCG: l(2), Count: 1}},
				{"4", eval.Metrics{Count: 1}}, {"5-9", eval.Metrics{}}, {"10-19", eval.Metrics{}},
				{"20-49", eval.Metrics{}}, {"50+", eval.Metrics{}}}},
		{"exclude seen", newMemo(onlineBase), eval.Options{TopN: 3, ExcludeSeen: true},
			eval.Metrics{HR: 5.0 / 6, NDCG: (4 + l(2)) / 6, Count: 6},
			[]bucket{{"0", eval.Metrics{HR: 1, NDCG: 1, Count: 1}}, {"1", eval.Metrics{Count: 1}},
				{"2", eval.Metrics{HR: 1, NDCG: (l(2) + 1) / 2, Count: 2}}, {"3", eval.Metrics{HR: 1, NDCG: 1, Count: 1}},
				{"4", eval.Metrics{HR: 1, NDCG: 1, Count: 1}}, {"5-9", eval.Metrics{}}, {"10-19", eval.Metrics{}},
				{"20-49", eval.Metrics{}}, {"50+", eval.Metrics{}}}},
		{"frozen", eval.Frozen(newMemo(onlineBase)), eval.Options{TopN: 3},
			eval.Metrics{HR: 3.0 / 6, NDCG: (1 + l(2) + l(1)) / 6, Count: 6}, nil},
	} {
		res, err := eval.EvaluateOnline(c.r, train, stream, c.opts)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if !sameMetrics(res.Metrics, c.want) {
			t.Errorf("%s: %+v, want %+v", c.name, res.Metrics, c.want)
		}
		if res.NewUserTests != 3 || res.NewItemTests != 3 {
			t.Errorf("%s: %d new-user and %d new-item tests, want 3 and 3", c.name, res.NewUserTests, res.NewItemTests)
		}
		_, learns := c.r.(core.Learner)
		if learns != (len(res.UpdateSeconds) == 6) || (!learns && len(res.UpdateSeconds) != 0) {
			t.Errorf("%s: %d update times for a learner=%v", c.name, len(res.UpdateSeconds), learns)
		}
		if c.buckets == nil {
			continue
		}
		if len(res.ByHistory) != len(c.buckets) {
			t.Fatalf("%s: %d buckets, want %d", c.name, len(res.ByHistory), len(c.buckets))
		}
		for k, b := range c.buckets {
			got := res.ByHistory[k]
			if got.Label != b.label || !sameMetrics(got.Metrics, b.m) {
				t.Errorf("%s: bucket %d = %q %+v, want %q %+v", c.name, k, got.Label, got.Metrics, b.label, b.m)
			}
		}
	}
}

func TestOnlineUpdatesTheSameObjectInStreamOrder(t *testing.T) {
	train, stream := onlineCase(t)
	m := newMemo(onlineBase)
	if _, err := eval.EvaluateOnline(m, train, stream, eval.Options{}); err != nil {
		t.Fatal(err)
	}
	if len(*m.log) != len(stream) {
		t.Fatalf("%d updates for %d interactions", len(*m.log), len(stream))
	}
	for k, x := range stream {
		if (*m.log)[k] != [2]int32{x.User, x.Item} {
			t.Errorf("update %d was %v, want (%d, %d)", k, (*m.log)[k], x.User, x.Item)
		}
		// Learning happened on m itself: a copy would leave m unchanged.
		if !m.learn[[2]int32{x.User, x.Item}] {
			t.Errorf("interaction %d never reached the recommender that was passed in", k)
		}
	}
}

// The ranks kept per interaction are the hand-computed ones of
// TestOnlineByHand, in stream order, whatever the chunking.
func TestOnlineRanks(t *testing.T) {
	train, stream := onlineCase(t)
	for _, c := range []struct {
		name string
		r    func() core.Recommender
		opts eval.Options
		want []int32
	}{
		{"updates", func() core.Recommender { return newMemo(onlineBase) }, eval.Options{TopN: 3}, []int32{0, 4, 2, 4, 4, 2}},
		{"exclude seen", func() core.Recommender { return newMemo(onlineBase) }, eval.Options{TopN: 3, ExcludeSeen: true}, []int32{0, 3, 0, 2, 0, 0}},
		{"frozen", func() core.Recommender { return eval.Frozen(newMemo(onlineBase)) }, eval.Options{TopN: 3}, []int32{0, 4, 2, 4, 4, 1}},
	} {
		for _, budget := range []int{-1, 0, 4} {
			o := eval.NewOnline(c.r(), train, stream, c.opts)
			for done := false; !done; {
				var err error
				if done, err = o.Step(budget); err != nil {
					t.Fatal(err)
				}
			}
			got := o.Ranks()
			if !slices.Equal(got, c.want) {
				t.Errorf("%s, budget %d: ranks %v, want %v", c.name, budget, got, c.want)
			}
			if m := eval.MetricsOfRanks(got, 3); !sameMetrics(m, o.Result().Metrics) {
				t.Errorf("%s: the ranks give %+v, the replay %+v", c.name, m, o.Result().Metrics)
			}
			got[0] = 99
			if o.Ranks()[0] == 99 {
				t.Errorf("%s: Ranks shares its slice", c.name)
			}
		}
	}
}

func TestOnlineChunksMatchOneCall(t *testing.T) {
	train, stream := onlineCase(t)
	opts := eval.Options{TopN: 3, CurveEvery: 4}
	want, err := eval.EvaluateOnline(newMemo(onlineBase), train, stream, opts)
	if err != nil {
		t.Fatal(err)
	}
	if len(want.Curve) != 2 || want.Curve[0].Tests != 4 || want.Curve[1].Tests != 6 ||
		!sameMetrics(want.Curve[0].Metrics, eval.Metrics{HR: 0.5, NDCG: (1 + 1/math.Log2(4)) / 4, Count: 4}) ||
		!sameMetrics(want.Curve[1].Metrics, want.Metrics) {
		t.Errorf("curve %+v", want.Curve)
	}
	updates := len(want.UpdateSeconds)
	want.UpdateSeconds = nil // wall times differ run to run
	for _, budget := range []int{0, 1, 7, -1} {
		o := eval.NewOnline(newMemo(onlineBase), train, stream, opts)
		steps := 0
		for {
			done, err := o.Step(budget)
			if err != nil {
				t.Fatal(err)
			}
			steps++
			if done {
				break
			}
		}
		if o.Progress() != 1 {
			t.Errorf("budget %d: progress %v at the end", budget, o.Progress())
		}
		got := o.Result()
		if len(got.UpdateSeconds) != updates {
			t.Errorf("budget %d: %d update times, want %d", budget, len(got.UpdateSeconds), updates)
		}
		got.UpdateSeconds = nil
		if !reflect.DeepEqual(got, want) {
			t.Errorf("budget %d (%d steps): %+v, want %+v", budget, steps, got, want)
		}
	}
}

func TestOnlineErrors(t *testing.T) {
	train, stream := onlineCase(t)
	m := newMemo(onlineBase)
	m.fail = 3
	o := eval.NewOnline(m, train, stream, eval.Options{})
	done, err := o.Step(-1)
	if !done || err == nil || !strings.Contains(err.Error(), "memo refuses") {
		t.Fatalf("failing update: done %v err %v", done, err)
	}
	if o.Result().Count != 3 || len(*m.log) != 3 {
		t.Errorf("after the third update failed: %d judged, %d updates", o.Result().Count, len(*m.log))
	}
	if _, again := o.Step(1); again != err || len(*m.log) != 3 {
		t.Errorf("the replay went on after an error: %v", again)
	}
	for _, c := range []struct {
		name   string
		train  *core.Dataset
		stream []core.Interaction
		r      core.Recommender
		opts   eval.Options
		want   string
	}{
		{"unknown item", train, []core.Interaction{{User: 0, Item: 9}}, newMemo(onlineBase), eval.Options{}, "item id 9"},
		{"unknown user", train, []core.Interaction{{User: -1, Item: 0}}, newMemo(onlineBase), eval.Options{}, "user id -1"},
		{"nil train", nil, stream, newMemo(onlineBase), eval.Options{}, "training data set"},
		{"nil recommender", train, stream, nil, eval.Options{}, "recommender"},
		{"bad top-n", train, stream, newMemo(onlineBase), eval.Options{TopN: -5}, "top-n = -5"},
		{"bad curve", train, stream, newMemo(onlineBase), eval.Options{CurveEvery: -1}, "curve-every"},
	} {
		_, err := eval.EvaluateOnline(c.r, c.train, c.stream, c.opts)
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "eval: ") {
			t.Errorf("%s: error %v, want one mentioning %q", c.name, err, c.want)
		}
		o := eval.NewOnline(c.r, c.train, c.stream, c.opts)
		if _, err := o.Step(-1); err == nil || o.Err() != err {
			t.Errorf("%s: Step's error %v, Err %v", c.name, err, o.Err())
		}
	}
}

func TestHistoryBuckets(t *testing.T) {
	bs := eval.HistoryBuckets()
	for n := 0; n < 200; n++ {
		in := 0
		for _, b := range bs {
			if b.Contains(n) {
				in++
			}
		}
		if in != 1 {
			t.Fatalf("%d past interactions fall in %d buckets", n, in)
		}
	}
	if bs[0].Label != "0" || bs[5].Label != "5-9" || bs[len(bs)-1].Label != "50+" || bs[len(bs)-1].Max >= 0 {
		t.Errorf("buckets %+v", bs)
	}
}

// The online replay of a real model is deterministic, so chunking it must
// not change a single number.
func TestOnlineChunksOnEALS(t *testing.T) {
	d, err := core.Synthetic(150, 80, 2500, 0.8, 4)
	if err != nil {
		t.Fatal(err)
	}
	train, stream, err := d.TimeSplit(0.9)
	if err != nil {
		t.Fatal(err)
	}
	cfg := core.DefaultConfig()
	cfg.K, cfg.Epochs, cfg.C0 = 8, 5, 50
	opts := eval.Options{TopN: 10, ExcludeSeen: true, CurveEvery: 25}
	run := func(budget int) eval.OnlineResult {
		m, err := core.Train(train, cfg, nil)
		if err != nil {
			t.Fatal(err)
		}
		o := eval.NewOnline(m, train, stream, opts)
		for {
			done, err := o.Step(budget)
			if err != nil {
				t.Fatal(err)
			}
			if done {
				break
			}
		}
		res := o.Result()
		if len(res.UpdateSeconds) != len(stream) {
			t.Fatalf("budget %d: %d update times for %d interactions", budget, len(res.UpdateSeconds), len(stream))
		}
		res.UpdateSeconds = nil
		return res
	}
	want := run(-1)
	if want.Count != len(stream) || len(want.Curve) != (len(stream)+24)/25 {
		t.Fatalf("%d tests and %d curve points for a stream of %d", want.Count, len(want.Curve), len(stream))
	}
	for _, budget := range []int{1, 7} {
		if got := run(budget); !reflect.DeepEqual(got, want) {
			t.Errorf("budget %d: %+v, want %+v", budget, got.Metrics, want.Metrics)
		}
	}
}
