package visitor

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

func namedItems(ids ...string) []pack.Item {
	items := make([]pack.Item, len(ids))
	for k, id := range ids {
		items[k] = pack.Item{ID: id, Name: "Business " + id}
	}
	return items
}

// encodeLikes is a stored log of likes of ids, in order.
func encodeLikes(ids ...string) string {
	l := clicklog.Log{}
	for _, id := range ids {
		l = l.Like(id, 1)
	}
	return clicklog.Encode(l)
}

// storedLiked is what the store's log for the data with hash says you
// like.
func storedLiked(t *testing.T, store MemoryStore, hash string) []string {
	t.Helper()
	raw, ok := store[KeysFor(hash).Log]
	if !ok {
		return nil
	}
	l, err := clicklog.Decode(raw)
	if err != nil {
		t.Fatalf("the store holds %q: %v", raw, err)
	}
	return l.Liked()
}

// visitorOn is you on a catalogue of ids, your notes collected.
func visitorOn(store MemoryStore, notes *[]string, ids ...string) *Visitor {
	return New(catalogWith(namedItems(ids...)), store, "", func(n string) { *notes = append(*notes, n) })
}

func likedIDs(v *Visitor) []string { return v.itemIDs(v.liked) }

// Clicks this data does not have stay stored when you click, remove and
// reload; they come back with data that has them.
func TestSetAsideClicksStayStored(t *testing.T) {
	store := MemoryStore{}
	var notes []string
	old := visitorOn(store, &notes, "a", "b", "c")
	old.Restore()
	for _, i := range []int32{0, 1, 2} {
		if _, err := old.Like(i); err != nil {
			t.Fatal(err)
		}
	}
	// An upgrade: data without b.
	notes = nil
	upgraded := visitorOn(store, &notes, "a", "c", "d")
	upgraded.Restore()
	if got := likedIDs(upgraded); !slices.Equal(got, []string{"a", "c"}) || upgraded.Snapshot().SetAside != 1 {
		t.Fatalf("after the upgrade you like %v, %d set aside; want [a c], 1", got, upgraded.Snapshot().SetAside)
	}
	if len(notes) != 1 || !strings.Contains(notes[0], "1 of your saved clicks is a business this data does not have") {
		t.Errorf("after the upgrade the notes are %q", notes)
	}
	if _, err := upgraded.Like(2); err != nil { // d
		t.Fatal(err)
	}
	if _, err := upgraded.Remove(0); err != nil { // a
		t.Fatal(err)
	}
	if got := storedLiked(t, store, ""); !slices.Equal(got, []string{"b", "c", "d"}) {
		t.Fatalf("after liking d and removing a on the upgrade, the store holds %v, want [b c d]", got)
	}
	// The rollback: b is back.
	back := visitorOn(store, &notes, "a", "b", "c")
	back.Restore()
	if got := likedIDs(back); !slices.Equal(got, []string{"b", "c"}) || back.Snapshot().SetAside != 1 {
		t.Errorf("after the rollback you like %v, %d set aside; want [b c], 1 (d)", got, back.Snapshot().SetAside)
	}
}

// A stored value the page cannot read is never lost: a damaged or old one
// is moved to the unreadable key, a newer one is left where it is and
// nothing overwrites it.
func TestUnreadableClicksKept(t *testing.T) {
	for _, tc := range []struct {
		raw, says string
		newer     bool
	}{
		{`{"schema":2,"clicks":[{"id":`, "damaged", false},
		{`{"schema":0,"clicks":["a"]}`, "another version", false},
		{`{"schema":9,"clicks":{"a":1}}`, "newer version", true},
	} {
		store := MemoryStore{savedKey: tc.raw}
		var notes []string
		v := visitorOn(store, &notes, "a", "b")
		v.Restore()
		if len(notes) != 1 || !strings.Contains(notes[0], tc.says) {
			t.Errorf("%s: notes %q", tc.raw, notes)
		}
		if _, err := v.Like(1); err != nil {
			t.Fatal(err)
		}
		if tc.newer {
			if store[savedKey] != tc.raw || len(store) != 1 {
				t.Errorf("%s: the store became %v", tc.raw, store)
			}
			continue
		}
		if store[unreadableKey] != tc.raw || !slices.Equal(storedLiked(t, store, ""), []string{"b"}) {
			t.Errorf("%s: the store became %v", tc.raw, store)
		}
	}
}

// What one tab does, the other's clicks and model follow when the storage
// event comes: likes, a removal, start over; each tab's list stays core's
// for the clicks it holds.
func TestOtherTabIsFollowed(t *testing.T) {
	store := MemoryStore{}
	var notes []string
	a, b := New(catalogOf(80), store, "", func(n string) { notes = append(notes, n) }), New(catalogOf(80), store, "", nil)
	for _, v := range []*Visitor{a, b} {
		v.Restore()
		if err := v.Attach(trainedModel(t)); err != nil {
			t.Fatal(err)
		}
	}
	like := func(v *Visitor, i int32) {
		t.Helper()
		if _, err := v.Like(i); err != nil {
			t.Fatal(err)
		}
	}
	like(a, 3)
	like(b, 7) // b has not heard of a's click yet: its write keeps it
	like(a, 5)
	b.OtherTab(store[savedKey], true)
	a.OtherTab(store[savedKey], true)
	for name, v := range map[string]*Visitor{"a": a, "b": b} {
		if got := slices.Sorted(slices.Values(v.liked)); !slices.Equal(got, []int32{3, 5, 7}) {
			t.Errorf("tab %s likes %v; want 3 5 7", name, got)
		}
		items, _ := v.model.UserItems(v.id)
		if got := slices.Sorted(slices.Values(items)); !slices.Equal(got, []int32{3, 5, 7}) {
			t.Errorf("tab %s's model has %v; want 3 5 7", name, got)
		}
	}
	// a's clicks were learnt in its own order (3, 5, 7): its list is core's
	// for that order.
	if want := reference(t, a.liked); !slices.Equal(a.Snapshot().List, want) {
		t.Errorf("tab a lists %v, core %v", a.Snapshot().List, want)
	}
	if _, err := b.Remove(3); err != nil {
		t.Fatal(err)
	}
	a.OtherTab(store[savedKey], true)
	if items, _ := a.model.UserItems(a.id); !slices.Equal(slices.Sorted(slices.Values(items)), []int32{5, 7}) {
		t.Errorf("after b removed 3, a's model has %v", items)
	}
	if _, err := a.StartOver(); err != nil {
		t.Fatal(err)
	}
	b.OtherTab(store[savedKey], true)
	if items, _ := b.model.UserItems(b.id); len(b.liked) != 0 || len(items) != 0 || len(storedLiked(t, store, "")) != 0 {
		t.Errorf("after a started over, b likes %v, its model has %v, the store %v", b.liked, items, storedLiked(t, store, ""))
	}
}

// The list an earlier version of the page kept is read when there is no
// log yet, and never written or deleted: a rollback finds it as it was.
func TestLegacyListReadNotWritten(t *testing.T) {
	legacy := `{"schema":1,"clicks":["b","a"]}`
	store := MemoryStore{legacyKey: legacy}
	var notes []string
	v := visitorOn(store, &notes, "a", "b", "c")
	v.Restore()
	if got := likedIDs(v); !slices.Equal(got, []string{"b", "a"}) || len(notes) != 0 {
		t.Fatalf("from the old list you like %v (notes %q), want [b a]", got, notes)
	}
	if _, err := v.Like(2); err != nil {
		t.Fatal(err)
	}
	if got := storedLiked(t, store, ""); !slices.Equal(got, []string{"b", "a", "c"}) || store[legacyKey] != legacy {
		t.Errorf("after a click the log holds %v and the old list %q", got, store[legacyKey])
	}
	// Once there is a log, the old list is not read again.
	store[legacyKey] = `{"schema":1,"clicks":["a","b","c","x"]}`
	if _, err := v.Remove(0); err != nil {
		t.Fatal(err)
	}
	if got := storedLiked(t, store, ""); !slices.Equal(got, []string{"b", "c"}) {
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
		store, ref := MemoryStore{}, MemoryStore{}
		var notes []string
		tabs := []*Visitor{visitorOn(store, &notes, ids...), visitorOn(store, &notes, ids...)}
		refLogs := make([]clicklog.Log, len(tabs))
		for _, v := range tabs {
			v.Restore()
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
			tabs[k].record(func(l clicklog.Log, now int64) clicklog.Log { at = now; return op(l, now) })
			// The reference tab reads and merges whatever is stored.
			if raw, ok := ref[savedKey]; ok {
				l, err := clicklog.Decode(raw)
				if err != nil {
					t.Fatal(err)
				}
				refLogs[k] = refLogs[k].Merge(l)
			}
			refLogs[k] = op(refLogs[k], at)
			ref.Save(savedKey, clicklog.Encode(refLogs[k]))
			if store[savedKey] != ref[savedKey] {
				t.Fatalf("trial %d, step %d: the store holds %s, reading every time %s", trial, step, store[savedKey], ref[savedKey])
			}
			for j, v := range tabs {
				if !reflect.DeepEqual(v.saved.log, refLogs[j]) {
					t.Fatalf("trial %d, step %d: tab %d keeps %+v, reading every time %+v", trial, step, j, v.saved.log, refLogs[j])
				}
			}
		}
	}
}

// Each data set keeps its clicks under keys of its own: switching loses
// none of either.
func TestClicksKeptPerData(t *testing.T) {
	store := MemoryStore{}
	pack := New(catalogOf(5), store, "", nil)
	file := New(catalogOf(5), store, "0123456789abcdef0123", nil)
	if _, err := pack.Like(1); err != nil {
		t.Fatal(err)
	}
	if _, err := file.Like(3); err != nil {
		t.Fatal(err)
	}
	if got := storedLiked(t, store, ""); !slices.Equal(got, []string{"b1"}) {
		t.Errorf("the pack's clicks are %v", got)
	}
	if got := storedLiked(t, store, "0123456789abcdef0123"); !slices.Equal(got, []string{"b3"}) {
		t.Errorf("the file's clicks are %v", got)
	}
	if k := KeysFor("0123456789abcdef0123"); k.Log != savedKey+"@0123456789abcdef" || k.Legacy != "" {
		t.Errorf("a file's keys are %+v", k)
	}
}

// The note on saved clicks set aside says how many, why, and that they
// are kept.
func TestSetAsideNote(t *testing.T) {
	note := setAsideNote(1, 4)
	for _, want := range []string{"1 of your saved clicks is a business this data does not have", "4 of your saved clicks are older than the latest 10,000", "They stay saved"} {
		if !strings.Contains(note, want) {
			t.Errorf("the note %q does not say %q", note, want)
		}
	}
	if setAsideNote(0, 0) != "" {
		t.Error("a note with nothing set aside")
	}
}

// Storage that refuses is said once, whatever else fails after.
func TestStorageFailsSaidOnce(t *testing.T) {
	var notes []string
	v := New(catalogOf(3), refusing{}, "", func(n string) { notes = append(notes, n) })
	v.Restore()
	for _, i := range []int32{0, 1} {
		if _, err := v.Like(i); err != nil {
			t.Fatal(err)
		}
	}
	if len(notes) != 1 || !strings.Contains(notes[0], "does not let the page read its storage") || !v.Snapshot().StorageFailed {
		t.Errorf("notes %q, failed %v", notes, v.Snapshot().StorageFailed)
	}
	if got := fmt.Sprint(v.Liked()); got != "[0 1]" {
		t.Errorf("without storage you like %s", got)
	}
}

type refusing struct{}

func (refusing) Load(string) (string, bool, error) { return "", false, fmt.Errorf("quota") }
func (refusing) Save(string, string) error         { return fmt.Errorf("quota") }
func (refusing) Clear(string) error                { return fmt.Errorf("quota") }
