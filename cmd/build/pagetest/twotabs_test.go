//go:build browser && !wasm

package pagetest

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"
)

// Two tabs of one browser: what one likes, removes or starts over, the
// other shows at once and its model learns, and storage keeps every
// tab's clicks (the tabs A and B, each liking three).
func TestTwoTabsShareClicks(t *testing.T) {
	pk, packPath := smallPack(t, nil)
	srv := serveSite(t, siteWithPack(t, packPath), "")
	ctx := newBrowser(t)
	run(t, ctx, "opening tab A", 30*time.Second, chromedp.Navigate(srv.base))
	a := tab{ctx, "tab A", "window"}
	b := tab{ctx, "tab B", "window.tabB"}
	var opened bool
	run(t, ctx, "opening tab B", tabTimeout, chromedp.Evaluate(`(window.tabB = window.open(location.href, "tabB")) !== null`, &opened))
	if !opened {
		t.Fatal("the browser did not open a second tab")
	}
	// Both are tabs of the browser, not frames of one page.
	var pages int
	eventually(t, "both tabs on the page", tabTimeout, func() bool {
		var info []*target.Info
		run(t, ctx, "listing tabs", tabTimeout, chromedp.ActionFunc(func(ctx context.Context) (err error) {
			info, err = chromedp.Targets(ctx)
			return err
		}))
		pages = 0
		for _, ti := range info {
			if ti.Type == "page" && ti.URL == srv.base {
				pages++
			}
		}
		return pages == 2
	})
	a.ready(t)
	b.ready(t)

	likedA := a.like(t, 3, nil)
	likedB := b.like(t, 3, likedA)
	all := append(slices.Clone(likedA), likedB...)
	for _, tb := range []tab{a, b} {
		eventually(t, tb.name+" to show all six clicks", tabTimeout, func() bool {
			return sameSet(tb.ids(t, "#history-list li"), all)
		})
		// The page publishes what its model knows once it has drawn it,
		// a moment after the history.
		eventually(t, tb.name+"'s model to know all six clicks", tabTimeout, func() bool { return tb.metrics(t).Liked == 6 })
		for _, id := range tb.ids(t, "#ranked-list li[data-id]") {
			if slices.Contains(all, id) {
				t.Errorf("%s recommends %s, liked in a tab", tb.name, id)
			}
		}
	}
	if s, _ := a.stored(t); !sameSet(s.liked(), businessIDs(t, pk, all)) {
		t.Errorf("storage holds %v, want all six %v", s.liked(), businessIDs(t, pk, all))
	}

	// A removes one of B's clicks: B forgets it at once.
	gone := likedB[1]
	a.click(t, `#history-list li[data-id="`+gone+`"] button.remove`)
	rest := slices.DeleteFunc(slices.Clone(all), func(id string) bool { return id == gone })
	eventually(t, "B to forget "+gone, tabTimeout, func() bool {
		return sameSet(b.ids(t, "#history-list li"), rest)
	})
	if m := b.metrics(t); m.Liked != 5 {
		t.Errorf("after A removed a click B's model knows %d, want 5", m.Liked)
	}
	if s, _ := b.stored(t); !sameSet(s.liked(), businessIDs(t, pk, rest)) {
		t.Errorf("after A removed %s storage holds %v", gone, s.liked())
	}

	// B starts over: A is a new user too, and storage keeps no click.
	b.click(t, "#reset")
	eventually(t, "A to start over", tabTimeout, func() bool { return len(a.ids(t, "#history-list li")) == 0 })
	contains(t, "A's list after B started over", a.text(t, "#list-caption"), "knows nothing about you")
	if m := a.metrics(t); m.Liked != 0 {
		t.Errorf("after B started over A's model knows %d clicks", m.Liked)
	}
	if s, found := a.stored(t); found && len(s.liked()) != 0 {
		t.Errorf("after starting over storage holds %v", s.liked())
	}
	// A click after the start over, in A, reaches B.
	again := a.like(t, 1, nil)
	eventually(t, "B to show A's click after starting over", tabTimeout, func() bool {
		return slices.Equal(b.ids(t, "#history-list li"), again)
	})

	// A reload of A, where the issue lost the other tab's clicks, keeps
	// them: B likes two more first.
	more := b.like(t, 2, again)
	kept := append(slices.Clone(again), more...)
	run(t, ctx, "reloading A", 30*time.Second, chromedp.Reload())
	a.ready(t)
	if got := a.ids(t, "#history-list li"); !slices.Equal(got, kept) {
		t.Errorf("after reloading A its history is %v, want %v in order", got, kept)
	}
	screenshot(t, ctx, "30-two-tabs-after-reload")
}
