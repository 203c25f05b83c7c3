package core

import (
	"math"
	"math/rand/v2"
	"testing"
)

// alsGradient is ∂J/∂x for user (or item) r of the ALS objective, computed
// entry by entry from its definition: 2[Σ_j w_rj (x·y_j − r_rj) y_j + λx]
// over every partner j, with w = w0 and r = 0 off the observed entries.
func alsGradient(a *ALS, items bool, r int32) []float64 {
	side, n, x, y := &a.users, a.NumItems(), a.user, a.item
	if items {
		side, n, x, y = &a.items, a.NumUsers(), a.item, a.user
	}
	obs := map[int32]float64{}
	for j, id := range side.idx[r] {
		obs[id] = side.w[r][j]
	}
	xr := x(r)
	g := make([]float64, a.k)
	for j := int32(0); int(j) < n; j++ {
		w, target := a.w0, 0.0
		if wo, ok := obs[j]; ok {
			w, target = wo, 1
		}
		yj := y(j)
		e := w * (dot(xr, yj) - target)
		for f := range g {
			g[f] += 2 * e * yj[f]
		}
	}
	for f := range g {
		g[f] += 2 * a.cfg.Lambda * xr[f]
	}
	return g
}

func norm(v []float64) float64 { return math.Sqrt(dot(v, v)) }

func alsTestModel(t *testing.T) *ALS {
	rng := rand.New(rand.NewPCG(11, 12))
	var events []Event
	for u := 0; u < 30; u++ {
		for i := 0; i < 25; i++ {
			if rng.Float64() < 0.2 {
				events = append(events, Event{User: string(rune('A' + u)), Item: string(rune('a' + i)), Time: int64(len(events))})
			}
		}
	}
	d, err := NewDataset(events)
	if err != nil {
		t.Fatal(err)
	}
	cfg := DefaultConfig()
	cfg.K, cfg.C0, cfg.Lambda, cfg.InitStd, cfg.WNew = 6, 10, 0.1, 0.3, 3
	a, err := newALS(d, cfg)
	if err != nil {
		t.Fatal(err)
	}
	a.Epoch() // away from the initial state, but not converged
	return a
}

func TestALSSolveZeroesTheGradient(t *testing.T) {
	a := alsTestModel(t)
	for u := int32(0); u < 5; u++ {
		before := norm(alsGradient(a, false, u))
		gram(a.sq, a.q, a.k, nil, 1)
		a.solve(&a.work[0], false, u)
		after := norm(alsGradient(a, false, u))
		if !(after < 1e-9*math.Max(before, 1)) || !(before > 1e-6) {
			t.Errorf("user %d: gradient norm %.3g before the solve, %.3g after", u, before, after)
		}
	}
	gram(a.sp, a.p, a.k, nil, 1)
	for i := int32(0); i < 5; i++ {
		a.solve(&a.work[0], true, i)
		if g := norm(alsGradient(a, true, i)); !(g < 1e-9) {
			t.Errorf("item %d: gradient norm %.3g after the solve", i, g)
		}
	}
}

func TestALSUpdateSolvesWithTheNewWeightAndKeepsCaches(t *testing.T) {
	a := alsTestModel(t)
	u, i := int32(2), int32(0)
	for _, id := range a.users.idx[u] {
		if id == i {
			i++
		}
	}
	if err := a.Update(u, i); err != nil {
		t.Fatal(err)
	}
	// q_i was solved last, with w_ui = w_new among its observations.
	if g := norm(alsGradient(a, true, i)); !(g < 1e-9) {
		t.Errorf("item gradient after the update: %.3g", g)
	}
	found := false
	for j, id := range a.users.idx[u] {
		found = found || (id == i && a.users.w[u][j] == a.cfg.WNew)
	}
	if !found {
		t.Error("the update did not record (u, i) with weight w_new")
	}
	sp, sq := make([]float64, a.k*a.k), make([]float64, a.k*a.k)
	gram(sp, a.p, a.k, nil, 1)
	gram(sq, a.q, a.k, nil, 1)
	for j := range sp {
		if math.Abs(sp[j]-a.sp[j]) > 1e-10 || math.Abs(sq[j]-a.sq[j]) > 1e-10 {
			t.Fatalf("caches drifted at %d: PᵀP %v vs %v, QᵀQ %v vs %v", j, a.sp[j], sp[j], a.sq[j], sq[j])
		}
	}
}

func TestCholeskySolves(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, k := range []int{1, 2, 5, 16} {
		m := make([]float64, k*k)
		for j := range m {
			m[j] = rng.NormFloat64()
		}
		a := make([]float64, k*k) // MᵀM + I is positive definite
		for f := 0; f < k; f++ {
			for g := 0; g < k; g++ {
				for r := 0; r < k; r++ {
					a[f*k+g] += m[r*k+f] * m[r*k+g]
				}
			}
			a[f*k+f]++
		}
		x := make([]float64, k)
		for j := range x {
			x[j] = rng.NormFloat64()
		}
		b := make([]float64, k)
		for f := 0; f < k; f++ {
			b[f] = dot(a[f*k:f*k+k], x)
		}
		l := append([]float64(nil), a...)
		if !cholesky(l, k) {
			t.Fatalf("k=%d: a positive definite matrix was refused", k)
		}
		choleskySolve(l, k, b)
		for j := range x {
			if math.Abs(b[j]-x[j]) > 1e-9 {
				t.Fatalf("k=%d: x[%d] = %v, want %v", k, j, b[j], x[j])
			}
		}
	}
	// Singular and indefinite matrices are refused, not solved into noise.
	for _, a := range [][]float64{{1, 1, 1, 1}, {1, 2, 2, 1}, {0, 0, 0, 0}, {math.NaN(), 0, 0, 1}} {
		if cholesky(append([]float64(nil), a...), 2) {
			t.Errorf("%v was factored", a)
		}
	}
}

func TestBPRNegativesAreUniformOverUnseenItems(t *testing.T) {
	d, err := NewDataset([]Event{{"a", "0", 1}, {"a", "1", 2}, {"a", "3", 3}, {"b", "2", 4}, {"b", "4", 5}, {"b", "5", 6}})
	if err != nil {
		t.Fatal(err)
	}
	b, err := newBPR(d, DefaultBPRConfig())
	if err != nil {
		t.Fatal(err)
	}
	// User a has items 0, 1, 3 (ids 0, 1, 2); ids 3, 4, 5 are free.
	counts := make([]int, d.NumItems())
	const draws = 30000
	for range draws {
		j, ok := b.negative(0)
		if !ok {
			t.Fatal("no negative for a user with free items")
		}
		counts[j]++
	}
	for j, c := range counts {
		free := j >= 3
		if !free && c != 0 || free && math.Abs(float64(c)-draws/3) > 5*math.Sqrt(draws/3) {
			t.Errorf("item %d drawn %d times of %d", j, c, draws)
		}
	}
	full := b.AddUser()
	for i := int32(0); int(i) < d.NumItems(); i++ {
		b.Update(full, i)
	}
	if _, ok := b.negative(full); ok {
		t.Error("a negative for a user who has every item")
	}
}
