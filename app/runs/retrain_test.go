package runs

import (
	"math"
	"strings"
	"testing"

	"github.com/ealslive/ealslive/app/work"
	"github.com/ealslive/ealslive/core"
	"github.com/ealslive/ealslive/core/eval"
)

// The run folds the workers' news: each phase's epochs add up to its
// progress, the result arrives whole, and the end says how it went.
func TestRetrainTakesTheWorkersNews(t *testing.T) {
	cfg := PageConfig()
	cfg.Epochs = 10
	spec := RetrainSpec(cfg, []int32{4, 2}, 20)
	if spec.WarmEpochs != RetrainWarmEpochs || spec.TopN != 20 || spec.Config != cfg || len(spec.Likes) != 2 {
		t.Fatalf("the workers' job %+v", spec)
	}
	r := NewRetrain(cfg, spec.Likes, spec.WarmEpochs, 2)
	progress := func(phase string, e, n int) {
		r.Take(work.NewMsg(work.MsgProgress, 1, work.RetrainProgress{Phase: phase, Epoch: e, Epochs: n}), 10)
	}
	progress("warm", 5, 5)
	if want := 5.0 / 15; math.Abs(r.Progress-want) > 1e-12 || r.Phase != "warm" {
		t.Errorf("after the warm epochs: %s, progress %v, want %v", r.Phase, r.Progress, want)
	}
	progress("retrain", 5, 10)
	if want := 10.0 / 15; math.Abs(r.Progress-want) > 1e-12 {
		t.Errorf("half-way through the retrain: progress %v, want %v", r.Progress, want)
	}
	// Where no worker kept the model, it is trained again first, for as
	// many epochs as the retrain will take.
	b := NewRetrain(cfg, spec.Likes, spec.WarmEpochs, 2)
	b.Take(work.NewMsg(work.MsgProgress, 1, work.RetrainProgress{Phase: "base", Epoch: 4, Epochs: 8}), 1)
	if want := 4.0 / 21; math.Abs(b.Progress-want) > 1e-12 {
		t.Errorf("training the base again: progress %v, want %v", b.Progress, want)
	}

	if r.StaleFor([]int32{4}) {
		t.Error("a run without a result is stale")
	}
	run := work.RetrainRun{Likes: []int32{4, 2}, TopN: 20, UpdateMs: []float64{0.2, 0.3}, RetrainMs: 2500, FirstTrainMs: 2000,
		VsRetrained: core.TopComparison{Overlap: 17, Tau: 0.8}}
	r.Take(work.NewMsg(work.MsgResult, 1, run), 3000)
	r.End(false, "", 3100)
	if !r.Finished || r.Running || r.Result == nil || r.WallMs != 3100 {
		t.Fatalf("ended %+v", r)
	}
	if r.StaleFor([]int32{4, 2}) || !r.StaleFor([]int32{4, 2, 9}) || !r.StaleFor([]int32{2, 4}) || !r.StaleFor(nil) {
		t.Error("stale for the wrong likes")
	}
	if v, atLeast := r.RetrainOverUpdates(); v != 5000 || atLeast {
		t.Errorf("retrain over updates %v (at least %v)", v, atLeast)
	}
	if v := r.RetrainOverFirst(); v != 1.25 {
		t.Errorf("retrain over the first training %v", v)
	}
	news := RetrainNews(r)
	for _, want := range []string{"2 likes finished", "17 of your top 20", "rank correlation 0.80", "2.5 s", "5,000×"} {
		if !strings.Contains(news, want) {
			t.Errorf("the news %q lacks %q", news, want)
		}
	}

	// Updates the clock read as 0: the ratio is a lower bound.
	run.UpdateMs = []float64{0, 0}
	r.Result = &run
	if v, atLeast := r.RetrainOverUpdates(); v != 12500 || !atLeast {
		t.Errorf("with updates under the clock's step: %v (at least %v)", v, atLeast)
	}
	if !strings.Contains(RetrainNews(r), "more than 12,500×") {
		t.Errorf("the news %q", RetrainNews(r))
	}

	s := NewRetrain(cfg, spec.Likes, 5, 2)
	s.End(true, "", 10)
	if !s.Stopped || s.Finished || !strings.Contains(RetrainNews(s), "stopped") {
		t.Errorf("stopped: %+v, %q", s, RetrainNews(s))
	}
	f := NewRetrain(cfg, spec.Likes, 5, 2)
	f.End(false, "out of memory", 10)
	if f.Err != "out of memory" || !strings.Contains(RetrainNews(f), "failed: out of memory") {
		t.Errorf("failed: %+v", f)
	}
}

// The retraining lane is added with its N, labelled in the data's words,
// and the replay carries every lane's compute.
func TestReplayRetrainLane(t *testing.T) {
	cfg := PageConfig()
	lanes := ReplayLanes(cfg, ReplayChoices{RetrainEvery: 1000}, "interactions")
	l := lanes[len(lanes)-1]
	if len(lanes) != 4 || l.Kind != work.LaneRetrain || l.Key != LaneRetrain || l.Every != 1000 || l.Label != "eALS, retrained every 1,000 interactions" {
		t.Fatalf("lanes %+v", lanes)
	}
	if n := len(ReplayLanes(cfg, ReplayChoices{}, "reviews")); n != 3 {
		t.Errorf("no retraining lane asked for, %d lanes", n)
	}
	r := NewReplay(cfg, lanes, 2)
	if r.RetrainEvery != 1000 {
		t.Errorf("the replay's N is %d", r.RetrainEvery)
	}
	r.SetLanes([]work.LaneResult{
		{Key: LaneLearning, Label: "eALS", Overall: eval.Metrics{HR: 0.2367, Count: 10398}, TrainMs: 900, UpdateMsTotal: 300, ComputeMs: 1200},
		{Key: LaneRetrain, Label: l.Label, Overall: eval.Metrics{HR: 0.2105, Count: 10398}, TrainMs: 900, UpdateMsTotal: 9200, ComputeMs: 10100, Retrains: 10},
	})
	got := r.Lanes[1]
	if got.Retrains != 10 || got.ComputeMs != 10100 || got.TrainMs != 900 || got.UpdateMsTotal != 9200 {
		t.Errorf("the retraining lane's compute %+v", got)
	}
	f := RetrainLaneFindings(r.Lanes, "reviews")
	for _, want := range []string{"retrained every 1,000 interactions: HR@100 21.1%", "9.2 s of compute", "10 retrains", "10,398 reviews", "23.7%", "300 ms of updates", "the update ahead by 2.6 points"} {
		if !strings.Contains(f, want) {
			t.Errorf("the findings %q lack %q", f, want)
		}
	}
	if RetrainLaneFindings(r.Lanes[:1], "reviews") != "" {
		t.Error("findings without a retraining lane")
	}
}
