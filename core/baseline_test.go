package core_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/ealslive/ealslive/core"
	"github.com/ealslive/ealslive/core/eval"
)

// clustered makes data with latent structure for the baselines to find:
// users and items fall in groups, and each user picks most items from
// their own group, so a factor model beats popularity on it.
func clustered(t testing.TB, users, items, groups, perUser int, seed uint64) *core.Dataset {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 7))
	var events []core.Event
	for u := 0; u < users; u++ {
		g := u % groups
		have := map[int]bool{}
		for len(have) < perUser {
			i := rng.IntN(items)
			if rng.Float64() < 0.85 {
				i = (i/groups)*groups + g
				if i >= items {
					continue
				}
			}
			if !have[i] {
				have[i] = true
				events = append(events, core.Event{User: fmt.Sprint("u", u), Item: fmt.Sprint("i", i), Time: int64(len(events))})
			}
		}
	}
	d, err := core.NewDataset(events)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// pairwiseAccuracy is the mean over users of the share of (observed,
// unobserved) item pairs the scores put in the right order: the AUC that
// BPR's criterion smooths.
func pairwiseAccuracy(r core.Recommender, d *core.Dataset) float64 {
	var sum float64
	var n int
	var scores []float64
	for u := int32(0); int(u) < d.NumUsers(); u++ {
		pos := d.UserItems(u)
		if len(pos) == 0 || len(pos) == d.NumItems() {
			continue
		}
		scores = r.Scores(u, scores)
		in := map[int32]bool{}
		for _, i := range pos {
			in[i] = true
		}
		good, all := 0, 0
		for _, i := range pos {
			for j := range scores {
				if !in[int32(j)] {
					all++
					if scores[i] > scores[j] {
						good++
					}
				}
			}
		}
		sum += float64(good) / float64(all)
		n++
	}
	return sum / float64(n)
}

// bruteObjective evaluates the weighted objective entry by entry, with
// missing weight w0 for every item: the definition both ALS and eALS with
// α = 0 minimise.
func bruteObjective(d *core.Dataset, p, q func(int32) []float64, w0, lambda float64) float64 {
	var total float64
	dot := func(a, b []float64) float64 {
		s := 0.0
		for f := range a {
			s += a[f] * b[f]
		}
		return s
	}
	for u := int32(0); int(u) < d.NumUsers(); u++ {
		in := map[int32]bool{}
		for _, i := range d.UserItems(u) {
			in[i] = true
		}
		for i := int32(0); int(i) < d.NumItems(); i++ {
			r := dot(p(u), q(i))
			if in[i] {
				total += (1 - r) * (1 - r)
			} else {
				total += w0 * r * r
			}
		}
		total += lambda * dot(p(u), p(u))
	}
	for i := int32(0); int(i) < d.NumItems(); i++ {
		total += lambda * dot(q(i), q(i))
	}
	return total
}

func alsConfig() core.Config {
	cfg := core.DefaultConfig()
	cfg.K = 8
	cfg.C0 = 20
	cfg.Alpha = 0
	cfg.Lambda = 0.05
	cfg.InitStd = 0.1
	return cfg
}

func TestALSObjectiveIsEALSWithUniformWeights(t *testing.T) {
	d := clustered(t, 40, 30, 3, 6, 1)
	cfg := alsConfig()
	als, err := core.NewALS(d, cfg)
	if err != nil {
		t.Fatal(err)
	}
	eals, err := core.NewModel(d, cfg)
	if err != nil {
		t.Fatal(err)
	}
	// Same seed, same initial factors: the two objectives must agree, and
	// both must equal the definition.
	a, e := als.Objective().Total(), eals.Objective().Total()
	brute := bruteObjective(d, als.UserVector, als.ItemVector, als.W0(), cfg.Lambda)
	if math.Abs(a-e) > 1e-9*math.Abs(e) || math.Abs(a-brute) > 1e-9*math.Abs(brute) {
		t.Fatalf("at initialisation: ALS %v, eALS(α=0) %v, brute force %v", a, e, brute)
	}
	if als.W0() != cfg.C0/float64(d.NumItems()) {
		t.Errorf("w0 = %v, want c0/N = %v", als.W0(), cfg.C0/float64(d.NumItems()))
	}
	prev := a
	for e := 1; e <= 5; e++ {
		als.Epoch()
		got := als.Objective().Total()
		brute := bruteObjective(d, als.UserVector, als.ItemVector, als.W0(), cfg.Lambda)
		if math.Abs(got-brute) > 1e-9*brute {
			t.Errorf("epoch %d: fast objective %v, brute force %v", e, got, brute)
		}
		if got > prev*(1+1e-12) {
			t.Errorf("epoch %d: objective rose from %v to %v; exact block minimisation cannot", e, prev, got)
		}
		prev = got
	}
}

func TestALSAndUniformEALSAgree(t *testing.T) {
	d := clustered(t, 400, 100, 5, 12, 2)
	train, test, err := d.LeaveOneOut()
	if err != nil {
		t.Fatal(err)
	}
	cfg := alsConfig()
	cfg.Epochs = 30
	als, err := core.TrainALS(train, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	eals, err := core.Train(train, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	pop, _ := core.NewPopularity(train)
	opts := eval.Options{TopN: 10}
	ma, _ := eval.EvaluateOffline(als, train, test, opts)
	me, _ := eval.EvaluateOffline(eals, train, test, opts)
	mp, _ := eval.EvaluateOffline(pop, train, test, opts)
	oa, oe := als.Objective().Total(), eals.Objective().Total()
	t.Logf("HR@10: ALS %.3f, eALS(α=0) %.3f, popularity %.3f; objective ALS %.4f eALS %.4f", ma.HR, me.HR, mp.HR, oa, oe)
	// The same objective, minimised by two exact block-coordinate methods:
	// the optima should be close, and so should the accuracy.
	if math.Abs(oa-oe) > 0.02*oe {
		t.Errorf("objectives differ by more than 2%%: ALS %v, eALS %v", oa, oe)
	}
	if math.Abs(ma.HR-me.HR) > 0.06 {
		t.Errorf("HR@10 differs: ALS %v, eALS %v", ma.HR, me.HR)
	}
	if ma.HR <= mp.HR || me.HR <= mp.HR {
		t.Errorf("neither model beats popularity on clustered data: ALS %v eALS %v pop %v", ma.HR, me.HR, mp.HR)
	}
}

func TestALSParallelEpochIsBitwiseSequential(t *testing.T) {
	// More users than items, and more items than users.
	for _, d := range []*core.Dataset{clustered(t, 90, 50, 3, 8, 3), clustered(t, 30, 120, 3, 8, 3)} {
		cfg := alsConfig()
		cfg.Epochs = 3
		one, err := core.TrainALS(d, cfg, nil)
		if err != nil {
			t.Fatal(err)
		}
		cfg.Threads = 3
		three, err := core.TrainALS(d, cfg, nil)
		if err != nil {
			t.Fatal(err)
		}
		for u := int32(0); int(u) < d.NumUsers(); u++ {
			a, b := one.UserVector(u), three.UserVector(u)
			for f := range a {
				if a[f] != b[f] {
					t.Fatalf("user %d factor %d: %v with 1 thread, %v with 3", u, f, a[f], b[f])
				}
			}
		}
		for i := int32(0); int(i) < d.NumItems(); i++ {
			a, b := one.ItemVector(i), three.ItemVector(i)
			for f := range a {
				if a[f] != b[f] {
					t.Fatalf("item %d factor %d: %v with 1 thread, %v with 3", i, f, a[f], b[f])
				}
			}
		}
	}
}

func TestALSRejectsBadInput(t *testing.T) {
	d := clustered(t, 10, 10, 2, 3, 4)
	cfg := alsConfig()
	cfg.K = 0
	if _, err := core.NewALS(d, cfg); err == nil || !strings.Contains(err.Error(), "K = 0") {
		t.Errorf("K = 0: %v", err)
	}
	if _, err := core.NewALS(nil, alsConfig()); err == nil {
		t.Error("nil data set accepted")
	}
	a, _ := core.NewALS(d, alsConfig())
	if err := a.Update(int32(d.NumUsers()), 0); err == nil || !strings.Contains(err.Error(), "user id") {
		t.Errorf("unknown user: %v", err)
	}
	if err := a.Update(0, -1); err == nil || !strings.Contains(err.Error(), "item id -1") {
		t.Errorf("unknown item: %v", err)
	}
	u, i := a.AddUser(), a.AddItem()
	if err := a.Update(u, i); err != nil {
		t.Errorf("a grown user and item: %v", err)
	}
}

func bprConfig() core.BPRConfig {
	cfg := core.DefaultBPRConfig()
	cfg.K = 8
	cfg.LearnRate = 0.05
	cfg.Epochs = 1
	return cfg
}

func TestBPRIsDeterministicForASeed(t *testing.T) {
	d := clustered(t, 60, 40, 3, 6, 5)
	cfg := bprConfig()
	cfg.Epochs = 2
	a, err := core.TrainBPR(d, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := core.TrainBPR(d, cfg, nil)
	cfg.Seed++
	c, _ := core.TrainBPR(d, cfg, nil)
	same, differs := true, false
	for u := int32(0); int(u) < d.NumUsers(); u++ {
		va, vb, vc := a.UserVector(u), b.UserVector(u), c.UserVector(u)
		for f := range va {
			same = same && va[f] == vb[f]
			differs = differs || va[f] != vc[f]
		}
	}
	if !same {
		t.Error("the same seed gave different models")
	}
	if !differs {
		t.Error("another seed gave the same model")
	}
	a.Update(0, 39)
	b.Update(0, 39)
	if a.Score(0, 39) != b.Score(0, 39) {
		t.Error("the same online update on equal models diverged")
	}
}

func TestBPREpochImprovesPairwiseAccuracy(t *testing.T) {
	d := clustered(t, 100, 60, 4, 8, 6)
	b, err := core.NewBPR(d, bprConfig())
	if err != nil {
		t.Fatal(err)
	}
	before := pairwiseAccuracy(b, d)
	b.Epoch()
	after1 := pairwiseAccuracy(b, d)
	for range 9 {
		b.Epoch()
	}
	after10 := pairwiseAccuracy(b, d)
	t.Logf("pairwise accuracy: %.3f untrained, %.3f after 1 epoch, %.3f after 10", before, after1, after10)
	if !(after1 > before+0.02) || !(after10 > after1) || b.Epochs() != 10 {
		t.Errorf("pairwise accuracy %.3f → %.3f → %.3f (epochs %d)", before, after1, after10, b.Epochs())
	}
}

func TestBPROnlineUpdateRaisesTheNewItem(t *testing.T) {
	d := clustered(t, 80, 50, 4, 8, 7)
	cfg := bprConfig()
	cfg.Epochs = 5
	b, err := core.TrainBPR(d, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	raised := 0
	for u := int32(0); u < 20; u++ {
		seen := map[int32]bool{}
		for _, i := range d.UserItems(u) {
			seen[i] = true
		}
		i := int32(0)
		for seen[i] {
			i++
		}
		s0 := b.Score(u, i)
		if err := b.Update(u, i); err != nil {
			t.Fatal(err)
		}
		if b.Score(u, i) > s0 {
			raised++
		}
	}
	if raised != 20 {
		t.Errorf("the new item's score rose for %d of 20 users", raised)
	}
	// A user and an item the model has never seen: grown, then learnt.
	u, i := b.AddUser(), b.AddItem()
	s0 := b.Score(u, i)
	if err := b.Update(u, i); err != nil || b.Score(u, i) <= s0 {
		t.Errorf("new user and item: score %v → %v, err %v", s0, b.Score(u, i), err)
	}
	if err := b.Update(u+1, 0); err == nil || !strings.Contains(err.Error(), "user id") {
		t.Errorf("unknown user: %v", err)
	}
	if err := b.Update(0, i+1); err == nil || !strings.Contains(err.Error(), "item id") {
		t.Errorf("unknown item: %v", err)
	}
}

func TestBPRConfigProblems(t *testing.T) {
	for _, c := range []struct {
		edit func(*core.BPRConfig)
		want string
	}{
		{func(c *core.BPRConfig) { c.K = 0 }, "K = 0"},
		{func(c *core.BPRConfig) { c.LearnRate = 0 }, "bpr-lr = 0"},
		{func(c *core.BPRConfig) { c.LearnRate = math.NaN() }, "bpr-lr = NaN"},
		{func(c *core.BPRConfig) { c.LearnRate = 11 }, "bpr-lr = 11"},
		{func(c *core.BPRConfig) { c.Lambda = -1 }, "lambda = -1"},
		{func(c *core.BPRConfig) { c.Lambda = 100 }, "λ·learning rate"},
		{func(c *core.BPRConfig) { c.Epochs = -1 }, "epochs = -1"},
		{func(c *core.BPRConfig) { c.OnlineIters = 0 }, "online-iters = 0"},
		{func(c *core.BPRConfig) { c.InitStd = -0.1 }, "init-std = -0.1"},
	} {
		cfg := core.DefaultBPRConfig()
		c.edit(&cfg)
		ps := cfg.Problems()
		if len(ps) != 1 || !strings.Contains(ps[0].Error(), c.want) {
			t.Errorf("want one problem mentioning %q, got %v", c.want, ps)
		}
		if _, err := core.NewBPR(clustered(t, 5, 5, 1, 2, 1), cfg); err == nil {
			t.Errorf("NewBPR accepted a config with %q", c.want)
		}
	}
	if ps := core.DefaultBPRConfig().Problems(); len(ps) != 0 {
		t.Errorf("the default config has problems: %v", ps)
	}
}

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

func TestPopularityCounts(t *testing.T) {
	d := handData(t, 3, 4, [][2]int32{{0, 0}, {1, 0}, {2, 0}, {0, 2}, {1, 2}, {2, 3}})
	p, err := core.NewPopularity(d)
	if err != nil {
		t.Fatal(err)
	}
	want := []float64{3, 0, 2, 1}
	got := p.Scores(1, nil)
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("scores %v, want %v", got, want)
		}
	}
	if err := p.Update(2, 1); err != nil || p.Count(1) != 1 {
		t.Errorf("after an update item 1 has %d, err %v", p.Count(1), err)
	}
	if err := p.Update(0, 1); err != nil || p.Count(1) != 2 || p.Scores(0, got)[1] != 2 {
		t.Errorf("after two updates item 1 has %d, err %v", p.Count(1), err)
	}
	if i := p.AddItem(); i != 4 || p.NumItems() != 5 || p.Count(i) != 0 {
		t.Errorf("AddItem gave %d; %d items", i, p.NumItems())
	}
	if err := p.Update(0, 5); err == nil || !strings.Contains(err.Error(), "item id 5") {
		t.Errorf("unknown item: %v", err)
	}
	if _, err := core.NewPopularity(nil); err == nil {
		t.Error("nil data set accepted")
	}
}
