package main

import (
	"fmt"
	"text/tabwriter"

	"github.com/ealslive/ealslive/core"
	"github.com/ealslive/ealslive/core/eval"
)

// retrainJSON is -retrain-every's lane in the summary: eALS retrained from
// scratch every Every interactions of the stream, frozen in between.
type retrainJSON struct {
	Every    int     `json:"every"`
	Retrains int     `json:"retrains"`
	HR       float64 `json:"hr"`
	NDCG     float64 `json:"ndcg"`
	Count    int     `json:"count"`
	// RetrainSeconds is the wall time of every retrain; ComputeSeconds adds
	// the first training, which the lane shares with the model updated.
	RetrainSeconds float64 `json:"retrain_seconds"`
	ComputeSeconds float64 `json:"compute_seconds"`
	// HRDiff is the main model's HR minus this lane's, HRMargin the
	// half-width of its 95% interval (eval.HRDifference) and HRP the
	// two-sided p of the paired t-test over the same test cases.
	HRDiff    float64       `json:"hr_diff"`
	HRMargin  float64       `json:"hr_margin"`
	HRP       *float64      `json:"hr_p,omitempty"`
	ByHistory []historyJSON `json:"by_history"`
	Curve     []curveJSON   `json:"curve"`
}

// replayRetraining replays the stream on the "retrain every N" lane from
// start, the trained model before any update, and sets it beside main,
// the replay of the model itself, in s.
func replayRetraining(o *options, start *core.Model, train *core.Dataset, stream []core.Interaction, opts eval.Options,
	main *eval.Online, s *summary, rep *reporter) error {
	lane, err := eval.NewRetraining(start, train, o.retrainEvery)
	if err != nil {
		return err
	}
	ev := eval.NewOnline(lane, train, stream, opts)
	if err := rep.run(ev, fmt.Sprintf("retraining every %d", o.retrainEvery)); err != nil {
		return err
	}
	res, mainRes := ev.Result(), main.Result()
	r := &retrainJSON{Every: o.retrainEvery, Retrains: lane.Retrains(), HR: res.HR, NDCG: res.NDCG, Count: res.Count,
		RetrainSeconds: total(res.UpdateSeconds)}
	r.ComputeSeconds = s.TrainSeconds + r.RetrainSeconds
	r.HRDiff, r.HRMargin = eval.HRDifference(mainRes.Metrics, res.Metrics)
	a, _ := eval.CaseMetrics(main.Ranks(), opts.TopN)
	b, _ := eval.CaseMetrics(ev.Ranks(), opts.TopN)
	if tt, err := eval.PairedTTest(a, b); err == nil {
		r.HRP = &tt.P
	}
	r.ByHistory, r.Curve = historyOf(res), curveOf(res)
	s.Retrain = r
	return nil
}

// total adds up seconds in order.
func total(xs []float64) float64 {
	var t float64
	for _, x := range xs {
		t += x
	}
	return t
}

// retrainSummary writes the lane's lines of the text summary.
func (r *reporter) retrainSummary(s *summary) error {
	l := s.Retrain
	if l == nil {
		return nil
	}
	n := s.TopN
	main := "the updated model"
	if s.NoUpdates {
		main = "the model never updated"
	}
	fmt.Fprintf(r.stdout, "\nretrained every %d interactions: from scratch on the training set and the stream so far, frozen in between\n", l.Every)
	w := tabwriter.NewWriter(r.stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintf(w, "HR@%d\t%.4f\t(%d test cases; %d retrains)\n", n, l.HR, l.Count, l.Retrains)
	fmt.Fprintf(w, "NDCG@%d\t%.4f\n", n, l.NDCG)
	fmt.Fprintf(w, "compute\t%.2f s\t(training %.2f s, retraining %.2f s)\n", l.ComputeSeconds, s.TrainSeconds, l.RetrainSeconds)
	if s.ComputeSeconds != nil {
		fmt.Fprintf(w, "\t%.2f s for %s\t(training %.2f s, updates %.2f s)\n", *s.ComputeSeconds, main, s.TrainSeconds, *s.ComputeSeconds-s.TrainSeconds)
	}
	verdict := "a tie: within the margin"
	switch {
	case l.HRDiff > l.HRMargin:
		verdict = main + " ahead, beyond the margin"
	case -l.HRDiff > l.HRMargin:
		verdict = "the retrained model ahead, beyond the margin"
	}
	p := ""
	if l.HRP != nil {
		p = fmt.Sprintf(", paired t-test p = %.2g", *l.HRP)
	}
	fmt.Fprintf(w, "HR@%d gap\t%+.4f ± %.4f\t(%s minus retrained; 95%% margin%s): %s\n", n, l.HRDiff, l.HRMargin, main, p, verdict)
	if err := w.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(r.stdout, "\nby the test user's past interactions, %s and retrained:\n", main)
	w = tabwriter.NewWriter(r.stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(w, "past\ttests\tHR@%d\tretrained\tNDCG@%d\tretrained\t\n", n, n)
	for k, b := range l.ByHistory {
		m := s.ByHistory[k]
		fmt.Fprintf(w, "%s\t%d\t%.4f\t%.4f\t%.4f\t%.4f\t\n", b.Label, b.Count, m.HR, b.HR, m.NDCG, b.NDCG)
	}
	return w.Flush()
}
