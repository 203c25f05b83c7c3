package core

import (
	"errors"
	"fmt"
	"math"
	"runtime"
)

// Config holds the hyper-parameters of eALS training and online updates.
type Config struct {
	K           int     // number of latent factors
	C0          float64 // overall weight of missing data
	Alpha       float64 // popularity exponent of the missing-data weights
	Lambda      float64 // L2 regularisation
	WNew        float64 // weight of an interaction learnt online
	Epochs      int     // training epochs
	OnlineIters int     // passes over (p_u, q_i) per online interaction
	Seed        uint64  // seed of the random initialisation
	InitStd     float64 // standard deviation of the initial factors
	Threads     int     // goroutines per epoch; 0 means one per CPU
}

// DefaultConfig returns the paper's settings for Yelp: K = 32 factors (the
// paper reports K = 128; 32 keeps the page fast), c0 = 512, α = 0.4,
// λ = 0.01, w_new = 1 and one online iteration.
func DefaultConfig() Config {
	return Config{
		K:           32,
		C0:          512,
		Alpha:       0.4,
		Lambda:      0.01,
		WNew:        1,
		Epochs:      50,
		OnlineIters: 1,
		Seed:        1,
		InitStd:     0.01,
		Threads:     1,
	}
}

// Limits keep a configuration within what the model can hold and what the
// paper's analysis covers.
const (
	MaxK        = 1024
	maxAlpha    = 5
	MaxEpochs   = 100000
	maxOnline   = 100
	maxThreads  = 1024
	maxInitStd  = 10
	maxFiniteIn = 1e12 // larger weights overflow squared terms
)

// ParamError says which parameter of a Config is invalid and why.
type ParamError struct {
	Param  string // the name used by the command line and the page
	Value  string
	Reason string
}

func (e *ParamError) Error() string {
	return fmt.Sprintf("%s = %s is invalid: %s", e.Param, e.Value, e.Reason)
}

// Problems lists every invalid parameter of c, in a fixed order.
func (c Config) Problems() []*ParamError {
	var ps []*ParamError
	bad := func(param string, v any, reason string) {
		ps = append(ps, &ParamError{Param: param, Value: fmt.Sprint(v), Reason: reason})
	}
	if c.K < 1 || c.K > MaxK {
		bad("K", c.K, fmt.Sprintf("the number of factors must be between 1 and %d", MaxK))
	}
	checkWeight := func(param string, v float64, positive bool) {
		switch {
		case math.IsNaN(v):
			bad(param, v, "not a number")
		case math.IsInf(v, 0) || v > maxFiniteIn:
			bad(param, v, fmt.Sprintf("must be finite and at most %g", maxFiniteIn))
		case positive && v <= 0:
			bad(param, v, "must be greater than 0")
		case v < 0:
			bad(param, v, "must not be negative")
		}
	}
	checkWeight("c0", c.C0, false)
	if math.IsNaN(c.Alpha) || c.Alpha < 0 || c.Alpha > maxAlpha {
		bad("alpha", c.Alpha, fmt.Sprintf("the popularity exponent must be between 0 and %d", maxAlpha))
	}
	checkWeight("lambda", c.Lambda, false)
	checkWeight("wnew", c.WNew, true)
	if c.Epochs < 0 || c.Epochs > MaxEpochs {
		bad("epochs", c.Epochs, fmt.Sprintf("must be between 0 and %d", MaxEpochs))
	}
	if c.OnlineIters < 1 || c.OnlineIters > maxOnline {
		bad("online-iters", c.OnlineIters, fmt.Sprintf("must be between 1 and %d", maxOnline))
	}
	if math.IsNaN(c.InitStd) || c.InitStd < 0 || c.InitStd > maxInitStd {
		bad("init-std", c.InitStd, fmt.Sprintf("must be between 0 and %d", maxInitStd))
	}
	if c.Threads < 0 || c.Threads > maxThreads {
		bad("threads", c.Threads, fmt.Sprintf("must be between 0 (one per CPU) and %d", maxThreads))
	}
	return ps
}

// Validate returns nil if c is usable, or an error joining one *ParamError
// per invalid parameter.
func (c Config) Validate() error {
	ps := c.Problems()
	errs := make([]error, len(ps))
	for k, p := range ps {
		errs[k] = p
	}
	return errors.Join(errs...)
}

func (c Config) threads() int {
	if c.Threads == 0 {
		return runtime.GOMAXPROCS(0)
	}
	return c.Threads
}
