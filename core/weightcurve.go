package core

import "slices"

// WeightPoint is the missing-data weight shared by every item with the
// same popularity.
type WeightPoint struct {
	Count  int     // training interactions of each of these items
	Items  int     // how many items have that count
	Weight float64 // c_i of each of them
}

// WeightCurve is c_i as a function of popularity, for one c0 and α.
type WeightCurve struct {
	Points  []WeightPoint // one per distinct count, least popular first
	Uniform float64       // c0/N, every item's weight when α = 0
}

// WeightsByPopularity returns the weights itemWeights gives items with the
// given counts, one point per distinct count: c_i depends on nothing but
// item i's count, so the curve is exact and has far fewer points than
// there are items, which keeps a plot of it cheap to redraw.
func WeightsByPopularity(counts []int, c0, alpha float64) WeightCurve {
	if len(counts) == 0 {
		return WeightCurve{}
	}
	w := itemWeights(counts, c0, alpha)
	first := map[int]int{} // count -> an item with that count
	items := map[int]int{}
	for i, n := range counts {
		if _, ok := first[n]; !ok {
			first[n] = i
		}
		items[n]++
	}
	// Sorting the counts rather than the points keeps one more generic
	// sort out of the WebAssembly binary.
	distinct := make([]int, 0, len(first))
	for n := range first {
		distinct = append(distinct, n)
	}
	slices.Sort(distinct)
	pts := make([]WeightPoint, len(distinct))
	for k, n := range distinct {
		pts[k] = WeightPoint{Count: n, Items: items[n], Weight: w[first[n]]}
	}
	return WeightCurve{Points: pts, Uniform: c0 / float64(len(counts))}
}
