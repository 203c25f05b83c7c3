package core

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
)

// BPRConfig holds the hyper-parameters of BPR.
type BPRConfig struct {
	K           int     // number of latent factors
	LearnRate   float64 // SGD step size
	Lambda      float64 // L2 regularisation of every vector a step touches
	Epochs      int     // training epochs of |R| sampled triples each
	OnlineIters int     // SGD steps, each with a fresh negative, per online interaction
	Seed        uint64  // seed of the initialisation and of all sampling
	InitStd     float64 // standard deviation of the initial factors
}

// DefaultBPRConfig returns the settings used for the Phoenix figures. The
// learning rate and initial spread are the best offline HR@100 of a grid
// on the 10-core at K = 32, λ = 0.01, 50 epochs (rates 0.005–0.5, spreads
// 0.01 and 0.1; see the README); 5 online steps is within the 5–10 the
// paper finds BPR needs.
func DefaultBPRConfig() BPRConfig {
	return BPRConfig{K: 32, LearnRate: 0.05, Lambda: 0.01, Epochs: 50, OnlineIters: 5, Seed: 1, InitStd: 0.01}
}

// maxLearnRate bounds the SGD step: larger ones only diverge.
const maxLearnRate = 10

// Problems lists every invalid parameter of c, in a fixed order, named as
// on the command line.
func (c BPRConfig) Problems() []*ParamError {
	var ps []*ParamError
	bad := func(param string, v any, reason string) {
		ps = append(ps, &ParamError{Param: param, Value: fmt.Sprint(v), Reason: reason})
	}
	if c.K < 1 || c.K > MaxK {
		bad("K", c.K, fmt.Sprintf("the number of factors must be between 1 and %d", MaxK))
	}
	switch lr := c.LearnRate; {
	case math.IsNaN(lr):
		bad("bpr-lr", lr, "not a number")
	case lr <= 0 || lr > maxLearnRate:
		bad("bpr-lr", lr, fmt.Sprintf("the learning rate must be greater than 0 and at most %d", maxLearnRate))
	}
	switch l := c.Lambda; {
	case math.IsNaN(l):
		bad("lambda", l, "not a number")
	case l < 0 || l > maxFiniteIn:
		bad("lambda", l, fmt.Sprintf("must be between 0 and %g", maxFiniteIn))
	case l*c.LearnRate >= 1:
		bad("lambda", l, fmt.Sprintf("λ·learning rate = %g must be below 1, or every step flips the vectors' signs", l*c.LearnRate))
	}
	if c.Epochs < 0 || c.Epochs > MaxEpochs {
		bad("epochs", c.Epochs, fmt.Sprintf("must be between 0 and %d", MaxEpochs))
	}
	if c.OnlineIters < 1 || c.OnlineIters > maxOnline {
		bad("online-iters", c.OnlineIters, fmt.Sprintf("must be between 1 and %d", maxOnline))
	}
	if math.IsNaN(c.InitStd) || c.InitStd < 0 || c.InitStd > maxInitStd {
		bad("bpr-init-std", c.InitStd, fmt.Sprintf("must be between 0 and %d", maxInitStd))
	}
	return ps
}

// validate returns nil if c is usable, or an error joining one *ParamError
// per invalid parameter.
func (c BPRConfig) validate() error {
	var errs []error
	for _, p := range c.Problems() {
		errs = append(errs, p)
	}
	return errors.Join(errs...)
}

// BPR is Bayesian personalised ranking (Rendle et al., UAI 2009) on the
// same matrix-factorisation model, p_u·q_i, learnt by SGD on triples
// (u, i, j): a sampled observed pair (u, i) and an item j drawn uniformly
// from those u has not observed, raising ln σ(p_u·q_i − p_u·q_j) − λ‖·‖².
// Everything random comes from one generator seeded by Config.Seed, so a
// run is deterministic given the seed.
type BPR struct {
	cfg    BPRConfig
	k      int
	p, q   []float64
	seen   [][]int32     // each user's observed items, ascending
	pairs  []Interaction // the observed pairs, sampled uniformly
	pcg    *rand.PCG     // the state behind rng, kept to save it
	rng    *rand.Rand
	epochs int
}

// newBPR returns an untrained BPR model of d.
func newBPR(d *Dataset, cfg BPRConfig) (*BPR, error) {
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	if d == nil || d.Len() == 0 {
		return nil, ErrEmpty
	}
	b := &BPR{
		cfg:   cfg,
		k:     cfg.K,
		p:     make([]float64, d.NumUsers()*cfg.K),
		q:     make([]float64, d.NumItems()*cfg.K),
		seen:  make([][]int32, d.NumUsers()),
		pairs: append([]Interaction(nil), d.Interactions()...),
		pcg:   rand.NewPCG(cfg.Seed, 0x425052), // "BPR"
	}
	b.rng = rand.New(b.pcg)
	// Rows are capped windows onto one copy, so an online insert copies only
	// its own row.
	all := slices.Clone(d.byUser.idx)
	for u := range b.seen {
		lo, hi := d.byUser.ptr[u], d.byUser.ptr[u+1]
		b.seen[u] = all[lo:hi:hi]
	}
	for j := range b.p {
		b.p[j] = b.rng.NormFloat64() * cfg.InitStd
	}
	for j := range b.q {
		b.q[j] = b.rng.NormFloat64() * cfg.InitStd
	}
	return b, nil
}

// TrainBPR builds a BPR model of d and runs cfg.Epochs epochs, calling
// onEpoch (if not nil) after each, as Train does for eALS.
func TrainBPR(d *Dataset, cfg BPRConfig, onEpoch func(*BPR, EpochInfo) error) (*BPR, error) {
	t, err := NewBPRTrainer(d, cfg)
	if err != nil {
		return nil, err
	}
	return train(t, t.Model(), cfg.Epochs, onEpoch)
}

// sampleStep draws one observed pair and one negative and takes the SGD
// step on them. BPRTrainer and the tests' whole epochs share it so that
// they consume the generator identically, which keeps chunked training
// bitwise equal.
func (b *BPR) sampleStep() {
	x := b.pairs[b.rng.IntN(len(b.pairs))]
	if j, ok := b.negative(x.User); ok {
		b.step(x.User, x.Item, j)
	}
}

// negative draws an item uniformly from those u has not observed, with a
// single random number: the k-th unobserved item is found by stepping over
// the observed ones, which are sorted. It reports false if u has observed
// every item.
func (b *BPR) negative(u int32) (int32, bool) {
	seen := b.seen[u]
	free := b.NumItems() - len(seen)
	if free <= 0 {
		return 0, false
	}
	j := int32(b.rng.IntN(free))
	for _, s := range seen {
		if s > j {
			break
		}
		j++
	}
	return j, true
}

// step is one SGD step on ln σ(x_uij) − λ(‖p_u‖² + ‖q_i‖² + ‖q_j‖²),
// x_uij = p_u·q_i − p_u·q_j, with every gradient taken at the old values.
func (b *BPR) step(u, i, j int32) {
	pu, qi, qj := b.user(u), b.item(i), b.item(j)
	x := dot(pu, qi) - dot(pu, qj)
	g := 1 / (1 + math.Exp(x)) // σ(−x), the weight of a misordered pair
	lr, reg := b.cfg.LearnRate, b.cfg.Lambda
	for f := range pu {
		p, a, c := pu[f], qi[f], qj[f]
		pu[f] += lr * (g*(a-c) - reg*p)
		qi[f] += lr * (g*p - reg*a)
		qj[f] += lr * (-g*p - reg*c)
	}
}

// Update learns the new interaction (u, i) online, as Rendle and
// Schmidt-Thieme (RecSys 2008) adapt BPR: it records (u, i) as observed
// (so it is never drawn as a negative for u, and later epochs sample it)
// and takes Config.OnlineIters SGD steps on it, each with a fresh negative.
func (b *BPR) Update(u, i int32) error {
	if err := checkID("user", u, b.NumUsers()); err != nil {
		return err
	}
	if err := checkID("item", i, b.NumItems()); err != nil {
		return err
	}
	if at, found := slices.BinarySearch(b.seen[u], i); !found {
		b.seen[u] = slices.Insert(b.seen[u], at, i)
		b.pairs = append(b.pairs, Interaction{User: u, Item: i})
	}
	for range b.cfg.OnlineIters {
		j, ok := b.negative(u)
		if !ok {
			break
		}
		b.step(u, i, j)
	}
	return nil
}

// addUser grows the model by a user with no history and a random vector,
// and returns its id.
func (b *BPR) addUser() int32 {
	b.p = append(b.p, b.randomVector()...)
	b.seen = append(b.seen, nil)
	return int32(b.NumUsers() - 1)
}

// addItem grows the model by an item with no history and a random vector,
// and returns its id.
func (b *BPR) addItem() int32 {
	b.q = append(b.q, b.randomVector()...)
	return int32(b.NumItems() - 1)
}

func (b *BPR) randomVector() []float64 {
	v := make([]float64, b.k)
	for f := range v {
		v[f] = b.rng.NormFloat64() * b.cfg.InitStd
	}
	return v
}

// Config returns the model's settings.
func (b *BPR) Config() BPRConfig { return b.cfg }

// NumUsers returns the number of users, including any added online.
func (b *BPR) NumUsers() int { return len(b.p) / b.k }

// NumItems returns the number of items, including any added online.
func (b *BPR) NumItems() int { return len(b.q) / b.k }

func (b *BPR) user(u int32) []float64 { return b.p[int(u)*b.k : int(u)*b.k+b.k] }
func (b *BPR) item(i int32) []float64 { return b.q[int(i)*b.k : int(i)*b.k+b.k] }

// Scores returns the predicted preference of user u for every item, in dst
// if it is large enough.
func (b *BPR) Scores(u int32, dst []float64) []float64 {
	n := b.NumItems()
	if cap(dst) < n {
		dst = make([]float64, n)
	}
	return dotRows(dst[:n], b.user(u), b.q)
}

// ScoreBlock sets dst[j] to user u's score for item from+j, with the bits
// Scores gives it.
func (b *BPR) ScoreBlock(u int32, from int, dst []float64) {
	dotRows(dst, b.user(u), b.q[from*b.k:])
}

func (b *BPR) scoreRows(u int32) (p, q []float64) { return b.user(u), b.q }

var (
	_ Learner     = (*BPR)(nil)
	_ BlockScorer = (*BPR)(nil)
)
