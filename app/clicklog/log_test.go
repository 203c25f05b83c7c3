package clicklog

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
)

// randomLog is a log of a few operations on a few businesses, as some tab
// may have written it.
func randomLog(r *rand.Rand) Log {
	var l Log
	for n := r.IntN(8); n > 0; n-- {
		at := int64(r.IntN(20))
		switch id := fmt.Sprint("b", r.IntN(5)); r.IntN(6) {
		case 0:
			l = l.Merge(Log{Reset: at})
		case 1, 2:
			l = l.Merge(Log{Clicks: []Record{{ID: id, At: at, Removed: true}}})
		default:
			l = l.Merge(Log{Clicks: []Record{{ID: id, At: at}}})
		}
	}
	return l
}

// Tabs merge whatever they read, in whatever order: they agree only if
// merging is commutative, associative and idempotent.
func TestMergeIsOrderFree(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for k := 0; k < 5000; k++ {
		a, b, c := randomLog(r), randomLog(r), randomLog(r)
		if ab, ba := a.Merge(b), b.Merge(a); !reflect.DeepEqual(ab, ba) {
			t.Fatalf("a∪b = %+v, b∪a = %+v (a %+v, b %+v)", ab, ba, a, b)
		}
		if x, y := a.Merge(b).Merge(c), a.Merge(b.Merge(c)); !reflect.DeepEqual(x, y) {
			t.Fatalf("(a∪b)∪c = %+v, a∪(b∪c) = %+v", x, y)
		}
		if aa := a.Merge(a); !reflect.DeepEqual(aa, a) {
			t.Fatalf("a∪a = %+v, a = %+v", aa, a)
		}
		// One record per business, none from before the last start over,
		// in order.
		m := a.Merge(b)
		seen := map[string]bool{}
		for n, rec := range m.Clicks {
			if seen[rec.ID] || rec.At <= m.Reset || n > 0 && rec.At < m.Clicks[n-1].At {
				t.Fatalf("merged log %+v breaks its invariants at %d", m, n)
			}
			seen[rec.ID] = true
		}
	}
}

func TestMergeRules(t *testing.T) {
	like := func(id string, at int64) Log { return Log{Clicks: []Record{{ID: id, At: at}}} }
	remove := func(id string, at int64) Log {
		return Log{Clicks: []Record{{ID: id, At: at, Removed: true}}}
	}
	for _, tc := range []struct {
		name  string
		a, b  Log
		liked []string
	}{
		{"clicks in two tabs add up", like("a", 1).Merge(like("c", 3)), like("b", 2), []string{"a", "b", "c"}},
		{"a removal after the like removes it", like("a", 1), remove("a", 2), nil},
		{"a like after the removal keeps it", like("a", 3), remove("a", 2), []string{"a"}},
		{"at the same instant the removal wins", like("a", 2), remove("a", 2), nil},
		{"start over forgets what came before it", like("a", 1).Merge(like("b", 4)), Log{Reset: 3}, []string{"b"}},
		{"a removal is remembered past a reload", like("a", 1).Merge(like("b", 2)), like("a", 1).Merge(remove("b", 5)), []string{"a"}},
	} {
		if got := tc.a.Merge(tc.b).Liked(); !slices.Equal(got, tc.liked) {
			t.Errorf("%s: liked %v, want %v", tc.name, got, tc.liked)
		}
	}
}

// What the visitor does now wins over everything they have seen, even if
// the clock was set back since.
func TestOperationsWinOverWhatWasSeen(t *testing.T) {
	l := Log{}.Like("a", 100)
	l = l.Remove("a", 50) // the clock went back
	if got := l.Liked(); len(got) != 0 {
		t.Errorf("a removal after a like, with the clock set back: liked %v", got)
	}
	l = l.Like("b", 10).StartOver(10)
	if got := l.Liked(); len(got) != 0 || len(l.Clicks) != 0 {
		t.Errorf("start over with the clock set back: liked %v, log %+v", got, l)
	}
	l = l.Like("c", 10)
	if got := l.Liked(); !slices.Equal(got, []string{"c"}) {
		t.Errorf("a like after start over: liked %v", got)
	}
}

// Two tabs each read, merge and write the shared store, one operation at
// a time, interleaved, never seeing the other's writes in between except
// through the store: the tabs A and B.
func TestTwoTabsKeepEachOthersClicks(t *testing.T) {
	var store string // what localStorage holds, "" for nothing
	write := func(mine *Log, op func(Log, int64) Log, at int64) {
		if store != "" {
			l, err := Decode(store)
			if err != nil {
				t.Fatal(err)
			}
			*mine = mine.Merge(l)
		}
		*mine = op(*mine, at)
		store = Encode(*mine)
	}
	storedLiked := func() []string {
		l, err := Decode(store)
		if err != nil {
			t.Fatalf("the store holds %q: %v", store, err)
		}
		return l.Liked()
	}
	likeOp := func(id string) func(Log, int64) Log {
		return func(l Log, at int64) Log { return l.Like(id, at) }
	}
	var a, b Log
	write(&a, likeOp("FEZ"), 1)
	write(&b, likeOp("Matt's"), 1)
	write(&a, likeOp("Four Peaks"), 2)
	write(&b, likeOp("Cibo"), 2)
	write(&a, likeOp("Bianco"), 3)
	write(&b, likeOp("Postino"), 3)
	all := []string{"FEZ", "Matt's", "Four Peaks", "Cibo", "Bianco", "Postino"}
	if got := storedLiked(); !sameSet(got, all) {
		t.Fatalf("the store holds %v, want all six %v", got, all)
	}
	// A removes one of B's; B, which still shows it, likes another.
	write(&a, func(l Log, at int64) Log { return l.Remove("Cibo", at) }, 4)
	write(&b, likeOp("Kai"), 5)
	if got := storedLiked(); !sameSet(got, []string{"FEZ", "Matt's", "Four Peaks", "Bianco", "Postino", "Kai"}) {
		t.Fatalf("after A removed Cibo and B liked Kai the store holds %v", got)
	}
	// B starts over; A, unaware, likes one more after it.
	write(&b, Log.StartOver, 6)
	write(&a, likeOp("Pane"), 7)
	if got := storedLiked(); !slices.Equal(got, []string{"Pane"}) {
		t.Fatalf("after B started over and A liked Pane the store holds %v", got)
	}
}

func sameSet(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}
