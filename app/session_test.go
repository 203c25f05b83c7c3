package app

import (
	"crypto/sha256"
	"encoding/hex"
	"slices"
	"strings"
	"testing"

	"github.com/ealslive/ealslive/app/runs"
	"github.com/ealslive/ealslive/app/visitor"
	"github.com/ealslive/ealslive/app/webworker"
	"github.com/ealslive/ealslive/core"
)

// plantedSession is the page's owners on a recorder with two workers in
// this process, the first training on a small planted world asked for as
// the page asks for it when it opens.
func plantedSession(t *testing.T) (*session, *recorder, *core.PlantedWorld, core.Config) {
	t.Helper()
	s, rec := testSession()
	s.runs.pool = webworker.NewLocalPool(2, nil)
	world := core.DefaultPlanted()
	world.Users, world.Items, world.Seed = 300, 120, 5
	w, err := core.Planted(world)
	if err != nil {
		t.Fatal(err)
	}
	cfg := runs.PageConfig()
	cfg.K, cfg.Epochs = 8, 4
	s.runs.inUse.Config = cfg
	src := dataSource{Kind: sourcePlanted, Planted: &world}
	s.runs.source = src
	s.runs.load(src, nil, false)
	s.runs.Train(cfg)
	rec.run(t, "the trained model", func() bool {
		st, _ := rec.values[keyStage].(stage)
		return st == stageReady || st == stageFailed
	})
	if f := s.views.notes.Failure; f != nil {
		t.Fatalf("the page failed: %+v", f)
	}
	return s, rec, w, cfg
}

// The runner trains on the data the page asks for and hands the model to
// you: the model is core's on the same split, bitwise; a like and a
// removal sent as commands give core's list, published for the sections.
func TestOwnersTrainAndLearnAsCore(t *testing.T) {
	s, rec, w, cfg := plantedSession(t)
	train, _, err := w.Data.LeaveOneOut()
	if err != nil {
		t.Fatal(err)
	}
	ref, err := core.Train(train, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := ref.MarshalBinary()
	sum := sha256.Sum256(b)
	mu := rec.values[keyModel].(modelInUse)
	if !mu.Trained || mu.Run.Checksum != hex.EncodeToString(sum[:]) || mu.Plane == nil {
		t.Fatalf("the model in use: trained %v, checksum %s, core's %x, plane %v", mu.Trained, mu.Run.Checksum, sum, mu.Plane != nil)
	}
	u := ref.AddUser()
	y := rec.values[keyYou].(visitor.You)
	cold, _ := ref.Recommend(u, visitor.ListLength, true)
	if !y.Trained || !slices.Equal(y.List, cold) {
		t.Fatalf("your cold-start list %v, core's %v", y.List, cold)
	}
	cmd := s.commands()
	liked := []int32{y.List[3].Item, 7}
	for _, i := range liked {
		cmd.Like(likeClick{Item: i, At: 1, List: "ranked-list"})
		if err := ref.Update(u, i); err != nil {
			t.Fatal(err)
		}
		want, _ := ref.Recommend(u, visitor.ListLength, true)
		y = rec.values[keyYou].(visitor.You)
		if !slices.Equal(y.List, want) || y.Last == nil || y.Last.Item != i {
			t.Fatalf("after liking %d your list is %v, core's %v", i, y.List, want)
		}
		if n := rec.values[keyNews].(news); !strings.HasPrefix(n.Text, "Liked ") || !n.ToList {
			t.Errorf("the news of a like: %+v", n)
		}
		if f := rec.values[keyFocus].(focusRequest); f.Item != i || f.List != "ranked-list" {
			t.Errorf("the focus after a like: %+v", f)
		}
		if c := rec.values[keyScreen].(clickScreen); c.Of != y.Last {
			t.Errorf("the time to the screen is of %+v, not the like", c.Of)
		}
	}
	cmd.Remove(liked[0])
	if err := ref.Remove(u, liked[0]); err != nil {
		t.Fatal(err)
	}
	want, _ := ref.Recommend(u, visitor.ListLength, true)
	if y = rec.values[keyYou].(visitor.You); !slices.Equal(y.List, want) || !slices.Equal(y.Liked, liked[1:]) {
		t.Errorf("after the removal you like %v, listed %v; core %v", y.Liked, y.List, want)
	}
}

// A retrain lets go of the model in use while it trains: your clicks wait
// for the new one, which learns them; every published You is one the page
// can draw whole.
func TestRetrainKeepsYourClicks(t *testing.T) {
	s, rec, _, cfg := plantedSession(t)
	cmd := s.commands()
	cmd.Like(likeClick{Item: 3})
	cmd.Like(likeClick{Item: 9})
	before := rec.values[keyYou].(visitor.You)
	cfg.K = 6
	cmd.Train(cfg)
	waiting := rec.values[keyYou].(visitor.You)
	if waiting.Trained || !waiting.Waiting || !slices.Equal(waiting.Liked, []int32{3, 9}) {
		t.Fatalf("while it retrains you show %+v", waiting)
	}
	if before.Model() != nil {
		t.Error("the You before the retrain still offers the model let go of")
	}
	if st := rec.values[keyStage].(stage); st != stageTraining {
		t.Errorf("retraining, the page is at stage %s", st)
	}
	rec.run(t, "the retrained model", func() bool { return rec.values[keyStage].(stage) == stageReady })
	after := rec.values[keyYou].(visitor.You)
	if !after.Trained || !slices.Equal(after.Liked, []int32{3, 9}) || after.Model() == nil || after.Model().K() != 6 {
		t.Errorf("retrained you show %+v", after)
	}
	if r := rec.values[keyTraining].(trainingShown); r.Stage != "ready" || r.Previous.Epochs != 4 || r.Run.Config.K != 6 {
		t.Errorf("the training shown: %s, previous %d epochs, K = %d", r.Stage, r.Previous.Epochs, r.Run.Config.K)
	}
}

// The evidence runs are started and stopped by commands, one at a time,
// and publish their state; a run that cannot start now says why.
func TestRunsOneAtATime(t *testing.T) {
	s, rec, _, _ := plantedSession(t)
	cmd := s.commands()
	cmd.StartComparison()
	if h := rec.values[keyBusy].(hold); h.Reason != "the comparison is running" {
		t.Fatalf("the comparison holds the workers with %+v", h)
	}
	cmd.StartReplay(runs.ReplayChoices{})
	if _, ok := rec.values[keyReplay]; ok {
		t.Error("a replay started while the comparison ran")
	}
	cmd.Stop(runCompare)
	if c := rec.values[keyCompare].(runs.Comparison); !c.Stopping || !c.Running {
		t.Errorf("asked to stop, the comparison shows %+v", c)
	}
	rec.run(t, "the comparison's end", func() bool { return !rec.values[keyCompare].(runs.Comparison).Running })
	if h := rec.values[keyBusy].(hold); h.Reason != "" {
		t.Errorf("after the comparison the workers are held: %+v", h)
	}
	if n := rec.values[keyNews].(news); !strings.HasPrefix(n.Text, "The comparison") {
		t.Errorf("the news of the comparison's end: %q", n.Text)
	}
}
