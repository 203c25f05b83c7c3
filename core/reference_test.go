package core

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// naive is a dense reference for eALS: the generic element-wise ALS of
// section 3.3 (eqs. 5 and 6), summing over every item (user) with
// w_ui = c_i and r_ui = 0 for missing entries. It costs O(MNK) per epoch
// and shares no code with the cached implementation.
type naive struct {
	m, n, k int
	p, q    [][]float64
	obs     map[[2]int32]float64 // observed weight of (u, i)
	c       []float64
	lambda  float64
}

func naiveOf(md *Model) *naive { return naiveOfFactors(&md.factors) }

// naiveOfFactors copies the factors, weights and observations of any model
// of the weighted objective (eALS, RCD, CG) into a dense reference.
func naiveOfFactors(md *factors) *naive {
	nv := &naive{m: md.NumUsers(), n: md.NumItems(), k: md.k, obs: map[[2]int32]float64{},
		c: append([]float64(nil), md.c...), lambda: md.cfg.Lambda}
	for u := 0; u < nv.m; u++ {
		nv.p = append(nv.p, slices.Clone(md.user(int32(u))))
		items, ws := md.UserItems(int32(u))
		for j, i := range items {
			nv.obs[[2]int32{int32(u), i}] = ws[j]
		}
	}
	for i := 0; i < nv.n; i++ {
		nv.q = append(nv.q, slices.Clone(md.item(int32(i))))
	}
	return nv
}

func (nv *naive) entry(u, i int) (w, r float64) {
	if w, ok := nv.obs[[2]int32{int32(u), int32(i)}]; ok {
		return w, 1
	}
	return nv.c[i], 0
}

func (nv *naive) pred(u, i int) float64 {
	s := 0.0
	for f := 0; f < nv.k; f++ {
		s += nv.p[u][f] * nv.q[i][f]
	}
	return s
}

func (nv *naive) hasUser(u int) bool {
	for key := range nv.obs {
		if int(key[0]) == u {
			return true
		}
	}
	return false
}

func (nv *naive) hasItem(i int) bool {
	for key := range nv.obs {
		if int(key[1]) == i {
			return true
		}
	}
	return false
}

func (nv *naive) updateUser(u int) {
	for f := 0; f < nv.k; f++ {
		num, den := 0.0, 0.0
		for i := 0; i < nv.n; i++ {
			w, r := nv.entry(u, i)
			rf := nv.pred(u, i) - nv.p[u][f]*nv.q[i][f]
			num += (r - rf) * w * nv.q[i][f]
			den += w * nv.q[i][f] * nv.q[i][f]
		}
		nv.p[u][f] = num / (den + nv.lambda)
	}
}

func (nv *naive) updateItem(i int) {
	for f := 0; f < nv.k; f++ {
		num, den := 0.0, 0.0
		for u := 0; u < nv.m; u++ {
			w, r := nv.entry(u, i)
			rf := nv.pred(u, i) - nv.p[u][f]*nv.q[i][f]
			num += (r - rf) * w * nv.p[u][f]
			den += w * nv.p[u][f] * nv.p[u][f]
		}
		nv.q[i][f] = num / (den + nv.lambda)
	}
}

// epoch updates users then items; rows without observations keep their
// vectors, as in the implementation (and Algorithm 2's random start).
func (nv *naive) epoch() {
	for u := 0; u < nv.m; u++ {
		if nv.hasUser(u) {
			nv.updateUser(u)
		}
	}
	for i := 0; i < nv.n; i++ {
		if nv.hasItem(i) {
			nv.updateItem(i)
		}
	}
}

func (nv *naive) objective() float64 {
	l := 0.0
	for u := 0; u < nv.m; u++ {
		for i := 0; i < nv.n; i++ {
			w, r := nv.entry(u, i)
			e := r - nv.pred(u, i)
			l += w * e * e
		}
	}
	for _, v := range append(append([][]float64(nil), nv.p...), nv.q...) {
		for _, x := range v {
			l += nv.lambda * x * x
		}
	}
	return l
}

// randomDataset returns m users and n items with about density·m·n random
// distinct interactions; the last user and item have none.
func randomDataset(t testing.TB, m, n int, density float64, seed uint64) *Dataset {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 7))
	var users, items []string
	for u := 0; u < m; u++ {
		users = append(users, fmt.Sprintf("u%d", u))
	}
	for i := 0; i < n; i++ {
		items = append(items, fmt.Sprintf("i%d", i))
	}
	var inter []Interaction
	for u := 0; u < m-1; u++ {
		for i := 0; i < n-1; i++ {
			if rng.Float64() < density {
				inter = append(inter, Interaction{User: int32(u), Item: int32(i), Time: int64(rng.IntN(1000))})
			}
		}
	}
	d, err := FromInteractions(users, items, inter)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// tinyAbs is the absolute floor of closeRel: two values closer than this
// agree whatever their size. It only matters for values that are zero up
// to rounding: an O(1) computation that should give 0 gives ±1e-16 or so,
// and relative to 0 any such value is infinitely far.
const tinyAbs = 1e-15

// closeRel reports whether a and b agree to tol relative to the larger of
// |a| and |b| (or differ by less than tinyAbs).
func closeRel(a, b, tol float64) bool {
	d := math.Abs(a - b)
	return d <= tol*math.Max(math.Abs(a), math.Abs(b)) || d < tinyAbs
}

// closeScaled reports whether a and b agree to tol relative to the larger of
// |a|, |b| and scale: for a sum whose terms cancel, the rounding error is set
// by the size of the terms (scale) rather than by the result.
func closeScaled(a, b, tol, scale float64) bool {
	return math.Abs(a-b) <= tol*math.Max(scale, math.Max(math.Abs(a), math.Abs(b)))
}

func compareVectors(t *testing.T, what string, got [][]float64, want [][]float64, tol float64) {
	t.Helper()
	for r := range want {
		for f := range want[r] {
			if !closeRel(got[r][f], want[r][f], tol) {
				t.Fatalf("%s[%d][%d] = %.15g, reference %.15g", what, r, f, got[r][f], want[r][f])
			}
		}
	}
}

func modelVectors(m *Model) (p, q [][]float64) {
	for u := 0; u < m.NumUsers(); u++ {
		p = append(p, m.UserVector(int32(u)))
	}
	for i := 0; i < m.NumItems(); i++ {
		q = append(q, m.ItemVector(int32(i)))
	}
	return p, q
}
