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
	total := 0
	for _, us := range items.idx {
		total += len(us)
	}
	if n := users.nnz(); n != total {
		return predictions{}, invalidModel("has %d entries by user but %d by item", n, total)
	}
	c := predictions{r: pred, upos: make([][]int32, len(users.idx)), ipos: make([][]int32, len(items.idx))}
	// One backing array each for the item rows' weights and positions,
	// windows capped as observed's are.
	ws, ip := make([]float64, total), make([]int32, total)
	a := 0
	for i, us := range items.idx {
		b := a + len(us)
		items.w[i], c.ipos[i] = ws[a:b:b], ip[a:b:b]
		for n := range c.ipos[i] {
			c.ipos[i][n] = -1
		}
		a = b
	}
	// Users are visited in order, and item rows are usually in user order
	// too (training builds them so, online updates append the newest
	// user): the next entry of an item's row is then the one expected, in
	// O(1). Other rows are searched through a sorted copy.
	next := make([]int32, len(items.idx))
	sorted := make([][]int32, len(items.idx)) // per item: positions in user order, made when needed
	find := func(i int32, u int32) int {
		row := items.idx[i]
		if k := next[i]; int(k) < len(row) && row[k] == u {
			next[i]++
			return int(k)
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
	a = 0
	for u, is := range users.idx {
		b := a + len(is)
		c.upos[u] = up[a:b:b]
		for j, i := range is {
			// The expected entry first, without a call: a model's read
			// runs once per visit, before the browser has optimised it.
			var k int
			if n := next[i]; int(n) < len(items.idx[i]) && items.idx[i][n] == int32(u) {
				k = int(n)
				next[i]++
			} else {
				k = find(i, int32(u))
			}
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
