package core

import (
	"fmt"
	"math"
)

// ItemSimilarity is a model whose items have vectors, which can say which
// items are most alike: *Model, *ALS, *BPR, *RCD and *CG.
type ItemSimilarity interface {
	Similar(item int32, n int) ([]Ranked, error)
}

var (
	_ ItemSimilarity = (*Model)(nil)
	_ ItemSimilarity = (*ALS)(nil)
	_ ItemSimilarity = (*BPR)(nil)
	_ ItemSimilarity = (*RCD)(nil)
	_ ItemSimilarity = (*CG)(nil)
)

// Similar returns the n items whose vectors have the highest cosine with
// item's, best first, ties by the smaller id, the item itself left out;
// each Ranked's Score is the cosine. A zero vector (an item no one has
// interacted with, in a model that starts items at zero) has cosine 0
// with every item.
func (f *factors) Similar(item int32, n int) ([]Ranked, error) { return similar(f.q, f.k, item, n) }

// Similar is Model.Similar for Hu et al.'s ALS.
func (a *ALS) Similar(item int32, n int) ([]Ranked, error) { return similar(a.q, a.k, item, n) }

// Similar is Model.Similar for BPR.
func (b *BPR) Similar(item int32, n int) ([]Ranked, error) { return similar(b.q, b.k, item, n) }

// similar ranks the rows of q (row-major, k a row) by their cosine with
// row item's. The dot products are dotLoop's, whose bits are the same in
// every build, so that the page and the command line list the same items.
func similar(q []float64, k int, item int32, n int) ([]Ranked, error) {
	items := len(q) / k
	if err := checkID("item", item, items); err != nil {
		return nil, err
	}
	if n < 1 {
		return nil, fmt.Errorf("core: n = %d; want at least 1 similar item", n)
	}
	row := func(i int) []float64 { return q[i*k : i*k+k] }
	x := row(int(item))
	nx := math.Sqrt(dotLoop(x, x))
	cos := make([]float64, items)
	for i := range cos {
		y := row(i)
		ny := math.Sqrt(dotLoop(y, y))
		if nx == 0 || ny == 0 {
			continue
		}
		// Rounding may take |cos| a hair past 1.
		cos[i] = max(-1, min(1, dotLoop(x, y)/(nx*ny)))
	}
	return TopN(cos, n, []int32{item}), nil
}
