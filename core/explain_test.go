package core

import (
	"errors"
	"math"
	"testing"
)

func TestExplanationsAddUpToScores(t *testing.T) {
	m := trainedSmall(t, 19)
	u := m.AddUser()
	for _, i := range []int32{2, 5, 7} {
		if err := m.Update(u, i); err != nil {
			t.Fatal(err)
		}
	}
	all := make([]int32, m.NumItems())
	for j := range all {
		all[j] = int32(j)
	}
	exps, err := m.Explain(u, all)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range exps {
		sum := e.Remainder
		for _, c := range e.Contributions {
			sum += c.Amount
		}
		if e.Score != m.Score(u, e.Item) || !closeRel(sum, e.Score, 1e-10) {
			t.Fatalf("item %d: shares sum to %v, score %v (model %v)", e.Item, sum, e.Score, m.Score(u, e.Item))
		}
		if len(e.Contributions) != 3 {
			t.Fatalf("item %d has %d contributions, want one per click", e.Item, len(e.Contributions))
		}
		for n := 1; n < len(e.Contributions); n++ {
			if math.Abs(e.Contributions[n].Amount) > math.Abs(e.Contributions[n-1].Amount) {
				t.Fatalf("contributions not ordered by size: %+v", e.Contributions)
			}
		}
	}
}

// p* is where repeated sweeps of eq. (12) end up: with many online
// iterations of the user alone, the remainder vanishes.
func TestExplanationRemainderVanishesAtTheFixedPoint(t *testing.T) {
	m := trainedSmall(t, 20)
	u := m.AddUser()
	for _, i := range []int32{1, 3} {
		if err := m.Update(u, i); err != nil {
			t.Fatal(err)
		}
	}
	before, _ := m.Explain(u, []int32{4})
	s := &m.work
	for it := 0; it < 2000; it++ {
		m.solveUser(s, u, nil)
	}
	after, err := m.Explain(u, []int32{4})
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(after[0].Remainder) > 1e-9*math.Max(1, math.Abs(after[0].Score)) {
		t.Fatalf("remainder %v at the fixed point (was %v); score %v", after[0].Remainder, before[0].Remainder, after[0].Score)
	}
	// At p*, the dense reference's gradient in p_u is zero.
	ref := naiveOf(m)
	p := append([]float64(nil), ref.p[u]...)
	ref.updateUser(int(u))
	for f := range p {
		if !closeRel(p[f], ref.p[u][f], 1e-8) {
			t.Fatalf("p_u[%d] = %v moves to %v under the reference sweep: not a fixed point", f, p[f], ref.p[u][f])
		}
	}
}

func TestExplainEdgeCases(t *testing.T) {
	m := trainedSmall(t, 21)
	u := m.AddUser()
	exps, err := m.Explain(u, []int32{0, 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range exps {
		if len(e.Contributions) != 0 || e.Remainder != e.Score {
			t.Fatalf("a user with no history: %+v, want the whole score as remainder", e)
		}
	}
	if _, err := m.Explain(u, []int32{int32(m.NumItems())}); err == nil {
		t.Fatal("an unknown item was explained")
	}
	if _, err := m.Explain(-1, nil); err == nil {
		t.Fatal("an unknown user was explained")
	}
	// With λ = 0 and c0 = 0, A = Σ w q qᵀ over two clicks has rank 2 < K.
	d, err := FromInteractions([]string{"a", "b"}, []string{"x", "y", "z"},
		[]Interaction{{0, 0, 1}, {0, 1, 2}, {1, 2, 3}})
	if err != nil {
		t.Fatal(err)
	}
	cfg := smallConfig()
	cfg.Lambda, cfg.C0, cfg.Epochs = 0, 0, 1
	z, err := Train(d, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := z.Explain(0, []int32{2}); !errors.Is(err, errSingular) {
		t.Fatalf("rank-deficient system with λ = 0: %v", err)
	}
}
