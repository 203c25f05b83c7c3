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
	switch o.model {
	case "eals":
		m, err := core.Train(d, o.cfg, func(m *core.Model, info core.EpochInfo) error {
			loss := m.Objective().Total()
			note(info, &loss)
			return nil
		})
		return m, seconds, err
	case "als":
		a, err := core.TrainALS(d, o.cfg, func(a *core.ALS, info core.EpochInfo) error {
			loss := a.Objective().Total()
			note(info, &loss)
			return nil
		})
		return a, seconds, err
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
