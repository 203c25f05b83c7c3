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
	// windows capped as observed's are; start[i] is where item i's row
	// begins in them, so the loop below indexes them directly instead of
	// through each row's slice (a model's read runs once per visit, before
	// the browser has optimised it).
	ws, ip := make([]float64, total), make([]int32, total)
	start := make([]int32, len(items.idx))
	a := 0
	for i, us := range items.idx {
		b := a + len(us)
		items.w[i], c.ipos[i] = ws[a:b:b], ip[a:b:b]
		start[i] = int32(a)
		a = b
	}
	for n := range ip {
		ip[n] = -1
	}
	// Users are visited in order, and item rows are usually in user order
	// too (training builds them so, online updates append the newest
	// user): the next entry of an item's row is then the one expected, in
	// O(1). Other rows are searched through a sorted copy.
	next := make([]int32, len(items.idx))
	sorted := make([][]int32, len(items.idx)) // per item: positions in user order, made when needed
	find := func(i int32, u int32) int {
		row := items.idx[i]
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
		upu := up[a:b:b]
		uw := users.w[u][:len(is)]
		c.upos[u] = upu
		for j, i := range is {
			// The expected entry first, without a call.
			row := items.idx[i]
			k := int(next[i])
			if k < len(row) && row[k] == int32(u) {
				next[i]++
			} else if k = find(i, int32(u)); k < 0 {
				return predictions{}, invalidModel("lists item %d for user %d, but not user %d for item %d", i, u, u, i)
			}
			upu[j] = int32(k)
			o := int(start[i]) + k
			ip[o] = int32(j)
			ws[o] = uw[j]
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
