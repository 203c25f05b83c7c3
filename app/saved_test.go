package app

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/ealslive/ealslive/core/pack"
)

func lookupIn(ids ...string) func(string) (int32, bool) {
	return func(key string) (int32, bool) {
		k := slices.Index(ids, key)
		return int32(k), k >= 0
	}
}

func TestLogRoundTrip(t *testing.T) {
	l := clickLog{}.like("b", 5).like("a", 5).like("c", 9).remove("a", 9).like("d", 1)
	l = l.merge(clickLog{Reset: 2})
	got, err := decodeLog(encodeLog(l))
	if err != nil || !slices.Equal(got.Clicks, l.Clicks) || got.Reset != l.Reset {
		t.Errorf("decode(encode(%+v)) = %+v, %v", l, got, err)
	}
	if liked := got.liked(); !slices.Equal(liked, []string{"b", "c", "d"}) {
		t.Errorf("liked %v, want [b c d]", liked)
	}
	if empty, err := decodeLog(encodeLog(clickLog{})); err != nil || len(empty.Clicks) != 0 {
		t.Errorf("an empty log reads back as %+v, %v", empty, err)
	}
}

func TestDecodeLog(t *testing.T) {
	for _, tc := range []struct {
		name, raw string
		liked     []string
		err       string
		newer     bool
	}{
		{"format 1, in order", `{"schema":1,"clicks":["b","a","c","a"]}`, []string{"b", "a", "c"}, "", false},
		{"format 2", `{"schema":2,"reset":3,"clicks":[{"id":"x","at":2},{"id":"a","at":4},{"id":"b","at":5,"removed":true}]}`, []string{"a"}, "", false},
		{"not json", `{"schema":2,"clicks":["a"`, nil, "damaged", false},
		{"not an object", `"a"`, nil, "damaged", false},
		{"wrong types", `{"schema":"2","clicks":[]}`, nil, "damaged", false},
		{"format 2 with ids", `{"schema":2,"clicks":["a"]}`, nil, "damaged", false},
		{"no id", `{"schema":2,"clicks":[{"at":1}]}`, nil, "damaged", false},
		{"no time", `{"schema":2,"clicks":[{"id":"a"}]}`, nil, "damaged", false},
		{"old format", `{"schema":0,"clicks":["a"]}`, nil, "format 0; this page reads formats 1 and 2", false},
		{"no format", `{"clicks":["a"]}`, nil, "another version", false},
		{"newer format", `{"schema":3,"clicks":"whatever"}`, nil, "newer version of this page (format 3", true},
	} {
		l, err := decodeLog(tc.raw)
		if tc.err == "" {
			if err != nil || !slices.Equal(l.liked(), tc.liked) {
				t.Errorf("%s: liked %v, %v; want %v", tc.name, l.liked(), err, tc.liked)
			}
			continue
		}
		u, ok := err.(*unreadable)
		if !ok || !strings.Contains(u.why, tc.err) || u.newer != tc.newer {
			t.Errorf("%s: error %#v, want one saying %q, newer %v", tc.name, err, tc.err, tc.newer)
		}
	}
}

// The model learns the latest maxLearntClicks saved clicks the data has;
// the others are counted as set aside.
func TestLearnableSetsAside(t *testing.T) {
	n := maxLearntClicks + 3
	ids := make([]string, n)
	l := clickLog{}
	for k := range ids {
		ids[k] = fmt.Sprint("id", k)
		l.Clicks = append(l.Clicks, clickRecord{ID: ids[k], At: int64(k + 1)})
	}
	l.Clicks = append(l.Clicks, clickRecord{ID: "gone", At: int64(n + 1)})
	l = l.merge(clickLog{})
	capped := pastCap(l)
	if len(capped) != 4 || capped["id0"] != 1 || capped["id3"] != 4 {
		t.Fatalf("past the cap: %v, want the oldest four", capped)
	}
	items, unknown, older := learnable(l, lookupIn(ids...), capped)
	if len(items) != maxLearntClicks-1 || unknown != 1 || older != 4 {
		t.Fatalf("learnt %d, unknown %d, past the cap %d; want %d, 1, 4", len(items), unknown, older, maxLearntClicks-1)
	}
	if items[0] != 4 || items[len(items)-1] != int32(n-1) {
		t.Errorf("learnt %d … %d, want the latest ones in order", items[0], items[len(items)-1])
	}
	note := setAsideNote(unknown, older)
	for _, want := range []string{"1 of your saved clicks is a business this data does not have", "4 of your saved clicks are older than the latest 10,000", "They stay saved"} {
		if !strings.Contains(note, want) {
			t.Errorf("the note %q does not say %q", note, want)
		}
	}
	if setAsideNote(0, 0) != "" {
		t.Error("a note with nothing set aside")
	}
	if small := (clickLog{}).like("a", 1); len(pastCap(small)) != 0 {
		t.Error("a short log has clicks past the cap")
	}
	// Liked again, a business set aside by the cap is learnt.
	l = l.like("id0", int64(n+5))
	if items, _, older := learnable(l, lookupIn(ids...), capped); older != 3 || items[len(items)-1] != 0 {
		t.Errorf("after liking id0 again: %d past the cap, last learnt %d; want 3 and 0", older, items[len(items)-1])
	}
}

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
		i, _ := old.cat.lookup(id)
		old.you.like(i)
		old.record(nil, func(l clickLog, at int64) clickLog { return l.like(id, at) })
	}
	// An upgrade: data without b.
	upgraded := testSession(catalogItems("a", "c", "d"))
	upgraded.you.store = store
	upgraded.restoreClicks(nil)
	if got := upgraded.likedIDs(); !slices.Equal(got, []string{"a", "c"}) || upgraded.metrics.SetAside != 1 {
		t.Fatalf("after the upgrade you like %v, %d set aside; want [a c], 1", got, upgraded.metrics.SetAside)
	}
	if len(upgraded.notes) != 1 || !strings.Contains(upgraded.notes[0], "1 of your saved clicks is a business this data does not have") {
		t.Errorf("after the upgrade the notes are %q", upgraded.notes)
	}
	i, _ := upgraded.cat.lookup("d")
	upgraded.you.like(i)
	upgraded.record(nil, func(l clickLog, at int64) clickLog { return l.like("d", at) })
	i, _ = upgraded.cat.lookup("a")
	upgraded.you.remove(i)
	upgraded.record(nil, func(l clickLog, at int64) clickLog { return l.remove("a", at) })
	if got := storedLiked(t, store); !slices.Equal(got, []string{"b", "c", "d"}) {
		t.Fatalf("after liking d and removing a on the upgrade, the store holds %v, want [b c d]", got)
	}
	// The rollback: b is back.
	back := testSession(catalogItems("a", "b", "c"))
	back.you.store = store
	back.restoreClicks(nil)
	if got := back.likedIDs(); !slices.Equal(got, []string{"b", "c"}) || back.metrics.SetAside != 1 {
		t.Errorf("after the rollback you like %v, %d set aside; want [b c], 1 (d)", got, back.metrics.SetAside)
	}
}

func (s *session) likedIDs() []string {
	var ids []string
	for _, i := range s.you.liked {
		ids = append(ids, s.cat.item(i).ID)
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
		if len(s.notes) != 1 || !strings.Contains(s.notes[0], tc.says) {
			t.Errorf("%s: notes %q", tc.raw, s.notes)
		}
		s.you.like(1)
		s.record(nil, func(l clickLog, at int64) clickLog { return l.like("b", at) })
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
		if err := s.adopt(nil, trainedModel(t)); err != nil {
			t.Fatal(err)
		}
	}
	act := func(s *session, op func(l clickLog, at int64) clickLog, change func(v *visitor) error) {
		t.Helper()
		if err := change(s.you); err != nil {
			t.Fatal(err)
		}
		s.record(nil, op)
	}
	like := func(s *session, i int32) {
		act(s, func(l clickLog, at int64) clickLog { return l.like(ids[i], at) }, func(v *visitor) error { return v.like(i) })
	}
	like(a, 3)
	like(b, 7) // b has not heard of a's click yet: its write keeps it
	like(a, 5)
	b.otherTab(nil, store[savedKey], true)
	a.otherTab(nil, store[savedKey], true)
	for name, s := range map[string]*session{"a": a, "b": b} {
		if got := s.you.liked; !sameSet(idsOf(got), []string{"3", "5", "7"}) || !slices.Equal(sortedItems(s.you.model, s.you.id), []int32{3, 5, 7}) {
			t.Errorf("tab %s likes %v, its model has %v; want 3 5 7", name, got, sortedItems(s.you.model, s.you.id))
		}
		checkList(t, s.you)
	}
	act(b, func(l clickLog, at int64) clickLog { return l.remove(ids[3], at) }, func(v *visitor) error { return v.remove(3) })
	a.otherTab(nil, store[savedKey], true)
	if !slices.Equal(sortedItems(a.you.model, a.you.id), []int32{5, 7}) {
		t.Errorf("after b removed 3, a's model has %v", sortedItems(a.you.model, a.you.id))
	}
	act(a, clickLog.startOver, (*visitor).reset)
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

// Whatever storage holds, reading it never panics, and what it reads it
// writes back the same.
func FuzzDecodeLog(f *testing.F) {
	f.Add(`{"schema":1,"clicks":["b","a","b"]}`)
	f.Add(`{"schema":2,"reset":3,"clicks":[{"id":"x","at":2},{"id":"a","at":4},{"id":"b","at":5,"removed":true}]}`)
	f.Add(`{"schema":3,"clicks":{}}`)
	f.Add(`{"schema":2,"clicks":[{"id":"","at":-1}]}`)
	f.Fuzz(func(t *testing.T, raw string) {
		l, err := decodeLog(raw)
		if err != nil {
			return
		}
		again, err := decodeLog(encodeLog(l))
		if err != nil || !slices.Equal(again.Clicks, l.Clicks) || again.Reset != l.Reset {
			t.Fatalf("%q reads as %+v, which reads back as %+v (%v)", raw, l, again, err)
		}
		for _, r := range l.Clicks {
			if r.At <= l.Reset {
				t.Fatalf("%q keeps a click from before its start over: %+v", raw, l)
			}
		}
	})
}

// The list an earlier version of the page kept is read when there is no
// log yet, and never written or deleted: a rollback finds it as it was.
func TestLegacyListReadNotWritten(t *testing.T) {
	legacy := `{"schema":1,"clicks":["b","a"]}`
	store := memoryStore{legacyKey: legacy}
	s := testSession(catalogItems("a", "b", "c"))
	s.you.store = store
	s.restoreClicks(nil)
	if got := s.likedIDs(); !slices.Equal(got, []string{"b", "a"}) || len(s.notes) != 0 {
		t.Fatalf("from the old list you like %v (notes %q), want [b a]", got, s.notes)
	}
	s.you.like(2)
	s.record(nil, func(l clickLog, at int64) clickLog { return l.like("c", at) })
	if got := storedLiked(t, store); !slices.Equal(got, []string{"b", "a", "c"}) || store[legacyKey] != legacy {
		t.Errorf("after a click the log holds %v and the old list %q", got, store[legacyKey])
	}
	// Once there is a log, the old list is not read again.
	store[legacyKey] = `{"schema":1,"clicks":["a","b","c","x"]}`
	i, _ := s.cat.lookup("a")
	s.you.remove(i)
	s.record(nil, func(l clickLog, at int64) clickLog { return l.remove("a", at) })
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
		refLogs := make([]clickLog, len(tabs))
		for _, s := range tabs {
			s.you.store = store
			s.restoreClicks(nil)
		}
		for step := 0; step < 12; step++ {
			k, id := rng.IntN(len(tabs)), ids[rng.IntN(len(ids))]
			var op func(clickLog, int64) clickLog
			switch rng.IntN(5) {
			case 0:
				op = func(l clickLog, at int64) clickLog { return l.remove(id, at) }
			case 1:
				op = clickLog.startOver
			default:
				op = func(l clickLog, at int64) clickLog { return l.like(id, at) }
			}
			var at int64
			tabs[k].record(nil, func(l clickLog, now int64) clickLog { at = now; return op(l, now) })
			// The reference tab reads and merges whatever is stored.
			if raw, ok := ref[savedKey]; ok {
				l, err := decodeLog(raw)
				if err != nil {
					t.Fatal(err)
				}
				refLogs[k] = refLogs[k].merge(l)
			}
			refLogs[k] = op(refLogs[k], at)
			ref.save(savedKey, encodeLog(refLogs[k]))
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
