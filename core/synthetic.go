package core

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
)

// maxSynthetic bounds the interactions Synthetic makes, to keep a typo from
// asking for terabytes.
const maxSynthetic = 100_000_000

// Synthetic makes an implicit-feedback data set for scaling studies, such
// as one of the paper's Yelp size (25,677 users, 25,815 items, 731,671
// interactions). Item popularity follows a Zipf law with the given
// exponent (0: uniform), the popular items scattered over the ids; user
// activity varies log-normally, every user having at least one interaction
// when there are at least as many interactions as users; pairs are
// distinct; times increase by 60 s per interaction, users interleaved. Keys
// are "u<n>" and "i<n>", and every user and item is in the id space even if
// it drew no interaction. The same arguments give the same data set.
func Synthetic(users, items, interactions int, zipf float64, seed uint64) (*Dataset, error) {
	switch {
	case users < 1 || users > math.MaxInt32:
		return nil, fmt.Errorf("core: synthetic users = %d is invalid: must be between 1 and %d", users, math.MaxInt32)
	case items < 1 || items > math.MaxInt32:
		return nil, fmt.Errorf("core: synthetic items = %d is invalid: must be between 1 and %d", items, math.MaxInt32)
	case interactions < 1 || interactions > maxSynthetic:
		return nil, fmt.Errorf("core: synthetic interactions = %d is invalid: must be between 1 and %d", interactions, maxSynthetic)
	case float64(interactions) > float64(users)*float64(items):
		return nil, fmt.Errorf("core: synthetic interactions = %d is invalid: %d users and %d items have only %d distinct pairs",
			interactions, users, items, int64(users)*int64(items))
	case math.IsNaN(zipf) || zipf < 0 || zipf > 10:
		return nil, fmt.Errorf("core: synthetic zipf = %v is invalid: the exponent must be between 0 and 10", zipf)
	}
	rng := rand.New(rand.NewPCG(seed, 0x53594e)) // "SYN"

	// Item i's popularity rank is rank[i]; its weight falls as a power of it.
	rank := rng.Perm(items)
	weight := make([]float64, items)
	for i, r := range rank {
		weight[i] = math.Pow(float64(r+1), -zipf)
	}
	draw := newAlias(weight)

	counts := userActivity(users, items, interactions, rng)
	inter := make([]Interaction, 0, interactions)
	mark := make([]int32, items) // mark[i] == u+1: user u already has item i
	for u, n := range counts {
		for _, i := range distinctItems(n, int32(u+1), mark, weight, draw, rng) {
			inter = append(inter, Interaction{User: int32(u), Item: i})
		}
	}
	rng.Shuffle(len(inter), func(a, b int) { inter[a], inter[b] = inter[b], inter[a] })
	const start = 1_100_000_000 // 2004-11-09, before the Yelp reviews begin
	for n := range inter {
		inter[n].Time = start + 60*int64(n)
	}
	uk := make([]string, users)
	for u := range uk {
		uk[u] = "u" + strconv.Itoa(u)
	}
	ik := make([]string, items)
	for i := range ik {
		ik[i] = "i" + strconv.Itoa(i)
	}
	return FromInteractions(uk, ik, inter)
}

// userActivity splits total interactions over users in proportion to
// log-normal weights, at most items each, and at least one each when total
// allows it.
func userActivity(users, items, total int, rng *rand.Rand) []int {
	w := make([]float64, users)
	for u := range w {
		w[u] = math.Exp(rng.NormFloat64())
	}
	counts := make([]int, users)
	left := total
	if total >= users {
		for u := range counts {
			counts[u] = 1
		}
		left -= users
	}
	// Water-filling: share what is left among users with room, by weight,
	// until nothing is left; capped users drop out of the next round.
	for left > 0 {
		z := 0.0
		for u, c := range counts {
			if c < items {
				z += w[u]
			}
		}
		given := 0
		for u, c := range counts {
			if c >= items || given == left {
				continue
			}
			share := int(float64(left) * w[u] / z)
			share = min(share, items-c, left-given)
			counts[u] += share
			given += share
		}
		if given == 0 {
			// Rounding left every share at 0: hand out single interactions
			// by weight.
			for given < left {
				u := pickWeighted(w, counts, items, rng)
				counts[u]++
				given++
			}
		}
		left -= given
	}
	return counts
}

// pickWeighted draws a user with room left, with probability proportional
// to its weight.
func pickWeighted(w []float64, counts []int, items int, rng *rand.Rand) int {
	z := 0.0
	for u, c := range counts {
		if c < items {
			z += w[u]
		}
	}
	x := rng.Float64() * z
	last := -1
	for u, c := range counts {
		if c >= items {
			continue
		}
		last = u
		if x -= w[u]; x < 0 {
			return u
		}
	}
	return last
}

// distinctItems draws n distinct items by popularity for the user marked
// tag. Drawing with replacement and skipping repeats is fast while the user
// holds a small share of the popularity mass; a heavy user finishes with
// weighted sampling without replacement (Efraimidis and Spirakis) over the
// items still free.
func distinctItems(n int, tag int32, mark []int32, weight []float64, draw *alias, rng *rand.Rand) []int32 {
	out := make([]int32, 0, n)
	for tries := 0; len(out) < n && tries < 4*n+16; tries++ {
		i := draw.next(rng)
		if mark[i] != tag {
			mark[i] = tag
			out = append(out, i)
		}
	}
	if len(out) == n {
		return out
	}
	type keyed struct {
		key  float64
		item int32
	}
	var free []keyed
	for i, w := range weight {
		if mark[i] != tag {
			// The largest u^(1/w) win; log keeps tiny weights apart.
			free = append(free, keyed{math.Log(1-rng.Float64()) / w, int32(i)})
		}
	}
	slices.SortFunc(free, func(a, b keyed) int {
		switch {
		case a.key > b.key:
			return -1
		case a.key < b.key:
			return 1
		}
		return int(a.item - b.item)
	})
	for _, f := range free[:n-len(out)] {
		mark[f.item] = tag
		out = append(out, f.item)
	}
	return out
}

// alias draws from a discrete distribution in O(1) (Vose's alias method).
type alias struct {
	prob  []float64
	other []int32
}

func newAlias(weight []float64) *alias {
	n := len(weight)
	a := &alias{prob: make([]float64, n), other: make([]int32, n)}
	z := 0.0
	for _, w := range weight {
		z += w
	}
	scaled := make([]float64, n)
	var small, large []int32
	for i, w := range weight {
		scaled[i] = w * float64(n) / z
		if scaled[i] < 1 {
			small = append(small, int32(i))
		} else {
			large = append(large, int32(i))
		}
	}
	for len(small) > 0 && len(large) > 0 {
		s, l := small[len(small)-1], large[len(large)-1]
		small = small[:len(small)-1]
		a.prob[s], a.other[s] = scaled[s], l
		scaled[l] -= 1 - scaled[s]
		if scaled[l] < 1 {
			large = large[:len(large)-1]
			small = append(small, l)
		}
	}
	for _, i := range append(small, large...) {
		a.prob[i], a.other[i] = 1, i // what is left is 1 up to rounding
	}
	return a
}

func (a *alias) next(rng *rand.Rand) int32 {
	i := rng.IntN(len(a.prob))
	if rng.Float64() < a.prob[i] {
		return int32(i)
	}
	return a.other[i]
}
