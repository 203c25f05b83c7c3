package runs

import (
	"math"
	"strings"
	"testing"

	"github.com/ealslive/ealslive/app/work"
	"github.com/ealslive/ealslive/core"
	"github.com/ealslive/ealslive/core/eval"
)

// The rivals are set up as `eals -model eals|bpr [-alpha 0] -k K -lambda λ
// -seed S -epochs E` sets them up.
func TestRivalsMatchTheCommandLine(t *testing.T) {
	cfg := PageConfig()
	cfg.K, cfg.Lambda, cfg.Seed, cfg.C0 = 16, 0.05, 7, 300
	rs := Rivals(cfg)
	if len(rs) != 4 || rs[0].Key != RivalWeighted || rs[1].Key != RivalUniform || rs[2].Key != RivalBPR || rs[3].Key != RivalRCD {
		t.Fatalf("rivals %+v", rs)
	}
	if *rs[0].EALS != cfg {
		t.Errorf("weighted eALS runs %+v, want the page's %+v", *rs[0].EALS, cfg)
	}
	uniform := cfg
	uniform.Alpha = 0
	if *rs[1].EALS != uniform {
		t.Errorf("uniform eALS runs %+v, want %+v", *rs[1].EALS, uniform)
	}
	want := core.DefaultBPRConfig()
	want.K, want.Lambda, want.Seed, want.Epochs = 16, 0.05, 7, BPREpochs
	if rs[2].BPR == nil || *rs[2].BPR != want || rs[2].Epochs != BPREpochs {
		t.Errorf("BPR runs %+v, want %+v", rs[2].BPR, want)
	}
	rcd := core.DefaultRCDConfig()
	rcd.K, rcd.Lambda, rcd.Seed, rcd.C0, rcd.Epochs = 16, 0.05, 7, 300, cfg.Epochs
	if rs[3].RCD == nil || *rs[3].RCD != rcd || rs[3].RCD.Alpha != 0 {
		t.Errorf("RCD runs %+v, want %+v", rs[3].RCD, rcd)
	}
	if same := SameModel(rs); len(same) != 0 {
		t.Errorf("with α = %g rows are the same model: %v", cfg.Alpha, same)
	}
}

// With α = 0 in the controls the first two rows are one model: the labels
// do not call it popularity-weighted, and the verdict says so instead of
// judging a model against itself.
func TestCompareSaysWhenRowsAreTheSameModel(t *testing.T) {
	cfg := PageConfig()
	cfg.Alpha = 0
	rs := Rivals(cfg)
	if same := SameModel(rs); same[RivalUniform] != RivalWeighted || len(same) != 1 {
		t.Fatalf("same models %v, want uniform = eals", same)
	}
	if strings.Contains(rs[0].Label, "popularity") {
		t.Errorf("with α = 0 the first row is labelled %q", rs[0].Label)
	}
	run := NewComparison(rs, 100)
	m := eval.Metrics{HR: 0.3, NDCG: 0.1, Count: 100}
	for _, r := range rs {
		run.Update(work.RivalResult{Key: r.Key, Done: true, Evaluated: true, Metrics: m})
	}
	v := CompareVerdict(run.Rows)
	if !strings.Contains(v, "are the same model") || strings.Contains(v, "makes no measurable difference") {
		t.Errorf("verdict %q", v)
	}
	cfg.Alpha = 0.4
	run = NewComparison(Rivals(cfg), 100)
	for _, r := range rs {
		run.Update(work.RivalResult{Key: r.Key, Done: true, Evaluated: true, Metrics: m})
	}
	if v := CompareVerdict(run.Rows); strings.Contains(v, "same model") || !strings.Contains(v, "makes no measurable difference") {
		t.Errorf("with α = 0.4 and equal figures the verdict reads %q", v)
	}
}

// The table takes each rival's news as its worker sends it: rows by key,
// the run's progress their mean, its current row the first under way.
func TestCompareRunUpdate(t *testing.T) {
	rs := Rivals(PageConfig())
	run := NewComparison(rs, 3536)
	if spec := CompareSpec(rs); len(spec.Rivals) != 4 || spec.Rivals[2].BPR == nil || spec.Rivals[0].EALS == nil || spec.Rivals[3].RCD == nil {
		t.Fatalf("the workers' job: %+v", spec)
	}
	run.Update(work.RivalResult{Key: RivalBPR, Phase: "training", Epochs: 10, Fraction: 0.2, EpochMs: []float64{3, 1, 2}})
	if run.Current != 0 || run.Rows[2].Done != 10 || run.Rows[2].EpochMsMedian != 2 {
		t.Errorf("after BPR's news: current %d, BPR row %+v", run.Current, run.Rows[2])
	}
	run.Update(work.RivalResult{Key: RivalWeighted, Done: true, Evaluated: true, Epochs: 25, Metrics: eval.Metrics{HR: 0.26, Count: 3536}})
	run.Update(work.RivalResult{Key: RivalUniform, Phase: "evaluating", Fraction: 0.5})
	if run.Current != 1 || run.Phase != "evaluating" || !run.Rows[0].Evaluated || run.Rows[0].Phase != "" {
		t.Errorf("current %d (%s), rows %+v", run.Current, run.Phase, run.Rows)
	}
	if want := (1 + 0.5 + 0.2) / 4; math.Abs(run.Progress-want) > 1e-12 {
		t.Errorf("progress %v, want %v", run.Progress, want)
	}
	run.Update(work.RivalResult{Key: "nobody", Done: true})
}
