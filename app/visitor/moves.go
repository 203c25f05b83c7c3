package visitor

import (
	"fmt"
	"strings"
)

// Move says how a business's place in the ranked list changed since the
// list before.
type Move struct {
	New bool // not in the previous list
	By  int  // places gained (> 0) or lost (< 0)
}

// Moves compares two ranked lists of ids, best first. With no previous
// list nothing is marked as new: there is nothing to compare with.
func Moves(prev, cur []int32) []Move {
	out := make([]Move, len(cur))
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

// ListChange says in words how your list changed from prev to cur, best
// first: how many businesses are new and the biggest move up.
func ListChange(prev, cur []int32, name func(int32) string) string {
	if len(cur) == 0 {
		return "Your list is empty."
	}
	if prev == nil {
		return fmt.Sprintf("Your list starts with %s.", name(cur[0]))
	}
	fresh, best, by := 0, int32(-1), 0
	for r, m := range Moves(prev, cur) {
		switch {
		case m.New:
			fresh++
		case m.By > by:
			best, by = cur[r], m.By
		}
	}
	var parts []string
	if fresh > 0 {
		parts = append(parts, fmt.Sprintf("%d new", fresh))
	}
	if best >= 0 {
		parts = append(parts, fmt.Sprintf("%s up %d", name(best), by))
	}
	if len(parts) == 0 {
		return "Your list did not change."
	}
	return "Your list: " + strings.Join(parts, ", ") + "."
}
