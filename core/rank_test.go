package core

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// sortReference ranks every item by a full sort.
func sortReference(scores []float64, exclude []int32) []Ranked {
	var all []Ranked
	for i, s := range scores {
		if !slices.Contains(exclude, int32(i)) {
			all = append(all, Ranked{Item: int32(i), Score: s})
		}
	}
	slices.SortFunc(all, func(a, b Ranked) int {
		switch {
		case a.Score > b.Score:
			return -1
		case a.Score < b.Score:
			return 1
		}
		return int(a.Item - b.Item)
	})
	return all
}

func TestTopNAndRankMatchFullSort(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := 0; trial < 200; trial++ {
		n := 1 + rng.IntN(60)
		scores := make([]float64, n)
		for i := range scores {
			scores[i] = float64(rng.IntN(8)) // many ties
		}
		var exclude []int32
		for i := 0; i < n; i++ {
			if rng.IntN(5) == 0 {
				exclude = append(exclude, int32(i))
			}
		}
		ref := sortReference(scores, exclude)
		top := 1 + rng.IntN(n+3)
		got := TopN(scores, top, exclude)
		want := ref[:min(top, len(ref))]
		if !slices.Equal(got, want) {
			t.Fatalf("TopN(%v, %d, %v) = %v, want %v", scores, top, exclude, got, want)
		}
		for pos, r := range ref {
			if rank := Rank(scores, r.Item, exclude); rank != pos {
				t.Fatalf("Rank of item %d = %d, full sort puts it at %d", r.Item, rank, pos)
			}
		}
	}
	if TopN([]float64{1, 2}, 0, nil) != nil {
		t.Fatal("TopN with n = 0 returned items")
	}
}

func TestRecommendExcludesSeenOnlyWhenAsked(t *testing.T) {
	m := trainedSmall(t, 17)
	seen, _ := m.UserItems(1)
	all, err := m.Recommend(1, m.NumItems(), false)
	if err != nil {
		t.Fatal(err)
	}
	fresh, _ := m.Recommend(1, m.NumItems(), true)
	if len(all) != m.NumItems() || len(fresh) != m.NumItems()-len(seen) {
		t.Fatalf("%d and %d items; want %d and %d", len(all), len(fresh), m.NumItems(), m.NumItems()-len(seen))
	}
	for _, r := range fresh {
		if slices.Contains(seen, r.Item) {
			t.Fatalf("seen item %d recommended with excludeSeen", r.Item)
		}
		if r.Score != m.Score(1, r.Item) {
			t.Fatalf("score %v, model says %v", r.Score, m.Score(1, r.Item))
		}
	}
	if _, err := m.Recommend(int32(m.NumUsers()), 5, false); err == nil {
		t.Fatal("unknown user accepted")
	}
}
