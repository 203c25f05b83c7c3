package main

import (
	"io"
	"slices"
	"time"

	"github.com/ealslive/ealslive/core"
	"github.com/ealslive/ealslive/core/eval"
)

// evaluate splits d for the protocol, trains, runs the protocol and
// reports.
func evaluate(o *options, d *core.Dataset, source string, stdout, stderr io.Writer) error {
	rep := &reporter{o: o, stdout: stdout, stderr: stderr}
	var trainSet *core.Dataset
	var test []core.Interaction
	var err error
	if o.protocol == "offline" {
		trainSet, test, err = d.LeaveOneOut()
	} else {
		trainSet, test, err = d.TimeSplit(o.split)
	}
	if err != nil {
		return err
	}
	s := &summary{
		Model: o.model, Protocol: o.protocol, Data: source, NoUpdates: o.noUpdates,
		Users: d.NumUsers(), Items: d.NumItems(), Train: trainSet.Len(), Test: len(test),
		TopN: o.eval.TopN, ExcludeSeen: o.eval.ExcludeSeen, Params: params(o, d),
	}
	start := time.Now()
	rec, epochs, err := fit(o, trainSet, rep)
	rep.endProgress()
	if err != nil {
		return err
	}
	s.TrainSeconds = time.Since(start).Seconds()
	if len(epochs) > 0 {
		med := eval.Median(epochs)
		s.EpochSecondsMedian = &med
	}
	s.Loss = finalLoss(rec)

	start = time.Now()
	if o.protocol == "offline" {
		ev := eval.NewOffline(rec, trainSet, test, o.eval)
		if err := rep.run(ev, "evaluating"); err != nil {
			return err
		}
		s.setMetrics(ev.Result())
	} else {
		if o.noUpdates {
			rec = eval.Frozen(rec)
		}
		ev := eval.NewOnline(rec, trainSet, test, o.eval)
		if err := rep.run(ev, "replaying"); err != nil {
			return err
		}
		s.setOnline(ev.Result())
	}
	s.EvalSeconds = time.Since(start).Seconds()
	return rep.summary(s)
}

// finalLoss is the trained model's objective, for models that have one.
func finalLoss(r core.Recommender) *float64 {
	var v float64
	switch m := r.(type) {
	case *core.Model:
		v = m.Objective().Total()
	case *core.ALS:
		v = m.Objective().Total()
	default:
		return nil
	}
	return &v
}

// params lists the settings that matter for the model, as the command line
// names them.
func params(o *options, d *core.Dataset) map[string]any {
	c := o.cfg
	switch o.model {
	case "eals":
		return map[string]any{"k": c.K, "epochs": c.Epochs, "c0": c.C0, "alpha": c.Alpha, "lambda": c.Lambda,
			"wnew": c.WNew, "online_iters": c.OnlineIters, "init_std": c.InitStd, "seed": c.Seed, "threads": c.Threads}
	case "als":
		return map[string]any{"k": c.K, "epochs": c.Epochs, "c0": c.C0, "w0": c.C0 / float64(d.NumItems()),
			"lambda": c.Lambda, "wnew": c.WNew, "online_iters": c.OnlineIters, "init_std": c.InitStd, "seed": c.Seed, "threads": c.Threads}
	case "bpr":
		b := o.bpr
		return map[string]any{"k": b.K, "epochs": b.Epochs, "bpr_lr": b.LearnRate, "lambda": b.Lambda,
			"online_iters": b.OnlineIters, "init_std": b.InitStd, "seed": b.Seed}
	}
	return map[string]any{}
}

// percentile returns the p-th percentile (0–100) of xs by the nearest-rank
// rule, or 0 for no values.
func percentile(xs []float64, p float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	k := int(p/100*float64(len(s))+0.5) - 1
	return s[min(max(k, 0), len(s)-1)]
}

func (s *summary) setOnline(r eval.OnlineResult) {
	s.setMetrics(r.Metrics)
	s.NewUserTests, s.NewItemTests = &r.NewUserTests, &r.NewItemTests
	if len(r.UpdateSeconds) > 0 {
		med, p95 := 1000*eval.Median(r.UpdateSeconds), 1000*percentile(r.UpdateSeconds, 95)
		s.UpdateMsMedian, s.UpdateMsP95 = &med, &p95
	}
	for _, b := range r.ByHistory {
		hb := historyJSON{Label: b.Label, Min: b.Min, HR: b.HR, NDCG: b.NDCG, Count: b.Count}
		if b.Max >= 0 {
			hb.Max = &b.Max
		}
		s.ByHistory = append(s.ByHistory, hb)
	}
	for _, c := range r.Curve {
		s.Curve = append(s.Curve, curveJSON{Tests: c.Tests, HR: c.HR, NDCG: c.NDCG})
	}
}

func (s *summary) setMetrics(m eval.Metrics) { s.HR, s.NDCG, s.Count = m.HR, m.NDCG, m.Count }
