package app

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// Clicks are never thrown away by the page itself: "Start over" and a
// link's likes put the clicks they replace aside, in localStorage under
// their own key, and "Bring back" swaps them with the current ones, so
// that either can be undone.
const asideKey = "ealslive.aside"

// aside is the set of clicks put aside and why, as a button names it.
type aside struct {
	items []int32
	why   string // "before you started over", "before you opened a link"
}

// putAside keeps items (the clicks being replaced) for a bring-back.
func (s *session) putAside(items []int32, why string) {
	if len(items) == 0 {
		return
	}
	s.aside = aside{items: append([]int32(nil), items...), why: why}
	s.saveAside()
}

func (s *session) saveAside() {
	raw := ""
	if len(s.aside.items) > 0 {
		ids, _ := json.Marshal(s.itemIDs(s.aside.items))
		raw = string(ids) + "\n" + s.aside.why
	}
	writeStorage(asideKey, raw)
}

// restoreAside reads the clicks put aside on an earlier visit; a damaged
// store is dropped quietly (the visitor's own clicks are elsewhere).
func (s *session) restoreAside() {
	raw, found, err := readStorage(asideKey)
	if err != nil || !found {
		return
	}
	clicks, why, _ := strings.Cut(raw, "\n")
	var ids []string
	if json.Unmarshal([]byte(clicks), &ids) != nil {
		return
	}
	var items []int32
	for _, id := range ids {
		if i, ok := s.cat.lookup(id); ok {
			items = append(items, i)
		}
	}
	if len(items) > 0 {
		s.aside = aside{items: items, why: why}
	}
}

// BringBack swaps your clicks with those put aside: the model forgets the
// current ones and learns the others, in their order.
func (s *session) BringBack(ctx app.Context) {
	back := s.aside.items
	if len(back) == 0 {
		return
	}
	now := append([]int32(nil), s.you.liked...)
	if err := s.you.reset(); err != nil {
		s.note(ctx, "Your earlier clicks could not be brought back: "+err.Error())
		return
	}
	failed := 0
	for _, i := range back {
		if err := s.you.like(i); err != nil && err != errLiked {
			failed++
		}
	}
	s.aside = aside{}
	s.putAside(now, "before you brought the others back")
	if len(now) == 0 {
		s.saveAside()
	}
	if failed > 0 {
		s.note(ctx, fmt.Sprintf("%s could not be learnt again.", plural(failed, "earlier click", "earlier clicks")))
	}
	s.you.screen = nil
	s.recordAll(ctx)
	s.changed(ctx, stateYou)
	s.belowLater()
}

// recordAll saves your clicks as they are now in place of the saved ones:
// a start-over followed by each like, in order, so that other tabs follow.
func (s *session) recordAll(ctx app.Context) {
	ids := s.itemIDs(s.you.liked)
	s.record(ctx, func(l clickLog, now int64) clickLog {
		l = l.startOver(now)
		for _, id := range ids {
			l = l.like(id, now)
		}
		return l
	})
}

func (s *session) itemIDs(items []int32) []string {
	ids := make([]string, len(items))
	for k, i := range items {
		ids[k] = s.cat.item(i).ID
	}
	return ids
}
