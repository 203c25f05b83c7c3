package app

import (
	"cmp"
	"slices"
)

// clickLog is what the browser keeps of the visitor's clicks: for each
// business, the last thing done to it (liked, or removed) and when, and
// when the visitor last started over. Every open tab of the page writes
// the same log, so it records operations rather than a list: a removal is
// a record, not an absence, and two tabs' logs merge without either losing
// the other's clicks.
//
// What wins when tabs disagree:
//   - on one business, the later operation (a like after a removal keeps
//     the like; a removal after a like removes it); at the same instant the
//     removal wins;
//   - on different businesses, both: clicks add up across tabs;
//   - Start over forgets every click made before it, in any tab; a click
//     made after it, in any tab, is kept.
type clickLog struct {
	Reset  int64         `json:"reset,omitempty"` // the last Start over, in ms since 1970; 0 if none
	Clicks []clickRecord `json:"clicks"`          // one per business, in the order of At, then ID
}

// clickRecord is the last operation on one business.
type clickRecord struct {
	ID      string `json:"id"`
	At      int64  `json:"at"` // ms since 1970, on the browser's clock
	Removed bool   `json:"removed,omitempty"`
}

// wins says whether r is the operation to keep over o, on one business.
func (r clickRecord) wins(o clickRecord) bool {
	if r.At != o.At {
		return r.At > o.At
	}
	return r.Removed && !o.Removed
}

// merge combines two logs by the rules above. It is commutative,
// associative and idempotent, so tabs that merge whatever they read, in
// any order, agree.
func (l clickLog) merge(o clickLog) clickLog {
	out := clickLog{Reset: max(l.Reset, o.Reset)}
	latest := map[string]clickRecord{}
	for _, r := range slices.Concat(l.Clicks, o.Clicks) {
		if have, ok := latest[r.ID]; !ok || r.wins(have) {
			latest[r.ID] = r
		}
	}
	for _, r := range latest {
		if r.At > out.Reset {
			out.Clicks = append(out.Clicks, r)
		}
	}
	out.sort()
	return out
}

func (l *clickLog) sort() {
	slices.SortFunc(l.Clicks, func(a, b clickRecord) int {
		return cmp.Or(cmp.Compare(a.At, b.At), cmp.Compare(a.ID, b.ID))
	})
}

// latest is the time of the log's last operation.
func (l clickLog) latest() int64 {
	t := l.Reset
	for _, r := range l.Clicks {
		t = max(t, r.At)
	}
	return t
}

// stamp is the time to record an operation made now: the clock's, or just
// after the log's last operation if the clock says otherwise (it may have
// been set back), so that what the visitor does now wins over everything
// they have seen.
func (l clickLog) stamp(nowMs int64) int64 { return max(nowMs, l.latest()+1) }

// like records that the visitor likes id, at nowMs.
func (l clickLog) like(id string, nowMs int64) clickLog {
	return l.merge(clickLog{Clicks: []clickRecord{{ID: id, At: l.stamp(nowMs)}}})
}

// remove records that the visitor took back their like of id.
func (l clickLog) remove(id string, nowMs int64) clickLog {
	return l.merge(clickLog{Clicks: []clickRecord{{ID: id, At: l.stamp(nowMs), Removed: true}}})
}

// startOver forgets every click so far.
func (l clickLog) startOver(nowMs int64) clickLog {
	return l.merge(clickLog{Reset: l.stamp(nowMs)})
}

// liked is the businesses liked, in the order they were liked.
func (l clickLog) liked() []string {
	var ids []string
	for _, r := range l.Clicks {
		if !r.Removed {
			ids = append(ids, r.ID)
		}
	}
	return ids
}
