package core

import "math"

// Cost is K² + (|R_u|+|R_i|)K for the update t traced: the paper's
// O(K² + (|R_u|+|R_i|)K) with every constant set to one (section 4.4), so
// that it can be shown with the sizes it depends on and beside a measured
// time.
func (t *UpdateTrace) Cost() int {
	return t.K*t.K + (t.UserHistory+t.ItemHistory)*t.K
}

// LargestSteps returns the n steps that changed their factor most, in the
// order of steps (factor order, as an update traces them): the coordinates
// where an update did most of its work. Ties go to the earlier step.
func LargestSteps(steps []FactorStep, n int) []FactorStep {
	n = min(max(n, 0), len(steps))
	// n is a handful: picking the largest n times beats sorting, and needs
	// no generic sort in the WebAssembly binary.
	chosen := make([]bool, len(steps))
	for range n {
		best := -1
		for k, s := range steps {
			if !chosen[k] && (best < 0 || math.Abs(s.New-s.Old) > math.Abs(steps[best].New-steps[best].Old)) {
				best = k
			}
		}
		chosen[best] = true
	}
	out := make([]FactorStep, 0, n)
	for k, s := range steps {
		if chosen[k] {
			out = append(out, s)
		}
	}
	return out
}
