package core

// ListComparison says how two ranked lists of the same length differ:
// which items both hold, and where each item of the first stands in the
// second.
type ListComparison struct {
	Overlap int   // items in both lists
	RankInB []int // for each item of a, its 0-based rank in b, or -1
	RankInA []int // for each item of b, its 0-based rank in a, or -1
}

// CompareLists compares the ranked lists a and b, for instance the top
// items of two models for the same user.
func CompareLists(a, b []Ranked) ListComparison {
	at := func(l []Ranked) map[int32]int {
		m := make(map[int32]int, len(l))
		for k, r := range l {
			m[r.Item] = k
		}
		return m
	}
	inA, inB := at(a), at(b)
	c := ListComparison{RankInB: make([]int, len(a)), RankInA: make([]int, len(b))}
	for k, r := range a {
		c.RankInB[k] = -1
		if j, ok := inB[r.Item]; ok {
			c.RankInB[k] = j
			c.Overlap++
		}
	}
	for k, r := range b {
		c.RankInA[k] = -1
		if j, ok := inA[r.Item]; ok {
			c.RankInA[k] = j
		}
	}
	return c
}
