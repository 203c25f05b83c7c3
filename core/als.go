package core

import (
	"math/rand/v2"
	"sync"
)

// ALS is the implicit-feedback matrix factorisation of Hu, Koren and
// Volinsky (ICDM 2008) as the paper's section 2.2 states it: observed
// entries weighted w_ui (1, or w_new when learnt online) towards 1, every
// missing entry weighted uniformly w0 = c0/N towards 0, and each user (item)
// vector solved exactly at once, for all K factors, with a K×K system:
//
//	p_u = (w0 QᵀQ + Σ_{i∈R_u} (w_ui − w0) q_i q_iᵀ + λI)⁻¹ Σ_{i∈R_u} w_ui q_i
//
// which is eq. (3) with r_ui = 1 and the memoised Qᵀ Wᵘ Q of eq. (4). Its
// objective is eALS's with α = 0; an epoch costs O((M+N)K³ + |R|K²), the
// cost eALS removes. Config.Alpha is not used.
type ALS struct {
	cfg          Config
	k            int
	w0           float64
	p, q         []float64 // row-major, as in Model
	sp, sq       []float64 // PᵀP and QᵀQ, unweighted
	users, items observed
	pcg          *rand.PCG // the state behind rng, kept to save it
	rng          *rand.Rand
	threads      int
	work         []alsScratch
	epochs       int
	midEpoch     bool // an ALSTrainer is inside an epoch: the caches may be stale
}

// alsScratch holds one goroutine's K×K system and right-hand side.
type alsScratch struct{ a, b, old []float64 }

func newALSScratch(k int) alsScratch {
	return alsScratch{a: make([]float64, k*k), b: make([]float64, k), old: make([]float64, k)}
}

// newALS returns an untrained ALS model of d. Its initial factors are those
// newModel draws for the same configuration, so ALS and eALS start alike.
func newALS(d *Dataset, cfg Config) (*ALS, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if d == nil || d.Len() == 0 {
		return nil, ErrEmpty
	}
	k := cfg.K
	a := &ALS{
		cfg:     cfg,
		k:       k,
		w0:      cfg.C0 / float64(d.NumItems()),
		p:       make([]float64, d.NumUsers()*k),
		q:       make([]float64, d.NumItems()*k),
		sp:      make([]float64, k*k),
		sq:      make([]float64, k*k),
		users:   newObserved(d.byUser, 1),
		items:   newObserved(d.byItem, 1),
		pcg:     rand.NewPCG(cfg.Seed, 0x65414c53), // NewModel's stream
		threads: cfg.threads(),
	}
	a.rng = rand.New(a.pcg)
	for j := range a.p {
		a.p[j] = a.rng.NormFloat64() * cfg.InitStd
	}
	for j := range a.q {
		a.q[j] = a.rng.NormFloat64() * cfg.InitStd
	}
	a.setThreads(a.threads)
	gram(a.sp, a.p, k, nil, a.threads)
	gram(a.sq, a.q, k, nil, a.threads)
	return a, nil
}

// setThreads sets the goroutines of a pass. Their K×K scratch systems are
// made when a pass first needs them (see workers): a model that is only
// loaded and updated needs one, and a thousand at K = 1024 would take 8 GB.
func (a *ALS) setThreads(n int) {
	a.threads = n
	a.work = []alsScratch{newALSScratch(a.k)}
}

// workers returns the scratch of n goroutines.
func (a *ALS) workers(n int) []alsScratch {
	for len(a.work) < n {
		a.work = append(a.work, newALSScratch(a.k))
	}
	return a.work[:n]
}

// TrainALS builds an ALS model of d and runs cfg.Epochs epochs, calling
// onEpoch (if not nil) after each, as Train does for eALS; an error from
// onEpoch stops training and is returned with the model as it stands.
func TrainALS(d *Dataset, cfg Config, onEpoch func(*ALS, EpochInfo) error) (*ALS, error) {
	t, err := NewALSTrainer(d, cfg)
	if err != nil {
		return nil, err
	}
	return train(t, t.Model(), cfg.Epochs, onEpoch)
}

// pass solves rows [lo, hi) of one side. Rows depend only on the other
// side, which the pass leaves alone, so any split over goroutines, and any
// chunking of the side (ALSTrainer), gives the same result.
func (a *ALS) pass(items bool, lo, hi int) {
	side := &a.users
	if items {
		side = &a.items
	}
	run := func(s *alsScratch, lo, hi int) {
		for r := lo; r < hi; r++ {
			a.solve(s, items, int32(r))
		}
	}
	if a.threads <= 1 || hi-lo < 2*a.threads {
		run(&a.work[0], lo, hi)
		return
	}
	work := a.workers(a.threads)
	// Runs of about equal cost: |R_r| K² to build a system, K³ to solve it.
	cost := func(r int) int { return len(side.idx[r])*a.k + a.k*a.k }
	total := 0
	for r := lo; r < hi; r++ {
		total += cost(r)
	}
	var wg sync.WaitGroup
	start, acc := lo, 0
	for w := 0; w < a.threads; w++ {
		end := hi
		if w < a.threads-1 {
			target := total * (w + 1) / a.threads
			for end = start; end < hi && acc < target; end++ {
				acc += cost(end)
			}
		}
		wg.Add(1)
		go func(s *alsScratch, lo, hi int) {
			defer wg.Done()
			run(s, lo, hi)
		}(&work[w], start, end)
		start = end
	}
	wg.Wait()
}

// solve sets user (or item) r's vector to the exact minimiser of the
// objective with the other side fixed. If the system is not positive
// definite (only possible with λ = 0), the objective has no unique
// minimiser in that vector and it is kept.
func (a *ALS) solve(s *alsScratch, items bool, r int32) {
	k := a.k
	var side *observed
	var other, cache, x []float64
	if items {
		side, other, cache, x = &a.items, a.p, a.sp, a.item(r)
	} else {
		side, other, cache, x = &a.users, a.q, a.sq, a.user(r)
	}
	ids, ws := side.idx[r], side.w[r]
	if len(ids) == 0 {
		return
	}
	A, b := s.a, s.b
	for f := 0; f < k; f++ {
		for g := 0; g <= f; g++ {
			A[f*k+g] = a.w0 * cache[f*k+g]
		}
		A[f*k+f] += a.cfg.Lambda
		b[f] = 0
	}
	for j, id := range ids {
		v := other[int(id)*k : int(id)*k+k]
		w := ws[j]
		d := w - a.w0
		for f, vf := range v {
			dv := d * vf
			row := A[f*k : f*k+f+1]
			for g := range row {
				row[g] += dv * v[g]
			}
			b[f] += w * vf
		}
	}
	if !cholesky(A, k) {
		return
	}
	choleskySolve(A, k, b)
	copy(x, b)
}

// Update folds the interaction (u, i) in with weight Config.WNew and
// re-solves p_u then q_i, Config.OnlineIters times, keeping PᵀP and QᵀQ
// current. This online step is this package's addition, not part of Hu et
// al.: it is the vector-wise counterpart of eALS's Update and costs
// O(K³ + (|R_u|+|R_i|)K²).
func (a *ALS) Update(u, i int32) error {
	if err := checkID("user", u, a.NumUsers()); err != nil {
		return err
	}
	if err := checkID("item", i, a.NumItems()); err != nil {
		return err
	}
	a.users.set(u, i, a.cfg.WNew)
	a.items.set(i, u, a.cfg.WNew)
	s := &a.work[0]
	for it := 0; it < a.cfg.OnlineIters; it++ {
		p := a.user(u)
		copy(s.old, p)
		a.solve(s, false, u)
		addOuter(a.sp, 1, s.old, p)
		q := a.item(i)
		copy(s.old, q)
		a.solve(s, true, i)
		addOuter(a.sq, 1, s.old, q)
	}
	return nil
}

// addUser grows the model by a user with no history and a random vector,
// and returns its id.
func (a *ALS) addUser() int32 {
	u := int32(a.NumUsers())
	v := a.randomVector()
	a.p = append(a.p, v...)
	a.users.addRow()
	addOuter(a.sp, 1, make([]float64, a.k), v)
	return u
}

// addItem grows the model by an item with no history and a random vector,
// and returns its id. Its missing entries weigh w0 like every other item's;
// w0 itself keeps the value it got from the training data's N.
func (a *ALS) addItem() int32 {
	i := int32(a.NumItems())
	v := a.randomVector()
	a.q = append(a.q, v...)
	a.items.addRow()
	addOuter(a.sq, 1, make([]float64, a.k), v)
	return i
}

func (a *ALS) randomVector() []float64 {
	v := make([]float64, a.k)
	for f := range v {
		v[f] = a.rng.NormFloat64() * a.cfg.InitStd
	}
	return v
}

// Objective evaluates the objective through the caches as Model.Objective
// does, in O(|R|K + (M+N)K²), with every c_i = w0.
func (a *ALS) Objective() Objective {
	var o Objective
	sp, sq := make([]float64, a.k*a.k), make([]float64, a.k*a.k)
	gram(sp, a.p, a.k, nil, 1)
	gram(sq, a.q, a.k, nil, 1)
	for u, items := range a.users.idx {
		p := a.user(int32(u))
		ws := a.users.w[u]
		for j, i := range items {
			r := dot(p, a.item(i))
			o.Observed += ws[j] * (1 - r) * (1 - r)
			o.Missing -= a.w0 * r * r
		}
	}
	for j, s := range sp {
		o.Missing += a.w0 * s * sq[j]
	}
	var norms float64
	for _, v := range a.p {
		norms += v * v
	}
	for _, v := range a.q {
		norms += v * v
	}
	o.Penalty = a.cfg.Lambda * norms
	return o
}

// Config returns the model's settings.
func (a *ALS) Config() Config { return a.cfg }

// W0 returns the uniform weight of a missing entry, c0/N for the N items
// it was trained with.
func (a *ALS) W0() float64 { return a.w0 }

// NumUsers returns the number of users, including any added online.
func (a *ALS) NumUsers() int { return len(a.p) / a.k }

// NumItems returns the number of items, including any added online.
func (a *ALS) NumItems() int { return len(a.q) / a.k }

func (a *ALS) user(u int32) []float64 { return a.p[int(u)*a.k : int(u)*a.k+a.k] }
func (a *ALS) item(i int32) []float64 { return a.q[int(i)*a.k : int(i)*a.k+a.k] }

// Scores returns the predicted preference of user u for every item, in dst
// if it is large enough.
func (a *ALS) Scores(u int32, dst []float64) []float64 {
	n := a.NumItems()
	if cap(dst) < n {
		dst = make([]float64, n)
	}
	return dotRows(dst[:n], a.user(u), a.q)
}

// ScoreBlock sets dst[j] to user u's score for item from+j, with the bits
// Scores gives it.
func (a *ALS) ScoreBlock(u int32, from int, dst []float64) {
	dotRows(dst, a.user(u), a.q[from*a.k:])
}

func (a *ALS) scoreRows(u int32) (p, q []float64) { return a.user(u), a.q }

var (
	_ Learner     = (*ALS)(nil)
	_ BlockScorer = (*ALS)(nil)
)
