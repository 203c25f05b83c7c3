package core

import "math/rand/v2"

// factors is what every model of the weighted objective keeps, whichever
// learner moves it: user factors P and item factors Q, the missing-data
// weight c_i of every item, the caches S^p = PᵀP and S^q = Σ_i c_i q_i q_iᵀ,
// the observed entries with their weights, and the one random generator
// that drew the initial factors. eALS (Model), RCD and CG embed it, so they
// start from the same factors for the same Config and read the same caches:
// a user's (item's) part of the objective is a quadratic in its vector whose
// missing-data term is p_uᵀS^q p_u (c_i q_iᵀS^p q_i), whether the learner
// then moves one coordinate (eALS), takes a gradient step (RCD) or solves
// for the whole vector (CG).
type factors struct {
	cfg          Config
	k            int
	p, q         []float64 // row-major: user u is p[u*k : u*k+k]
	c            []float64 // missing-data weight of each item
	sp, sq       []float64 // k×k caches
	users, items observed  // partners of each user (item), with weights
	pcg          *rand.PCG // the state behind rng, kept to clone and save it
	rng          *rand.Rand
}

// newFactors draws the factors of an untrained model of d from
// N(0, InitStd²), P before Q, and computes the item weights and both
// caches. cfg must be valid and d not empty.
func newFactors(d *Dataset, cfg Config) factors {
	k := cfg.K
	f := factors{
		cfg:   cfg,
		k:     k,
		p:     make([]float64, d.NumUsers()*k),
		q:     make([]float64, d.NumItems()*k),
		c:     itemWeights(d.ItemCounts(), cfg.C0, cfg.Alpha),
		sp:    make([]float64, k*k),
		sq:    make([]float64, k*k),
		users: newObserved(d.byUser, 1),
		items: newObserved(d.byItem, 1),
		pcg:   rand.NewPCG(cfg.Seed, 0x65414c53), // "eALS"
	}
	f.rng = rand.New(f.pcg)
	for j := range f.p {
		f.p[j] = f.rng.NormFloat64() * cfg.InitStd
	}
	for j := range f.q {
		f.q[j] = f.rng.NormFloat64() * cfg.InitStd
	}
	f.refreshCaches(cfg.threads())
	return f
}

func (f *factors) refreshCaches(threads int) {
	gram(f.sp, f.p, f.k, nil, threads)
	gram(f.sq, f.q, f.k, f.c, threads)
}

// K returns the number of latent factors.
func (f *factors) K() int { return f.k }

// NumUsers returns the number of users, including any added online.
func (f *factors) NumUsers() int { return len(f.p) / f.k }

// NumItems returns the number of items, including any added online.
func (f *factors) NumItems() int { return len(f.q) / f.k }

func (f *factors) user(u int32) []float64 { return f.p[int(u)*f.k : int(u)*f.k+f.k] }
func (f *factors) item(i int32) []float64 { return f.q[int(i)*f.k : int(i)*f.k+f.k] }

// Score returns the predicted preference p_u·q_i.
func (f *factors) Score(u, i int32) float64 { return dot(f.user(u), f.item(i)) }

// Scores returns the predicted preference of user u for every item, in dst
// if it is large enough.
func (f *factors) Scores(u int32, dst []float64) []float64 {
	n := f.NumItems()
	if cap(dst) < n {
		dst = make([]float64, n)
	}
	return dotRows(dst[:n], f.user(u), f.q)
}

// ScoreBlock sets dst[j] to user u's score for item from+j, with the bits
// Scores gives it.
func (f *factors) ScoreBlock(u int32, from int, dst []float64) {
	dotRows(dst, f.user(u), f.q[from*f.k:])
}

func (f *factors) scoreRows(u int32) (p, q []float64) { return f.user(u), f.q }

// UserItems returns the items the model has observed for user u, with the
// weight of each observation. The slices are shared: do not modify them.
func (f *factors) UserItems(u int32) (items []int32, weights []float64) {
	return f.users.idx[u], f.users.w[u]
}

// ItemUsers returns the users the model has observed for item i, with the
// weight of each observation. The slices are shared: do not modify them.
func (f *factors) ItemUsers(i int32) (users []int32, weights []float64) {
	return f.items.idx[i], f.items.w[i]
}

func (f *factors) randomVector() []float64 {
	v := make([]float64, f.k)
	for j := range v {
		v[j] = f.rng.NormFloat64() * f.cfg.InitStd
	}
	return v
}

// addUser grows the model by a user with no history and a random vector,
// keeping S^p current, and returns its id.
func (f *factors) addUser() int32 {
	u := int32(f.NumUsers())
	v := f.randomVector()
	f.p = append(f.p, v...)
	f.users.addRow()
	addOuter(f.sp, 1, make([]float64, f.k), v)
	return u
}

func (f *factors) checkUser(u int32) error { return checkID("user", u, f.NumUsers()) }
func (f *factors) checkItem(i int32) error { return checkID("item", i, f.NumItems()) }

// block returns the vector of user row (items false) or item row, and
// what its part of the objective reads: the partners' matrix, their ids
// and weights, the cache of the other side and its scale (1 for a user,
// c_i for an item), and the missing-data weight of each partner (cs[id]
// for a user's items, c for an item's users).
func (f *factors) block(items bool, row int32) (x, other []float64, ids []int32, ws []float64, S []float64, scale float64, cs []float64, c float64) {
	if items {
		ci := f.c[row]
		return f.item(row), f.p, f.items.idx[row], f.items.w[row], f.sp, ci, nil, ci
	}
	return f.user(row), f.q, f.users.idx[row], f.users.w[row], f.sq, 1, f.c, 0
}

// observe records the interaction (u, i) with weight Config.WNew, or
// reweights it if already there, and returns its positions in u's and i's
// rows and whether it is new. An item with no weight yet (one unseen in
// training with α > 0) first gets the uniform weight c0/N, and S^q takes
// it in, as the authors' code does: without it the item's missing entries
// would not count at all. It returns that weight, or 0.
func (f *factors) observe(u, i int32) (j, k int, added bool, newWeight float64) {
	if f.c[i] == 0 && f.cfg.C0 > 0 {
		f.c[i] = f.cfg.C0 / float64(f.NumItems())
		addOuter(f.sq, f.c[i], make([]float64, f.k), f.item(i))
		newWeight = f.c[i]
	}
	j, added = f.users.set(u, i, f.cfg.WNew)
	k, _ = f.items.set(i, u, f.cfg.WNew)
	return j, k, added, newWeight
}

// objective evaluates the objective from the factors and the observed
// entries alone, trusting no cache, in O(|R|K + (M+N)K²).
func (f *factors) objective() Objective {
	var o Objective
	sp, sq := make([]float64, f.k*f.k), make([]float64, f.k*f.k)
	gram(sp, f.p, f.k, nil, 1)
	gram(sq, f.q, f.k, f.c, 1)
	for u, items := range f.users.idx {
		p := f.user(int32(u))
		ws := f.users.w[u]
		for j, i := range items {
			r := dot(p, f.item(i))
			o.Observed += ws[j] * (1 - r) * (1 - r)
			o.Missing -= f.c[i] * r * r
		}
	}
	o.Missing += dot(sp, sq)
	o.Penalty = f.cfg.Lambda * (sumSquares(f.p) + sumSquares(f.q))
	return o
}

// objectiveFromCaches evaluates the objective with S^p and S^q, which must
// be current: Σ_u p_uᵀS^q p_u = ⟨S^p, S^q⟩ and Σ_u ‖p_u‖² = trace(S^p), so
// it costs O(|R|K + K² + NK), the |R|K for the predictions on R.
func (f *factors) objectiveFromCaches() Objective {
	var o Objective
	for u, items := range f.users.idx {
		p := f.user(int32(u))
		ws := f.users.w[u]
		for j, i := range items {
			r := dot(p, f.item(i))
			o.Observed += ws[j] * (1 - r) * (1 - r)
			o.Missing -= f.c[i] * r * r
		}
	}
	o.Missing += dot(f.sp, f.sq)
	var norms float64
	for g := 0; g < f.k; g++ {
		norms += f.sp[g*f.k+g]
	}
	o.Penalty = f.cfg.Lambda * (norms + sumSquares(f.q))
	return o
}

// clone returns an independent copy, its generator at the same state.
func (f *factors) clone() factors {
	c := *f
	c.p = append([]float64(nil), f.p...)
	c.q = append([]float64(nil), f.q...)
	c.c = append([]float64(nil), f.c...)
	c.sp = append([]float64(nil), f.sp...)
	c.sq = append([]float64(nil), f.sq...)
	c.users = f.users.clone()
	c.items = f.items.clone()
	pcg := *f.pcg
	c.pcg = &pcg
	c.rng = rand.New(c.pcg)
	return c
}
