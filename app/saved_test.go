package app

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/ealslive/ealslive/app/clicklog"
	"github.com/ealslive/ealslive/core/pack"
)

func catalogItems(ids ...string) []pack.Item {
	items := make([]pack.Item, len(ids))
	for k, id := range ids {
		items[k] = pack.Item{ID: id, Name: "Business " + id}
	}
	return items
}

// Clicks this data does not have, and clicks past the cap, stay stored
// when you click, remove and reload; they come back with data that has
// them.
func TestSetAsideClicksStayStored(t *testing.T) {
	store := memoryStore{}
	old := testSession(catalogItems("a", "b", "c"))
	old.you.store = store
	old.restoreClicks(nil)
	for _, id := range []string{"a", "b", "c"} {
		i, _ := old.data.Cat.Lookup(id)
		old.you.like(i)
		old.record(nil, func(l clicklog.Log, at int64) clicklog.Log { return l.Like(id, at) })
	}
	// An upgrade: data without b.
	upgraded := testSession(catalogItems("a", "c", "d"))
	upgraded.you.store = store
	upgraded.restoreClicks(nil)
	if got := upgraded.likedIDs(); !slices.Equal(got, []string{"a", "c"}) || upgraded.probe.metrics.SetAside != 1 {
		t.Fatalf("after the upgrade you like %v, %d set aside; want [a c], 1", got, upgraded.probe.metrics.SetAside)
	}
	if len(upgraded.notes.List) != 1 || !strings.Contains(upgraded.notes.List[0], "1 of your saved clicks is a business this data does not have") {
		t.Errorf("after the upgrade the notes are %q", upgraded.notes.List)
	}
	i, _ := upgraded.data.Cat.Lookup("d")
	upgraded.you.like(i)
	upgraded.record(nil, func(l clicklog.Log, at int64) clicklog.Log { return l.Like("d", at) })
	i, _ = upgraded.data.Cat.Lookup("a")
	upgraded.you.remove(i)
	upgraded.record(nil, func(l clicklog.Log, at int64) clicklog.Log { return l.Remove("a", at) })
	if got := storedLiked(t, store); !slices.Equal(got, []string{"b", "c", "d"}) {
		t.Fatalf("after liking d and removing a on the upgrade, the store holds %v, want [b c d]", got)
	}
	// The rollback: b is back.
	back := testSession(catalogItems("a", "b", "c"))
	back.you.store = store
	back.restoreClicks(nil)
	if got := back.likedIDs(); !slices.Equal(got, []string{"b", "c"}) || back.probe.metrics.SetAside != 1 {
		t.Errorf("after the rollback you like %v, %d set aside; want [b c], 1 (d)", got, back.probe.metrics.SetAside)
	}
}

func (s *session) likedIDs() []string {
	var ids []string
	for _, i := range s.you.liked {
		ids = append(ids, s.data.Cat.Item(i).ID)
	}
	return ids
}

// A stored value the page cannot read is never lost: a damaged or old one
// is moved aside, a newer one is left where it is and nothing overwrites
// it.
func TestUnreadableClicksKept(t *testing.T) {
	for _, tc := range []struct {
		raw, says string
		newer     bool
	}{
		{`{"schema":2,"clicks":[{"id":`, "damaged", false},
		{`{"schema":0,"clicks":["a"]}`, "another version", false},
		{`{"schema":9,"clicks":{"a":1}}`, "newer version", true},
	} {
		store := memoryStore{savedKey: tc.raw}
		s := testSession(catalogItems("a", "b"))
		s.you.store = store
		s.restoreClicks(nil)
		if len(s.notes.List) != 1 || !strings.Contains(s.notes.List[0], tc.says) {
			t.Errorf("%s: notes %q", tc.raw, s.notes.List)
		}
		s.you.like(1)
		s.record(nil, func(l clicklog.Log, at int64) clicklog.Log { return l.Like("b", at) })
		if tc.newer {
			if store[savedKey] != tc.raw || len(store) != 1 {
				t.Errorf("%s: the store became %v", tc.raw, store)
			}
			continue
		}
		if store[unreadableKey] != tc.raw || !slices.Equal(storedLiked(t, store), []string{"b"}) {
			t.Errorf("%s: the store became %v", tc.raw, store)
		}
	}
}

// What one tab does, the other's clicks and model follow when the storage
// event comes: likes, a removal, start over.
func TestOtherTabIsFollowed(t *testing.T) {
	m := trainedModel(t)
	ids := make([]string, m.NumItems())
	for i := range ids {
		ids[i] = fmt.Sprint("b", i)
	}
	store := memoryStore{}
	a, b := testSession(catalogItems(ids...)), testSession(catalogItems(ids...))
	a.you.store, b.you.store = store, store
	for _, s := range []*session{a, b} {
		s.restoreClicks(nil)
		if err := s.adopt(nil, modelInUse{Model: trainedModel(t)}); err != nil {
			t.Fatal(err)
		}
	}
	act := func(s *session, op func(l clicklog.Log, at int64) clicklog.Log, change func(v *visitor) error) {
		t.Helper()
		if err := change(s.you); err != nil {
			t.Fatal(err)
		}
		s.record(nil, op)
	}
	like := func(s *session, i int32) {
		act(s, func(l clicklog.Log, at int64) clicklog.Log { return l.Like(ids[i], at) }, func(v *visitor) error { return v.like(i) })
	}
	like(a, 3)
	like(b, 7) // b has not heard of a's click yet: its write keeps it
	like(a, 5)
	b.otherTab(nil, store[savedKey], true)
	a.otherTab(nil, store[savedKey], true)
	for name, s := range map[string]*session{"a": a, "b": b} {
		if got := s.you.liked; !slices.Equal(slices.Sorted(slices.Values(idsOf(got))), []string{"3", "5", "7"}) || !slices.Equal(sortedItems(s.you.model, s.you.id), []int32{3, 5, 7}) {
			t.Errorf("tab %s likes %v, its model has %v; want 3 5 7", name, got, sortedItems(s.you.model, s.you.id))
		}
		checkList(t, s.you)
	}
	act(b, func(l clicklog.Log, at int64) clicklog.Log { return l.Remove(ids[3], at) }, func(v *visitor) error { return v.remove(3) })
	a.otherTab(nil, store[savedKey], true)
	if !slices.Equal(sortedItems(a.you.model, a.you.id), []int32{5, 7}) {
		t.Errorf("after b removed 3, a's model has %v", sortedItems(a.you.model, a.you.id))
	}
	act(a, clicklog.Log.StartOver, (*visitor).reset)
	b.otherTab(nil, store[savedKey], true)
	if len(b.you.liked) != 0 || len(sortedItems(b.you.model, b.you.id)) != 0 || len(storedLiked(t, store)) != 0 {
		t.Errorf("after a started over, b likes %v, its model has %v, the store %v", b.you.liked, sortedItems(b.you.model, b.you.id), storedLiked(t, store))
	}
	checkList(t, b.you)
}

func idsOf(items []int32) []string {
	out := make([]string, len(items))
	for k, i := range items {
		out[k] = fmt.Sprint(i)
	}
	return out
}

// The list an earlier version of the page kept is read when there is no
// log yet, and never written or deleted: a rollback finds it as it was.
func TestLegacyListReadNotWritten(t *testing.T) {
	legacy := `{"schema":1,"clicks":["b","a"]}`
	store := memoryStore{legacyKey: legacy}
	s := testSession(catalogItems("a", "b", "c"))
	s.you.store = store
	s.restoreClicks(nil)
	if got := s.likedIDs(); !slices.Equal(got, []string{"b", "a"}) || len(s.notes.List) != 0 {
		t.Fatalf("from the old list you like %v (notes %q), want [b a]", got, s.notes.List)
	}
	s.you.like(2)
	s.record(nil, func(l clicklog.Log, at int64) clicklog.Log { return l.Like("c", at) })
	if got := storedLiked(t, store); !slices.Equal(got, []string{"b", "a", "c"}) || store[legacyKey] != legacy {
		t.Errorf("after a click the log holds %v and the old list %q", got, store[legacyKey])
	}
	// Once there is a log, the old list is not read again.
	store[legacyKey] = `{"schema":1,"clicks":["a","b","c","x"]}`
	i, _ := s.data.Cat.Lookup("a")
	s.you.remove(i)
	s.record(nil, func(l clicklog.Log, at int64) clicklog.Log { return l.Remove("a", at) })
	if got := storedLiked(t, store); !slices.Equal(got, []string{"b", "c"}) {
		t.Errorf("after a removal the log holds %v", got)
	}
}

// A tab that finds in storage just what it wrote last skips reading it
// again; two tabs taking turns at random must still leave the store, and
// each tab's log, as tabs that read, merge and write every time do.
func TestRecordSkipsOnlyItsOwnWrite(t *testing.T) {
	ids := []string{"a", "b", "c", "d"}
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := 0; trial < 200; trial++ {
		store, ref := memoryStore{}, memoryStore{}
		tabs := []*session{testSession(catalogItems(ids...)), testSession(catalogItems(ids...))}
		refLogs := make([]clicklog.Log, len(tabs))
		for _, s := range tabs {
			s.you.store = store
			s.restoreClicks(nil)
		}
		for step := 0; step < 12; step++ {
			k, id := rng.IntN(len(tabs)), ids[rng.IntN(len(ids))]
			var op func(clicklog.Log, int64) clicklog.Log
			switch rng.IntN(5) {
			case 0:
				op = func(l clicklog.Log, at int64) clicklog.Log { return l.Remove(id, at) }
			case 1:
				op = clicklog.Log.StartOver
			default:
				op = func(l clicklog.Log, at int64) clicklog.Log { return l.Like(id, at) }
			}
			var at int64
			tabs[k].record(nil, func(l clicklog.Log, now int64) clicklog.Log { at = now; return op(l, now) })
			// The reference tab reads and merges whatever is stored.
			if raw, ok := ref[savedKey]; ok {
				l, err := clicklog.Decode(raw)
				if err != nil {
					t.Fatal(err)
				}
				refLogs[k] = refLogs[k].Merge(l)
			}
			refLogs[k] = op(refLogs[k], at)
			ref.save(savedKey, clicklog.Encode(refLogs[k]))
			if store[savedKey] != ref[savedKey] {
				t.Fatalf("trial %d, step %d: the store holds %s, reading every time %s", trial, step, store[savedKey], ref[savedKey])
			}
			for j, s := range tabs {
				if !reflect.DeepEqual(s.you.saved, refLogs[j]) {
					t.Fatalf("trial %d, step %d: tab %d keeps %+v, reading every time %+v", trial, step, j, s.you.saved, refLogs[j])
				}
			}
		}
	}
}

// The note on saved clicks set aside says how many, why, and that they
// are kept.
func TestSetAsideNote(t *testing.T) {
	unknown, older := 1, 4
	note := setAsideNote(unknown, older)
	for _, want := range []string{"1 of your saved clicks is a business this data does not have", "4 of your saved clicks are older than the latest 10,000", "They stay saved"} {
		if !strings.Contains(note, want) {
			t.Errorf("the note %q does not say %q", note, want)
		}
	}
	if setAsideNote(0, 0) != "" {
		t.Error("a note with nothing set aside")
	}
}
