package eval

import "math"

// z95 is the standard normal quantile of 0.975: ±z95 standard errors hold
// 95% of a normal distribution.
const z95 = 1.959963984540054

// HRDifference returns a's hit ratio minus b's, and the half-width of an
// approximate 95% interval around that difference (normal approximation),
// so that a page can say whether two models differ or tie on a test set.
// It treats the two hit ratios as independent proportions over their
// Count test cases. Two models judged on the same test users are
// positively correlated, which this ignores, so the margin is on the wide
// side: a difference outside it is real, one inside it is not evidence
// either way. With no test cases on either side the margin is +Inf.
func HRDifference(a, b Metrics) (diff, margin float64) {
	diff = a.HR - b.HR
	if a.Count == 0 || b.Count == 0 {
		return diff, math.Inf(1)
	}
	variance := a.HR*(1-a.HR)/float64(a.Count) + b.HR*(1-b.HR)/float64(b.Count)
	return diff, z95 * math.Sqrt(variance)
}
