package main

import (
	"bytes"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/ealslive/ealslive/core"
	"github.com/ealslive/ealslive/core/eval"
)

// -retrain-every's lane in the summary is eval's Retraining lane replayed
// on the same split with the same settings, to 1e-9, and its compute time
// holds the first training and every retrain; -no-updates keeps it.
func TestRetrainEveryEqualsEval(t *testing.T) {
	d, err := core.Synthetic(150, 80, 3000, 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	train, stream, err := d.TimeSplit(0.9)
	if err != nil {
		t.Fatal(err)
	}
	cfg := core.DefaultConfig()
	cfg.K, cfg.Epochs = 6, 4
	start, err := core.Train(train, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		every     int
		noUpdates bool
	}{{40, false}, {40, true}, {120, false}} {
		lane, err := eval.NewRetraining(start, train, tc.every)
		if err != nil {
			t.Fatal(err)
		}
		want, err := eval.EvaluateOnline(lane, train, stream, eval.Options{TopN: 20})
		if err != nil {
			t.Fatal(err)
		}
		args := []string{"-synthetic", "150,80,3000", "-protocol", "online", "-k", "6", "-epochs", "4", "-topn", "20",
			"-retrain-every", strconv.Itoa(tc.every)}
		if tc.noUpdates {
			args = append(args, "-no-updates")
		}
		lines := runJSON(t, args...)
		s := lines[len(lines)-1]
		r, ok := s["retrain"].(map[string]any)
		if !ok {
			t.Fatalf("every %d: no retrain lane in %v", tc.every, s)
		}
		has(t, r, "every", "retrains", "hr", "ndcg", "count", "retrain_seconds", "compute_seconds", "hr_diff", "hr_margin", "hr_p", "by_history", "curve")
		if math.Abs(r["hr"].(float64)-want.HR) > 1e-9 || math.Abs(r["ndcg"].(float64)-want.NDCG) > 1e-9 || r["count"] != float64(want.Count) {
			t.Errorf("every %d: the lane %v, %v over %v; eval's %+v", tc.every, r["hr"], r["ndcg"], r["count"], want.Metrics)
		}
		if r["retrains"] != float64(len(stream)/tc.every) || r["every"] != float64(tc.every) {
			t.Errorf("every %d: %v retrains over %d interactions", tc.every, r["retrains"], len(stream))
		}
		hist := r["by_history"].([]any)
		for k, b := range want.ByHistory {
			if got := hist[k].(map[string]any)["hr"].(float64); math.Abs(got-b.HR) > 1e-9 {
				t.Errorf("every %d, past %s: HR %v, eval's %v", tc.every, b.Label, got, b.HR)
			}
		}
		if diff := s["hr"].(float64) - r["hr"].(float64); math.Abs(r["hr_diff"].(float64)-diff) > 1e-12 {
			t.Errorf("every %d: hr_diff %v, want %v", tc.every, r["hr_diff"], diff)
		}
		compute, train := r["compute_seconds"].(float64), s["train_seconds"].(float64)
		if math.Abs(compute-train-r["retrain_seconds"].(float64)) > 1e-9 || r["retrain_seconds"].(float64) <= 0 {
			t.Errorf("every %d: compute %v s, training %v s, retraining %v s", tc.every, compute, train, r["retrain_seconds"])
		}
	}
	var out, errs bytes.Buffer
	if err := run([]string{"-synthetic", "150,80,3000", "-protocol", "online", "-k", "6", "-epochs", "4", "-retrain-every", "100"}, &out, &errs); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"retrained every 100 interactions", "HR@100 gap", "retraining", "compute"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the text summary lacks %q:\n%s", want, out.String())
		}
	}
}
