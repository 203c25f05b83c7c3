package core

import "slices"

// predictions is the prediction cache of Algorithm 1: r̂_ui = p_u·q_i for
// every observed entry (u, i). It is item-major, one row per item parallel
// to the model's items.idx[i], because the item pass of an epoch ends with
// each item row's final predictions and writes them there directly (see
// solveItem). The user pass does not write: every prediction it moves is
// superseded by the item pass that follows.
//
// An online update re-solves p_u, which moves the predictions of (u, j) for
// every j ∈ R_u; they sit at scattered positions of item rows, so upos
// records, parallel to users.idx[u], where each of u's entries sits in its
// item's row. ipos is the reverse (parallel to items.idx[i], where each entry
// sits in its user's row); Remove needs it to renumber the entries a row
// shift moves.
type predictions struct {
	r    [][]float64 // r[i][k] = r̂ of (items.idx[i][k], i)
	upos [][]int32   // upos[u][j]: position of (u, users.idx[u][j]) in its item's row
	ipos [][]int32   // ipos[i][k]: position of (items.idx[i][k], i) in its user's row
}

// newPredictions links the two views of the observed entries and computes
// every prediction, in O(|R|K). Its rows are windows onto arrays of its own,
// capped like observed's.
func newPredictions(users, items observed, p, q []float64, k int) predictions {
	nnz := items.nnz()
	c := predictions{r: make([][]float64, len(items.idx)), upos: make([][]int32, len(users.idx)),
		ipos: make([][]int32, len(items.idx))}
	r, ip := make([]float64, nnz), make([]int32, nnz)
	a := 0
	for i, us := range items.idx {
		b := a + len(us)
		c.r[i], c.ipos[i] = r[a:b:b], ip[a:b:b]
		qi := q[i*k : i*k+k]
		for n, u := range us {
			r[a+n] = dot(p[int(u)*k:int(u)*k+k], qi)
		}
		a = b
	}
	up := make([]int32, users.nnz())
	next := make([]int, len(items.idx)) // rows are ascending, so u's entry is usually next
	a = 0
	for u, is := range users.idx {
		b := a + len(is)
		c.upos[u] = up[a:b:b]
		for j, i := range is {
			n := next[i]
			if n >= len(items.idx[i]) || items.idx[i][n] != int32(u) {
				n = slices.Index(items.idx[i], int32(u))
			} else {
				next[i]++
			}
			c.upos[u][j], c.ipos[i][n] = int32(n), int32(j)
		}
		a = b
	}
	return c
}

func (c *predictions) addUser() { c.upos = append(c.upos, nil) }

func (c *predictions) addItem() {
	c.r = append(c.r, nil)
	c.ipos = append(c.ipos, nil)
}

// link records a new entry (u, i) with prediction v, appended at position j
// of u's row and k of i's row.
func (c *predictions) link(u int32, j int, i int32, k int, v float64) {
	c.upos[u] = append(c.upos[u], int32(k))
	c.ipos[i] = append(c.ipos[i], int32(j))
	c.r[i] = append(c.r[i], v)
}

// unlink forgets the entry (u, i) once observed.remove has taken it from
// position j of u's row (items ui, after the removal) and k of i's row
// (users iu), and renumbers the entries those shifts moved: O(|R_u|+|R_i|).
// The entries after j in u's row are in other items' rows, and those after k
// in i's row in other users' rows, so neither shift moves the other's.
func (c *predictions) unlink(u int32, j int, ui []int32, i int32, k int, iu []int32) {
	c.upos[u] = slices.Delete(c.upos[u], j, j+1)
	c.ipos[i] = slices.Delete(c.ipos[i], k, k+1)
	c.r[i] = slices.Delete(c.r[i], k, k+1)
	for n := j; n < len(ui); n++ {
		c.ipos[ui[n]][c.upos[u][n]] = int32(n)
	}
	for n := k; n < len(iu); n++ {
		c.upos[iu[n]][c.ipos[i][n]] = int32(n)
	}
}

// setUser stores the predictions of user u's entries, given in the order of
// u's row (items), in their item rows.
func (c *predictions) setUser(u int32, items []int32, v []float64) {
	pos := c.upos[u][:len(items)]
	v = v[:len(items)]
	for j, i := range items {
		c.r[i][pos[j]] = v[j]
	}
}

func (c predictions) clone() predictions {
	return predictions{r: cloneRows(c.r), upos: cloneRows(c.upos), ipos: cloneRows(c.ipos)}
}
