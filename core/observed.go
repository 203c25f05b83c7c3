package core

import "slices"

// observed is the model's own record of observed entries, one row per user
// (or item) listing its partners and the weight w_ui of each observation.
// Rows start as windows onto one shared array, so training reads them
// contiguously, and each is capped so that an online append copies only that
// row.
type observed struct {
	idx [][]int32
	w   [][]float64
}

func newObserved(r rows, weight float64) observed {
	n := len(r.ptr) - 1
	o := observed{idx: make([][]int32, n), w: make([][]float64, n)}
	ws := make([]float64, len(r.idx))
	for k := range ws {
		ws[k] = weight
	}
	for row := 0; row < n; row++ {
		a, b := r.ptr[row], r.ptr[row+1]
		o.idx[row] = r.idx[a:b:b]
		o.w[row] = ws[a:b:b]
	}
	return o
}

func (o *observed) addRow() {
	o.idx = append(o.idx, nil)
	o.w = append(o.w, nil)
}

// set records col in row with weight w, or reweights it if already there.
// It reports whether the entry was new.
func (o *observed) set(row, col int32, w float64) bool {
	for k, c := range o.idx[row] {
		if c == col {
			o.w[row][k] = w
			return false
		}
	}
	o.idx[row] = append(o.idx[row], col)
	o.w[row] = append(o.w[row], w)
	return true
}

// remove deletes col from row, keeping the order of the rest, and reports
// whether it was there.
func (o *observed) remove(row, col int32) bool {
	for k, c := range o.idx[row] {
		if c == col {
			o.idx[row] = slices.Delete(o.idx[row], k, k+1)
			o.w[row] = slices.Delete(o.w[row], k, k+1)
			return true
		}
	}
	return false
}

func (o *observed) nnz() int {
	n := 0
	for _, r := range o.idx {
		n += len(r)
	}
	return n
}

func (o observed) clone() observed {
	c := observed{idx: make([][]int32, len(o.idx)), w: make([][]float64, len(o.w))}
	for r := range o.idx {
		c.idx[r] = slices.Clip(slices.Clone(o.idx[r]))
		c.w[r] = slices.Clip(slices.Clone(o.w[r]))
	}
	return c
}
