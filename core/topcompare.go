package core

import (
	"errors"
	"fmt"
	"math"
)

// TopComparison is how two models' top n lists for one user differ: an
// incremental model's against a retrained one's, say. The union is the
// items of A followed by those of B that A lacks.
type TopComparison struct {
	N    int
	A, B []Ranked // each model's top n, best first
	// Overlap is the number of items in both lists.
	Overlap int
	// Tau is Kendall's rank correlation between the two models' orders of
	// the union, each model ordering it by its own scores (ties by the
	// smaller id, as lists are): (concordant − discordant pairs) over all
	// pairs. Both orders are strict, so tau-a and tau-b agree. An item
	// missing from a list still has its place in that model's order,
	// below every item the list holds. 1 with fewer than two items.
	Tau float64
	// Gap is the largest |score_A(i) − score_B(i)| over the union, each
	// model scoring the item, and GapItem its item (-1 for an empty union).
	Gap     float64
	GapItem int32
	// Lists says where each item of A stands in B and back.
	Lists ListComparison
}

// userCounter is a Recommender that knows its number of users.
type userCounter interface{ NumUsers() int }

// CompareTop compares the top n items of a and b for user u (the same row
// in both: a retrain's WithUser gives the id AddUser gives), leaving out
// the items in exclude, as a visitor's list leaves out their likes.
func CompareTop(a, b Recommender, u int32, n int, exclude []int32) (TopComparison, error) {
	if a == nil || b == nil {
		return TopComparison{}, errors.New("core: comparing lists needs two models")
	}
	if n < 1 {
		return TopComparison{}, fmt.Errorf("core: lists of %d items: want at least 1", n)
	}
	if a.NumItems() != b.NumItems() {
		return TopComparison{}, fmt.Errorf("core: the models rank %d and %d items: they must rank the same ones", a.NumItems(), b.NumItems())
	}
	for _, r := range []Recommender{a, b} {
		if uc, ok := r.(userCounter); ok {
			if err := checkID("user", u, uc.NumUsers()); err != nil {
				return TopComparison{}, err
			}
		} else if u < 0 {
			return TopComparison{}, fmt.Errorf("core: user id %d is negative", u)
		}
	}
	for _, i := range exclude {
		if err := checkID("item", i, a.NumItems()); err != nil {
			return TopComparison{}, err
		}
	}
	sa, sb := a.Scores(u, nil), b.Scores(u, nil)
	c := TopComparison{N: n, A: TopN(sa, n, exclude), B: TopN(sb, n, exclude), GapItem: -1}
	c.Lists = CompareLists(c.A, c.B)
	c.Overlap = c.Lists.Overlap
	union := make([]int32, 0, len(c.A)+len(c.B))
	for _, r := range c.A {
		union = append(union, r.Item)
	}
	for k, r := range c.B {
		if c.Lists.RankInA[k] < 0 {
			union = append(union, r.Item)
		}
	}
	for _, i := range union {
		if g := math.Abs(sa[i] - sb[i]); c.GapItem < 0 || g > c.Gap {
			c.Gap, c.GapItem = g, i
		}
	}
	c.Tau = kendallTau(union, sa, sb)
	return c, nil
}

// kendallTau is Kendall's tau between the orders sa and sb give items,
// each a strict order (ties by the smaller id); 1 for fewer than two.
func kendallTau(items []int32, sa, sb []float64) float64 {
	if len(items) < 2 {
		return 1
	}
	agree := 0
	for x, i := range items {
		for _, j := range items[x+1:] {
			inA := before(Ranked{i, sa[i]}, Ranked{j, sa[j]})
			inB := before(Ranked{i, sb[i]}, Ranked{j, sb[j]})
			if inA == inB {
				agree++
			} else {
				agree--
			}
		}
	}
	pairs := len(items) * (len(items) - 1) / 2
	return float64(agree) / float64(pairs)
}
