package main

import (
	"fmt"
	"io"
	"runtime"
	"time"

	"github.com/ealslive/ealslive/core"
	"github.com/ealslive/ealslive/core/eval"
)

// plan is what a reproduction runs: the paper's settings, or, with -quick,
// a reduced version for CI (fewer points and epochs, K up to 128).
type plan struct {
	quick    bool
	expected string // how long the run takes on the machine the README names

	k, epochs   int       // K and epochs of the accuracy runs (the paper: 128, to convergence)
	c0s, alphas []float64 // Figure 3's grids
	rcdC0s      []float64 // RCD's grid of c0 (α = 0), as the paper searched w0 for it
	ks          []int     // Figure 5
	alsMaxK     int       // the largest K at which ALS is trained for Figure 5
	alsEpochsAt map[int]int
	bprRates    []float64 // Figure 6
	bprEpochs   int
	bprEvery    int
	iters       []int // Figure 7: online iterations of eALS and RCD (0: no updates)
	bprSteps    []int // Figure 7: BPR's online SGD steps
	wnews       []float64
	summaryKs   []int // the offline and online summary tables
	speedKs     []int // Table 3
	speedEpochs func(k int) int
	alsSampleK  int // Table 3 times ALS on a sample of rows from this K on
	alsSample   int // rows of each side in that sample
	threads     int // goroutines of accuracy runs whose time is not reported
}

func newPlan(quick bool) plan {
	threads := runtime.NumCPU()
	if quick {
		return plan{
			quick: true, expected: "about 2 minutes",
			k: 32, epochs: 10,
			c0s: []float64{16, 128, 512, 2048}, alphas: []float64{0, 0.4, 0.8},
			rcdC0s: []float64{128, 512},
			ks:     []int{16, 32, 64}, alsMaxK: 64, alsEpochsAt: map[int]int{},
			bprRates: []float64{0.01, 0.1}, bprEpochs: 20, bprEvery: 5,
			iters: []int{0, 1, 2}, bprSteps: []int{0, 1, 5},
			wnews:     []float64{1, 4},
			summaryKs: []int{16, 32},
			speedKs:   []int{32, 64, 128}, speedEpochs: func(int) int { return 1 },
			alsSampleK: 64, alsSample: 300,
			threads: threads,
		}
	}
	return plan{
		expected: "about 25 minutes",
		k:        128, epochs: 50,
		c0s:    []float64{4, 16, 64, 128, 256, 512, 1024, 2048, 4096},
		alphas: []float64{0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1},
		rcdC0s: []float64{64, 128, 256, 512, 1024, 2048},
		ks:     []int{16, 32, 64, 128, 256}, alsMaxK: 256, alsEpochsAt: map[int]int{256: 15},
		bprRates: []float64{0.01, 0.05, 0.25}, bprEpochs: 200, bprEvery: 10,
		iters: []int{0, 1, 2, 3, 5}, bprSteps: []int{0, 1, 5, 10, 20, 40},
		wnews:     []float64{1, 2, 4, 8, 16, 32},
		summaryKs: []int{32, 128},
		speedKs:   []int{32, 64, 128, 256, 512, 1024},
		speedEpochs: func(k int) int {
			switch {
			case k <= 128:
				return 3
			case k <= 256:
				return 2
			}
			return 1
		},
		alsSampleK: 256, alsSample: 400,
		threads: threads,
	}
}

// spec is one model configuration to train.
type spec struct {
	model                   string // eals, als, rcd, cg, bpr, pop
	k, epochs               int
	c0, alpha, lambda, wnew float64
	onlineIters, threads    int
	lr                      float64 // BPR
	steps                   int     // CG
	seed                    uint64
	noUpdates               bool // online: the frozen reference
	evalEvery               int  // offline: evaluate every so many epochs (0: at the end only)
}

// paperSpec is the paper's setting of each model at K: eALS and CG on the
// popularity-weighted objective with c0 = 512, α = 0.4; ALS and RCD
// uniform; λ = 0.01; BPR at rate 0.05.
func (p plan) spec(model string, k int) spec {
	s := spec{model: model, k: k, epochs: p.epochs, c0: 512, alpha: 0.4, lambda: 0.01, wnew: 1, onlineIters: 1,
		threads: 1, lr: 0.05, steps: 3, seed: 1}
	switch model {
	case "als", "rcd":
		s.alpha = 0
	case "bpr":
		s.onlineIters = 5
	}
	return s
}

func (s spec) config() core.Config {
	c := core.DefaultConfig()
	c.K, c.Epochs, c.C0, c.Alpha, c.Lambda, c.WNew = s.k, s.epochs, s.c0, s.alpha, s.lambda, s.wnew
	c.OnlineIters, c.Threads, c.Seed = max(s.onlineIters, 1), s.threads, s.seed
	return c
}

// trainer returns a Stepper for s on d and the model it trains.
func (s spec) trainer(d *core.Dataset) (core.Stepper, core.Recommender, error) {
	c := s.config()
	switch s.model {
	case "eals":
		t, err := core.NewTrainer(d, c)
		if err != nil {
			return nil, nil, err
		}
		return t, t.Model(), nil
	case "als":
		t, err := core.NewALSTrainer(d, c)
		if err != nil {
			return nil, nil, err
		}
		return t, t.Model(), nil
	case "rcd":
		rc := core.DefaultRCDConfig()
		rc.Config = c
		t, err := core.NewRCDTrainer(d, rc)
		if err != nil {
			return nil, nil, err
		}
		return t, t.Model(), nil
	case "cg":
		t, err := core.NewCGTrainer(d, core.CGConfig{Config: c, Steps: s.steps})
		if err != nil {
			return nil, nil, err
		}
		return t, t.Model(), nil
	case "bpr":
		b := core.DefaultBPRConfig()
		b.K, b.LearnRate, b.Lambda, b.Epochs, b.OnlineIters, b.Seed = s.k, s.lr, s.lambda, s.epochs, max(s.onlineIters, 1), s.seed
		t, err := core.NewBPRTrainer(d, b)
		if err != nil {
			return nil, nil, err
		}
		return t, t.Model(), nil
	}
	return nil, nil, fmt.Errorf("no trainer for %q", s.model)
}

// trained is a model trained for an offline figure, with its hold-out
// metrics.
type trained struct {
	curve        []epochMetrics // at the evaluated epochs
	final        eval.Metrics
	ranks        []int32 // of the final model, per test case
	epochSeconds []float64
}

type epochMetrics struct {
	epoch int
	eval.Metrics
}

// replayed is a model trained on the online split and replayed on the
// stream.
type replayed struct {
	res   eval.OnlineResult
	ranks []int32
}

// runner trains and judges specs on the two splits, remembering each
// result so that figures sharing a setting train it once, and reports
// progress on stderr.
type runner struct {
	p                  plan
	train, onlineTrain *core.Dataset
	test, stream       []core.Interaction
	offline            map[spec]*trained
	online             map[spec]*replayed
	log                io.Writer
	start              time.Time
}

func (r *runner) note(format string, args ...any) {
	el := time.Since(r.start).Round(time.Second)
	fmt.Fprintf(r.log, "[%02d:%02d] %s\n", int(el.Minutes()), int(el.Seconds())%60, fmt.Sprintf(format, args...))
}

// fit trains s on the leave-one-out split, evaluating every s.evalEvery
// epochs and at the end.
func (r *runner) fit(s spec) (*trained, error) {
	if t, ok := r.offline[s]; ok {
		return t, nil
	}
	r.note("offline: %s", s)
	t := &trained{}
	opts := eval.Options{RanksWithinTopN: true} // the paired tests need ranks only inside the top 100
	judge := func(rec core.Recommender) (eval.Metrics, []int32, error) {
		ev := eval.NewOffline(rec, r.train, r.test, opts)
		_, err := ev.Step(-1)
		return ev.Result(), ev.Ranks(), err
	}
	if s.model == "pop" {
		p, err := core.NewPopularity(r.train)
		if err != nil {
			return nil, err
		}
		if t.final, t.ranks, err = judge(p); err != nil {
			return nil, err
		}
		r.offline[s] = t
		return t, nil
	}
	st, rec, err := s.trainer(r.train)
	if err != nil {
		return nil, err
	}
	err = core.RunEpochs(st, s.epochs, func(e core.EpochInfo) error {
		t.epochSeconds = append(t.epochSeconds, e.Seconds)
		if e.Epoch == s.epochs || (s.evalEvery > 0 && e.Epoch%s.evalEvery == 0) {
			m, ranks, err := judge(rec)
			if err != nil {
				return err
			}
			t.curve = append(t.curve, epochMetrics{e.Epoch, m})
			t.final, t.ranks = m, ranks
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	r.offline[s] = t
	return t, nil
}

// replay trains s on the online split and replays the stream on it,
// learning from each interaction unless s.noUpdates.
func (r *runner) replay(s spec) (*replayed, error) {
	if x, ok := r.online[s]; ok {
		return x, nil
	}
	r.note("online: %s", s)
	var rec core.Recommender
	if s.model == "pop" {
		p, err := core.NewPopularity(r.onlineTrain)
		if err != nil {
			return nil, err
		}
		rec = p
	} else {
		st, m, err := s.trainer(r.onlineTrain)
		if err != nil {
			return nil, err
		}
		if err := core.RunEpochs(st, s.epochs, nil); err != nil {
			return nil, err
		}
		rec = m
	}
	if s.noUpdates {
		rec = eval.Frozen(rec)
	}
	ev := eval.NewOnline(rec, r.onlineTrain, r.stream, eval.Options{RanksWithinTopN: true})
	if _, err := ev.Step(-1); err != nil {
		return nil, err
	}
	x := &replayed{res: ev.Result(), ranks: ev.Ranks()}
	r.online[s] = x
	return x, nil
}

func (s spec) String() string {
	out := fmt.Sprintf("%s K=%d", s.model, s.k)
	switch s.model {
	case "pop":
		return "popularity"
	case "bpr":
		out += fmt.Sprintf(" lr=%g", s.lr)
	default:
		out += fmt.Sprintf(" c0=%g α=%g", s.c0, s.alpha)
	}
	out += fmt.Sprintf(" %d epochs", s.epochs)
	if s.wnew != 1 {
		out += fmt.Sprintf(" w_new=%g", s.wnew)
	}
	if s.noUpdates {
		out += " no updates"
	} else if s.onlineIters != 1 && s.model != "bpr" || s.model == "bpr" && s.onlineIters != 5 {
		out += fmt.Sprintf(" online-iters=%d", s.onlineIters)
	}
	return out
}
