package app

import (
	"crypto/sha256"
	"encoding/hex"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/ealslive/ealslive/app/runs"
	"github.com/ealslive/ealslive/app/visitor"
	"github.com/ealslive/ealslive/core"
)

// The runner's comparison with a full retrain, started by the command the
// section sends with your likes, is core's: the online model learns the
// likes one update each on the model in use, as your list did, the
// retrain is core.Train on the data with your row, the warm model
// core.Warm of the online one, bit for bit, and the lists and their
// comparisons are CompareTop's. A like after it publishes nothing of the
// runner's: the comparison is stale by your likes alone.
func TestRetrainComparisonEqualsCore(t *testing.T) {
	s, rec, w, cfg := plantedSession(t)
	cmd := s.commands()
	for _, i := range []int32{3, 41, 77} {
		cmd.Like(likeClick{Item: i, At: 1, List: "ranked-list"})
	}
	y := rec.values[keyYou].(visitor.You)
	if len(y.Liked) != 3 {
		t.Fatalf("you like %v", y.Liked)
	}
	cmd.StartRetrain(y.Liked)
	if h := rec.values[keyBusy].(hold); h.Reason != holdReasons[runRetrain] {
		t.Fatalf("the retrain holds the workers with %+v", h)
	}
	rec.run(t, "the retrain's end", func() bool { return !rec.values[keyRetrain].(runs.Retrain).Running })
	got := rec.values[keyRetrain].(runs.Retrain)
	if !got.Finished || got.Err != "" || got.Result == nil {
		t.Fatalf("the retrain ended %+v", got)
	}
	res := got.Result

	train, _, err := w.Data.LeaveOneOut()
	if err != nil {
		t.Fatal(err)
	}
	online, err := core.Train(train, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	u := online.AddUser()
	for _, i := range y.Liked {
		if err := online.Update(u, i); err != nil {
			t.Fatal(err)
		}
	}
	withYou, id, err := train.WithUser("you", y.Liked)
	if err != nil || id != u {
		t.Fatalf("your row is %d of the retrain, %d online (%v)", id, u, err)
	}
	retrained, err := core.Train(withYou, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	warm, err := core.Warm(online, runs.RetrainWarmEpochs, nil)
	if err != nil {
		t.Fatal(err)
	}
	sum := func(m *core.Model) string {
		b, err := m.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		s := sha256.Sum256(b)
		return hex.EncodeToString(s[:])
	}
	if res.RetrainSum != sum(retrained) || res.OnlineSum != sum(online) || res.WarmSum != sum(warm) {
		t.Errorf("checksums: retrained %s (core %s), online %s (core %s), warm %s (core %s)",
			res.RetrainSum, sum(retrained), res.OnlineSum, sum(online), res.WarmSum, sum(warm))
	}
	vs, err := core.CompareTop(online, retrained, u, visitor.ListLength, y.Liked)
	if err != nil {
		t.Fatal(err)
	}
	vsWarm, err := core.CompareTop(online, warm, u, visitor.ListLength, y.Liked)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(res.VsRetrained, vs) || !reflect.DeepEqual(res.VsWarm, vsWarm) {
		t.Errorf("the comparisons %+v and %+v, core's %+v and %+v", res.VsRetrained, res.VsWarm, vs, vsWarm)
	}
	if !slices.Equal(res.Online, y.List) || !slices.Equal(res.Retrained, vs.B) || !slices.Equal(got.Likes, y.Liked) {
		t.Errorf("the incremental list %v is not your list %v, or the retrained %v not core's %v", res.Online, y.List, res.Retrained, vs.B)
	}
	if len(res.UpdateMs) != 3 || res.RetrainMs <= 0 || res.FirstTrainMs <= 0 || res.RetrainEpochs != cfg.Epochs || res.WarmEpochs != runs.RetrainWarmEpochs {
		t.Errorf("costs: %d updates, retrain %v ms in %d epochs, first training %v ms, %d warm epochs",
			len(res.UpdateMs), res.RetrainMs, res.RetrainEpochs, res.FirstTrainMs, res.WarmEpochs)
	}
	if n := rec.values[keyNews].(news); !strings.HasPrefix(n.Text, "The retrain with your 3 likes finished") {
		t.Errorf("the news of the retrain's end: %q", n.Text)
	}
	if h := rec.values[keyBusy].(hold); h.Reason != "" {
		t.Errorf("after the retrain the workers are held: %+v", h)
	}

	before := len(rec.published)
	cmd.Like(likeClick{Item: 90, At: 1, List: "ranked-list"})
	for _, k := range rec.published[before:] {
		if k == keyRetrain || k == keyBusy {
			t.Errorf("a like published %s", k)
		}
	}
	if y := rec.values[keyYou].(visitor.You); !rec.values[keyRetrain].(runs.Retrain).StaleFor(y.Liked) {
		t.Error("after a fourth like the comparison of three is not stale")
	}

	// A new model in use drops the comparison, which was of the old one.
	cfg.K = 6
	cmd.Train(cfg)
	if r := rec.values[keyRetrain].(runs.Retrain); r.Result != nil {
		t.Errorf("a retrain with new settings kept the comparison %+v", r)
	}
}

// The retrain waits for a like and for a trained model, and one run at a
// time holds the workers.
func TestRetrainWaitsItsTurn(t *testing.T) {
	s, rec, _, _ := plantedSession(t)
	cmd := s.commands()
	cmd.StartRetrain(nil)
	if _, ok := rec.values[keyRetrain]; ok {
		t.Error("a retrain started without likes")
	}
	cmd.StartComparison()
	cmd.StartRetrain([]int32{2})
	if _, ok := rec.values[keyRetrain]; ok {
		t.Error("a retrain started while the comparison ran")
	}
	cmd.Stop(runCompare)
	rec.run(t, "the comparison's end", func() bool { return !rec.values[keyCompare].(runs.Comparison).Running })
	cmd.StartRetrain([]int32{2})
	cmd.Stop(runRetrain)
	if r := rec.values[keyRetrain].(runs.Retrain); !r.Running || !r.Stopping {
		t.Errorf("asked to stop, the retrain shows %+v", r)
	}
	rec.run(t, "the stopped retrain's end", func() bool { return !rec.values[keyRetrain].(runs.Retrain).Running })
	if r := rec.values[keyRetrain].(runs.Retrain); !r.Stopped && !r.Finished {
		t.Errorf("after a stop the retrain shows %+v", r)
	}
}
