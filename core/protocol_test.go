package core_test

import (
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/ealslive/ealslive/core"
)

// handData builds a data set over fixed keys from (user, item) index pairs,
// timed in the order given.
func handData(t *testing.T, users, items int, pairs [][2]int32) *core.Dataset {
	t.Helper()
	var uk, ik []string
	for u := 0; u < users; u++ {
		uk = append(uk, "u"+string(rune('0'+u)))
	}
	for i := 0; i < items; i++ {
		ik = append(ik, "i"+string(rune('0'+i)))
	}
	inter := make([]core.Interaction, len(pairs))
	for n, p := range pairs {
		inter[n] = core.Interaction{User: p[0], Item: p[1], Time: int64(n)}
	}
	d, err := core.FromInteractions(uk, ik, inter)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// fixedScores is a recommender with a hand-written score table.
type fixedScores [][]float64

func (f fixedScores) NumItems() int { return len(f[0]) }
func (f fixedScores) NumUsers() int { return len(f) }
func (f fixedScores) Scores(u int32, dst []float64) []float64 {
	return append(dst[:0], f[u]...)
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-12 }

func sameMetrics(a, b core.Metrics) bool {
	return a.Count == b.Count && near(a.HR, b.HR) && near(a.NDCG, b.NDCG)
}

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
		if got := core.Median(in); got != c.want {
			t.Errorf("Median(%v) = %v, want %v", c.in, got, c.want)
		}
		if !reflect.DeepEqual(in, c.in) && len(in) > 0 {
			t.Errorf("Median reordered its input: %v", in)
		}
	}
}

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
		opts core.EvalOptions
		want core.Metrics
	}{
		{core.EvalOptions{TopN: 3}, core.Metrics{HR: 2.0 / 3, NDCG: (l(2) + l(0)) / 3, Count: 3}},
		{core.EvalOptions{TopN: 5}, core.Metrics{HR: 1, NDCG: (l(2) + l(0) + l(4)) / 3, Count: 3}},
		{core.EvalOptions{TopN: 1}, core.Metrics{HR: 1.0 / 3, NDCG: 1.0 / 3, Count: 3}},
		{core.EvalOptions{TopN: 3, ExcludeSeen: true}, core.Metrics{HR: 2.0 / 3, NDCG: 2.0 / 3, Count: 3}},
		{core.EvalOptions{TopN: 4, ExcludeSeen: true}, core.Metrics{HR: 1, NDCG: (2 + l(3)) / 3, Count: 3}},
		{core.EvalOptions{}, core.Metrics{HR: 1, NDCG: (l(2) + l(0) + l(4)) / 3, Count: 3}}, // TopN 100
	} {
		got, err := core.EvaluateOffline(rec, train, test, c.opts)
		if err != nil || !sameMetrics(got, c.want) {
			t.Errorf("%+v: got %+v, %v; want %+v", c.opts, got, err, c.want)
		}
	}
}

func TestOfflineChunksAndReset(t *testing.T) {
	train, test, rec := offlineCase(t)
	opts := core.EvalOptions{TopN: 3}
	whole, _ := core.EvaluateOffline(rec, train, test, opts)
	o := core.NewOffline(train, test, opts)
	if o.Progress() != 0 || o.Result().Count != 0 {
		t.Fatalf("fresh evaluation: progress %v, result %+v", o.Progress(), o.Result())
	}
	wantProgress := []float64{1.0 / 3, 2.0 / 3, 1}
	for k, p := range wantProgress {
		done := o.Step(rec, 0) // 0 still evaluates one case
		if done != (k == 2) || !near(o.Progress(), p) || o.Result().Count != k+1 {
			t.Fatalf("step %d: done %v progress %v count %d", k, done, o.Progress(), o.Result().Count)
		}
	}
	if !sameMetrics(o.Result(), whole) {
		t.Errorf("chunked %+v, whole %+v", o.Result(), whole)
	}
	if !o.Step(rec, 5) || o.Result().Count != 3 {
		t.Errorf("a finished evaluation went on: %+v", o.Result())
	}
	o.Reset()
	if o.Progress() != 0 || o.Result().Count != 0 {
		t.Fatalf("after Reset: progress %v result %+v", o.Progress(), o.Result())
	}
	if o.Step(rec, 2) || o.Result().Count != 2 || !o.Step(rec, 7) || !sameMetrics(o.Result(), whole) {
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
		opts  core.EvalOptions
		want  string
	}{
		{"negative top-n", train, test, rec, core.EvalOptions{TopN: -1}, "top-n = -1"},
		{"nil train", nil, test, rec, core.EvalOptions{}, "training data set"},
		{"nil recommender", train, test, nil, core.EvalOptions{}, "recommender"},
		{"unknown item", train, []core.Interaction{{User: 0, Item: 5}}, rec, core.EvalOptions{}, "item id 5"},
		{"unknown user", train, []core.Interaction{{User: 3, Item: 0}}, rec, core.EvalOptions{}, "user id 3"},
		{"recommender short of users", train, test, rec[:1], core.EvalOptions{}, "user id 1 is beyond"},
	} {
		_, err := core.EvaluateOffline(c.r, c.train, c.test, c.opts)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one mentioning %q", c.name, err, c.want)
		}
	}
}

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
		m     core.Metrics
	}
	for _, c := range []struct {
		name    string
		r       core.Recommender
		opts    core.EvalOptions
		want    core.Metrics
		buckets []bucket
	}{
		{"updates", newMemo(onlineBase), core.EvalOptions{TopN: 3},
			core.Metrics{HR: 3.0 / 6, NDCG: (1 + l(2) + l(2)) / 6, Count: 6},
			[]bucket{{"0", core.Metrics{HR: 1, NDCG: 1, Count: 1}}, {"1", core.Metrics{Count: 1}},
				{"2", core.Metrics{HR: 0.5, NDCG: l(2) / 2, Count: 2}}, {"3", core.Metrics{HR: 1, NDCG: l(2), Count: 1}},
				{"4", core.Metrics{Count: 1}}, {"5-9", core.Metrics{}}, {"10-19", core.Metrics{}},
				{"20-49", core.Metrics{}}, {"50+", core.Metrics{}}}},
		{"exclude seen", newMemo(onlineBase), core.EvalOptions{TopN: 3, ExcludeSeen: true},
			core.Metrics{HR: 5.0 / 6, NDCG: (4 + l(2)) / 6, Count: 6},
			[]bucket{{"0", core.Metrics{HR: 1, NDCG: 1, Count: 1}}, {"1", core.Metrics{Count: 1}},
				{"2", core.Metrics{HR: 1, NDCG: (l(2) + 1) / 2, Count: 2}}, {"3", core.Metrics{HR: 1, NDCG: 1, Count: 1}},
				{"4", core.Metrics{HR: 1, NDCG: 1, Count: 1}}, {"5-9", core.Metrics{}}, {"10-19", core.Metrics{}},
				{"20-49", core.Metrics{}}, {"50+", core.Metrics{}}}},
		{"frozen", core.Frozen(newMemo(onlineBase)), core.EvalOptions{TopN: 3},
			core.Metrics{HR: 3.0 / 6, NDCG: (1 + l(2) + l(1)) / 6, Count: 6}, nil},
	} {
		res, err := core.EvaluateOnline(c.r, train, stream, c.opts)
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
	if _, err := core.EvaluateOnline(m, train, stream, core.EvalOptions{}); err != nil {
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

func TestOnlineChunksMatchOneCall(t *testing.T) {
	train, stream := onlineCase(t)
	opts := core.EvalOptions{TopN: 3, CurveEvery: 4}
	want, err := core.EvaluateOnline(newMemo(onlineBase), train, stream, opts)
	if err != nil {
		t.Fatal(err)
	}
	if len(want.Curve) != 2 || want.Curve[0].Tests != 4 || want.Curve[1].Tests != 6 ||
		!sameMetrics(want.Curve[0].Metrics, core.Metrics{HR: 0.5, NDCG: (1 + 1/math.Log2(4)) / 4, Count: 4}) ||
		!sameMetrics(want.Curve[1].Metrics, want.Metrics) {
		t.Errorf("curve %+v", want.Curve)
	}
	updates := len(want.UpdateSeconds)
	want.UpdateSeconds = nil // wall times differ run to run
	for _, budget := range []int{0, 1, 7, -1} {
		o := core.NewOnline(train, stream, newMemo(onlineBase), opts)
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
	o := core.NewOnline(train, stream, m, core.EvalOptions{})
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
		opts   core.EvalOptions
		want   string
	}{
		{"unknown item", train, []core.Interaction{{User: 0, Item: 9}}, newMemo(onlineBase), core.EvalOptions{}, "item id 9"},
		{"unknown user", train, []core.Interaction{{User: -1, Item: 0}}, newMemo(onlineBase), core.EvalOptions{}, "user id -1"},
		{"nil train", nil, stream, newMemo(onlineBase), core.EvalOptions{}, "training data set"},
		{"nil recommender", train, stream, nil, core.EvalOptions{}, "recommender"},
		{"bad top-n", train, stream, newMemo(onlineBase), core.EvalOptions{TopN: -5}, "top-n = -5"},
		{"bad curve", train, stream, newMemo(onlineBase), core.EvalOptions{CurveEvery: -1}, "curve-every"},
	} {
		_, err := core.EvaluateOnline(c.r, c.train, c.stream, c.opts)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one mentioning %q", c.name, err, c.want)
		}
	}
}

func TestHistoryBuckets(t *testing.T) {
	bs := core.HistoryBuckets()
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
