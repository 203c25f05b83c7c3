package main

import (
	"fmt"

	"github.com/ealslive/ealslive/core"
)

// fit builds the chosen model on d, reporting each epoch to rep, and
// returns it with the wall time of every epoch.
func fit(o *options, d *core.Dataset, rep *reporter) (core.Recommender, []float64, error) {
	var seconds []float64
	note := func(info core.EpochInfo, loss *float64) {
		seconds = append(seconds, info.Seconds)
		rep.epoch(info, loss)
	}
	withLoss := func(obj func() core.Objective) func(core.EpochInfo) {
		return func(info core.EpochInfo) {
			loss := obj().Total()
			note(info, &loss)
		}
	}
	switch o.model {
	case "eals":
		m, err := core.Train(d, o.cfg, func(m *core.Model, info core.EpochInfo) error {
			withLoss(m.Objective)(info)
			return nil
		})
		return m, seconds, err
	case "als":
		a, err := core.TrainALS(d, o.cfg, func(a *core.ALS, info core.EpochInfo) error {
			withLoss(a.Objective)(info)
			return nil
		})
		return a, seconds, err
	case "rcd":
		r, err := core.TrainRCD(d, o.rcd, func(r *core.RCD, info core.EpochInfo) error {
			withLoss(r.Objective)(info)
			return nil
		})
		return r, seconds, err
	case "cg":
		c, err := core.TrainCG(d, o.cg, func(c *core.CG, info core.EpochInfo) error {
			withLoss(c.Objective)(info)
			return nil
		})
		return c, seconds, err
	case "bpr":
		b, err := core.TrainBPR(d, o.bpr, func(_ *core.BPR, info core.EpochInfo) error {
			note(info, nil)
			return nil
		})
		return b, seconds, err
	case "pop":
		p, err := core.NewPopularity(d)
		return p, nil, err
	}
	return nil, nil, fmt.Errorf("unknown model %q", o.model)
}

// describe names a model as -model does and lists the settings that matter
// for it, as the command line names them, whether it was trained here or
// loaded.
func describe(r core.Recommender) (string, map[string]any) {
	common := func(c core.Config) map[string]any {
		return map[string]any{"k": c.K, "epochs": c.Epochs, "c0": c.C0, "lambda": c.Lambda, "wnew": c.WNew,
			"online_iters": c.OnlineIters, "init_std": c.InitStd, "seed": c.Seed, "threads": c.Threads}
	}
	switch m := r.(type) {
	case *core.Model:
		p := common(m.Config())
		p["alpha"] = m.Config().Alpha
		return "eals", p
	case *core.ALS:
		p := common(m.Config())
		p["w0"] = m.W0()
		return "als", p
	case *core.RCD:
		c := m.Config()
		p := common(c.Config)
		delete(p, "threads")
		p["alpha"], p["rcd_armijo"], p["rcd_shrink"], p["rcd_trials"], p["rcd_min_grad"] = c.Alpha, c.Armijo, c.Shrink, c.Trials, c.MinGrad
		return "rcd", p
	case *core.CG:
		c := m.Config()
		p := common(c.Config)
		p["alpha"], p["cg_steps"] = c.Alpha, c.Steps
		return "cg", p
	case *core.BPR:
		c := m.Config()
		return "bpr", map[string]any{"k": c.K, "epochs": c.Epochs, "bpr_lr": c.LearnRate, "lambda": c.Lambda,
			"online_iters": c.OnlineIters, "init_std": c.InitStd, "seed": c.Seed}
	case *core.Popularity:
		return "pop", map[string]any{}
	}
	return fmt.Sprintf("%T", r), map[string]any{}
}

// objective is the model's objective, for models that have one.
func objective(r core.Recommender) *float64 {
	o, ok := r.(interface{ Objective() core.Objective })
	if !ok {
		return nil
	}
	v := o.Objective().Total()
	return &v
}
