package core

import (
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"testing"
)

// sameScores is a recommender whose every user scores items alike.
type sameScores []float64

func (f sameScores) NumItems() int { return len(f) }
func (f sameScores) Scores(_ int32, dst []float64) []float64 {
	return append(dst[:0], f...)
}

// bruteCompare is CompareTop by the definitions, written apart from it:
// each model's whole ranking by sorting every item, each list its first n
// not excluded, Kendall's tau from every item's position in the two whole
// rankings, and the gap by scoring the union's items one by one.
func bruteCompare(a, b Recommender, u int32, n int, exclude []int32) (listA, listB []int32, overlap int, tau, gap float64) {
	ranking := func(r Recommender) (order []int32, pos map[int32]int, scores []float64) {
		scores = r.Scores(u, nil)
		for i := range scores {
			order = append(order, int32(i))
		}
		sort.SliceStable(order, func(x, y int) bool {
			i, j := order[x], order[y]
			if scores[i] != scores[j] {
				return scores[i] > scores[j]
			}
			return i < j
		})
		pos = map[int32]int{}
		for k, i := range order {
			pos[i] = k
		}
		return order, pos, scores
	}
	top := func(order []int32) []int32 {
		var out []int32
		for _, i := range order {
			if len(out) < n && !slices.Contains(exclude, i) {
				out = append(out, i)
			}
		}
		return out
	}
	orderA, posA, sa := ranking(a)
	orderB, posB, sb := ranking(b)
	listA, listB = top(orderA), top(orderB)
	union := slices.Clone(listA)
	for _, i := range listB {
		if slices.Contains(listA, i) {
			overlap++
		} else {
			union = append(union, i)
		}
	}
	if len(union) < 2 {
		tau = 1
	} else {
		sum := 0.0
		for x := range union {
			for y := range union {
				if x < y {
					da := posA[union[x]] - posA[union[y]]
					db := posB[union[x]] - posB[union[y]]
					sum += float64(sign(da) * sign(db))
				}
			}
		}
		tau = sum / float64(len(union)*(len(union)-1)/2)
	}
	for _, i := range union {
		gap = math.Max(gap, math.Abs(sa[i]-sb[i]))
	}
	return listA, listB, overlap, tau, gap
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

func rankedItems(l []Ranked) []int32 {
	out := make([]int32, len(l))
	for k, r := range l {
		out[k] = r.Item
	}
	return out
}

// CompareTop equals the brute-force reference on trained models (a visitor
// learnt online against a retrain with the visitor's row) and on scores
// full of ties, for several lengths and exclusions.
func TestCompareTopEqualsBruteForce(t *testing.T) {
	d := randomDataset(t, 30, 25, 0.3, 21)
	clicks := []int32{4, 11, 2}
	online, u := onlineModel(t, d, smallConfig(), 1, 4, clicks)
	withYou, _, err := d.WithUser("you", clicks)
	if err != nil {
		t.Fatal(err)
	}
	retrained, err := Train(withYou, smallConfig(), nil)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	tied := func(levels int) sameScores {
		f := make(sameScores, 25)
		for i := range f {
			f[i] = float64(rng.IntN(levels))
		}
		return f
	}
	asc := make(sameScores, 25)
	for i := range asc {
		asc[i] = float64(i)
	}
	desc := make(sameScores, 25)
	for i := range desc {
		desc[i] = float64(-i)
	}
	for _, tc := range []struct {
		name    string
		a, b    Recommender
		u       int32
		n       int
		exclude []int32
	}{
		{"online against retrained", online, retrained, u, 10, clicks},
		{"online against retrained, short lists", online, retrained, u, 3, clicks},
		{"online against retrained, every item", online, retrained, u, 25, nil},
		{"a trained user", online, retrained, 5, 8, d.UserItems(5)},
		{"a model against itself", online, online, u, 10, clicks},
		{"ties", tied(3), tied(4), 0, 6, []int32{1}},
		{"many ties", tied(2), tied(2), 0, 12, nil},
		{"reversed", asc, desc, 0, 5, nil},
		{"one item", asc, desc, 0, 1, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := CompareTop(tc.a, tc.b, tc.u, tc.n, tc.exclude)
			if err != nil {
				t.Fatal(err)
			}
			la, lb, overlap, tau, gap := bruteCompare(tc.a, tc.b, tc.u, tc.n, tc.exclude)
			if !slices.Equal(rankedItems(got.A), la) || !slices.Equal(rankedItems(got.B), lb) {
				t.Errorf("lists %v and %v, want %v and %v", rankedItems(got.A), rankedItems(got.B), la, lb)
			}
			if got.Overlap != overlap || got.Tau != tau || got.Gap != gap {
				t.Errorf("overlap %d, tau %v, gap %v; want %d, %v, %v", got.Overlap, got.Tau, got.Gap, overlap, tau, gap)
			}
			sa, sb := tc.a.Scores(tc.u, nil), tc.b.Scores(tc.u, nil)
			if got.GapItem < 0 || math.Abs(sa[got.GapItem]-sb[got.GapItem]) != got.Gap {
				t.Errorf("the gap's item %d does not have the gap", got.GapItem)
			}
			// Leaving out the user's own items is what Recommend does with
			// excludeSeen, as the page's list does.
			if m, ok := tc.a.(*Model); ok && tc.n < m.NumItems() {
				seen, _ := m.UserItems(tc.u)
				if r, _ := m.Recommend(tc.u, tc.n, true); slices.Equal(sortedCopy(tc.exclude), sortedCopy(seen)) && !slices.Equal(r, got.A) {
					t.Errorf("list A %v differs from Recommend's %v", got.A, r)
				}
			}
		})
	}
}

func TestCompareTopAtTheEnds(t *testing.T) {
	asc := sameScores{0, 1, 2, 3}
	desc := sameScores{3, 2, 1, 0}
	c, err := CompareTop(asc, desc, 0, 4, nil)
	if err != nil {
		t.Fatal(err)
	}
	if c.Tau != -1 || c.Overlap != 4 || c.Gap != 3 {
		t.Errorf("reversed lists: %+v", c)
	}
	c, err = CompareTop(asc, asc, 0, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	if c.Tau != 1 || c.Overlap != 2 || c.Gap != 0 || c.GapItem != 3 {
		t.Errorf("a list against itself: %+v", c)
	}
	c, err = CompareTop(asc, desc, 0, 2, []int32{0, 1, 2, 3})
	if err != nil {
		t.Fatal(err)
	}
	if len(c.A) != 0 || c.Tau != 1 || c.GapItem != -1 {
		t.Errorf("every item left out: %+v", c)
	}
	d := randomDataset(t, 5, 4, 0.5, 1)
	m, err := Train(d, smallConfig(), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name    string
		a, b    Recommender
		u       int32
		n       int
		exclude []int32
	}{
		{"no second model", asc, nil, 0, 2, nil},
		{"no items asked for", asc, desc, 0, 0, nil},
		{"different items", asc, sameScores{1, 2}, 0, 2, nil},
		{"a user the model lacks", m, asc, 5, 2, nil},
		{"a negative user", asc, desc, -1, 2, nil},
		{"an item left out that is not there", asc, desc, 0, 2, []int32{4}},
	} {
		if _, err := CompareTop(tc.a, tc.b, tc.u, tc.n, tc.exclude); err == nil {
			t.Errorf("%s: no error", tc.name)
		}
	}
}
