package app

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// The visitor's clicks are kept in the browser's localStorage as business
// ids under a schema version, and replayed into the model after training.
const (
	savedKey       = "ealslive.clicks"
	savedSchema    = 1
	maxSavedClicks = 500
)

type savedClicks struct {
	Schema int      `json:"schema"`
	Clicks []string `json:"clicks"`
}

func encodeClicks(ids []string) string {
	b, _ := json.Marshal(savedClicks{Schema: savedSchema, Clicks: ids})
	return string(b)
}

// decodeClicks reads stored clicks, resolving business ids with lookup. It
// keeps what it can use and explains in note whatever it had to discard,
// so that a corrupted or outdated store costs the visitor a message, never
// the page.
func decodeClicks(raw string, lookup func(id string) (int32, bool)) (items []int32, note string) {
	var s savedClicks
	if err := json.Unmarshal([]byte(raw), &s); err != nil {
		return nil, "Your saved clicks could not be read (the stored data is damaged), so they were discarded."
	}
	if s.Schema != savedSchema {
		return nil, fmt.Sprintf("Your saved clicks were stored by another version of this page (format %d; this page reads format %d), so they were discarded.", s.Schema, savedSchema)
	}
	seen := map[int32]bool{}
	unknown, extra := 0, 0
	for _, id := range s.Clicks {
		i, ok := lookup(id)
		switch {
		case !ok:
			unknown++
		case seen[i]:
			// A repeated click adds nothing: the model learns a pair once.
		case len(items) == maxSavedClicks:
			extra++
		default:
			seen[i] = true
			items = append(items, i)
		}
	}
	var notes []string
	switch {
	case unknown == 1:
		notes = append(notes, "1 of your saved clicks is not a business in this data, so it was dropped.")
	case unknown > 1:
		notes = append(notes, fmt.Sprintf("%d of your saved clicks are not businesses in this data, so they were dropped.", unknown))
	}
	if extra > 0 {
		notes = append(notes, fmt.Sprintf("Only your first %d saved clicks were kept.", maxSavedClicks))
	}
	note = strings.Join(notes, " ")
	return items, note
}

// clickStore keeps the encoded clicks between visits.
type clickStore interface {
	load() (raw string, found bool, err error)
	save(raw string) error
	clear() error
}

// localStorage is the browser's; it may be missing or refuse writes
// (private windows, full quota), which JavaScript reports by throwing.
type localStorage struct{}

func (localStorage) load() (raw string, found bool, err error) {
	defer recoverJS(&err)
	v := app.Window().Get("localStorage").Call("getItem", savedKey)
	if v.IsNull() || v.IsUndefined() {
		return "", false, nil
	}
	return v.String(), true, nil
}

func (localStorage) save(raw string) (err error) {
	defer recoverJS(&err)
	app.Window().Get("localStorage").Call("setItem", savedKey, raw)
	return nil
}

func (localStorage) clear() (err error) {
	defer recoverJS(&err)
	app.Window().Get("localStorage").Call("removeItem", savedKey)
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
type memoryStore struct {
	raw   string
	found bool
}

func (m *memoryStore) load() (string, bool, error) { return m.raw, m.found, nil }
func (m *memoryStore) save(raw string) error       { m.raw, m.found = raw, true; return nil }
func (m *memoryStore) clear() error                { m.raw, m.found = "", false; return nil }

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

// restoreClicks brings back the clicks of an earlier visit; the model
// learns them when it is ready.
func (s *session) restoreClicks(ctx app.Context) {
	if why := storageProblem(); why != "" {
		s.metrics.StorageFailed = true
		s.note(ctx, "Your clicks will not survive a reload: "+why+". Everything else works as usual.")
		return
	}
	raw, found, err := s.you.store.load()
	if err != nil {
		s.note(ctx, "This browser does not let the page read its storage, so earlier clicks cannot be restored ("+err.Error()+").")
		return
	}
	if !found {
		return
	}
	items, note := decodeClicks(raw, s.cat.lookup)
	s.note(ctx, note)
	s.you.liked = items
	if note != "" {
		s.saveClicks(ctx)
	}
}

// saveClicks writes your clicks to the browser's storage.
func (s *session) saveClicks(ctx app.Context) {
	ids := make([]string, len(s.you.liked))
	for k, i := range s.you.liked {
		ids[k] = s.cat.item(i).ID
	}
	var err error
	if len(ids) == 0 {
		err = s.you.store.clear()
	} else {
		err = s.you.store.save(encodeClicks(ids))
	}
	if err != nil && !s.metrics.StorageFailed {
		s.metrics.StorageFailed = true
		s.note(ctx, "This browser does not let the page save your clicks, so they will not survive a reload ("+err.Error()+").")
	}
}

// droppedNote tells the visitor that clicks the model could not learn were
// dropped, how many, and why.
func droppedNote(dropped, kept int, why error) string {
	var s string
	switch {
	case kept == 0 && dropped == 1:
		s = "Your saved click could not be learnt by the model, so it was dropped"
	case kept == 0:
		s = "Your saved clicks could not be learnt by the model, so they were dropped"
	case dropped == 1:
		s = "1 of your saved clicks could not be learnt by the model, so it was dropped"
	default:
		s = fmt.Sprintf("%d of your saved clicks could not be learnt by the model, so they were dropped", dropped)
	}
	s += " from your history and from this browser's storage"
	if why != nil {
		s += " (" + why.Error() + ")"
	}
	if kept == 0 {
		return s + ". You start as a new user."
	}
	return s + "; the model learnt the others."
}
