package core

import (
	"math"
	"math/rand/v2"
)

// writeConfig writes the settings every model of the weighted objective
// shares, in eALS's layout: K, then c0, α, λ and w_new, epochs,
// online-iters, the seed, init-std and threads.
func writeConfig(w *fileWriter, c Config) {
	w.u32(uint32(c.K))
	w.f64s([]float64{c.C0, c.Alpha, c.Lambda, c.WNew})
	w.u32(uint32(c.Epochs))
	w.u32(uint32(c.OnlineIters))
	w.u64(c.Seed)
	w.f64s([]float64{c.InitStd})
	w.u32(uint32(c.Threads))
}

// readConfig reads what writeConfig wrote; the caller validates it.
func readConfig(r *fileReader) (Config, error) {
	var cfg Config
	cfg.K = int(r.u32("K"))
	hyper := r.f64s("the hyper-parameters", 4)
	cfg.Epochs = int(r.u32("epochs"))
	cfg.OnlineIters = int(r.u32("online-iters"))
	cfg.Seed = r.u64("seed")
	initStd := r.f64s("init-std", 1)
	cfg.Threads = int(r.u32("threads"))
	if r.err != nil {
		return Config{}, r.err
	}
	cfg.C0, cfg.Alpha, cfg.Lambda, cfg.WNew = hyper[0], hyper[1], hyper[2], hyper[3]
	cfg.InitStd = initStd[0]
	return cfg, nil
}

// writeFactors writes the factor body of eALS, RCD and CG: the numbers of
// users and items, P, Q, the item weights, S^p and S^q, the user rows
// (lengths, then each row's items and weights), the item rows (lengths,
// then each row's users, followed by its predictions when pred is given:
// an item row's weights are its users' for the same pairs), and the
// generator's state, so that a loaded model continues exactly as this one
// would (a new user draws the same vector).
func writeFactors(w *fileWriter, f *factors, pred [][]float64) {
	w.u32(uint32(f.NumUsers()))
	w.u32(uint32(f.NumItems()))
	w.f64s(f.p)
	w.f64s(f.q)
	w.f64s(f.c)
	w.f64s(f.sp)
	w.f64s(f.sq)
	w.rows(f.users.idx, f.users.w)
	w.rows(f.items.idx, pred)
	w.rng(f.pcg)
}

// readFactors reads and checks a factor body for the valid cfg. With
// withPred it returns the item rows' predictions for the caller to check
// and link; without, it links the rows and checks the caches itself.
func readFactors(r *fileReader, cfg Config, withPred bool) (factors, [][]float64, error) {
	k := cfg.K
	users, items := int(r.u32("the number of users")), int(r.u32("the number of items"))
	if r.err != nil {
		return factors{}, nil, r.err
	}
	if items == 0 {
		return factors{}, nil, invalidModel("holds no items: there is nothing to recommend")
	}
	f := factors{cfg: cfg, k: k}
	f.p = r.f64s("P", r.count(users, k, 8))
	f.q = r.f64s("Q", r.count(items, k, 8))
	f.c = r.f64s("the item weights", items)
	f.sp = r.f64s("S^p", k*k)
	f.sq = r.f64s("S^q", k*k)
	if r.err != nil {
		return factors{}, nil, r.err
	}
	for _, v := range [][]float64{f.p, f.q, f.c} {
		if err := bounded(v); err != nil {
			return factors{}, nil, err
		}
	}
	for _, v := range [][]float64{f.sp, f.sq} {
		if err := finite(v); err != nil {
			return factors{}, nil, err
		}
	}
	for i, c := range f.c {
		if c < 0 {
			return factors{}, nil, invalidModel("item %d has the negative weight %g", i, c)
		}
	}
	f.users = r.rows("user", users, items, withWeights)
	if r.err != nil {
		return factors{}, nil, r.err
	}
	vals := noValues
	if withPred {
		vals = withPredictions
	}
	f.items = r.rows("item", items, users, vals)
	var pred [][]float64
	if r.err == nil && withPred {
		// The item rows' numbers are predictions, not weights; linking
		// gives the rows their users' weights.
		pred, f.items.w = f.items.w, make([][]float64, items)
	}
	f.pcg = r.rng()
	if r.err != nil {
		return factors{}, nil, r.err
	}
	f.rng = rand.New(f.pcg)
	if withPred {
		return f, pred, nil
	}
	if _, err := linkModelRows(&f.users, &f.items, nil); err != nil {
		return factors{}, nil, err
	}
	if err := f.checkCaches(); err != nil {
		return factors{}, nil, err
	}
	return f, nil, nil
}

// cacheTol bounds how far a loaded cache may stray from its recomputation,
// relative to the cache's largest entry: rounding over many online updates
// stays far inside it.
const cacheTol = 1e-6

// checkCaches compares the stored S^p and S^q with the factors: a file
// whose caches disagree with its factors would update and score wrongly.
func (f *factors) checkCaches() error {
	return checkGrams(f.k, f.sp, f.sq, f.p, f.q, f.c, "S^p", "S^q")
}

// checkGrams checks sp against PᵀP and sq against Qᵀ diag(c) Q (QᵀQ when c
// is nil), and that both are exactly symmetric, as the models keep them;
// names are the caches' names for its errors.
func checkGrams(k int, sp, sq, p, q, c []float64, names ...string) error {
	want := [2][]float64{make([]float64, k*k), make([]float64, k*k)}
	gram(want[0], p, k, nil, 1)
	gram(want[1], q, k, c, 1)
	for n, stored := range [2][]float64{sp, sq} {
		name, now := names[n], want[n]
		scale := 1.0
		for _, v := range now {
			scale = math.Max(scale, math.Abs(v))
		}
		for j, v := range stored {
			if f, g := j/k, j%k; v != stored[g*k+f] {
				return invalidModel("the cache %s is not symmetric at (%d, %d)", name, f, g)
			}
			if math.Abs(v-now[j]) > cacheTol*scale {
				return invalidModel("the cache %s disagrees with the factors at entry (%d, %d): %g stored, %g computed", name, j/k, j%k, v, now[j])
			}
		}
	}
	return nil
}
