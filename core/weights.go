package core

// itemWeights returns the missing-data weight of every item,
// c_i = c0 f_i^α / Σ_j f_j^α, where f_i is item i's share of the counts
// (section 4.1 of the paper). With α = 0 every item, seen or not, gets the
// uniform weight c0/N of Hu et al.; with α > 0 an item never seen gets 0.
func itemWeights(counts []int, c0, alpha float64) []float64 {
	total := 0
	for _, n := range counts {
		total += n
	}
	w := make([]float64, len(counts))
	if len(counts) == 0 {
		return w
	}
	if total == 0 {
		// No popularity to go by: every item is equally (un)popular.
		for i := range w {
			w[i] = c0 / float64(len(w))
		}
		return w
	}
	z := 0.0
	for i, n := range counts {
		w[i] = powShare(float64(n)/float64(total), alpha)
		z += w[i]
	}
	for i := range w {
		w[i] *= c0 / z
	}
	return w
}
