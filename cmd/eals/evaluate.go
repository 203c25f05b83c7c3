package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/ealslive/ealslive/core"
	"github.com/ealslive/ealslive/core/eval"
)

// evaluate splits d for the protocol, trains (or loads) the model, runs
// the protocol, saves the model if asked, and reports.
func evaluate(o *options, d *core.Dataset, info *dataInfo, stdout, stderr io.Writer) error {
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
		Protocol: o.protocol, Data: info.source, Format: info.format, HasTimes: info.hasTimes, Notes: info.notes, Read: info.read,
		NoUpdates: o.noUpdates,
		Users:     d.NumUsers(), Items: d.NumItems(), Train: trainSet.Len(), Test: len(test),
		TopN: o.eval.TopN, ExcludeSeen: o.eval.ExcludeSeen, Loaded: o.load,
	}
	start := time.Now()
	var rec core.Recommender
	if o.load != "" {
		if rec, err = loadModel(o.load, trainSet); err != nil {
			return err
		}
	} else {
		var epochs []float64
		rec, epochs, err = fit(o, trainSet, rep)
		rep.endProgress()
		if err != nil {
			return err
		}
		s.TrainSeconds = time.Since(start).Seconds()
		if len(epochs) > 0 {
			med := eval.Median(epochs)
			s.EpochSecondsMedian = &med
			s.Epochs = len(epochs)
		}
	}
	if o.similar != "" {
		if o.save != "" {
			if err := saveModel(o.save, rec); err != nil {
				return err
			}
		}
		return similarTo(o, trainSet, info, rec, stdout)
	}
	s.Model, s.Params = describe(rec)
	s.Loss = objective(rec)
	var first *core.Model // the trained model before any update, for -retrain-every
	if m, ok := rec.(*core.Model); ok && o.retrainEvery > 0 {
		first = m.Clone()
	}

	start = time.Now()
	// Only HR and NDCG at -topn are reported, which need no rank past it.
	opts := o.eval
	opts.RanksWithinTopN = true
	if o.protocol == "offline" {
		ev := eval.NewOffline(rec, trainSet, test, opts)
		if err := rep.run(ev, "evaluating"); err != nil {
			return err
		}
		s.setMetrics(ev.Result())
	} else {
		judged := rec
		if o.noUpdates {
			judged = eval.Frozen(rec)
		}
		ev := eval.NewOnline(judged, trainSet, test, opts)
		if err := rep.run(ev, "replaying"); err != nil {
			return err
		}
		res := ev.Result()
		s.setOnline(res)
		if o.load == "" {
			c := s.TrainSeconds + total(res.UpdateSeconds)
			s.ComputeSeconds = &c
		}
		if first != nil {
			if err := replayRetraining(o, first, trainSet, test, opts, ev, s, rep); err != nil {
				return err
			}
		}
	}
	s.EvalSeconds = time.Since(start).Seconds()
	if o.save != "" {
		if err := saveModel(o.save, rec); err != nil {
			return err
		}
		s.Saved = o.save
	}
	return rep.summary(s)
}

// loadModel reads a model file and checks that the model fits the split of
// the data it is to be judged on.
func loadModel(path string, train *core.Dataset) (core.Recommender, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	rec, err := core.Load(b)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	kind, _ := describe(rec)
	if rec.NumItems() != train.NumItems() {
		return nil, fmt.Errorf("%s holds a model (-model %s) of %d items, but the data has %d: evaluate it on the data it was trained on",
			path, kind, rec.NumItems(), train.NumItems())
	}
	if uc, ok := rec.(interface{ NumUsers() int }); ok && uc.NumUsers() < train.NumUsers() {
		return nil, fmt.Errorf("%s holds a model (-model %s) of %d users, but the data has %d: evaluate it on the data it was trained on",
			path, kind, uc.NumUsers(), train.NumUsers())
	}
	return rec, nil
}

// saveModel writes the model through a temporary file, so that a failure
// never leaves half a model where a whole one was.
func saveModel(path string, rec core.Recommender) error {
	b, err := core.Save(rec)
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".eals-model-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(b); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
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
	s.ByHistory, s.Curve = historyOf(r), curveOf(r)
}

// historyOf is the replay's breakdown by past interactions, as the
// summary writes it.
func historyOf(r eval.OnlineResult) []historyJSON {
	var out []historyJSON
	for _, b := range r.ByHistory {
		hb := historyJSON{Label: b.Label, Min: b.Min, HR: b.HR, NDCG: b.NDCG, Count: b.Count}
		if b.Max >= 0 {
			hb.Max = &b.Max
		}
		out = append(out, hb)
	}
	return out
}

// curveOf is the replay's cumulative curve, as the summary writes it.
func curveOf(r eval.OnlineResult) []curveJSON {
	var out []curveJSON
	for _, c := range r.Curve {
		out = append(out, curveJSON{Tests: c.Tests, HR: c.HR, NDCG: c.NDCG})
	}
	return out
}

func (s *summary) setMetrics(m eval.Metrics) { s.HR, s.NDCG, s.Count = m.HR, m.NDCG, m.Count }
