package core

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"
)

func smallCGConfig(steps int) CGConfig {
	return CGConfig{Config: smallConfig(), Steps: steps}
}

// system builds the dense normal equations of one vector of the reference,
// summing over every entry of its row (column), observed or missing:
// A = Σ_j w_j o_j o_jᵀ + λI and b = Σ_j w_j r_j o_j, with o_j the partners'
// vectors. It shares no code with CG.
func (nv *naive) system(items bool, row int) (A [][]float64, b []float64, seen bool) {
	n, other := nv.n, nv.q
	if items {
		n, other = nv.m, nv.p
	}
	A, b = make([][]float64, nv.k), make([]float64, nv.k)
	for f := range A {
		A[f] = make([]float64, nv.k)
		A[f][f] = nv.lambda
	}
	for j := 0; j < n; j++ {
		u, i := row, j
		if items {
			u, i = j, row
		}
		if _, ok := nv.obs[[2]int32{int32(u), int32(i)}]; ok {
			seen = true
		}
		w, r := nv.entry(u, i)
		for f := 0; f < nv.k; f++ {
			b[f] += w * r * other[j][f]
			for g := 0; g < nv.k; g++ {
				A[f][g] += w * other[j][f] * other[j][g]
			}
		}
	}
	return A, b, seen
}

func (nv *naive) vector(items bool, row int) []float64 {
	if items {
		return nv.q[row]
	}
	return nv.p[row]
}

// exactSolve sets a vector to the exact minimiser, by Gaussian elimination
// with partial pivoting on the dense system.
func (nv *naive) exactSolve(items bool, row int) {
	A, b, seen := nv.system(items, row)
	if !seen {
		return
	}
	k := nv.k
	for col := 0; col < k; col++ {
		piv := col
		for r := col + 1; r < k; r++ {
			if math.Abs(A[r][col]) > math.Abs(A[piv][col]) {
				piv = r
			}
		}
		A[col], A[piv] = A[piv], A[col]
		b[col], b[piv] = b[piv], b[col]
		for r := col + 1; r < k; r++ {
			m := A[r][col] / A[col][col]
			for c := col; c < k; c++ {
				A[r][c] -= m * A[col][c]
			}
			b[r] -= m * b[col]
		}
	}
	x := nv.vector(items, row)
	for r := k - 1; r >= 0; r-- {
		s := b[r]
		for c := r + 1; c < k; c++ {
			s -= A[r][c] * x[c]
		}
		x[r] = s / A[r][r]
	}
}

// cgSolve runs steps of textbook conjugate gradient on the dense system from
// the vector's current value.
func (nv *naive) cgSolve(items bool, row, steps int) {
	A, b, seen := nv.system(items, row)
	if !seen {
		return
	}
	x := nv.vector(items, row)
	k := nv.k
	mul := func(v []float64) []float64 {
		out := make([]float64, k)
		for f := range out {
			for g := range v {
				out[f] += A[f][g] * v[g]
			}
		}
		return out
	}
	dotv := func(a, b []float64) (s float64) {
		for f := range a {
			s += a[f] * b[f]
		}
		return s
	}
	ax := mul(x)
	r := make([]float64, k)
	for f := range r {
		r[f] = b[f] - ax[f]
	}
	d := append([]float64(nil), r...)
	rs := dotv(r, r)
	for s := 0; s < steps && rs >= 1e-20; s++ {
		ad := mul(d)
		a := rs / dotv(d, ad)
		for f := range x {
			x[f] += a * d[f]
			r[f] -= a * ad[f]
		}
		next := dotv(r, r)
		for f := range d {
			d[f] = r[f] + next/rs*d[f]
		}
		rs = next
	}
}

// With K steps, conjugate gradient is the exact vector-wise solve of ALS
// on the weighted objective (up to rounding), whatever the starting vector;
// with fewer, every step is the dense textbook iteration's.
func TestCGMatchesExactAndDenseSolves(t *testing.T) {
	for _, tc := range []struct {
		name  string
		alpha float64
		steps int
		exact bool
	}{{"K steps, popularity", 0.4, 5, true}, {"K steps, uniform", 0, 5, true}, {"2 steps", 0.4, 2, false}, {"1 step, steep", 2, 1, false}} {
		t.Run(tc.name, func(t *testing.T) {
			d := randomDataset(t, 10, 12, 0.3, 4)
			cfg := smallCGConfig(tc.steps)
			cfg.Alpha, cfg.Lambda = tc.alpha, 0.5 // well conditioned: rounding stays small
			tr, err := NewCGTrainer(d, cfg)
			if err != nil {
				t.Fatal(err)
			}
			m := tr.Model()
			ref := naiveOfFactors(&m.factors)
			for e := 0; e < 2; e++ {
				for u := 0; u < ref.m; u++ {
					if tc.exact {
						ref.exactSolve(false, u)
					} else {
						ref.cgSolve(false, u, tc.steps)
					}
				}
				for i := 0; i < ref.n; i++ {
					if tc.exact {
						ref.exactSolve(true, i)
					} else {
						ref.cgSolve(true, i, tc.steps)
					}
				}
				if !mustStep(t, tr, -1) {
					t.Fatal("a whole step did not end the epoch")
				}
				got := naiveOfFactors(&m.factors)
				compareVectors(t, fmt.Sprintf("epoch %d: P", e+1), got.p, ref.p, 1e-8)
				compareVectors(t, fmt.Sprintf("epoch %d: Q", e+1), got.q, ref.q, 1e-8)
				assertFactorCaches(t, &m.factors, 1e-12)
			}
		})
	}
}

// The objective never rises, row by row, for any number of steps.
func TestCGObjectiveNeverRises(t *testing.T) {
	check := func(t *testing.T, d *Dataset, cfg CGConfig, epochs int) {
		tr, err := NewCGTrainer(d, cfg)
		if err != nil {
			t.Fatal(err)
		}
		m := tr.Model()
		prev := m.Objective().Total()
		for tr.epochs < epochs {
			mustStep(t, tr, 0)
			cur := m.Objective().Total() // from scratch inside an epoch
			if cur > prev*(1+1e-12) {
				t.Fatalf("epoch %d: objective rose from %.15g to %.15g", tr.epochs+1, prev, cur)
			}
			prev = cur
		}
		if got, want := m.Objective().Total(), m.objective().Total(); !closeRel(got, want, 1e-9) {
			t.Errorf("objective from the caches %.15g, from scratch %.15g", got, want)
		}
	}
	for _, steps := range []int{1, 3} {
		t.Run(fmt.Sprintf("random, %d steps", steps), func(t *testing.T) {
			check(t, randomDataset(t, 15, 13, 0.3, 5), smallCGConfig(steps), 3)
		})
	}
	t.Run("yelp", func(t *testing.T) {
		cfg := DefaultCGConfig()
		cfg.K = 8
		check(t, yelpSample(t, 300), cfg, 2)
	})
}

// Any chunking of an epoch, on one goroutine or several, gives bitwise the
// model of whole one-goroutine epochs, and so does TrainCG.
func TestCGTrainerChunksAndThreadsAreBitwiseEpochs(t *testing.T) {
	d := randomDataset(t, 60, 45, 0.2, 33)
	cfg := smallCGConfig(3)
	cfg.Threads, cfg.Epochs = 1, 3
	whole, err := NewCGTrainer(d, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if err := RunEpochs(whole, cfg.Epochs, nil); err != nil {
		t.Fatal(err)
	}
	trained, err := TrainCG(d, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	assertSameFactors(t, &trained.factors, &whole.Model().factors)
	for _, threads := range []int{1, 2, 3, 8} {
		for _, budget := range []int{-1, 0, 25, 80} {
			t.Run(fmt.Sprintf("threads=%d/budget=%d", threads, budget), func(t *testing.T) {
				cfg.Threads = threads
				tr, err := NewCGTrainer(d, cfg)
				if err != nil {
					t.Fatal(err)
				}
				for tr.epochs < cfg.Epochs {
					before := tr.epochs
					done := mustStep(t, tr, budget)
					if done != (tr.epochs == before+1) {
						t.Fatalf("Step said done = %v as the epoch count went %d → %d", done, before, tr.epochs)
					}
					if p := tr.Progress(); p < 0 || p >= 1 {
						t.Fatalf("progress %v", p)
					}
				}
				assertSameFactors(t, &tr.Model().factors, &whole.Model().factors)
			})
		}
	}
}

// An online update is the dense reference's: record (u, i) with w_new, then
// rounds of conjugate-gradient steps on p_u and q_i; the caches follow.
func TestCGUpdateMatchesDenseReference(t *testing.T) {
	d := randomDataset(t, 12, 10, 0.3, 21)
	cfg := smallCGConfig(2)
	cfg.Alpha, cfg.WNew, cfg.OnlineIters, cfg.Epochs = 0.5, 3, 2, 3
	m, err := TrainCG(d, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	ref := naiveOfFactors(&m.factors)
	last := int32(m.NumItems() - 1)
	for _, x := range [][2]int32{{0, 3}, {0, last}, {11, 2}, {4, 3}, {0, 3}} {
		u, i := x[0], x[1]
		if err := m.Update(u, i); err != nil {
			t.Fatal(err)
		}
		if ref.c[i] == 0 {
			ref.c[i] = cfg.C0 / float64(ref.n)
		}
		ref.obs[[2]int32{u, i}] = cfg.WNew
		for it := 0; it < cfg.OnlineIters; it++ {
			ref.cgSolve(false, int(u), cfg.Steps)
			ref.cgSolve(true, int(i), cfg.Steps)
		}
		got := naiveOfFactors(&m.factors)
		compareVectors(t, fmt.Sprintf("after (%d, %d): P", u, i), got.p, ref.p, 1e-9)
		compareVectors(t, fmt.Sprintf("after (%d, %d): Q", u, i), got.q, ref.q, 1e-9)
		if got.c[i] != ref.c[i] {
			t.Fatalf("item %d weighs %v, want %v", i, got.c[i], ref.c[i])
		}
		assertFactorCaches(t, &m.factors, 1e-9)
	}
	if u := m.AddUser(); int(u) != ref.m || m.NumUsers() != ref.m+1 {
		t.Fatalf("AddUser gave %d of %d users", u, m.NumUsers())
	}
	assertFactorCaches(t, &m.factors, 1e-9)
}

func TestCGConfigProblems(t *testing.T) {
	if err := DefaultCGConfig().Validate(); err != nil {
		t.Fatalf("the default is invalid: %v", err)
	}
	cfg := DefaultCGConfig()
	cfg.Lambda, cfg.Steps = -1, 0
	var names []string
	for _, p := range cfg.Problems() {
		names = append(names, p.Param)
	}
	if got := strings.Join(names, " "); got != "lambda cg-steps" {
		t.Errorf("problems %q", got)
	}
	if _, err := NewCGTrainer(randomDataset(t, 5, 5, 0.5, 1), cfg); err == nil {
		t.Error("an invalid config trains")
	}
	if _, err := NewCGTrainer(nil, DefaultCGConfig()); !errors.Is(err, ErrEmpty) {
		t.Errorf("nil data: %v", err)
	}
	m, err := newCG(randomDataset(t, 5, 5, 0.5, 1), DefaultCGConfig())
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Update(-1, 0); err == nil {
		t.Error("an unknown user updates")
	}
	if err := m.Update(0, 5); err == nil {
		t.Error("an unknown item updates")
	}
}
