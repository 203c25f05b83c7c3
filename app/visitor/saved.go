package visitor

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/ealslive/ealslive/app/clicklog"
	"github.com/ealslive/ealslive/app/textfmt"
)

// Your clicks are kept in the browser's localStorage as a click log
// (package clicklog) under a format version, and replayed into the model
// after training. A stored value the page cannot read is moved to the
// unreadable key rather than overwritten, and one written by a newer page
// is left alone. Earlier versions of the page kept a plain list under the
// legacy key, and delete what they cannot read: the log has a key of its
// own, so that a rollback, or an old tab still open, cannot delete it, and
// the list is read, never written, when there is no log yet.
const (
	savedKey      = "ealslive.clicks.v2"
	legacyKey     = "ealslive.clicks"
	unreadableKey = "ealslive.clicks.v2.unreadable"
	// earlierKey keeps the clicks Start over or a link replaced, to bring
	// back; its name is that of the first version that kept them.
	earlierKey = "ealslive.aside"
	// MaxLearntClicks bounds the saved clicks the model learns when the
	// page opens, and so the time it takes: far more than a visitor can
	// make by clicking (the Phoenix data has 2,841 businesses). Older saved
	// clicks stay saved, set aside; clicks made on the visit are all learnt.
	MaxLearntClicks = 10000
)

// Store keeps the encoded clicks between visits: localStorage in a
// browser, which may refuse (private windows, a full quota) with an
// error.
type Store interface {
	Load(key string) (raw string, found bool, err error)
	Save(key, raw string) error
	Clear(key string) error
}

// MemoryStore is a Store in memory, for tests and outside browsers.
type MemoryStore map[string]string

func (m MemoryStore) Load(key string) (string, bool, error) { raw, ok := m[key]; return raw, ok, nil }
func (m MemoryStore) Save(key, raw string) error            { m[key] = raw; return nil }
func (m MemoryStore) Clear(key string) error                { delete(m, key); return nil }

// Keys are where the clicks on one data set are stored: the site's own
// pack under the keys of every earlier version of the page, and any other
// data (a visitor's file, a planted world) under keys of its own, by its
// hash, so that switching data loses no click of either.
type Keys struct {
	Log, Legacy, Unreadable, Earlier string
}

// KeysFor are the keys of the data with hash; "" is the site's pack.
func KeysFor(hash string) Keys {
	if hash == "" {
		return Keys{Log: savedKey, Legacy: legacyKey, Unreadable: unreadableKey, Earlier: earlierKey}
	}
	at := "@" + hash[:min(len(hash), 16)]
	return Keys{Log: savedKey + at, Unreadable: unreadableKey + at, Earlier: earlierKey + at}
}

// savedClicks is the click log as this tab knows it, and the clicks of it
// the model does not learn.
type savedClicks struct {
	store Store
	keys  Keys
	// log is the click log as last read or written; your clicks follow it,
	// less those set aside.
	log clicklog.Log
	// written is the log as this tab last wrote it, "" if it has not.
	written string
	// readOnly: storage holds clicks this page cannot read and must not
	// overwrite, so nothing is saved on this visit.
	readOnly bool
	// storageFailed: the visitor has been told that storage keeps nothing.
	storageFailed bool
	unlearnt      map[int32]bool   // saved clicks the model refused
	capped        map[string]int64 // saved clicks older than the cap when the page opened (id to time)
	setAside      int              // the saved clicks not learnt: unknown to the data, past the cap, refused
}

func (s *savedClicks) unlearn(i int32) {
	if s.unlearnt == nil {
		s.unlearnt = map[int32]bool{}
	}
	s.unlearnt[i] = true
}

// Keys are where your clicks on this data are stored.
func (v *Visitor) Keys() Keys { return v.saved.keys }

// StorageFails tells the visitor once, in msg's words, that the browser's
// storage does not keep their clicks.
func (v *Visitor) StorageFails(msg string) {
	if v.saved.storageFailed {
		return
	}
	v.saved.storageFailed = true
	v.note(msg)
}

// TellStorageFailed carries over from your clicks on other data that the
// visitor was told storage keeps nothing, so that it is said once.
func (v *Visitor) TellStorageFailed(told bool) { v.saved.storageFailed = v.saved.storageFailed || told }

// Restore brings back the clicks of an earlier visit, or of another tab,
// and those kept to bring back; the model learns the clicks when one is
// attached.
func (v *Visitor) Restore() {
	v.restoreEarlier()
	l, ok := v.readStored()
	if !ok {
		return
	}
	s := &v.saved
	s.log = l
	s.capped = clicklog.PastCap(l, MaxLearntClicks)
	items, unknown, older := clicklog.Learnable(l, v.cat.Lookup, s.capped)
	v.liked = items
	v.changed()
	s.setAside = unknown + older
	if note := setAsideNote(unknown, older); note != "" {
		v.note(note)
	}
}

// readStored reads the stored log. A value it cannot read is kept: moved
// aside to the unreadable key if damaged or old, left in place (and
// nothing is saved on this visit) if written by a newer page; either way
// the visitor is told. It reports false when there is nothing to take
// from storage: it could not be read, or it holds just what this tab
// wrote last, which the tab's own log already holds (decoding and merging
// that again was half of what saving a click cost).
func (v *Visitor) readStored() (clicklog.Log, bool) {
	s := &v.saved
	raw, found, err := s.store.Load(s.keys.Log)
	if err != nil {
		v.StorageFails("This browser does not let the page read its storage, so earlier clicks cannot be restored and other tabs' clicks do not reach this one (" + err.Error() + ").")
		return clicklog.Log{}, false
	}
	if !found {
		// The list an earlier version kept, if any; what cannot be read
		// there is that version's to deal with.
		if raw, found, err := s.store.Load(s.keys.Legacy); s.keys.Legacy != "" && err == nil && found {
			if l, err := clicklog.Decode(raw); err == nil {
				return l, true
			}
		}
		return clicklog.Log{}, true
	}
	if s.written != "" && raw == s.written {
		return clicklog.Log{}, false
	}
	l, err := clicklog.Decode(raw)
	var u *clicklog.UnreadableError
	switch {
	case err == nil:
		return l, true
	case errors.As(err, &u) && u.Newer:
		s.readOnly = true
		v.note("Your saved clicks cannot be read: " + u.Why + ". The page leaves them untouched, so the clicks you make now will not be saved.")
		return clicklog.Log{}, false
	}
	if err := s.store.Save(s.keys.Unreadable, raw); err != nil {
		s.readOnly = true
		v.note("Your saved clicks cannot be read (" + err.Error() + "), and the page could not keep a copy, so it leaves them untouched and will not save the clicks you make now.")
		return clicklog.Log{}, false
	}
	s.store.Clear(s.keys.Log)
	v.note("Your saved clicks could not be read: " + err.Error() + ". The page kept a copy in this browser's storage under " + s.keys.Unreadable + " and starts afresh.")
	return clicklog.Log{}, true
}

// record applies op (a like, a removal, starting over) to the stored log:
// it reads what other tabs have written, merges, applies op and writes,
// so that no tab's click is lost. Then you follow the merged log.
func (v *Visitor) record(op func(l clicklog.Log, nowMs int64) clicklog.Log) {
	s := &v.saved
	if s.readOnly {
		return
	}
	if l, ok := v.readStored(); ok {
		s.log = s.log.Merge(l)
	}
	if s.readOnly {
		return
	}
	s.log = op(s.log, time.Now().UnixMilli())
	raw := clicklog.Encode(s.log)
	err := s.store.Save(s.keys.Log, raw)
	s.written = raw
	if err != nil {
		s.written = ""
		v.StorageFails("This browser does not let the page save your clicks, so they will not survive a reload (" + err.Error() + ").")
	}
	v.follow()
}

// OtherTab takes the stored log another tab wrote (the storage event's
// new value, found false when it was removed): your clicks and your list
// follow it at once. It reports whether they changed.
func (v *Visitor) OtherTab(raw string, found bool) bool {
	if v.saved.readOnly {
		return false
	}
	l := clicklog.Log{}
	if found {
		var err error
		if l, err = clicklog.Decode(raw); err != nil {
			return false // read, and kept, on the next click
		}
	}
	v.saved.log = v.saved.log.Merge(l)
	return v.follow()
}

// follow makes your clicks those of the saved log: the model learns the
// ones another tab added and forgets the ones it removed. It reports
// whether anything changed.
func (v *Visitor) follow() bool {
	s := &v.saved
	want, unknown, older := clicklog.Learnable(s.log, v.cat.Lookup, s.capped)
	s.setAside = unknown + older
	for _, i := range want {
		if s.unlearnt[i] {
			s.setAside++
		}
	}
	keep := map[int32]bool{}
	for _, i := range want {
		keep[i] = true
	}
	changed := false
	for _, i := range append([]int32(nil), v.liked...) {
		if !keep[i] {
			if err := v.remove(i); err != nil {
				v.note("A click removed in another tab could not be removed here: " + err.Error())
				continue
			}
			changed = true
		}
	}
	for _, i := range want {
		if v.likes(i) || s.unlearnt[i] {
			continue
		}
		if err := v.like(i); err != nil {
			s.unlearn(i)
			continue
		}
		changed = true
	}
	return changed
}

// setAsideNote tells the visitor how many saved clicks the page does not
// use, why, and that they are kept.
func setAsideNote(unknown, pastCap int) string {
	var notes []string
	switch {
	case unknown == 1:
		notes = append(notes, "1 of your saved clicks is a business this data does not have.")
	case unknown > 1:
		notes = append(notes, textfmt.Thousands(unknown)+" of your saved clicks are businesses this data does not have.")
	}
	if pastCap > 0 {
		verb := "are"
		if pastCap == 1 {
			verb = "is"
		}
		notes = append(notes, fmt.Sprintf("%s of your saved clicks %s older than the latest %s, which the page learns.", textfmt.Thousands(pastCap), verb, textfmt.Thousands(MaxLearntClicks)))
	}
	if len(notes) == 0 {
		return ""
	}
	it := "They stay"
	if unknown+pastCap == 1 {
		it = "It stays"
	}
	return strings.Join(notes, " ") + " " + it + " saved in this browser, set aside, and come back when the page serves data that has them (Start over forgets them too)."
}

// droppedNote tells the visitor that clicks the model could not learn are
// set aside, how many, and why.
func droppedNote(dropped, kept int, why error) string {
	var s string
	switch {
	case kept == 0 && dropped == 1:
		s = "Your saved click could not be learnt by the model, so it is set aside"
	case kept == 0:
		s = "Your saved clicks could not be learnt by the model, so they are set aside"
	case dropped == 1:
		s = "1 of your saved clicks could not be learnt by the model, so it is set aside"
	default:
		s = fmt.Sprintf("%d of your saved clicks could not be learnt by the model, so they are set aside", dropped)
	}
	s += " (kept in this browser's storage, not in your history"
	if why != nil {
		s += ": " + why.Error()
	}
	if kept == 0 {
		return s + "). You start as a new user."
	}
	return s + "); the model learnt the others."
}
