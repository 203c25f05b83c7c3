package clicklog

import (
	"fmt"
	"slices"
	"testing"
)

// maxLearnt is the cap the tests use.
const maxLearnt = 100

func lookupIn(ids ...string) func(string) (int32, bool) {
	return func(key string) (int32, bool) {
		k := slices.Index(ids, key)
		return int32(k), k >= 0
	}
}

// The model learns the latest maxLearnt saved clicks the data has;
// the others are counted as set aside.
func TestLearnableSetsAside(t *testing.T) {
	n := maxLearnt + 3
	ids := make([]string, n)
	l := Log{}
	for k := range ids {
		ids[k] = fmt.Sprint("id", k)
		l.Clicks = append(l.Clicks, Record{ID: ids[k], At: int64(k + 1)})
	}
	l.Clicks = append(l.Clicks, Record{ID: "gone", At: int64(n + 1)})
	l = l.Merge(Log{})
	capped := PastCap(l, maxLearnt)
	if len(capped) != 4 || capped["id0"] != 1 || capped["id3"] != 4 {
		t.Fatalf("past the cap: %v, want the oldest four", capped)
	}
	items, unknown, older := Learnable(l, lookupIn(ids...), capped)
	if len(items) != maxLearnt-1 || unknown != 1 || older != 4 {
		t.Fatalf("learnt %d, unknown %d, past the cap %d; want %d, 1, 4", len(items), unknown, older, maxLearnt-1)
	}
	if items[0] != 4 || items[len(items)-1] != int32(n-1) {
		t.Errorf("learnt %d … %d, want the latest ones in order", items[0], items[len(items)-1])
	}
	if small := (Log{}).Like("a", 1); len(PastCap(small, maxLearnt)) != 0 {
		t.Error("a short log has clicks past the cap")
	}
	// Liked again, a business set aside by the cap is learnt.
	l = l.Like("id0", int64(n+5))
	if items, _, older := Learnable(l, lookupIn(ids...), capped); older != 3 || items[len(items)-1] != 0 {
		t.Errorf("after liking id0 again: %d past the cap, last learnt %d; want 3 and 0", older, items[len(items)-1])
	}
}
