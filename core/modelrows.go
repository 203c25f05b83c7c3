package core

import (
	"slices"
)

// linkModelRows checks that a loaded model's item rows are exactly the
// transpose of its user rows, gives each item entry the weight of the same
// pair in its user's row, and builds the prediction cache from the stored
// predictions (item-major, parallel to the item rows) with its cross index.
// It costs O(|R| log d) for rows of at most d entries, whatever their order.
func linkModelRows(users, items *observed, pred [][]float64) (predictions, error) {
	c := predictions{r: pred, upos: make([][]int32, len(users.idx)), ipos: make([][]int32, len(items.idx))}
	total := 0
	for i, us := range items.idx {
		total += len(us)
		items.w[i] = make([]float64, len(us))
		c.ipos[i] = make([]int32, len(us))
		for n := range c.ipos[i] {
			c.ipos[i][n] = -1
		}
	}
	if n := users.nnz(); n != total {
		return predictions{}, invalidModel("has %d entries by user but %d by item", n, total)
	}
	// Item rows are usually in user order (training builds them so, and
	// online updates append the newest user); others are searched through
	// a sorted copy.
	sorted := make([][]int32, len(items.idx)) // per item: positions in user order, for unsorted rows
	inOrder := make([]int8, len(items.idx))   // per item: 0 unknown, 1 in user order, -1 not
	find := func(i int32, u int32) int {
		row := items.idx[i]
		if inOrder[i] == 0 {
			inOrder[i] = -1
			if slices.IsSorted(row) {
				inOrder[i] = 1
			}
		}
		if inOrder[i] == 1 {
			if k, ok := slices.BinarySearch(row, u); ok {
				return k
			}
			return -1
		}
		if sorted[i] == nil {
			perm := make([]int32, len(row))
			for k := range perm {
				perm[k] = int32(k)
			}
			slices.SortFunc(perm, func(a, b int32) int { return int(row[a]) - int(row[b]) })
			sorted[i] = perm
		}
		perm := sorted[i]
		k, ok := slices.BinarySearchFunc(perm, u, func(p int32, u int32) int { return int(row[p]) - int(u) })
		if !ok {
			return -1
		}
		return int(perm[k])
	}
	up := make([]int32, total)
	a := 0
	for u, is := range users.idx {
		b := a + len(is)
		c.upos[u] = up[a:b:b]
		for j, i := range is {
			k := find(i, int32(u))
			if k < 0 {
				return predictions{}, invalidModel("lists item %d for user %d, but not user %d for item %d", i, u, u, i)
			}
			c.upos[u][j], c.ipos[i][k] = int32(k), int32(j)
			items.w[i][k] = users.w[u][j]
		}
		a = b
	}
	// Counts agree and no row repeats an id, so every item entry was
	// matched once; a -1 would mean otherwise.
	for i, ps := range c.ipos {
		if slices.Contains(ps, -1) {
			return predictions{}, invalidModel("item %d lists a user who does not list it", i)
		}
	}
	return c, nil
}
