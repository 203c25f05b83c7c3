package core

import (
	"container/heap"
	"slices"
)

// Ranked is an item and its score in a ranked list.
type Ranked struct {
	Item  int32
	Score float64
}

// before orders a ranked list: higher scores first, ties by smaller id, so
// that every ranking in the package is deterministic.
func before(a, b Ranked) bool {
	return a.Score > b.Score || (a.Score == b.Score && a.Item < b.Item)
}

// TopN returns the n best items by score, best first, leaving out the items
// in exclude.
func TopN(scores []float64, n int, exclude []int32) []Ranked {
	if n <= 0 {
		return nil
	}
	skip := sortedCopy(exclude)
	h := make(worstFirst, 0, n+1)
	for i, s := range scores {
		r := Ranked{Item: int32(i), Score: s}
		if len(h) == n && !before(r, h[0]) {
			continue
		}
		if isIn(skip, r.Item) {
			continue
		}
		heap.Push(&h, r)
		if len(h) > n {
			heap.Pop(&h)
		}
	}
	out := []Ranked(h)
	slices.SortFunc(out, func(a, b Ranked) int {
		if before(a, b) {
			return -1
		}
		return 1
	})
	return out
}

// Rank returns the 0-based position target would take in the full ranking
// of scores, ignoring the items in exclude: the number of other items ranked
// before it.
func Rank(scores []float64, target int32, exclude []int32) int {
	t := Ranked{Item: target, Score: scores[target]}
	skip := sortedCopy(exclude)
	rank := 0
	for i, s := range scores {
		if before(Ranked{Item: int32(i), Score: s}, t) && !isIn(skip, int32(i)) {
			rank++
		}
	}
	return rank
}

func sortedCopy(ids []int32) []int32 {
	if len(ids) == 0 {
		return nil
	}
	s := slices.Clone(ids)
	slices.Sort(s)
	return s
}

func isIn(sorted []int32, id int32) bool {
	_, found := slices.BinarySearch(sorted, id)
	return found
}

// worstFirst is a heap of ranked items whose root is the worst.
type worstFirst []Ranked

func (h worstFirst) Len() int           { return len(h) }
func (h worstFirst) Less(a, b int) bool { return before(h[b], h[a]) }
func (h worstFirst) Swap(a, b int)      { h[a], h[b] = h[b], h[a] }
func (h *worstFirst) Push(x any)        { *h = append(*h, x.(Ranked)) }
func (h *worstFirst) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

// Recommend returns user u's top n items by p_u·q_i, best first. With
// excludeSeen, items the model has observed for u are left out; the paper
// keeps them, which is the default elsewhere in this package.
func (m *Model) Recommend(u int32, n int, excludeSeen bool) ([]Ranked, error) {
	if err := m.checkUser(u); err != nil {
		return nil, err
	}
	var exclude []int32
	if excludeSeen {
		exclude = m.users.idx[u]
	}
	return TopN(m.Scores(u, nil), n, exclude), nil
}
