package core

import (
	"errors"
	"math/rand/v2"
	"slices"
)

// The bodies of the kinds other than eALS. Every kind starts with its
// settings, which must pass the same validation as a new model's, and ends
// with its generator's state (popularity has neither), so that a loaded
// model goes on exactly as the saved one would.

// MarshalBinary writes r as a model file of kind "rcd": the settings (the
// Config as eALS writes it, then the line search's Armijo constant and
// shrink factor, trials and least squared gradient) and the factor body,
// without predictions, which RCD does not keep.
func (r *RCD) MarshalBinary() ([]byte, error) {
	w := newFileWriter(KindRCD)
	writeConfig(w, r.cfg)
	w.f64s([]float64{r.rcfg.Armijo, r.rcfg.Shrink})
	w.u32(uint32(r.rcfg.Trials))
	w.f64s([]float64{r.rcfg.MinGrad})
	writeFactors(w, &r.factors, nil)
	return w.bytes(), nil
}

func unmarshalRCD(r *fileReader) (*RCD, error) {
	cfg, err := readConfig(r)
	if err != nil {
		return nil, err
	}
	search := r.f64s("the line search", 2)
	trials := r.u32("rcd-trials")
	minGrad := r.f64s("rcd-min-grad", 1)
	if r.err != nil {
		return nil, r.err
	}
	rc := RCDConfig{Config: cfg, Armijo: search[0], Shrink: search[1], Trials: int(trials), MinGrad: minGrad[0]}
	if err := rc.Validate(); err != nil {
		return nil, invalidConfig(err)
	}
	f, _, err := readFactors(r, cfg, false)
	if err != nil {
		return nil, err
	}
	return &RCD{factors: f, rcfg: rc, work: newRCDScratch(cfg.K)}, nil
}

// MarshalBinary writes m as a model file of kind "cg": the Config, the
// number of steps and the factor body. A model inside an epoch (its caches
// stale) cannot be written.
func (m *CG) MarshalBinary() ([]byte, error) {
	if m.midEpoch {
		return nil, errMidEpoch
	}
	w := newFileWriter(KindCG)
	writeConfig(w, m.cfg)
	w.u32(uint32(m.ccfg.Steps))
	writeFactors(w, &m.factors, nil)
	return w.bytes(), nil
}

var errMidEpoch = errors.New("core: a model cannot be saved inside an epoch; finish the epoch first")

func unmarshalCG(r *fileReader) (*CG, error) {
	cfg, err := readConfig(r)
	if err != nil {
		return nil, err
	}
	steps := r.u32("cg-steps")
	if r.err != nil {
		return nil, r.err
	}
	cc := CGConfig{Config: cfg, Steps: int(steps)}
	if err := cc.Validate(); err != nil {
		return nil, invalidConfig(err)
	}
	f, _, err := readFactors(r, cfg, false)
	if err != nil {
		return nil, err
	}
	m := &CG{factors: f, ccfg: cc}
	m.setThreads(cfg.threads())
	return m, nil
}

// MarshalBinary writes a as a model file of kind "als": the Config, the
// numbers of users and items, w0, P, Q, PᵀP, QᵀQ, the user rows with their
// weights, the item rows, and the generator's state. A model inside an
// epoch cannot be written.
func (a *ALS) MarshalBinary() ([]byte, error) {
	if a.midEpoch {
		return nil, errMidEpoch
	}
	w := newFileWriter(KindALS)
	writeConfig(w, a.cfg)
	w.u32(uint32(a.NumUsers()))
	w.u32(uint32(a.NumItems()))
	w.f64s([]float64{a.w0})
	w.f64s(a.p)
	w.f64s(a.q)
	w.f64s(a.sp)
	w.f64s(a.sq)
	w.rows(a.users.idx, a.users.w)
	w.rows(a.items.idx, nil)
	w.rng(a.pcg)
	return w.bytes(), nil
}

func unmarshalALS(r *fileReader) (*ALS, error) {
	cfg, err := readConfig(r)
	if err != nil {
		return nil, err
	}
	if err := cfg.Validate(); err != nil {
		return nil, invalidConfig(err)
	}
	k := cfg.K
	users, items := int(r.u32("the number of users")), int(r.u32("the number of items"))
	w0 := r.f64s("w0", 1)
	if r.err != nil {
		return nil, r.err
	}
	if items == 0 {
		return nil, invalidModel("holds no items: there is nothing to recommend")
	}
	if !(w0[0] >= 0 && w0[0] <= maxModelValue) {
		return nil, invalidModel("has the missing-data weight w0 = %g; it is between 0 and %g", w0[0], maxModelValue)
	}
	a := &ALS{cfg: cfg, k: k, w0: w0[0]}
	a.p = r.f64s("P", r.count(users, k, 8))
	a.q = r.f64s("Q", r.count(items, k, 8))
	a.sp = r.f64s("PᵀP", k*k)
	a.sq = r.f64s("QᵀQ", k*k)
	if r.err != nil {
		return nil, r.err
	}
	for _, v := range [][]float64{a.p, a.q} {
		if err := bounded(v); err != nil {
			return nil, err
		}
	}
	for _, v := range [][]float64{a.sp, a.sq} {
		if err := finite(v); err != nil {
			return nil, err
		}
	}
	a.users = r.rows("user", users, items, withWeights)
	if r.err != nil {
		return nil, r.err
	}
	a.items = r.rows("item", items, users, noValues)
	a.pcg = r.rng()
	if r.err != nil {
		return nil, r.err
	}
	a.rng = rand.New(a.pcg)
	if _, err := linkModelRows(&a.users, &a.items, nil); err != nil {
		return nil, err
	}
	if err := checkGrams(k, a.sp, a.sq, a.p, a.q, nil, "PᵀP", "QᵀQ"); err != nil {
		return nil, err
	}
	a.setThreads(cfg.threads())
	return a, nil
}

// MarshalBinary writes b as a model file of kind "bpr": its settings (K,
// learning rate, λ, epochs, online steps, seed, init-std), the numbers of
// users and items, P, Q, each user's observed items (ascending), the
// observed pairs in the order epochs sample them, and the generator's
// state.
func (b *BPR) MarshalBinary() ([]byte, error) {
	w := newFileWriter(KindBPR)
	c := b.cfg
	w.u32(uint32(c.K))
	w.f64s([]float64{c.LearnRate, c.Lambda})
	w.u32(uint32(c.Epochs))
	w.u32(uint32(c.OnlineIters))
	w.u64(c.Seed)
	w.f64s([]float64{c.InitStd})
	w.u32(uint32(b.NumUsers()))
	w.u32(uint32(b.NumItems()))
	w.f64s(b.p)
	w.f64s(b.q)
	w.rows(b.seen, nil)
	w.u32(uint32(len(b.pairs)))
	for _, x := range b.pairs {
		w.i32s([]int32{x.User, x.Item})
	}
	w.rng(b.pcg)
	return w.bytes(), nil
}

func unmarshalBPR(r *fileReader) (*BPR, error) {
	var c BPRConfig
	c.K = int(r.u32("K"))
	rates := r.f64s("the learning rate and λ", 2)
	c.Epochs = int(r.u32("epochs"))
	c.OnlineIters = int(r.u32("online-iters"))
	c.Seed = r.u64("seed")
	initStd := r.f64s("init-std", 1)
	if r.err != nil {
		return nil, r.err
	}
	c.LearnRate, c.Lambda, c.InitStd = rates[0], rates[1], initStd[0]
	if err := c.validate(); err != nil {
		return nil, invalidConfig(err)
	}
	k := c.K
	users, items := int(r.u32("the number of users")), int(r.u32("the number of items"))
	if r.err != nil {
		return nil, r.err
	}
	if items == 0 {
		return nil, invalidModel("holds no items: there is nothing to recommend")
	}
	b := &BPR{cfg: c, k: k}
	b.p = r.f64s("P", r.count(users, k, 8))
	b.q = r.f64s("Q", r.count(items, k, 8))
	if r.err != nil {
		return nil, r.err
	}
	for _, v := range [][]float64{b.p, b.q} {
		if err := bounded(v); err != nil {
			return nil, err
		}
	}
	seen := r.rows("user", users, items, noValues)
	if r.err != nil {
		return nil, r.err
	}
	b.seen = seen.idx
	offset := make([]int, users+1) // where each user's entries start among all
	for u, row := range b.seen {
		if !slices.IsSorted(row) {
			return nil, invalidModel("user %d's items are not in ascending order", u)
		}
		offset[u+1] = offset[u] + len(row)
	}
	n := int(r.u32("the number of pairs"))
	if r.err == nil && n != offset[users] {
		return nil, invalidModel("has %d pairs to sample but %d observed entries", n, offset[users])
	}
	ids := r.i32s("the pairs", r.count(n, 2, 4))
	if r.err != nil {
		return nil, r.err
	}
	// The pairs are the observed entries, each once, in sampling order.
	used := make([]bool, n)
	b.pairs = make([]Interaction, n)
	for j := range b.pairs {
		u, i := ids[2*j], ids[2*j+1]
		if u < 0 || int(u) >= users {
			return nil, invalidModel("pair %d names user %d, which is not in [0, %d)", j, u, users)
		}
		at, ok := slices.BinarySearch(b.seen[u], i)
		if !ok {
			return nil, invalidModel("pair %d, (%d, %d), is not among the observed entries", j, u, i)
		}
		if used[offset[u]+at] {
			return nil, invalidModel("pair %d, (%d, %d), is listed twice", j, u, i)
		}
		used[offset[u]+at] = true
		b.pairs[j] = Interaction{User: u, Item: i}
	}
	b.pcg = r.rng()
	if r.err != nil {
		return nil, r.err
	}
	b.rng = rand.New(b.pcg)
	return b, nil
}

// maxCount bounds an item's count: float64 holds every integer up to it
// exactly, so scores rank counts exactly.
const maxCount = 1 << 53

// MarshalBinary writes p as a model file of kind "pop": the number of items,
// then each item's count.
func (p *Popularity) MarshalBinary() ([]byte, error) {
	w := newFileWriter(KindPopularity)
	w.u32(uint32(len(p.counts)))
	for _, c := range p.counts {
		w.u64(uint64(c))
	}
	return w.bytes(), nil
}

func unmarshalPopularity(r *fileReader) (*Popularity, error) {
	n := int(r.u32("the number of items"))
	if r.err != nil {
		return nil, r.err
	}
	if n == 0 {
		return nil, invalidModel("holds no items: there is nothing to recommend")
	}
	if r.count(n, 1, 8) < 0 {
		r.take("the counts", -1)
		return nil, r.err
	}
	p := &Popularity{counts: make([]int, n)}
	for i := range p.counts {
		c := r.u64("the counts")
		if c > maxCount {
			return nil, invalidModel("item %d has the count %d, beyond the %d a count can be", i, c, uint64(maxCount))
		}
		p.counts[i] = int(c)
	}
	return p, r.err
}
