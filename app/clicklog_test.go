package app

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
)

// randomLog is a log of a few operations on a few businesses, as some tab
// may have written it.
func randomLog(r *rand.Rand) clickLog {
	var l clickLog
	for n := r.IntN(8); n > 0; n-- {
		at := int64(r.IntN(20))
		switch id := fmt.Sprint("b", r.IntN(5)); r.IntN(6) {
		case 0:
			l = l.merge(clickLog{Reset: at})
		case 1, 2:
			l = l.merge(clickLog{Clicks: []clickRecord{{ID: id, At: at, Removed: true}}})
		default:
			l = l.merge(clickLog{Clicks: []clickRecord{{ID: id, At: at}}})
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
		if ab, ba := a.merge(b), b.merge(a); !reflect.DeepEqual(ab, ba) {
			t.Fatalf("a∪b = %+v, b∪a = %+v (a %+v, b %+v)", ab, ba, a, b)
		}
		if x, y := a.merge(b).merge(c), a.merge(b.merge(c)); !reflect.DeepEqual(x, y) {
			t.Fatalf("(a∪b)∪c = %+v, a∪(b∪c) = %+v", x, y)
		}
		if aa := a.merge(a); !reflect.DeepEqual(aa, a) {
			t.Fatalf("a∪a = %+v, a = %+v", aa, a)
		}
		// One record per business, none from before the last start over,
		// in order.
		m := a.merge(b)
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
	like := func(id string, at int64) clickLog { return clickLog{Clicks: []clickRecord{{ID: id, At: at}}} }
	remove := func(id string, at int64) clickLog {
		return clickLog{Clicks: []clickRecord{{ID: id, At: at, Removed: true}}}
	}
	for _, tc := range []struct {
		name  string
		a, b  clickLog
		liked []string
	}{
		{"clicks in two tabs add up", like("a", 1).merge(like("c", 3)), like("b", 2), []string{"a", "b", "c"}},
		{"a removal after the like removes it", like("a", 1), remove("a", 2), nil},
		{"a like after the removal keeps it", like("a", 3), remove("a", 2), []string{"a"}},
		{"at the same instant the removal wins", like("a", 2), remove("a", 2), nil},
		{"start over forgets what came before it", like("a", 1).merge(like("b", 4)), clickLog{Reset: 3}, []string{"b"}},
		{"a removal is remembered past a reload", like("a", 1).merge(like("b", 2)), like("a", 1).merge(remove("b", 5)), []string{"a"}},
	} {
		if got := tc.a.merge(tc.b).liked(); !slices.Equal(got, tc.liked) {
			t.Errorf("%s: liked %v, want %v", tc.name, got, tc.liked)
		}
	}
}

// What the visitor does now wins over everything they have seen, even if
// the clock was set back since.
func TestOperationsWinOverWhatWasSeen(t *testing.T) {
	l := clickLog{}.like("a", 100)
	l = l.remove("a", 50) // the clock went back
	if got := l.liked(); len(got) != 0 {
		t.Errorf("a removal after a like, with the clock set back: liked %v", got)
	}
	l = l.like("b", 10).startOver(10)
	if got := l.liked(); len(got) != 0 || len(l.Clicks) != 0 {
		t.Errorf("start over with the clock set back: liked %v, log %+v", got, l)
	}
	l = l.like("c", 10)
	if got := l.liked(); !slices.Equal(got, []string{"c"}) {
		t.Errorf("a like after start over: liked %v", got)
	}
}

// Two tabs each read, merge and write the shared store, one operation at
// a time, interleaved, never seeing the other's writes in between except
// through the store: the tabs A and B.
func TestTwoTabsKeepEachOthersClicks(t *testing.T) {
	store := memoryStore{}
	write := func(mine *clickLog, op func(clickLog, int64) clickLog, at int64) {
		if raw, ok := store[savedKey]; ok {
			l, err := decodeLog(raw)
			if err != nil {
				t.Fatal(err)
			}
			*mine = mine.merge(l)
		}
		*mine = op(*mine, at)
		store.save(savedKey, encodeLog(*mine))
	}
	likeOp := func(id string) func(clickLog, int64) clickLog {
		return func(l clickLog, at int64) clickLog { return l.like(id, at) }
	}
	var a, b clickLog
	write(&a, likeOp("FEZ"), 1)
	write(&b, likeOp("Matt's"), 1)
	write(&a, likeOp("Four Peaks"), 2)
	write(&b, likeOp("Cibo"), 2)
	write(&a, likeOp("Bianco"), 3)
	write(&b, likeOp("Postino"), 3)
	all := []string{"FEZ", "Matt's", "Four Peaks", "Cibo", "Bianco", "Postino"}
	if got := storedLiked(t, store); !sameSet(got, all) {
		t.Fatalf("the store holds %v, want all six %v", got, all)
	}
	// A removes one of B's; B, which still shows it, likes another.
	write(&a, func(l clickLog, at int64) clickLog { return l.remove("Cibo", at) }, 4)
	write(&b, likeOp("Kai"), 5)
	if got := storedLiked(t, store); !sameSet(got, []string{"FEZ", "Matt's", "Four Peaks", "Bianco", "Postino", "Kai"}) {
		t.Fatalf("after A removed Cibo and B liked Kai the store holds %v", got)
	}
	// B starts over; A, unaware, likes one more after it.
	write(&b, clickLog.startOver, 6)
	write(&a, likeOp("Pane"), 7)
	if got := storedLiked(t, store); !slices.Equal(got, []string{"Pane"}) {
		t.Fatalf("after B started over and A liked Pane the store holds %v", got)
	}
}

func sameSet(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}
