package core

import (
	"errors"
	"fmt"
	"math"
)

// RCDConfig holds the settings of RCD: the model's, shared with eALS, and
// those of its backtracking line search. The line search's values are
// those of the authors' implementation (rdevooght/MF-with-prior-and-updates),
// which the eALS paper uses too.
type RCDConfig struct {
	Config
	Armijo  float64 // a step t must lower the row's objective by at least Armijo·t·‖g‖²
	Shrink  float64 // a rejected step is multiplied by this
	Trials  int     // step sizes tried, 1, Shrink, Shrink², …, before the row is left as it is
	MinGrad float64 // a row whose gradient has a squared norm below this is left as it is
}

// DefaultRCDConfig returns the settings of the paper's RCD on Yelp: those
// of DefaultConfig, except that every missing entry weighs the same
// (α = 0), as in RCD's own paper, where unknown values have one prior and
// one weight; and the line search of the authors' code: first step 1,
// Armijo constant 0.3, shrink factor 0.3, at most 10 trials, and no step
// when ‖g‖² < 10⁻⁴.
func DefaultRCDConfig() RCDConfig {
	cfg := DefaultConfig()
	cfg.Alpha = 0
	return RCDConfig{Config: cfg, Armijo: 0.3, Shrink: 0.3, Trials: 10, MinGrad: 1e-4}
}

const maxTrials = 100

// Problems lists every invalid parameter of c, in a fixed order: the
// model's first, then the line search's.
func (c RCDConfig) Problems() []*ParamError {
	ps := c.Config.Problems()
	bad := func(param string, v any, reason string) {
		ps = append(ps, &ParamError{Param: param, Value: fmt.Sprint(v), Reason: reason})
	}
	// Backtracking needs 0 < Armijo < 1/2 to accept the exact minimiser
	// along the gradient of a quadratic, and 0 < Shrink < 1 to shrink.
	if !(c.Armijo > 0 && c.Armijo < 0.5) {
		bad("rcd-armijo", c.Armijo, "the sufficient-decrease constant must be strictly between 0 and 0.5")
	}
	if !(c.Shrink > 0 && c.Shrink < 1) {
		bad("rcd-shrink", c.Shrink, "the step shrink factor must be strictly between 0 and 1")
	}
	if c.Trials < 1 || c.Trials > maxTrials {
		bad("rcd-trials", c.Trials, fmt.Sprintf("must be between 1 and %d", maxTrials))
	}
	if !(c.MinGrad >= 0 && c.MinGrad <= maxFiniteIn) {
		bad("rcd-min-grad", c.MinGrad, fmt.Sprintf("must be between 0 and %g", maxFiniteIn))
	}
	return ps
}

// Validate returns nil if c is usable, or an error joining one *ParamError
// per invalid parameter.
func (c RCDConfig) Validate() error {
	var errs []error
	for _, p := range c.Problems() {
		errs = append(errs, p)
	}
	return errors.Join(errs...)
}

// RCD is randomized block coordinate descent (Devooght, Kourtellis and
// Mantrach, "Dynamic Matrix Factorization with Priors on Unknown Values",
// KDD 2015) on eALS's objective (eq. 7 of the eALS paper, with observed
// weights w_ui as the eALS paper revises RCD to have):
//
//	L = Σ_{(u,i)∈R} w_ui (1 − p_u·q_i)² + Σ_u Σ_{i∉R_u} c_i (p_u·q_i)² + λ (‖P‖² + ‖Q‖²).
//
// RCD's paper weights every missing entry alike, c_i = c0/N, which is α = 0
// here (DefaultRCDConfig); another α gives RCD on eALS's popularity-weighted
// objective. A block is one user's or one item's vector. An epoch visits
// all M+N blocks in a random order and moves each by one gradient step
// whose size a backtracking (Armijo) line search picks. With the caches
// S^p = PᵀP and S^q = Σ_i c_i q_i q_iᵀ, which every step keeps current, a
// block's part of L is the quadratic f(x) = xᵀAx − 2bᵀx + const, so its
// gradient g = 2(Ax − b) costs O(K² + |R_u|K), and so does gᵀAg, after
// which each trial of the line search is exact in O(1):
// f(x − tg) − f(x) = −t‖g‖² + t²gᵀAg. An epoch costs
// O((M+N)K² + |R|K), as eALS's does. Every accepted step lowers L, and a
// failed search leaves the block as it is, so L never increases.
//
// Update learns one interaction as RCD's paper does: gradient steps on the
// user's and the item's vector only. Its methods are not safe for
// concurrent use.
type RCD struct {
	factors
	rcfg RCDConfig
	work rcdScratch
}

type rcdScratch struct{ g, old, outer []float64 }

func newRCDScratch(k int) rcdScratch {
	return rcdScratch{g: make([]float64, k), old: make([]float64, k), outer: make([]float64, 2*k)}
}

// newRCD returns an untrained RCD model of d. Its initial factors are those
// NewModel draws for the same Config, so RCD and eALS start alike.
func newRCD(d *Dataset, cfg RCDConfig) (*RCD, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if d == nil || d.Len() == 0 {
		return nil, ErrEmpty
	}
	return &RCD{factors: newFactors(d, cfg.Config), rcfg: cfg, work: newRCDScratch(cfg.K)}, nil
}

// descend takes one line-searched gradient step on a block and returns how
// much it lowered the objective (0 if it left the block alone). A block
// with no observations keeps its vector, as in eALS and the authors' code:
// nothing ties it to the data.
func (r *RCD) descend(s *rcdScratch, items bool, row int32) float64 {
	x, other, ids, ws, S, scale, cs, c := r.block(items, row)
	if len(ids) == 0 {
		return 0
	}
	k, lambda := r.k, r.cfg.Lambda
	g := s.g[:k]
	// g = 2(A x − b) = 2(scale·S x + λx + Σ_j [(w_j − c_j) r̂_j − w_j] o_j)
	for f := 0; f < k; f++ {
		g[f] = scale*dot(S[f*k:f*k+k], x) + lambda*x[f]
	}
	for j, id := range ids {
		o := other[int(id)*k : int(id)*k+k]
		if cs != nil {
			c = cs[id]
		}
		axpy(g, (ws[j]-c)*dot(x, o)-ws[j], o)
	}
	for f := range g {
		g[f] *= 2
	}
	gg := dot(g, g)
	if !(gg >= r.rcfg.MinGrad) || gg == 0 {
		return 0
	}
	// gᵀAg = scale·gᵀS g + λ‖g‖² + Σ_j (w_j − c_j)(o_j·g)²
	var gSg float64
	for f := 0; f < k; f++ {
		gSg += g[f] * dot(S[f*k:f*k+k], g)
	}
	gAg := scale*gSg + lambda*gg
	for j, id := range ids {
		o := other[int(id)*k : int(id)*k+k]
		if cs != nil {
			c = cs[id]
		}
		og := dot(o, g)
		gAg += (ws[j] - c) * og * og
	}
	t := 1.0
	for trial := 0; ; trial++ {
		if trial == r.rcfg.Trials {
			return 0 // the authors' code gives up and leaves the block
		}
		if t*t*gAg-t*gg <= -r.rcfg.Armijo*t*gg {
			break
		}
		t *= r.rcfg.Shrink
	}
	old := s.old[:k]
	copy(old, x)
	axpy(x, -t, g)
	if items {
		addOuterBuf(r.sq, r.c[row], old, x, s.outer)
	} else {
		addOuterBuf(r.sp, 1, old, x, s.outer)
	}
	return t*gg - t*t*gAg
}

// blockLoss is the block's part of the objective: the terms of L that hold
// its vector, Σ_j w_j (1 − r̂_j)² over its observed entries, Σ c r̂² over its
// missing ones (through the cache) and λ‖x‖².
func (r *RCD) blockLoss(items bool, row int32) float64 {
	x, other, ids, ws, S, scale, cs, c := r.block(items, row)
	k := r.k
	var l float64
	for f := 0; f < k; f++ {
		l += x[f] * dot(S[f*k:f*k+k], x)
	}
	l = scale*l + r.cfg.Lambda*sumSquares(x)
	for j, id := range ids {
		if cs != nil {
			c = cs[id]
		}
		p := dot(x, other[int(id)*k:int(id)*k+k])
		l += ws[j]*(1-p)*(1-p) - c*p*p
	}
	return l
}

// rcdStop is the authors' stopping rule for an online update: passes over
// the user's and the item's vector stop once one changes their part of the
// objective by at most this share.
const rcdStop = 1e-4

// Update folds the interaction (u, i) into the model with weight
// Config.WNew, as the eALS paper adapts RCD: r_ui = 1, w_ui = w_new, then
// up to Config.OnlineIters passes, each a line-searched gradient step on p_u
// then on q_i, stopping early, as RCD's own code does, once a pass changes
// their part of the objective by at most 10⁻⁴ of it. It costs
// O(K² + (|R_u|+|R_i|)K) per pass. An item with no weight yet gets c0/N, as
// in Model.Update. Call it between epochs.
func (r *RCD) Update(u, i int32) error {
	if err := r.checkUser(u); err != nil {
		return err
	}
	if err := r.checkItem(i); err != nil {
		return err
	}
	r.observe(u, i)
	s := &r.work
	var prev float64
	if r.cfg.OnlineIters > 1 {
		prev = r.blockLoss(false, u) + r.blockLoss(true, i)
	}
	for it := 0; it < r.cfg.OnlineIters; it++ {
		r.descend(s, false, u)
		r.descend(s, true, i)
		if it+1 < r.cfg.OnlineIters {
			cur := r.blockLoss(false, u) + r.blockLoss(true, i)
			if math.Abs(cur-prev) <= rcdStop*math.Abs(prev) {
				break
			}
			prev = cur
		}
	}
	return nil
}

// AddUser grows the model by a user with no history and a random vector,
// as a new user of eALS starts, and returns its id.
func (r *RCD) AddUser() int32 { return r.addUser() }

// Objective evaluates the objective through the caches, which every step
// keeps current, in O(|R|K + K² + NK).
func (r *RCD) Objective() Objective { return r.objectiveFromCaches() }

// Config returns the model's settings.
func (r *RCD) Config() RCDConfig { return r.rcfg }

var _ Learner = (*RCD)(nil)
