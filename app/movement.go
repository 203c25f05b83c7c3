package app

// move says how a business's place in the ranked list changed since the
// list before.
type move struct {
	New bool // not in the previous list
	By  int  // places gained (> 0) or lost (< 0)
}

// moves compares two ranked lists of ids, best first. With no previous list
// nothing is marked as new: there is nothing to compare with.
func moves(prev, cur []int32) []move {
	out := make([]move, len(cur))
	if prev == nil {
		return out
	}
	was := make(map[int32]int, len(prev))
	for r, id := range prev {
		was[id] = r
	}
	for r, id := range cur {
		if p, ok := was[id]; ok {
			out[r].By = p - r
		} else {
			out[r].New = true
		}
	}
	return out
}
