package core

import (
	"slices"
	"testing"
)

func TestExplanationTop(t *testing.T) {
	m := trainedSmall(t, 33)
	u := m.AddUser()
	for _, i := range []int32{2, 5, 7, 8, 0} {
		if err := m.Update(u, i); err != nil {
			t.Fatal(err)
		}
	}
	exps, err := m.Explain(u, []int32{1, 3, 4, 9})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range exps {
		for _, n := range []int{-2, 0, 3, 5, 9} {
			top, rest := e.Top(n)
			want := min(max(n, 0), len(e.Contributions))
			if len(top) != want || !slices.Equal(top, e.Contributions[:want]) {
				t.Errorf("item %d, n=%d: top %+v, want the first %d of %+v", e.Item, n, top, want, e.Contributions)
			}
			sum := rest + e.Remainder
			for _, c := range top {
				sum += c.Amount
			}
			if !closeRel(sum, e.Score, 1e-12) {
				t.Errorf("item %d, n=%d: top + rest + remainder = %v, score %v", e.Item, n, sum, e.Score)
			}
			if want == len(e.Contributions) && rest != 0 {
				t.Errorf("item %d, n=%d: rest %v with nothing left out", e.Item, n, rest)
			}
		}
	}
}
