package app

import (
	"strings"
	"testing"

	"github.com/ealslive/ealslive/core"
	"github.com/ealslive/ealslive/core/eval"
)

func compareSource(t *testing.T) *loaded {
	t.Helper()
	d, err := core.Synthetic(120, 70, 2000, 1, 9)
	if err != nil {
		t.Fatal(err)
	}
	train, test, err := d.LeaveOneOut()
	if err != nil {
		t.Fatal(err)
	}
	return &loaded{train: train, test: test}
}

// The rivals are set up as `eals -model eals|bpr [-alpha 0] -k K -lambda λ
// -seed S -epochs E` sets them up.
func TestRivalsMatchTheCommandLine(t *testing.T) {
	cfg := pageConfig()
	cfg.K, cfg.Lambda, cfg.Seed, cfg.C0 = 16, 0.05, 7, 300
	rs := rivals(cfg)
	if len(rs) != 3 || rs[0].Key != rivalWeighted || rs[1].Key != rivalUniform || rs[2].Key != rivalBPR {
		t.Fatalf("rivals %+v", rs)
	}
	if *rs[0].eals != cfg {
		t.Errorf("weighted eALS runs %+v, want the page's %+v", *rs[0].eals, cfg)
	}
	uniform := cfg
	uniform.Alpha = 0
	if *rs[1].eals != uniform {
		t.Errorf("uniform eALS runs %+v, want %+v", *rs[1].eals, uniform)
	}
	want := core.DefaultBPRConfig()
	want.K, want.Lambda, want.Seed, want.Epochs = 16, 0.05, 7, compareBPREpochs
	if rs[2].bpr == nil || *rs[2].bpr != want || rs[2].Epochs != compareBPREpochs {
		t.Errorf("BPR runs %+v, want %+v", rs[2].bpr, want)
	}
}

// Each row holds what training with the core's one-shot functions and
// evaluating every hold-out gives.
func TestCompareMatchesTheProtocol(t *testing.T) {
	src := compareSource(t)
	cfg := pageConfig()
	cfg.K, cfg.Epochs = 5, 3
	rs := rivals(cfg)
	rs[2].bpr.Epochs, rs[2].Epochs = 4, 4
	run := newCompareRun(rs, len(src.test))
	if err := run.execute(src, rs, func(bool) {}, func() bool { return false }); err != nil {
		t.Fatal(err)
	}
	opts := eval.Options{TopN: evalTopN}
	var want []eval.Metrics
	for _, c := range []core.Config{*rs[0].eals, *rs[1].eals} {
		m, err := core.Train(src.train, c, nil)
		if err != nil {
			t.Fatal(err)
		}
		res, err := eval.EvaluateOffline(m, src.train, src.test, opts)
		if err != nil {
			t.Fatal(err)
		}
		want = append(want, res)
	}
	b, err := core.TrainBPR(src.train, *rs[2].bpr, nil)
	if err != nil {
		t.Fatal(err)
	}
	res, err := eval.EvaluateOffline(b, src.train, src.test, opts)
	if err != nil {
		t.Fatal(err)
	}
	want = append(want, res)
	for k, row := range run.Rows {
		if !row.Evaluated || row.Metrics != want[k] || row.Err != "" {
			t.Errorf("%s: evaluated %v, %+v (error %q); want %+v", row.Key, row.Evaluated, row.Metrics, row.Err, want[k])
		}
		if row.Done != rs[k].Epochs || len(row.EpochMs) != rs[k].Epochs {
			t.Errorf("%s: %d epochs, %d times; want %d", row.Key, row.Done, len(row.EpochMs), rs[k].Epochs)
		}
		if row.EpochMsMedian != eval.Median(row.EpochMs) {
			t.Errorf("%s: median %v of %v", row.Key, row.EpochMsMedian, row.EpochMs)
		}
	}
	if run.Rows[0].Metrics == run.Rows[2].Metrics {
		t.Errorf("eALS and BPR scored exactly alike, %+v: the rows are not independent", run.Rows[0].Metrics)
	}
}

func TestCompareStops(t *testing.T) {
	src := compareSource(t)
	cfg := pageConfig()
	cfg.K, cfg.Epochs = 4, 3
	rs := rivals(cfg)
	run := newCompareRun(rs, len(src.test))
	calls := 0
	err := run.execute(src, rs, func(bool) {}, func() bool { calls++; return run.Current == 1 })
	if err != errStopped {
		t.Fatalf("error %v, want errStopped", err)
	}
	if !run.Rows[0].Evaluated || run.Rows[1].Evaluated || run.Rows[2].Evaluated || run.Rows[2].Done != 0 {
		t.Errorf("stopped in the second row, yet rows %+v", run.Rows)
	}
}

// A setting one rival cannot take fails that row only.
func TestCompareRowFailsAlone(t *testing.T) {
	src := compareSource(t)
	cfg := pageConfig()
	cfg.K, cfg.Epochs, cfg.Lambda = 4, 2, 30 // λ·learning rate ≥ 1: BPR refuses it
	rs := rivals(cfg)
	run := newCompareRun(rs, len(src.test))
	if err := run.execute(src, rs, func(bool) {}, func() bool { return false }); err != nil {
		t.Fatal(err)
	}
	if !run.Rows[0].Evaluated || !run.Rows[1].Evaluated {
		t.Errorf("the eALS rows did not finish: %+v", run.Rows[:2])
	}
	if bpr := run.Rows[2]; bpr.Evaluated || !strings.Contains(bpr.Err, "lambda") {
		t.Errorf("BPR row: evaluated %v, error %q; want an error about lambda", bpr.Evaluated, bpr.Err)
	}
}

func TestCompareRunCloneIsIndependent(t *testing.T) {
	r := compareRun{Rows: []compareRow{{Key: rivalBPR, EpochMs: []float64{1, 2}}}}
	c := r.clone()
	r.Rows[0].EpochMs[0] = 99
	r.Rows[0].Key = "changed"
	if c.Rows[0].EpochMs[0] != 1 || c.Rows[0].Key != rivalBPR {
		t.Errorf("the clone changed with the original: %+v", c.Rows[0])
	}
}
