package core

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"
)

func smallRCDConfig() RCDConfig {
	cfg := DefaultRCDConfig()
	cfg.Config = smallConfig()
	cfg.Epochs = 3
	return cfg
}

// rcdStep is the dense reference of one RCD step on a block: the gradient
// summed over every entry of the row (or column), observed or missing, and
// a backtracking line search that evaluates the whole objective from
// scratch for every trial step. It shares no code with RCD.
func (nv *naive) rcdStep(items bool, row int, cfg RCDConfig) {
	var x []float64
	var n int
	if items {
		x, n = nv.q[row], nv.m
	} else {
		x, n = nv.p[row], nv.n
	}
	g := make([]float64, nv.k)
	seen := false
	for j := 0; j < n; j++ {
		u, i, other := j, row, nv.p
		if !items {
			u, i, other = row, j, nv.q
		}
		if _, ok := nv.obs[[2]int32{int32(u), int32(i)}]; ok {
			seen = true
		}
		w, r := nv.entry(u, i)
		e := nv.pred(u, i) - r
		for f := range g {
			g[f] += 2 * w * e * other[j][f]
		}
	}
	if !seen {
		return
	}
	gg := 0.0
	for f := range g {
		g[f] += 2 * nv.lambda * x[f]
		gg += g[f] * g[f]
	}
	if gg < cfg.MinGrad || gg == 0 {
		return
	}
	before := nv.objective()
	old := append([]float64(nil), x...)
	t := 1.0
	for trial := 0; trial < cfg.Trials; trial++ {
		for f := range x {
			x[f] = old[f] - t*g[f]
		}
		if nv.objective() <= before-cfg.Armijo*t*gg {
			return
		}
		t *= cfg.Shrink
	}
	copy(x, old)
}

// assertFactorCaches checks S^p and S^q against a recomputation, to tol on
// the scale √(s_ff s_gg) of entry (f, g), and their exact symmetry.
func assertFactorCaches(t *testing.T, m *factors, tol float64) {
	t.Helper()
	k := m.k
	sp, sq := make([]float64, k*k), make([]float64, k*k)
	gram(sp, m.p, k, nil, 1)
	gram(sq, m.q, k, m.c, 1)
	for f := 0; f < k; f++ {
		for g := 0; g < k; g++ {
			j := f*k + g
			if !closeScaled(m.sp[j], sp[j], tol, math.Sqrt(sp[f*k+f]*sp[g*k+g])) {
				t.Fatalf("S^p[%d] = %.15g, recomputed %.15g", j, m.sp[j], sp[j])
			}
			if !closeScaled(m.sq[j], sq[j], tol, math.Sqrt(sq[f*k+f]*sq[g*k+g])) {
				t.Fatalf("S^q[%d] = %.15g, recomputed %.15g", j, m.sq[j], sq[j])
			}
			if m.sp[j] != m.sp[g*k+f] || m.sq[j] != m.sq[g*k+f] {
				t.Fatalf("caches lost symmetry at (%d, %d)", f, g)
			}
		}
	}
}

// Every step of an epoch, block by block in the epoch's random order, is
// the dense reference's step: the cached gradient and the closed-form line
// search pick the same step as brute force.
func TestRCDStepsMatchDenseReference(t *testing.T) {
	for _, tc := range []struct {
		name  string
		alpha float64
		seed  uint64
	}{{"uniform, as RCD's paper", 0, 1}, {"popularity", 0.4, 2}, {"steep", 2, 3}} {
		t.Run(tc.name, func(t *testing.T) {
			d := randomDataset(t, 9, 12, 0.3, tc.seed)
			cfg := smallRCDConfig()
			cfg.Alpha, cfg.Seed = tc.alpha, tc.seed
			tr, err := NewRCDTrainer(d, cfg)
			if err != nil {
				t.Fatal(err)
			}
			r := tr.Model()
			ref := naiveOfFactors(&r.factors)
			moved := 0
			for tr.epochs < 3 {
				if !tr.started {
					tr.begin()
				}
				b := tr.order[tr.next]
				items, row := int(b) >= tr.users, int(b)
				if items {
					row -= tr.users
				}
				before := slicesCopy(ref, items, row)
				ref.rcdStep(items, row, cfg)
				mustStep(t, tr, 0)
				var got []float64
				if items {
					got = r.item(int32(row))
				} else {
					got = r.user(int32(row))
				}
				want := slicesCopy(ref, items, row)
				for f := range want {
					if !closeRel(got[f], want[f], 1e-9) {
						t.Fatalf("epoch %d, block %v: factor %d is %.15g, reference %.15g", tr.epochs+1, b, f, got[f], want[f])
					}
				}
				if fmt.Sprint(before) != fmt.Sprint(want) {
					moved++
				}
			}
			if moved == 0 {
				t.Fatal("no step was ever accepted: the test checks nothing")
			}
			assertFactorCaches(t, &r.factors, 1e-9)
		})
	}
}

func slicesCopy(nv *naive, items bool, row int) []float64 {
	if items {
		return append([]float64(nil), nv.q[row]...)
	}
	return append([]float64(nil), nv.p[row]...)
}

// The objective never rises, block by block: each accepted step lowers it
// by at least Armijo·t·‖g‖² and a failed search changes nothing. The
// decrease each step reports is the objective's actual change.
func TestRCDObjectiveNeverRises(t *testing.T) {
	check := func(t *testing.T, d *Dataset, cfg RCDConfig, epochs int) {
		tr, err := NewRCDTrainer(d, cfg)
		if err != nil {
			t.Fatal(err)
		}
		r := tr.Model()
		prev := r.objective().Total()
		moved := 0
		for tr.epochs < epochs {
			mustStep(t, tr, 0)
			cur := r.objective().Total()
			if cur > prev*(1+1e-12) {
				t.Fatalf("epoch %d block %d: objective rose from %.15g to %.15g", tr.epochs+1, tr.next, prev, cur)
			}
			if cur < prev {
				moved++
			}
			prev = cur
		}
		if moved < tr.epochs*(r.NumUsers()+r.NumItems())/4 {
			t.Fatalf("only %d steps lowered the objective", moved)
		}
		if got, want := r.Objective().Total(), r.objective().Total(); !closeRel(got, want, 1e-9) {
			t.Errorf("objective from the caches %.15g, from scratch %.15g", got, want)
		}
	}
	t.Run("random", func(t *testing.T) {
		check(t, randomDataset(t, 15, 13, 0.3, 5), smallRCDConfig(), 3)
	})
	t.Run("random, popularity-weighted", func(t *testing.T) {
		cfg := smallRCDConfig()
		cfg.Alpha = 0.5
		check(t, randomDataset(t, 15, 13, 0.3, 6), cfg, 3)
	})
	t.Run("yelp", func(t *testing.T) {
		cfg := DefaultRCDConfig()
		cfg.K = 8
		check(t, yelpSample(t, 300), cfg, 2)
	})
	t.Run("reported decrease", func(t *testing.T) {
		d := randomDataset(t, 15, 13, 0.3, 7)
		r, err := newRCD(d, smallRCDConfig())
		if err != nil {
			t.Fatal(err)
		}
		for u := int32(0); u < 10; u++ {
			before := r.objective().Total()
			dec := r.descend(&r.work, u%2 == 1, u)
			after := r.objective().Total()
			if !closeScaled(before-after, dec, 1e-9, before) || dec < 0 {
				t.Fatalf("block %d: reported decrease %.15g, actual %.15g", u, dec, before-after)
			}
		}
	})
}

func assertSameFactors(t *testing.T, a, b *factors) {
	t.Helper()
	for name, pair := range map[string][2][]float64{
		"P": {a.p, b.p}, "Q": {a.q, b.q}, "S^p": {a.sp, b.sp}, "S^q": {a.sq, b.sq}, "c": {a.c, b.c},
	} {
		if len(pair[0]) != len(pair[1]) {
			t.Fatalf("%s: %d values vs %d", name, len(pair[0]), len(pair[1]))
		}
		for j := range pair[0] {
			if math.Float64bits(pair[0][j]) != math.Float64bits(pair[1][j]) {
				t.Fatalf("%s[%d] differs: %v vs %v", name, j, pair[0][j], pair[1][j])
			}
		}
	}
}

// Any chunking of RCD epochs gives bitwise the model of whole epochs, and
// so does TrainRCD.
func TestRCDChunksAreBitwiseEpochs(t *testing.T) {
	d := randomDataset(t, 40, 30, 0.2, 11)
	cfg := smallRCDConfig()
	whole, err := NewRCDTrainer(d, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if err := RunEpochs(whole, cfg.Epochs, nil); err != nil {
		t.Fatal(err)
	}
	trained, err := TrainRCD(d, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	assertSameFactors(t, &trained.factors, &whole.Model().factors)
	for _, budget := range []int{0, 5, 40} {
		t.Run(fmt.Sprintf("budget=%d", budget), func(t *testing.T) {
			tr, err := NewRCDTrainer(d, cfg)
			if err != nil {
				t.Fatal(err)
			}
			steps := 0
			for tr.epochs < cfg.Epochs {
				before := tr.epochs
				done := mustStep(t, tr, budget)
				steps++
				if done != (tr.epochs == before+1) {
					t.Fatalf("Step said done = %v as the epoch count went %d → %d", done, before, tr.epochs)
				}
				if p := tr.Progress(); p < 0 || p >= 1 {
					t.Fatalf("progress %v", p)
				}
			}
			if budget == 0 && steps != cfg.Epochs*(d.NumUsers()+d.NumItems()) {
				t.Errorf("budget 0 took %d steps, want one block each", steps)
			}
			assertSameFactors(t, &tr.Model().factors, &whole.Model().factors)
		})
	}
}

// An online update is the dense reference's: record (u, i) with w_new,
// then steps on p_u and q_i, with the authors' stopping rule between passes.
func TestRCDUpdateMatchesDenseReference(t *testing.T) {
	for _, iters := range []int{1, 3, 60} {
		t.Run(fmt.Sprintf("online-iters=%d", iters), func(t *testing.T) {
			d := randomDataset(t, 12, 10, 0.3, 21)
			cfg := smallRCDConfig()
			cfg.Alpha = 0.5 // the last item is unseen: its weight is 0 until clicked
			cfg.WNew, cfg.OnlineIters = 3, iters
			r, err := TrainRCD(d, cfg, nil)
			if err != nil {
				t.Fatal(err)
			}
			ref := naiveOfFactors(&r.factors)
			last := int32(r.NumItems() - 1)
			if r.c[last] != 0 {
				t.Fatalf("the unseen item weighs %v", r.c[last])
			}
			stopped := 0
			for _, x := range [][2]int32{{0, 3}, {0, last}, {11, 2}, {4, 3}, {0, 3}, {7, 1}, {7, 5}, {2, 8}} {
				u, i := x[0], x[1]
				if err := r.Update(u, i); err != nil {
					t.Fatal(err)
				}
				if ref.c[i] == 0 {
					ref.c[i] = cfg.C0 / float64(ref.n)
				}
				ref.obs[[2]int32{u, i}] = cfg.WNew
				prev := localLoss(ref, int(u), int(i))
				for it := 0; it < iters; it++ {
					ref.rcdStep(false, int(u), cfg)
					ref.rcdStep(true, int(i), cfg)
					cur := localLoss(ref, int(u), int(i))
					if it+1 < iters && math.Abs(cur-prev) <= rcdStop*math.Abs(prev) {
						stopped++
						break
					}
					prev = cur
				}
				got := naiveOfFactors(&r.factors)
				compareVectors(t, fmt.Sprintf("after (%d, %d): P", u, i), got.p, ref.p, 1e-9)
				compareVectors(t, fmt.Sprintf("after (%d, %d): Q", u, i), got.q, ref.q, 1e-9)
				if got.c[i] != ref.c[i] {
					t.Fatalf("item %d weighs %v, want %v", i, got.c[i], ref.c[i])
				}
				assertFactorCaches(t, &r.factors, 1e-9)
			}
			if iters == 60 && stopped == 0 {
				t.Error("the stopping rule never ended an update early: the test does not check it")
			}
		})
	}
}

// localLoss is the authors' local error of an online update: the loss of
// row u (every item) plus that of column i (every user), the entry (u, i)
// in both, plus λ‖p_u‖² and λ‖q_i‖².
func localLoss(nv *naive, u, i int) float64 {
	l := 0.0
	for j := 0; j < nv.n; j++ {
		w, r := nv.entry(u, j)
		e := r - nv.pred(u, j)
		l += w * e * e
	}
	for v := 0; v < nv.m; v++ {
		w, r := nv.entry(v, i)
		e := r - nv.pred(v, i)
		l += w * e * e
	}
	for f := 0; f < nv.k; f++ {
		l += nv.lambda * (nv.p[u][f]*nv.p[u][f] + nv.q[i][f]*nv.q[i][f])
	}
	return l
}

func TestRCDConfigProblems(t *testing.T) {
	cfg := DefaultRCDConfig()
	if err := cfg.Validate(); err != nil {
		t.Fatalf("the default is invalid: %v", err)
	}
	cfg.K, cfg.Armijo, cfg.Shrink, cfg.Trials, cfg.MinGrad = 0, 0.5, 1, 0, math.NaN()
	var names []string
	for _, p := range cfg.Problems() {
		names = append(names, p.Param)
	}
	if got := strings.Join(names, " "); got != "K rcd-armijo rcd-shrink rcd-trials rcd-min-grad" {
		t.Errorf("problems %q", got)
	}
	if _, err := NewRCDTrainer(randomDataset(t, 5, 5, 0.5, 1), cfg); err == nil {
		t.Error("an invalid config trains")
	}
	if _, err := NewRCDTrainer(nil, DefaultRCDConfig()); !errors.Is(err, ErrEmpty) {
		t.Errorf("nil data: %v", err)
	}
	r, err := newRCD(randomDataset(t, 5, 5, 0.5, 1), DefaultRCDConfig())
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Update(5, 0); err == nil {
		t.Error("an unknown user updates")
	}
	if err := r.Update(0, -1); err == nil {
		t.Error("an unknown item updates")
	}
}
