package app

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/ealslive/ealslive/app/textfmt"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/ealslive/ealslive/app/clicklog"
)

// Clicks are never thrown away by the page itself: "Start over" and a
// link's likes put the clicks they replace aside, in localStorage under
// their own key, and "Bring back" swaps them with the current ones, so
// that either can be undone.

// earlierClicks are the clicks put aside and why, as a button names it.
type earlierClicks struct {
	Items []int32
	Why   string // "before you started over", "before you opened a link"
}

// putAside keeps items (the clicks being replaced) for a bring-back.
func (s *session) putAside(items []int32, why string) {
	if len(items) == 0 {
		return
	}
	s.you.earlier = earlierClicks{Items: slices.Clone(items), Why: why}
	s.saveEarlier()
}

func (s *session) saveEarlier() {
	raw := ""
	if e := s.you.earlier; len(e.Items) > 0 {
		ids, _ := json.Marshal(s.itemIDs(e.Items))
		raw = string(ids) + "\n" + e.Why
	}
	writeStorage(s.you.storageKeys().earlier, raw)
}

// restoreEarlier reads the clicks put aside on an earlier visit; a damaged
// store is dropped quietly (the visitor's own clicks are elsewhere).
func (s *session) restoreEarlier() {
	raw, found, err := readStorage(s.you.storageKeys().earlier)
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
		if i, ok := s.data.Cat.Lookup(id); ok {
			items = append(items, i)
		}
	}
	if len(items) > 0 {
		s.you.earlier = earlierClicks{Items: items, Why: why}
	}
}

// BringBack swaps your clicks with those put aside: the model forgets the
// current ones and learns the others, in their order.
func (s *session) BringBack(ctx app.Context) {
	back := s.you.earlier.Items
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
	s.you.earlier = earlierClicks{}
	s.putAside(now, "before you brought the others back")
	if len(now) == 0 {
		s.saveEarlier()
	}
	if failed > 0 {
		s.note(ctx, fmt.Sprintf("%s could not be learnt again.", textfmt.Plural(failed, "earlier click", "earlier clicks")))
	}
	s.recordAll(ctx)
	s.publishYou(ctx)
}

// recordAll saves your clicks as they are now in place of the saved ones:
// a start-over followed by each like, in order, so that other tabs follow.
func (s *session) recordAll(ctx app.Context) {
	ids := s.itemIDs(s.you.liked)
	s.record(ctx, func(l clicklog.Log, now int64) clicklog.Log {
		l = l.StartOver(now)
		for _, id := range ids {
			l = l.Like(id, now)
		}
		return l
	})
}

func (s *session) itemIDs(items []int32) []string {
	ids := make([]string, len(items))
	for k, i := range items {
		ids[k] = s.data.Cat.Item(i).ID
	}
	return ids
}
