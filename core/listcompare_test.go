package core

import (
	"slices"
	"testing"
)

func TestCompareLists(t *testing.T) {
	list := func(items ...int32) []Ranked {
		out := make([]Ranked, len(items))
		for k, i := range items {
			out[k] = Ranked{Item: i, Score: float64(-k)}
		}
		return out
	}
	c := CompareLists(list(5, 3, 9, 1), list(3, 7, 5, 2))
	if c.Overlap != 2 || !slices.Equal(c.RankInB, []int{2, 0, -1, -1}) || !slices.Equal(c.RankInA, []int{1, -1, 0, -1}) {
		t.Errorf("got %+v", c)
	}
	if c := CompareLists(nil, list(1)); c.Overlap != 0 || len(c.RankInB) != 0 || !slices.Equal(c.RankInA, []int{-1}) {
		t.Errorf("empty first list: %+v", c)
	}
	// Against itself: every item in place.
	a := list(4, 2, 8)
	c = CompareLists(a, a)
	if c.Overlap != 3 || !slices.Equal(c.RankInB, []int{0, 1, 2}) {
		t.Errorf("a list against itself: %+v", c)
	}
}
