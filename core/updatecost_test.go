package core

import (
	"math"
	"slices"
	"testing"
)

func TestUpdateTraceCost(t *testing.T) {
	m := trainedSmall(t, 31)
	u := m.AddUser()
	for n, i := range []int32{4, 1, 6} {
		before, _ := m.ItemUsers(i)
		tr, err := m.UpdateTraced(u, i)
		if err != nil {
			t.Fatal(err)
		}
		ru, ri, k := n+1, len(before)+1, m.K()
		if tr.UserHistory != ru || tr.ItemHistory != ri || tr.K != k {
			t.Fatalf("trace sizes |R_u|=%d |R_i|=%d K=%d, want %d %d %d", tr.UserHistory, tr.ItemHistory, tr.K, ru, ri, k)
		}
		// K² for the cache terms, K per observed neighbour of u and of i.
		if got, want := tr.Cost(), k*k+(ru+ri)*k; got != want {
			t.Errorf("update %d: cost %d, want %d", n+1, got, want)
		}
	}
}

func TestLargestSteps(t *testing.T) {
	m := trainedSmall(t, 32)
	u := m.AddUser()
	tr, err := m.UpdateTraced(u, 3)
	if err != nil {
		t.Fatal(err)
	}
	steps := tr.UserSteps
	orig := slices.Clone(steps)
	moved := func(s FactorStep) float64 { return math.Abs(s.New - s.Old) }
	for _, n := range []int{-1, 0, 1, 3, len(steps), len(steps) + 4} {
		got := LargestSteps(steps, n)
		want := min(max(n, 0), len(steps))
		if len(got) != want {
			t.Fatalf("n=%d: %d steps, want %d", n, len(got), want)
		}
		for k := 1; k < len(got); k++ {
			if got[k].Factor <= got[k-1].Factor {
				t.Errorf("n=%d: not in factor order: %+v", n, got)
			}
		}
		// Every step left out moved no more than every step kept.
		for _, s := range steps {
			if slices.Contains(got, s) {
				continue
			}
			for _, g := range got {
				if moved(s) > moved(g) {
					t.Errorf("n=%d: factor %d (moved %g) left out for factor %d (moved %g)", n, s.Factor, moved(s), g.Factor, moved(g))
				}
			}
		}
	}
	if !slices.Equal(steps, orig) {
		t.Error("LargestSteps reordered its input")
	}
}
