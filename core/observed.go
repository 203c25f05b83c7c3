package core

import "slices"

// observed is the model's own record of observed entries, one row per user
// (or item) listing its partners and the weight w_ui of each observation.
// Rows start as windows onto one array the model owns (a copy of the data
// set's index, which a Remove must not reach), so training reads them
// contiguously, and each is capped so that an online append copies only that
// row.
type observed struct {
	idx [][]int32
	w   [][]float64
}

func newObserved(r rows, weight float64) observed {
	n := len(r.ptr) - 1
	o := observed{idx: make([][]int32, n), w: make([][]float64, n)}
	idx := slices.Clone(r.idx)
	ws := make([]float64, len(r.idx))
	for k := range ws {
		ws[k] = weight
	}
	for row := 0; row < n; row++ {
		a, b := r.ptr[row], r.ptr[row+1]
		o.idx[row] = idx[a:b:b]
		o.w[row] = ws[a:b:b]
	}
	return o
}

func (o *observed) addRow() {
	o.idx = append(o.idx, nil)
	o.w = append(o.w, nil)
}

// set records col in row with weight w, or reweights it if already there.
// It returns the entry's position in the row and whether it was new (and so
// appended at the end).
func (o *observed) set(row, col int32, w float64) (pos int, added bool) {
	for k, c := range o.idx[row] {
		if c == col {
			o.w[row][k] = w
			return k, false
		}
	}
	o.idx[row] = append(o.idx[row], col)
	o.w[row] = append(o.w[row], w)
	return len(o.idx[row]) - 1, true
}

// remove deletes col from row, shifting the rest of the row down by one, and
// returns the position it had and whether it was there.
func (o *observed) remove(row, col int32) (pos int, ok bool) {
	k := slices.Index(o.idx[row], col)
	if k < 0 {
		return -1, false
	}
	o.idx[row] = slices.Delete(o.idx[row], k, k+1)
	o.w[row] = slices.Delete(o.w[row], k, k+1)
	return k, true
}

func (o *observed) nnz() int {
	n := 0
	for _, r := range o.idx {
		n += len(r)
	}
	return n
}

func (o observed) clone() observed {
	return observed{idx: cloneRows(o.idx), w: cloneRows(o.w)}
}

// cloneRows copies every row into one new array, each row capped so that an
// append to it copies only that row.
func cloneRows[T any](rows [][]T) [][]T {
	n := 0
	for _, r := range rows {
		n += len(r)
	}
	all := make([]T, 0, n)
	out := make([][]T, len(rows))
	for k, r := range rows {
		a := len(all)
		all = append(all, r...)
		out[k] = all[a:len(all):len(all)]
	}
	return out
}
