package app

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/ealslive/ealslive/app/textfmt"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/ealslive/ealslive/app/clicklog"
)

// The visitor's clicks are kept in the browser's localStorage as a click
// log (package clicklog) under a format version, and replayed into the model
// after training. A stored value the page cannot read is moved to
// unreadableKey rather than overwritten, and one written by a newer page
// is left alone. Earlier versions of the page kept a plain list under
// legacyKey, and delete what they cannot read: the log has a key of its
// own, so that a rollback, or an old tab still open, cannot delete it, and
// the list is read, never written, when there is no log yet.
const (
	savedKey      = "ealslive.clicks.v2"
	legacyKey     = "ealslive.clicks"
	unreadableKey = "ealslive.clicks.v2.unreadable"
	earlierKey    = "ealslive.aside"
	// maxLearntClicks bounds the saved clicks the model learns when the
	// page opens, and so the time it takes: far more than a visitor can
	// make by clicking (the catalogue has 2,841 businesses). Older saved
	// clicks stay saved, set aside; clicks made on the visit are all learnt.
	maxLearntClicks = 10000
)

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
		notes = append(notes, fmt.Sprintf("%s of your saved clicks %s older than the latest %s, which the page learns.", textfmt.Thousands(pastCap), verb, textfmt.Thousands(maxLearntClicks)))
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

// clickStore keeps the encoded clicks between visits.
type clickStore interface {
	load(key string) (raw string, found bool, err error)
	save(key, raw string) error
	clear(key string) error
}

// localStorage is the browser's; it may be missing or refuse writes
// (private windows, full quota), which JavaScript reports by throwing.
type localStorage struct{}

func (localStorage) load(key string) (raw string, found bool, err error) {
	defer recoverJS(&err)
	v := app.Window().Get("localStorage").Call("getItem", key)
	if v.IsNull() || v.IsUndefined() {
		return "", false, nil
	}
	return v.String(), true, nil
}

func (localStorage) save(key, raw string) (err error) {
	defer recoverJS(&err)
	app.Window().Get("localStorage").Call("setItem", key, raw)
	return nil
}

func (localStorage) clear(key string) (err error) {
	defer recoverJS(&err)
	app.Window().Get("localStorage").Call("removeItem", key)
	return nil
}

// recoverJS turns a JavaScript exception, which syscall/js raises as a Go
// panic, into an error.
func recoverJS(err *error) {
	if r := recover(); r != nil {
		*err = fmt.Errorf("the browser refused: %v", r)
	}
}

// memoryStore stands in for localStorage in tests and outside browsers.
type memoryStore map[string]string

func (m memoryStore) load(key string) (string, bool, error) { raw, ok := m[key]; return raw, ok, nil }
func (m memoryStore) save(key, raw string) error            { m[key] = raw; return nil }
func (m memoryStore) clear(key string) error                { delete(m, key); return nil }

// openClickStore returns the browser's storage. The loader stands in an
// in-memory store for it when the browser blocks it, and says why in
// window.ealsStorageProblem; the page then says once that clicks will not
// survive a reload.
func openClickStore() clickStore { return localStorage{} }

// storageProblem is why the browser's storage does not keep anything, or
// "".
func storageProblem() string {
	v := app.Window().Get("ealsStorageProblem")
	if !v.Truthy() {
		return ""
	}
	return v.String()
}

func nowMs() int64 { return time.Now().UnixMilli() }

// restoreClicks brings back the clicks of an earlier visit, or of another
// tab; the model learns them when it is ready.
func (s *session) restoreClicks(ctx app.Context) {
	if why := storageProblem(); why != "" {
		s.storageFails(ctx, "Your clicks will not survive a reload: "+why+". Everything else works as usual.")
		return
	}
	l, ok := s.readStored(ctx)
	if !ok {
		return
	}
	s.you.saved = l
	s.you.capped = clicklog.PastCap(l, maxLearntClicks)
	items, unknown, older := clicklog.Learnable(l, s.data.Cat.Lookup, s.you.capped)
	s.you.liked = items
	s.probe.metrics.SetAside = unknown + older
	s.note(ctx, setAsideNote(unknown, older))
}

// readStored reads the stored log. A value it cannot read is kept: moved
// aside if damaged or old, left in place (and the page saves nothing on
// this visit) if written by a newer page; either way the visitor is told.
// It reports false when there is nothing to take from storage: it could
// not be read, or it holds just what this tab wrote last, which the tab's
// own log already holds (decoding and merging that again was half of what
// saving a click cost).
func (s *session) readStored(ctx app.Context) (clicklog.Log, bool) {
	v := s.you
	keys := v.storageKeys()
	raw, found, err := v.store.load(keys.log)
	if err != nil {
		s.storageFails(ctx, "This browser does not let the page read its storage, so earlier clicks cannot be restored and other tabs' clicks do not reach this one ("+err.Error()+").")
		return clicklog.Log{}, false
	}
	if !found {
		// The list an earlier version kept, if any; what cannot be read
		// there is that version's to deal with.
		if raw, found, err := v.store.load(keys.legacy); keys.legacy != "" && err == nil && found {
			if l, err := clicklog.Decode(raw); err == nil {
				return l, true
			}
		}
		return clicklog.Log{}, true
	}
	if v.written != "" && raw == v.written {
		return clicklog.Log{}, false
	}
	l, err := clicklog.Decode(raw)
	var u *clicklog.UnreadableError
	switch {
	case err == nil:
		return l, true
	case errors.As(err, &u) && u.Newer:
		v.readOnly = true
		s.note(ctx, "Your saved clicks cannot be read: "+u.Why+". The page leaves them untouched, so the clicks you make now will not be saved.")
		return clicklog.Log{}, false
	}
	if err := v.store.save(keys.unreadable, raw); err != nil {
		v.readOnly = true
		s.note(ctx, "Your saved clicks cannot be read ("+err.Error()+"), and the page could not keep a copy, so it leaves them untouched and will not save the clicks you make now.")
		return clicklog.Log{}, false
	}
	v.store.clear(keys.log)
	s.note(ctx, "Your saved clicks could not be read: "+err.Error()+". The page kept a copy in this browser's storage under "+keys.unreadable+" and starts afresh.")
	return clicklog.Log{}, true
}

// record applies op (a like, a removal, starting over) to the stored log:
// it reads what other tabs have written, merges, applies op and writes,
// so that no tab's click is lost. Then you follow the merged log.
func (s *session) record(ctx app.Context, op func(l clicklog.Log, nowMs int64) clicklog.Log) {
	v := s.you
	if v.readOnly {
		return
	}
	if l, ok := s.readStored(ctx); ok {
		v.saved = v.saved.Merge(l)
	}
	if v.readOnly {
		return
	}
	v.saved = op(v.saved, nowMs())
	raw := clicklog.Encode(v.saved)
	err := v.store.save(v.storageKeys().log, raw)
	v.written = raw
	if err != nil {
		v.written = ""
	}
	if err != nil {
		s.storageFails(ctx, "This browser does not let the page save your clicks, so they will not survive a reload ("+err.Error()+").")
	}
	s.follow(ctx)
}

// storageFails tells the visitor once that the browser's storage does not
// keep their clicks, in msg's words.
func (s *session) storageFails(ctx app.Context, msg string) {
	if s.you.storageFailed {
		return
	}
	s.you.storageFailed = true
	s.probe.metrics.StorageFailed = true
	s.note(ctx, msg)
}

// otherTab takes the stored log another tab wrote (the storage event's new
// value): your clicks and your list follow it at once.
func (s *session) otherTab(ctx app.Context, raw string, found bool) {
	if s.data.Cat == nil || s.you.readOnly || storageProblem() != "" {
		return // the clicks are read when the data is; or nothing is shared
	}
	l := clicklog.Log{}
	if found {
		var err error
		if l, err = clicklog.Decode(raw); err != nil {
			return // read, and kept, on the next click
		}
	}
	s.you.saved = s.you.saved.Merge(l)
	if s.follow(ctx) {
		s.publishYou(ctx)
	}
}

// follow makes your clicks those of the saved log: the model learns the
// ones another tab added and forgets the ones it removed. It reports
// whether anything changed.
func (s *session) follow(ctx app.Context) bool {
	v := s.you
	if s.data.Cat == nil {
		return false
	}
	want, unknown, older := clicklog.Learnable(v.saved, s.data.Cat.Lookup, v.capped)
	s.probe.metrics.SetAside = unknown + older
	for _, i := range want {
		if v.unlearnt[i] {
			s.probe.metrics.SetAside++
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
				s.note(ctx, "A click removed in another tab could not be removed here: "+err.Error())
				continue
			}
			changed = true
		}
	}
	for _, i := range want {
		if v.likes(i) || v.unlearnt[i] {
			continue
		}
		if err := v.like(i); err != nil {
			v.unlearn(i)
			continue
		}
		changed = true
	}
	return changed
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

// listenToOtherTabs follows the clicks other tabs of the page save: the
// browser tells every other tab of the origin when one writes storage.
func (s *session) listenToOtherTabs() {
	onStorage := app.FuncOf(func(this app.Value, args []app.Value) any {
		e := args[0]
		if key := e.Get("key"); !key.IsNull() && key.String() != s.you.storageKeys().log {
			return nil
		}
		v := e.Get("newValue")
		raw, found := "", !v.IsNull() && !v.IsUndefined()
		if found {
			raw = v.String()
		}
		// A JavaScript callback must not block, and a dispatch may wait for
		// the UI goroutine.
		go s.self.Dispatch(func(ctx app.Context) { s.otherTab(ctx, raw, found) })
		return nil
	})
	app.Window().Call("addEventListener", "storage", onStorage)
}

// clickKeys are where the clicks on one data set are stored: the site's
// own pack under the keys of every earlier version of the page, and any
// other data (a visitor's file, a planted world) under keys of its own,
// by its hash, so that switching data loses no click of either.
type clickKeys struct {
	log, legacy, unreadable, earlier string
}

// keysFor are the keys of the data that goes by hash; "" is the site's
// pack.
func keysFor(hash string) clickKeys {
	if hash == "" {
		return clickKeys{log: savedKey, legacy: legacyKey, unreadable: unreadableKey, earlier: earlierKey}
	}
	at := "@" + hash[:min(len(hash), 16)]
	return clickKeys{log: savedKey + at, unreadable: unreadableKey + at, earlier: earlierKey + at}
}

// storageKeys are where your clicks on the data in use are stored.
func (v *visitor) storageKeys() clickKeys { return keysFor(v.dataHash) }
