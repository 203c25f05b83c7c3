package app

import (
	"reflect"
	"testing"

	"github.com/ealslive/ealslive/core"
	"github.com/ealslive/ealslive/core/eval"
)

func replayConfig() core.Config {
	cfg := pageConfig()
	cfg.K, cfg.Epochs = 6, 4
	return cfg
}

// The page's replay gives exactly what the command line's pipeline gives
// for each of its three recommenders: core.Train on the time split, then
// eval.EvaluateOnline on the model learning, on a frozen copy, and on
// popularity.
func TestReplayMatchesTheProtocol(t *testing.T) {
	d, err := core.Synthetic(150, 80, 2500, 1, 7)
	if err != nil {
		t.Fatal(err)
	}
	cfg := replayConfig()
	run := replayRun{Config: cfg, Epochs: cfg.Epochs}
	reports := 0
	if err := run.execute(d, func(bool) { reports++ }, func() bool { return false }); err != nil {
		t.Fatal(err)
	}
	if reports == 0 {
		t.Error("the replay never reported progress")
	}

	train, stream, err := d.TimeSplit(replaySplit)
	if err != nil {
		t.Fatal(err)
	}
	opts := eval.Options{TopN: evalTopN}
	learning, err := core.Train(train, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	frozen, err := core.Train(train, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	pop, err := core.NewPopularity(train)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]eval.OnlineResult{}
	for key, r := range map[string]core.Recommender{laneLearning: learning, laneFrozen: eval.Frozen(frozen), lanePopular: pop} {
		res, err := eval.EvaluateOnline(r, train, stream, opts)
		if err != nil {
			t.Fatal(err)
		}
		want[key] = res
	}
	if run.Train != train.Len() || run.Stream != len(stream) || run.Replayed != len(stream) || run.Done != cfg.Epochs {
		t.Errorf("run sizes: train %d stream %d replayed %d epochs %d; want %d, %d, %d, %d",
			run.Train, run.Stream, run.Replayed, run.Done, train.Len(), len(stream), len(stream), cfg.Epochs)
	}
	if len(run.Lanes) != 3 {
		t.Fatalf("%d lanes, want 3", len(run.Lanes))
	}
	for k, key := range []string{laneLearning, laneFrozen, lanePopular} {
		got, w := run.Lanes[k], want[key]
		if got.Key != key {
			t.Errorf("lane %d is %q, want %q", k, got.Key, key)
		}
		if got.Overall != w.Metrics || !reflect.DeepEqual(got.ByHistory, w.ByHistory) || !reflect.DeepEqual(got.Curve, w.Curve) {
			t.Errorf("lane %s: %+v by history %+v; the protocol gives %+v by history %+v",
				key, got.Overall, got.ByHistory, w.Metrics, w.ByHistory)
		}
	}
	// The lanes differ, or the comparison would show nothing.
	if run.Lanes[0].Overall == run.Lanes[1].Overall {
		t.Errorf("learning and frozen eALS scored the same, %+v: the frozen copy learnt too", run.Lanes[0].Overall)
	}
	if run.NewUserTests != want[laneLearning].NewUserTests {
		t.Errorf("new-user tests %d, want %d", run.NewUserTests, want[laneLearning].NewUserTests)
	}
	if run.UpdateMsMedian <= 0 {
		t.Errorf("median update time %v ms, want a positive time", run.UpdateMsMedian)
	}
}

// Stop ends the replay between chunks, in either phase, and what was
// replayed until then stays.
func TestReplayStops(t *testing.T) {
	d, err := core.Synthetic(150, 80, 2500, 1, 7)
	if err != nil {
		t.Fatal(err)
	}
	cfg := replayConfig()

	run := replayRun{Config: cfg, Epochs: cfg.Epochs}
	if err := run.execute(d, func(bool) {}, func() bool { return true }); err != errStopped {
		t.Fatalf("stopping at once: error %v, want errStopped", err)
	}
	if run.Done != 0 || len(run.Lanes) != 0 {
		t.Errorf("stopped in training, yet %d epochs done and %d lanes", run.Done, len(run.Lanes))
	}

	run = replayRun{Config: cfg, Epochs: cfg.Epochs}
	stop := false
	err = run.execute(d, func(bool) {
		if run.Phase == "replaying" && run.Progress > 0 {
			stop = true
		}
	}, func() bool { return stop })
	if err != errStopped {
		t.Fatalf("stopping while replaying: error %v, want errStopped", err)
	}
	if run.Replayed == 0 || run.Replayed >= run.Stream {
		t.Errorf("stopped after %d of %d interactions, want some but not all", run.Replayed, run.Stream)
	}
	for _, l := range run.Lanes {
		if l.Overall.Count != run.Replayed {
			t.Errorf("lane %s judged %d interactions, the run says %d", l.Key, l.Overall.Count, run.Replayed)
		}
	}
}

func TestReplayRejectsBadInput(t *testing.T) {
	d, err := core.Synthetic(20, 10, 100, 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	bad := replayConfig()
	bad.K = 0
	run := replayRun{Config: bad, Epochs: bad.Epochs}
	if err := run.execute(d, func(bool) {}, func() bool { return false }); err == nil {
		t.Error("K = 0 was accepted")
	}
	one, err := core.Synthetic(1, 1, 1, 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	run = replayRun{Config: replayConfig(), Epochs: 1}
	if err := run.execute(one, func(bool) {}, func() bool { return false }); err == nil {
		t.Error("a single interaction, which no time split can divide, was accepted")
	}
}

// A snapshot shares nothing the goroutine goes on changing.
func TestReplayRunCloneIsIndependent(t *testing.T) {
	r := replayRun{Lanes: []laneView{{Key: laneLearning}}}
	c := r.clone()
	r.Lanes[0].Key = "changed"
	if c.Lanes[0].Key != laneLearning {
		t.Errorf("the clone's lane changed with the original")
	}
}
