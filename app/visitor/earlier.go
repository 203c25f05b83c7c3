package visitor

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/ealslive/ealslive/app/clicklog"
	"github.com/ealslive/ealslive/app/textfmt"
)

// Clicks are never thrown away but on the visitor's word: Start over and
// a link's likes keep the clicks they replace, in storage under a key of
// their own, and Bring back swaps them with the current ones, so that
// either can be undone.

// Earlier are the clicks kept to bring back, and why, as a button names
// them.
type Earlier struct {
	Items []int32
	Why   string // "before you started over", "before you opened a link"
}

// keepEarlier keeps items (the clicks being replaced) to bring back.
func (v *Visitor) keepEarlier(items []int32, why string) {
	if len(items) == 0 {
		return
	}
	v.earlier = Earlier{Items: slices.Clone(items), Why: why}
	v.saveEarlier()
}

func (v *Visitor) saveEarlier() {
	raw := ""
	if e := v.earlier; len(e.Items) > 0 {
		ids, _ := json.Marshal(v.itemIDs(e.Items))
		raw = string(ids) + "\n" + e.Why
	}
	key := v.saved.keys.Earlier
	if raw == "" {
		v.saved.store.Clear(key)
		return
	}
	v.saved.store.Save(key, raw)
}

// restoreEarlier reads the clicks kept on an earlier visit; a damaged
// value is dropped quietly (your own clicks are elsewhere).
func (v *Visitor) restoreEarlier() {
	raw, found, err := v.saved.store.Load(v.saved.keys.Earlier)
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
		if i, ok := v.cat.Lookup(id); ok {
			items = append(items, i)
		}
	}
	if len(items) > 0 {
		v.earlier = Earlier{Items: items, Why: why}
	}
}

// BringBack swaps your clicks with those kept to bring back: the model
// forgets the current ones and learns the others, in their order.
func (v *Visitor) BringBack() error {
	back := v.earlier.Items
	if len(back) == 0 {
		return nil
	}
	now := slices.Clone(v.liked)
	failed, err := v.likeOnly(back)
	if err != nil {
		return fmt.Errorf("your earlier clicks could not be brought back: %w", err)
	}
	v.earlier = Earlier{}
	v.keepEarlier(now, "before you brought the others back")
	if len(now) == 0 {
		v.saveEarlier()
	}
	if failed > 0 {
		v.note(fmt.Sprintf("%s could not be learnt again.", textfmt.Plural(failed, "earlier click", "earlier clicks")))
	}
	v.recordAll()
	return nil
}

// Replace makes items your clicks, in their order, in place of yours,
// which are kept to bring back with why ("before you opened a link"): a
// scenario link's likes, or a lesson's step.
func (v *Visitor) Replace(items []int32, why string) error {
	if slices.Equal(items, v.liked) {
		return nil
	}
	v.keepEarlier(v.liked, why)
	failed, err := v.likeOnly(items)
	if err != nil {
		return err
	}
	if failed > 0 {
		v.note(fmt.Sprintf("%s could not be learnt.", textfmt.Plural(failed, "click", "clicks")))
	}
	v.recordAll()
	return nil
}

// likeOnly makes items your only clicks: the model forgets yours and
// learns them in order. It counts the ones it could not learn.
func (v *Visitor) likeOnly(items []int32) (failed int, err error) {
	if err := v.reset(); err != nil {
		return 0, err
	}
	for _, i := range items {
		if err := v.like(i); err != nil && err != ErrLiked {
			failed++
		}
	}
	return failed, nil
}

// recordAll saves your clicks as they are now in place of the saved ones:
// a start-over followed by each like, in order, so that other tabs follow.
func (v *Visitor) recordAll() {
	ids := v.itemIDs(v.liked)
	v.record(func(l clicklog.Log, now int64) clicklog.Log {
		l = l.StartOver(now)
		for _, id := range ids {
			l = l.Like(id, now)
		}
		return l
	})
}

func (v *Visitor) itemIDs(items []int32) []string {
	ids := make([]string, len(items))
	for k, i := range items {
		ids[k] = v.cat.Item(i).ID
	}
	return ids
}
