package clicklog

import (
	"cmp"
	"slices"
)

// Log is what the browser keeps of the visitor's clicks: for each
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
type Log struct {
	Reset  int64    `json:"reset,omitempty"` // the last Start over, in ms since 1970; 0 if none
	Clicks []Record `json:"clicks"`          // one per business, in the order of At, then ID
}

// Record is the last operation on one business.
type Record struct {
	ID      string `json:"id"`
	At      int64  `json:"at"` // ms since 1970, on the browser's clock
	Removed bool   `json:"removed,omitempty"`
}

// wins says whether r is the operation to keep over o, on one business.
func (r Record) wins(o Record) bool {
	if r.At != o.At {
		return r.At > o.At
	}
	return r.Removed && !o.Removed
}

// Merge combines two logs by the rules above. It is commutative,
// associative and idempotent, so tabs that merge whatever they read, in
// any order, agree.
func (l Log) Merge(o Log) Log {
	out := Log{Reset: max(l.Reset, o.Reset)}
	latest := map[string]Record{}
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

func (l *Log) sort() {
	slices.SortFunc(l.Clicks, func(a, b Record) int {
		return cmp.Or(cmp.Compare(a.At, b.At), cmp.Compare(a.ID, b.ID))
	})
}

// latest is the time of the log's last operation.
func (l Log) latest() int64 {
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
func (l Log) stamp(nowMs int64) int64 { return max(nowMs, l.latest()+1) }

// Like records that the visitor likes id, at nowMs.
func (l Log) Like(id string, nowMs int64) Log {
	return l.Merge(Log{Clicks: []Record{{ID: id, At: l.stamp(nowMs)}}})
}

// Remove records that the visitor took back their like of id.
func (l Log) Remove(id string, nowMs int64) Log {
	return l.Merge(Log{Clicks: []Record{{ID: id, At: l.stamp(nowMs), Removed: true}}})
}

// StartOver forgets every click so far.
func (l Log) StartOver(nowMs int64) Log {
	return l.Merge(Log{Reset: l.stamp(nowMs)})
}

// Liked is the businesses liked, in the order they were liked.
func (l Log) Liked() []string {
	var ids []string
	for _, r := range l.Clicks {
		if !r.Removed {
			ids = append(ids, r.ID)
		}
	}
	return ids
}
