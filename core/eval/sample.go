package eval

import "github.com/ealslive/ealslive/core"

// EvenSample returns n of the cases spread evenly over the list, keeping
// their order, or all of them if there are no more than n. Leave-one-out
// test cases are ordered by user, so the sample spreads over users; the
// page uses it to follow hold-out accuracy per epoch at a fraction of the
// cost of a full evaluation.
func EvenSample(cases []core.Interaction, n int) []core.Interaction {
	if n <= 0 {
		return nil
	}
	if len(cases) <= n {
		return append([]core.Interaction(nil), cases...)
	}
	out := make([]core.Interaction, n)
	for k := range out {
		// Integer arithmetic: the k-th of n equal strides, without
		// rounding drift.
		out[k] = cases[k*len(cases)/n]
	}
	return out
}
