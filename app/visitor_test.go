package app

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/ealslive/ealslive/app/catalog"
	"github.com/ealslive/ealslive/app/clicklog"
	"github.com/ealslive/ealslive/app/work"
	"github.com/ealslive/ealslive/core"
	"github.com/ealslive/ealslive/core/pack"
)

// trainedModel returns a model trained for a few epochs on synthetic data
// with enough items for a full list.
func trainedModel(t *testing.T) *core.Model {
	t.Helper()
	d, err := core.Synthetic(60, 80, 900, 0.8, 7)
	if err != nil {
		t.Fatal(err)
	}
	cfg := core.DefaultConfig()
	cfg.K, cfg.Epochs = 8, 5
	m, err := core.Train(d, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func sortedItems(m *core.Model, u int32) []int32 {
	items, _ := m.UserItems(u)
	s := slices.Clone(items)
	slices.Sort(s)
	return s
}

// checkList holds the list to what it claims: the model's best items for
// you, best first, without the ones you like.
func checkList(t *testing.T, v *visitor) {
	t.Helper()
	n := v.model.NumItems() - len(v.liked)
	if want := min(listLength, n); len(v.list) != want {
		t.Fatalf("the list has %d items, want %d", len(v.list), want)
	}
	scores := v.model.Scores(v.id, nil)
	worst := v.list[len(v.list)-1].Score
	for k, r := range v.list {
		if v.likes(r.Item) {
			t.Errorf("rank %d is %d, which you already like", k+1, r.Item)
		}
		if r.Score != scores[r.Item] {
			t.Errorf("rank %d: score %v, the model says %v", k+1, r.Score, scores[r.Item])
		}
		if k > 0 && r.Score > v.list[k-1].Score {
			t.Errorf("rank %d scores above rank %d", k+1, k)
		}
	}
	for i, s := range scores {
		if s > worst && !v.likes(int32(i)) && !slices.ContainsFunc(v.list, func(r core.Ranked) bool { return r.Item == int32(i) }) {
			t.Errorf("item %d scores %v, above the list's last (%v), but is missing", i, s, worst)
		}
	}
}

func TestVisitorLikesBeforeTraining(t *testing.T) {
	// Clicks made while training are replayed when the model arrives, so
	// they end where clicks made afterwards do.
	early := &visitor{}
	for _, i := range []int32{3, 17, 5} {
		if err := early.like(i); err != nil {
			t.Fatal(err)
		}
	}
	if early.trained() || len(early.list) != 0 {
		t.Fatal("an untrained visitor has a list")
	}
	if err := early.like(17); err != errLiked {
		t.Errorf("liking twice: err = %v, want errLiked", err)
	}
	if _, _, err := early.attach(trainedModel(t)); err != nil {
		t.Fatal(err)
	}
	late := &visitor{}
	if _, _, err := late.attach(trainedModel(t)); err != nil {
		t.Fatal(err)
	}
	for _, i := range []int32{3, 17, 5} {
		if err := late.like(i); err != nil {
			t.Fatal(err)
		}
	}
	if !slices.Equal(early.list, late.list) {
		t.Errorf("replayed clicks give %v, live clicks give %v", early.list, late.list)
	}
	if got := sortedItems(early.model, early.id); !slices.Equal(got, []int32{3, 5, 17}) {
		t.Errorf("the model has your items %v, want [3 5 17]", got)
	}
	checkList(t, early)
}

func TestVisitorLikeRemoveReset(t *testing.T) {
	v := &visitor{}
	m := trainedModel(t)
	users := m.NumUsers()
	if _, _, err := v.attach(m); err != nil {
		t.Fatal(err)
	}
	if v.id != int32(users) {
		t.Errorf("you are user %d, want the new user %d", v.id, users)
	}
	if v.prev != nil || v.last != nil {
		t.Error("a new visitor has a previous list or a last click")
	}
	checkList(t, v)
	cold := v.ids()

	if err := v.like(cold[0]); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(v.prev, cold) {
		t.Errorf("after a click the previous list is %v, want %v", v.prev, cold)
	}
	if v.last == nil || v.last.Item != cold[0] || v.last.Trace == nil || v.last.UpdateMs < 0 || v.last.RankMs < 0 {
		t.Errorf("last click = %+v", v.last)
	}
	if v.last.Trace.UserHistory != 1 || len(v.last.Trace.UserSteps) != m.K() {
		t.Errorf("the trace shows |R_u| = %d and %d steps", v.last.Trace.UserHistory, len(v.last.Trace.UserSteps))
	}
	checkList(t, v)
	for _, i := range v.ids()[:3] {
		if err := v.like(i); err != nil {
			t.Fatal(err)
		}
		checkList(t, v)
	}
	if got, want := sortedItems(m, v.id), slices.Sorted(slices.Values(v.liked)); !slices.Equal(got, want) {
		t.Errorf("the model has your items %v, want %v", got, want)
	}

	gone := v.liked[1]
	if err := v.remove(gone); err != nil {
		t.Fatal(err)
	}
	if slices.Contains(v.liked, gone) || slices.Contains(sortedItems(m, v.id), gone) {
		t.Errorf("after removing %d it is still liked (%v) or in the model (%v)", gone, v.liked, sortedItems(m, v.id))
	}
	if err := v.remove(gone); err == nil {
		t.Error("removing a business twice did not fail")
	}
	checkList(t, v)

	if err := v.reset(); err != nil {
		t.Fatal(err)
	}
	if len(v.liked) != 0 || len(sortedItems(m, v.id)) != 0 {
		t.Errorf("after a reset you like %v and the model has %v", v.liked, sortedItems(m, v.id))
	}
	if v.prev != nil {
		t.Error("after a reset the list is marked against the old one")
	}
	checkList(t, v)
	if err := v.like(int32(m.NumItems())); err == nil {
		t.Error("liking an unknown business did not fail")
	}
	if len(v.liked) != 0 {
		t.Errorf("a failed click was kept: %v", v.liked)
	}
}

// Saved clicks the model cannot learn are dropped, with the reason, and
// the others learnt; they never stop the page.
func TestVisitorDropsClicksItCannotLearn(t *testing.T) {
	m := trainedModel(t)
	bad := int32(m.NumItems() + 3)
	v := &visitor{liked: []int32{4, bad, 9}}
	dropped, why, err := v.attach(m)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(dropped, []int32{bad}) || why == nil {
		t.Errorf("dropped %v (%v), want [%d] and why", dropped, why, bad)
	}
	if !slices.Equal(v.liked, []int32{4, 9}) || !slices.Equal(sortedItems(m, v.id), []int32{4, 9}) {
		t.Errorf("you like %v and the model has %v, want [4 9]", v.liked, sortedItems(m, v.id))
	}
	checkList(t, v)
}

// testSession is a session with a catalog of items, as the page has once
// the workers have counted the reviews.
func testSession(items []pack.Item) *session {
	s := newSession()
	zero := make([]int, len(items))
	s.data.Cat = catalog.New(items)
	s.data.Cat.SetCounts(zero, zero, work.PopularOrder(make([]string, len(items)), zero))
	s.you.store = memoryStore{}
	return s
}

// storedLiked is what the store's log says you like.
func storedLiked(t *testing.T, store memoryStore) []string {
	t.Helper()
	raw, ok := store[savedKey]
	if !ok {
		return nil
	}
	l, err := clicklog.Decode(raw)
	if err != nil {
		t.Fatalf("the store holds %q: %v", raw, err)
	}
	return l.Liked()
}

// Clicks the model cannot learn are set aside: out of your history, kept
// in storage, with a note; the page is ready.
func TestPageAdoptsWithBadSavedClicks(t *testing.T) {
	m := trainedModel(t)
	items := make([]pack.Item, m.NumItems()+2) // two businesses the model has never seen
	for i := range items {
		items[i] = pack.Item{ID: fmt.Sprint("b", i), Name: fmt.Sprint("Business ", i)}
	}
	for _, tc := range []struct {
		saved []string
		kept  []int32
		says  string
	}{
		{[]string{"b2", fmt.Sprint("b", m.NumItems()), "b5"}, []int32{2, 5}, "1 of your saved clicks could not be learnt"},
		{[]string{fmt.Sprint("b", m.NumItems()), fmt.Sprint("b", m.NumItems()+1)}, nil, "Your saved clicks could not be learnt"},
	} {
		l := clicklog.Log{}
		for _, id := range tc.saved {
			l = l.Like(id, 1)
		}
		store := memoryStore{savedKey: clicklog.Encode(l)}
		p := testSession(items)
		p.you.store = store
		p.restoreClicks(nil)
		if err := p.adopt(nil, modelInUse{Model: trainedModel(t)}); err != nil {
			t.Fatalf("%v: %v", tc.saved, err)
		}
		if !slices.Equal(p.you.liked, tc.kept) || !p.you.trained() || len(p.you.list) == 0 || p.stage != stageReady {
			t.Errorf("%v: you like %v (want %v), trained %v, %d listed, stage %s", tc.saved, p.you.liked, tc.kept, p.you.trained(), len(p.you.list), p.stage)
		}
		if len(p.notes.List) != 1 || !strings.Contains(p.notes.List[0], tc.says) || !strings.Contains(p.notes.List[0], "set aside") {
			t.Errorf("%v: notes %q, want one saying %q and set aside", tc.saved, p.notes.List, tc.says)
		}
		if got := storedLiked(t, store); !slices.Equal(got, tc.saved) {
			t.Errorf("%v: storage holds %v, want every saved click kept", tc.saved, got)
		}
		// Following the log again (another tab wrote) does not offer the
		// set-aside clicks to the model again.
		p.otherTab(nil, store[savedKey], true)
		if !slices.Equal(p.you.liked, tc.kept) {
			t.Errorf("%v: after another tab wrote, you like %v, want %v", tc.saved, p.you.liked, tc.kept)
		}
	}
}

// The factor map takes the plane the workers found for the model they
// trained, and finds it itself for a model without one (one kept from an
// earlier version of the page, say).
func TestItemPlaneFromTraining(t *testing.T) {
	m := trainedModel(t)
	want, err := m.ItemPlane()
	if err != nil {
		t.Fatal(err)
	}
	if got, err := (modelInUse{Model: m}).plane(); err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("without the workers' plane: %+v, %v; want core's %+v", got, err, want)
	}
	theirs := &core.Plane{Mean: want.Mean, Axes: want.Axes, Total: 1}
	if got, _ := (modelInUse{Model: m, Plane: theirs}).plane(); got != theirs {
		t.Errorf("the trained model's plane is %+v, want the workers' %+v", got, theirs)
	}
}
