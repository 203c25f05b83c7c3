package work

import (
	"crypto/sha256"
	"encoding/hex"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/ealslive/ealslive/core"
	"github.com/ealslive/ealslive/core/eval"
)

// retrainWant is what core gives for the job: the model in use trained
// with cfg for epochs, the likes learnt online on it, warmed, and the
// data with the visitor's row trained from scratch.
type retrainWant struct {
	online, warm, retrained *core.Model
	user                    int32
}

func wantRetrain(t *testing.T, train *core.Dataset, cfg core.Config, epochs int, likes []int32, warmEpochs int) retrainWant {
	t.Helper()
	cfg.Epochs = epochs
	online, err := core.Train(train, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	w := retrainWant{online: online, user: online.AddUser()}
	for _, i := range likes {
		if err := online.Update(w.user, i); err != nil {
			t.Fatal(err)
		}
	}
	if w.warm, err = core.Warm(online, warmEpochs, nil); err != nil {
		t.Fatal(err)
	}
	withYou, you, err := train.WithUser("you", likes)
	if err != nil || you != w.user {
		t.Fatalf("the visitor is user %d of the retrain, %d online (%v)", you, w.user, err)
	}
	if w.retrained, err = core.Train(withYou, cfg, nil); err != nil {
		t.Fatal(err)
	}
	return w
}

func checksum(t *testing.T, m *core.Model) string {
	t.Helper()
	b, err := m.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

// runRetrain runs the retrain job on g and returns its result.
func runRetrain(t testing.TB, g *group, job int, spec RetrainSpec) RetrainRun {
	t.Helper()
	results := only(t, g.run(t, job, JobSpec{Kind: JobRetrain, Retrain: &spec}, nil), MsgResult)
	if len(results) != 1 || results[0].From != 0 {
		t.Fatalf("%d results, want one from worker 0", len(results))
	}
	var run RetrainRun
	if err := results[0].Decode(&run); err != nil {
		t.Fatal(err)
	}
	return run
}

// The job's three models are core's, bit for bit, whatever the number of
// workers and wherever the model in use comes from: kept by every worker
// after the training job, sent by worker 0 that restored it, or trained
// again when no worker kept it; and so are its lists and comparisons.
func TestRetrainJobEqualsCore(t *testing.T) {
	data := tempePack(t)
	train, _, err := decodedPack(t, data).Data.LeaveOneOut()
	if err != nil {
		t.Fatal(err)
	}
	cfg := testConfig()
	likes := []int32{17, 3, 120}
	spec := RetrainSpec{Config: cfg, Likes: likes, WarmEpochs: 2}
	want := wantRetrain(t, train, cfg, cfg.Epochs, likes, spec.WarmEpochs)
	vsRetrained, err := core.CompareTop(want.online, want.retrained, want.user, defaultListLength, likes)
	if err != nil {
		t.Fatal(err)
	}
	vsWarm, err := core.CompareTop(want.online, want.warm, want.user, defaultListLength, likes)
	if err != nil {
		t.Fatal(err)
	}
	list := func(m *core.Model) []core.Ranked {
		l, err := m.Recommend(want.user, defaultListLength, true)
		if err != nil {
			t.Fatal(err)
		}
		return l
	}
	trainSpec := TrainSpec{Config: cfg, Sample: 20, TopN: 20, StoreKey: "in use", Restore: true}
	store := &MemoryStore{}
	newGroup(t, 1, data, store).run(t, 1, JobSpec{Kind: JobTrain, Train: &trainSpec}, nil)
	for _, tc := range []struct {
		name     string
		workers  int
		store    Store
		training bool // a training job first: trained, or restored from the store by worker 0 alone
		base     bool // the job must train the model in use again
	}{
		{"one worker after training", 1, nil, true, false},
		{"three workers after training", 3, nil, true, false},
		{"two workers after restoring", 2, store, true, false},
		{"three workers after restoring", 3, store, true, false},
		{"two workers that kept nothing", 2, nil, false, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := newGroup(t, tc.workers, data, tc.store)
			if tc.training {
				var run TrainRun
				if err := only(t, g.run(t, 1, JobSpec{Kind: JobTrain, Train: &trainSpec}, nil), MsgResult)[0].Decode(&run); err != nil {
					t.Fatal(err)
				}
				if run.Restored != (tc.store != nil) {
					t.Fatalf("restored %v, want %v", run.Restored, tc.store != nil)
				}
			}
			run := runRetrain(t, g, 2, spec)
			if run.BaseTrained != tc.base || run.User != want.user || run.Workers != tc.workers || run.TopN != defaultListLength {
				t.Errorf("base trained %v, user %d, %d workers, top %d", run.BaseTrained, run.User, run.Workers, run.TopN)
			}
			for _, c := range []struct {
				what      string
				got, want string
			}{{"online", run.OnlineSum, checksum(t, want.online)}, {"warm", run.WarmSum, checksum(t, want.warm)},
				{"retrained", run.RetrainSum, checksum(t, want.retrained)}} {
				if c.got != c.want {
					t.Errorf("the %s model's checksum %s, core's %s", c.what, c.got, c.want)
				}
			}
			if !slices.Equal(run.Online, list(want.online)) || !slices.Equal(run.Warm, list(want.warm)) ||
				!slices.Equal(run.Retrained, list(want.retrained)) {
				t.Error("the lists differ from core's")
			}
			if !reflect.DeepEqual(run.VsRetrained, vsRetrained) || !reflect.DeepEqual(run.VsWarm, vsWarm) {
				t.Errorf("comparisons %+v and %+v, core's %+v and %+v", run.VsRetrained, run.VsWarm, vsRetrained, vsWarm)
			}
			if len(run.UpdateMs) != len(likes) || len(run.RetrainEpochMs) != cfg.Epochs || run.RetrainEpochs != cfg.Epochs ||
				len(run.WarmObjective) != spec.WarmEpochs+1 || run.RetrainMs <= 0 || run.FirstTrainMs <= 0 || (run.BaseMs > 0) != tc.base {
				t.Errorf("costs: %d updates, %d retrain epochs of %d, %d objectives, retrain %v ms, first training %v ms",
					len(run.UpdateMs), len(run.RetrainEpochMs), run.RetrainEpochs, len(run.WarmObjective), run.RetrainMs, run.FirstTrainMs)
			}
			for e := 1; e < len(run.WarmObjective); e++ {
				if run.WarmObjective[e] > run.WarmObjective[e-1] {
					t.Errorf("warm epoch %d raised the objective: %v", e, run.WarmObjective)
				}
			}
			// A second job finds the model in use kept everywhere.
			if again := runRetrain(t, g, 3, spec); again.BaseTrained || again.RetrainSum != run.RetrainSum {
				t.Errorf("a second job: base trained %v, checksum %s (first %s)", again.BaseTrained, again.RetrainSum, run.RetrainSum)
			}
		})
	}
}

// A model in use whose training was stopped is retrained for as many
// epochs as it had.
func TestRetrainFollowsAStoppedTraining(t *testing.T) {
	data := tempePack(t)
	train, _, err := decodedPack(t, data).Data.LeaveOneOut()
	if err != nil {
		t.Fatal(err)
	}
	cfg := testConfig()
	cfg.Epochs = 50
	g := newGroup(t, 2, data, nil)
	stopped := false
	msgs := g.run(t, 1, JobSpec{Kind: JobTrain, Train: &TrainSpec{Config: cfg, Sample: 20, TopN: 20}}, func(m Msg) {
		if m.Kind == MsgProgress && !stopped {
			stopped = true
			g.stop()
		}
	})
	var trained TrainRun
	if err := only(t, msgs, MsgResult)[0].Decode(&trained); err != nil || !trained.Stopped {
		t.Fatalf("training was not stopped: %+v (%v)", trained, err)
	}
	likes := []int32{5, 9}
	run := runRetrain(t, g, 2, RetrainSpec{Config: cfg, Likes: likes, TopN: 10})
	want := wantRetrain(t, train, cfg, trained.Epochs, likes, 0)
	if run.RetrainEpochs != trained.Epochs || run.BaseTrained {
		t.Errorf("%d retrain epochs after %d trained (base trained %v)", run.RetrainEpochs, trained.Epochs, run.BaseTrained)
	}
	for _, c := range []struct {
		what string
		l    []core.Ranked
		m    *core.Model
	}{{"online", run.Online, want.online}, {"warm", run.Warm, want.warm}, {"retrained", run.Retrained, want.retrained}} {
		if l, _ := c.m.Recommend(want.user, 10, true); !slices.Equal(c.l, l) {
			t.Errorf("the %s list differs from core's", c.what)
		}
	}
}

// A like the data does not have fails the job with words, on every worker.
func TestRetrainRefusesABadLike(t *testing.T) {
	g := newGroup(t, 2, tempePack(t), nil)
	for _, e := range g.envs {
		e.ResetStops()
	}
	spec := RetrainSpec{Config: testConfig(), Likes: []int32{2, 1 << 20}}
	g.broadcast(NewMsg(MsgJob, 4, JobSpec{Kind: JobRetrain, Retrain: &spec}))
	failed, done := 0, 0
	for done < 2 {
		m := <-g.page
		var f Failure
		switch m.Kind {
		case MsgError:
			if m.Decode(&f) != nil || !strings.Contains(f.Message, "does not have") {
				t.Errorf("failure %+v", f)
			}
			failed++
		case MsgDone:
			done++
		}
	}
	if failed != 2 {
		t.Errorf("%d of 2 workers failed", failed)
	}
}

// The replay's retraining lane gives exactly eval's, however the lanes are
// shared out, with its retrains and compute time.
func TestRetrainLaneEqualsEval(t *testing.T) {
	data, cfg, train, stream, m := streamSplit(t)
	const every = 50
	lane, err := eval.NewRetraining(m.Clone(), train, every)
	if err != nil {
		t.Fatal(err)
	}
	want, err := eval.EvaluateOnline(lane, train, stream, eval.Options{TopN: 20})
	if err != nil {
		t.Fatal(err)
	}
	spec := ReplaySpec{Config: cfg, Split: 0.9, TopN: 20, Lanes: []LaneSpec{
		{Key: LaneLearning, Kind: LaneLearning}, {Key: "every 50", Kind: LaneRetrain, Every: every}, {Key: LaneFrozen, Kind: LaneFrozen}}}
	for _, n := range []int{1, 2, 3} {
		got := replayLanes(t, newGroup(t, n, data, nil), 1, &spec)
		l := got["every 50"]
		if !l.Done || l.Overall != want.Metrics || !reflect.DeepEqual(l.ByHistory, want.ByHistory) || !reflect.DeepEqual(l.Curve, want.Curve) {
			t.Errorf("%d workers: the lane %+v, eval's %+v", n, l.Overall, want.Metrics)
		}
		if l.Retrains != len(stream)/every || l.UpdateMsTotal <= 0 || l.TrainMs <= 0 || l.ComputeMs != l.TrainMs+l.UpdateMsTotal {
			t.Errorf("%d workers: %d retrains, compute %v = %v + %v ms", n, l.Retrains, l.ComputeMs, l.TrainMs, l.UpdateMsTotal)
		}
		if f := got[LaneFrozen]; f.Retrains != 0 || f.UpdateMsTotal != 0 || f.ComputeMs != f.TrainMs {
			t.Errorf("%d workers: the frozen lane's compute %+v", n, f)
		}
	}
	if _, _, err := laneRecommender(nil, LaneSpec{Key: "never", Kind: LaneRetrain}, m, train); err == nil {
		t.Error("a retraining lane without N was accepted")
	}
}
