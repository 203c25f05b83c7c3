package core

import (
	"cmp"
	"errors"
	"math"
	"slices"
)

// Contribution is the part of a score owed to one of the user's observed
// items.
type Contribution struct {
	Item   int32   // an item the user interacted with
	Weight float64 // w_ui of that interaction
	Amount float64 // its share of the score
}

// Explanation splits user u's score for an item into one share per item u
// interacted with, plus what is left while the update has not converged.
//
// With every other vector fixed, the objective is minimised in p_u by
//
//	p* = A⁻¹ Σ_{i∈R_u} w_ui q_i,  A = S^q + Σ_{i∈R_u} (w_ui − c_i) q_i q_iᵀ + λI,
//
// the point eALS's coordinate steps (eq. 12) converge to. So
// q_j·p* = Σ_{i∈R_u} w_ui q_jᵀA⁻¹q_i exactly: each clicked item i pulls item
// j up by its similarity to j in the metric A⁻¹, which discounts what all
// users' missing data already explain. Remainder = q_j·(p_u − p*) is the gap
// between the model's p_u after its update steps and p*, so
// Σ Amount + Remainder = Score.
type Explanation struct {
	Item          int32
	Score         float64        // p_u·q_j, as ranked
	Contributions []Contribution // largest magnitude first
	Remainder     float64
}

// errSingular is returned when a user's system has no unique solution,
// which needs λ = 0.
var errSingular = errors.New("core: the user's system is singular (is λ = 0?), so scores cannot be decomposed")

// Explain decomposes user u's scores for the given items. A user with no
// history gets explanations whose whole score is remainder: nothing of
// theirs pulled anything up.
func (m *Model) Explain(u int32, items []int32) ([]Explanation, error) {
	if err := m.checkUser(u); err != nil {
		return nil, err
	}
	for _, j := range items {
		if err := m.checkItem(j); err != nil {
			return nil, err
		}
	}
	seen, ws := m.users.idx[u], m.users.w[u]
	k := m.k
	pStar := make([]float64, k)
	z := make([][]float64, len(seen)) // A⁻¹ q_i for each observed i
	if len(seen) > 0 {
		a := slices.Clone(m.sq)
		for d := 0; d < k; d++ {
			a[d*k+d] += m.cfg.Lambda
		}
		for n, i := range seen {
			addOuter(a, ws[n]-m.c[i], make([]float64, k), m.item(i))
		}
		if !cholesky(a, k) {
			return nil, errSingular
		}
		for n, i := range seen {
			z[n] = slices.Clone(m.item(i))
			choleskySolve(a, k, z[n])
			for f, v := range z[n] {
				pStar[f] += ws[n] * v
			}
		}
	}
	p := m.user(u)
	gap := make([]float64, k)
	for f := range gap {
		gap[f] = p[f] - pStar[f]
	}
	out := make([]Explanation, len(items))
	for t, j := range items {
		q := m.item(j)
		e := Explanation{Item: j, Score: dot(p, q), Remainder: dot(q, gap)}
		for n, i := range seen {
			e.Contributions = append(e.Contributions, Contribution{Item: i, Weight: ws[n], Amount: ws[n] * dot(q, z[n])})
		}
		slices.SortStableFunc(e.Contributions, func(a, b Contribution) int {
			return cmp.Compare(math.Abs(b.Amount), math.Abs(a.Amount))
		})
		out[t] = e
	}
	return out, nil
}
