package visitor

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/ealslive/ealslive/app/catalog"
	"github.com/ealslive/ealslive/core"
	"github.com/ealslive/ealslive/core/pack"
)

// trainedModel returns a model trained for a few epochs on synthetic data
// with enough items for a full list; each call trains it afresh, bitwise
// the same.
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

// catalogOf is a catalogue of n businesses with ids b0, b1, …, as the page
// has once the workers have counted the reviews.
func catalogOf(n int) *catalog.Catalog {
	items := make([]pack.Item, n)
	for i := range items {
		items[i] = pack.Item{ID: fmt.Sprint("b", i), Name: fmt.Sprint("Business ", i)}
	}
	return catalogWith(items)
}

func catalogWith(items []pack.Item) *catalog.Catalog {
	zero := make([]int, len(items))
	popular := make([]int32, len(items))
	for i := range popular {
		popular[i] = int32(i)
	}
	c := catalog.New(items)
	c.SetCounts(zero, zero, popular)
	return c
}

// newVisitor is you on a catalogue the size of the trained model's, with
// a store in memory; its notes are collected in *notes.
func newVisitor(t *testing.T, store MemoryStore, notes *[]string) *Visitor {
	t.Helper()
	return New(catalogOf(80), store, "", func(n string) {
		if notes != nil {
			*notes = append(*notes, n)
		}
	})
}

// step is one click of a reference run: a like or a removal.
type step struct {
	like bool
	item int32
}

func like(i int32) step   { return step{true, i} }
func remove(i int32) step { return step{false, i} }

// replayed is what core gives for a new user of a freshly trained model
// after steps: the list, best first, leaving out the likes.
func replayed(t *testing.T, steps ...step) []core.Ranked {
	t.Helper()
	m := trainedModel(t)
	u := m.AddUser()
	for _, s := range steps {
		var err error
		if s.like {
			err = m.Update(u, s.item)
		} else {
			err = m.Remove(u, s.item)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	list, err := m.Recommend(u, ListLength, true)
	if err != nil {
		t.Fatal(err)
	}
	return list
}

// reference is replayed for likes, then removals.
func reference(t *testing.T, likes []int32, removed ...int32) []core.Ranked {
	t.Helper()
	var steps []step
	for _, i := range likes {
		steps = append(steps, like(i))
	}
	for _, i := range removed {
		steps = append(steps, remove(i))
	}
	return replayed(t, steps...)
}

func TestLikeEqualsCore(t *testing.T) {
	v := newVisitor(t, MemoryStore{}, nil)
	if err := v.Attach(trainedModel(t)); err != nil {
		t.Fatal(err)
	}
	cold := v.Snapshot()
	if !slices.Equal(cold.List, reference(t, nil)) {
		t.Fatalf("the cold-start list %v is not core's", cold.List)
	}
	var likes []int32
	for k := range 4 {
		i := v.Snapshot().List[k].Item
		words, err := v.Like(i)
		if err != nil {
			t.Fatal(err)
		}
		likes = append(likes, i)
		y := v.Snapshot()
		if want := reference(t, likes); !slices.Equal(y.List, want) {
			t.Fatalf("after liking %v the list is %v, core's %v", likes, y.List, want)
		}
		if !slices.Equal(y.Liked, likes) || y.Last == nil || y.Last.Item != i || y.Last.Trace == nil {
			t.Fatalf("after liking %v: liked %v, last %+v", likes, y.Liked, y.Last)
		}
		if !strings.HasPrefix(words, "Liked Business "+fmt.Sprint(i)+". Your list") {
			t.Errorf("the words for a like are %q", words)
		}
	}
	if _, err := v.Like(likes[0]); !errors.Is(err, ErrLiked) {
		t.Errorf("liking twice: %v, want ErrLiked", err)
	}
	if _, err := v.Like(80); err == nil {
		t.Error("liking a business the data does not have did not fail")
	}
}

func TestRemoveEqualsCore(t *testing.T) {
	v := newVisitor(t, MemoryStore{}, nil)
	if err := v.Attach(trainedModel(t)); err != nil {
		t.Fatal(err)
	}
	likes := []int32{3, 17, 5, 40}
	for _, i := range likes {
		if _, err := v.Like(i); err != nil {
			t.Fatal(err)
		}
	}
	words, err := v.Remove(17)
	if err != nil {
		t.Fatal(err)
	}
	y := v.Snapshot()
	if want := reference(t, likes, 17); !slices.Equal(y.List, want) {
		t.Fatalf("after removing 17 the list is %v, core's %v", y.List, want)
	}
	if !slices.Equal(y.Liked, []int32{3, 5, 40}) || y.Last != nil {
		t.Errorf("after removing 17 you like %v, last %+v", y.Liked, y.Last)
	}
	if !strings.HasPrefix(words, "Removed Business 17. Your list") {
		t.Errorf("the words for a removal are %q", words)
	}
	if _, err := v.Remove(17); err == nil {
		t.Error("removing a business twice did not fail")
	}
}

func TestStartOverEqualsCore(t *testing.T) {
	store := MemoryStore{}
	v := newVisitor(t, store, nil)
	if err := v.Attach(trainedModel(t)); err != nil {
		t.Fatal(err)
	}
	likes := []int32{3, 17, 5}
	for _, i := range likes {
		if _, err := v.Like(i); err != nil {
			t.Fatal(err)
		}
	}
	words, err := v.StartOver()
	if err != nil {
		t.Fatal(err)
	}
	y := v.Snapshot()
	// Removing every click in reverse order is what starting over is.
	if want := reference(t, likes, 5, 17, 3); !slices.Equal(y.List, want) {
		t.Fatalf("after starting over the list is %v, core's %v", y.List, want)
	}
	if len(y.Liked) != 0 || y.Moves != nil {
		t.Errorf("after starting over you like %v, moves %v", y.Liked, y.Moves)
	}
	if !slices.Equal(y.Earlier.Items, likes) || y.Earlier.Why != "before you started over" {
		t.Errorf("the clicks kept to bring back are %+v", y.Earlier)
	}
	if !strings.HasPrefix(words, "Started over as a new user: no clicks. Your list starts with ") {
		t.Errorf("the words for starting over are %q", words)
	}
	if err := v.BringBack(); err != nil {
		t.Fatal(err)
	}
	if y := v.Snapshot(); !slices.Equal(y.Liked, likes) || y.Earlier.Items != nil {
		t.Errorf("brought back you like %v with %+v kept", y.Liked, y.Earlier)
	}
	if got := storedLiked(t, store, ""); !slices.Equal(got, []string{"b3", "b17", "b5"}) {
		t.Errorf("brought back, the store holds %v", got)
	}
}

// The moves and the words a list change gets are those of the list
// before and the list after, as core ranks them.
func TestListChangeFollowsTheLists(t *testing.T) {
	v := newVisitor(t, MemoryStore{}, nil)
	if err := v.Attach(trainedModel(t)); err != nil {
		t.Fatal(err)
	}
	before := reference(t, nil)
	i := before[2].Item
	words, err := v.Like(i)
	if err != nil {
		t.Fatal(err)
	}
	after := reference(t, []int32{i})
	y := v.Snapshot()
	was := map[int32]int{}
	for r, x := range before {
		was[x.Item] = r
	}
	fresh, best, by := 0, int32(-1), 0
	for r, x := range after {
		p, ok := was[x.Item]
		switch {
		case !ok:
			fresh++
			if !y.Moves[r].New {
				t.Errorf("rank %d (%d) is new, marked %+v", r+1, x.Item, y.Moves[r])
			}
		case y.Moves[r].New || y.Moves[r].By != p-r:
			t.Errorf("rank %d (%d) moved %d, marked %+v", r+1, x.Item, p-r, y.Moves[r])
		case p-r > by:
			best, by = x.Item, p-r
		}
	}
	want := "Liked Business " + fmt.Sprint(i) + ". Your list: "
	switch {
	case fresh > 0 && best >= 0:
		want += fmt.Sprintf("%d new, Business %d up %d.", fresh, best, by)
	case fresh > 0:
		want += fmt.Sprintf("%d new.", fresh)
	case best >= 0:
		want += fmt.Sprintf("Business %d up %d.", best, by)
	}
	if fresh == 0 && best < 0 {
		want = "Liked Business " + fmt.Sprint(i) + ". Your list did not change."
	}
	if words != want {
		t.Errorf("the words are %q, want %q", words, want)
	}
}

func TestMoves(t *testing.T) {
	for _, tc := range []struct {
		prev, cur []int32
		want      []Move
	}{
		{nil, []int32{1, 2}, []Move{{}, {}}},
		{[]int32{1, 2, 3}, []int32{1, 2, 3}, []Move{{}, {}, {}}},
		{[]int32{1, 2, 3}, []int32{3, 1, 2}, []Move{{By: 2}, {By: -1}, {By: -1}}},
		{[]int32{1, 2, 3}, []int32{4, 1, 5}, []Move{{New: true}, {By: -1}, {New: true}}},
		{[]int32{}, []int32{7}, []Move{{New: true}}},
	} {
		if got := Moves(tc.prev, tc.cur); !slices.Equal(got, tc.want) {
			t.Errorf("Moves(%v, %v) = %v, want %v", tc.prev, tc.cur, got, tc.want)
		}
	}
}

// Clicks made while training are replayed when the model arrives, so
// they end where clicks made afterwards do.
func TestLikesBeforeTraining(t *testing.T) {
	early := newVisitor(t, MemoryStore{}, nil)
	for _, i := range []int32{3, 17, 5} {
		words, err := early.Like(i)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasSuffix(words, "The model learns it when training ends.") {
			t.Errorf("an early like says %q", words)
		}
	}
	if y := early.Snapshot(); y.Trained || !y.Waiting || len(y.List) != 0 || y.Model() != nil {
		t.Fatalf("an untrained visitor shows %+v", y)
	}
	if _, err := early.Like(17); !errors.Is(err, ErrLiked) {
		t.Errorf("liking twice: err = %v, want ErrLiked", err)
	}
	if err := early.Attach(trainedModel(t)); err != nil {
		t.Fatal(err)
	}
	if got, want := early.Snapshot().List, reference(t, []int32{3, 17, 5}); !slices.Equal(got, want) {
		t.Errorf("replayed clicks give %v, core %v", got, want)
	}
}

// A You keeps what it was made with; its model is offered only while no
// change has been made since.
func TestSnapshotNeverChanges(t *testing.T) {
	v := newVisitor(t, MemoryStore{}, nil)
	m := trainedModel(t)
	if err := v.Attach(m); err != nil {
		t.Fatal(err)
	}
	first := v.Snapshot()
	list := slices.Clone(first.List)
	if first.Model() != m {
		t.Fatal("a current You does not give its model")
	}
	if _, err := v.Like(list[0].Item); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(first.List, list) || len(first.Liked) != 0 {
		t.Errorf("a like changed an earlier You: %v, %v", first.List, first.Liked)
	}
	if first.Model() != nil {
		t.Error("an earlier You gives the model a like has changed since")
	}
	second := v.Snapshot()
	if second.Version == first.Version || second.Model() != m {
		t.Errorf("the You after the like: version %d (before %d), model %p", second.Version, first.Version, second.Model())
	}
	v.Detach()
	if second.Model() != nil || v.Snapshot().Trained {
		t.Error("after a detach the model is still offered")
	}
}

// Saved clicks the model cannot learn are set aside, with the reason,
// and the others learnt; they never stop the page.
func TestAttachSetsAsideClicksItCannotLearn(t *testing.T) {
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
		store := MemoryStore{savedKey: encodeLikes(tc.saved...)}
		var notes []string
		v := New(catalogWith(items), store, "", func(n string) { notes = append(notes, n) })
		v.Restore()
		if err := v.Attach(trainedModel(t)); err != nil {
			t.Fatalf("%v: %v", tc.saved, err)
		}
		y := v.Snapshot()
		if !slices.Equal(y.Liked, tc.kept) || !y.Trained || len(y.List) == 0 {
			t.Errorf("%v: you like %v (want %v), trained %v, %d listed", tc.saved, y.Liked, tc.kept, y.Trained, len(y.List))
		}
		if want := reference(t, tc.kept); !slices.Equal(y.List, want) {
			t.Errorf("%v: the list %v is not core's %v", tc.saved, y.List, want)
		}
		if len(notes) != 1 || !strings.Contains(notes[0], tc.says) || !strings.Contains(notes[0], "set aside") {
			t.Errorf("%v: notes %q, want one saying %q and set aside", tc.saved, notes, tc.says)
		}
		if y.SetAside != len(tc.saved)-len(tc.kept) {
			t.Errorf("%v: %d set aside", tc.saved, y.SetAside)
		}
		if got := storedLiked(t, store, ""); !slices.Equal(got, tc.saved) {
			t.Errorf("%v: storage holds %v, want every saved click kept", tc.saved, got)
		}
		// Following the log again (another tab wrote) does not offer the
		// set-aside clicks to the model again.
		v.OtherTab(store[savedKey], true)
		if got := v.Snapshot().Liked; !slices.Equal(got, tc.kept) {
			t.Errorf("%v: after another tab wrote, you like %v, want %v", tc.saved, got, tc.kept)
		}
	}
}

// A link's likes replace yours, which are kept to bring back.
func TestReplaceKeepsYoursToBringBack(t *testing.T) {
	store := MemoryStore{}
	v := newVisitor(t, store, nil)
	for _, i := range []int32{1, 2} {
		if _, err := v.Like(i); err != nil {
			t.Fatal(err)
		}
	}
	if err := v.Replace([]int32{7, 3, 9}, "before you opened a link"); err != nil {
		t.Fatal(err)
	}
	if err := v.Attach(trainedModel(t)); err != nil {
		t.Fatal(err)
	}
	y := v.Snapshot()
	if !slices.Equal(y.Liked, []int32{7, 3, 9}) || !slices.Equal(y.List, reference(t, []int32{7, 3, 9})) {
		t.Errorf("the link's likes give %v, %v", y.Liked, y.List)
	}
	if !slices.Equal(y.Earlier.Items, []int32{1, 2}) || y.Earlier.Why != "before you opened a link" {
		t.Errorf("kept to bring back: %+v", y.Earlier)
	}
	// And with the model in: the lesson replaces the likes of a trained
	// visitor.
	if err := v.Replace([]int32{4}, "before the lesson"); err != nil {
		t.Fatal(err)
	}
	if y := v.Snapshot(); !slices.Equal(y.Liked, []int32{4}) || !slices.Equal(y.List, replayed(t, like(7), like(3), like(9), remove(9), remove(3), remove(7), like(4))) {
		t.Errorf("after a second replace you like %v, listed %v", y.Liked, y.List)
	}
	again := New(catalogOf(80), store, "", nil)
	again.Restore()
	if y := again.Snapshot(); !slices.Equal(y.Liked, []int32{4}) || !slices.Equal(y.Earlier.Items, []int32{7, 3, 9}) {
		t.Errorf("on the next visit you like %v with %+v kept", y.Liked, y.Earlier)
	}
}

// Clicks learnt when the model arrives keep the last one's update, traced,
// for the teaching views, marked as not clicked now.
func TestAttachTracesTheLastLike(t *testing.T) {
	v := newVisitor(t, MemoryStore{}, nil)
	for _, i := range []int32{3, 17} {
		if _, err := v.Like(i); err != nil {
			t.Fatal(err)
		}
	}
	if err := v.Attach(trainedModel(t)); err != nil {
		t.Fatal(err)
	}
	ref := trainedModel(t)
	u := ref.AddUser()
	if err := ref.Update(u, 3); err != nil {
		t.Fatal(err)
	}
	want, err := ref.UpdateTraced(u, 17)
	if err != nil {
		t.Fatal(err)
	}
	y := v.Snapshot()
	if y.Last == nil || !y.Last.Replayed || y.Last.Item != 17 || !slices.EqualFunc(y.Last.Trace.UserSteps, want.UserSteps, func(a, b core.FactorStep) bool { return a == b }) {
		t.Errorf("after the model arrived, the last like is %+v", y.Last)
	}
}
