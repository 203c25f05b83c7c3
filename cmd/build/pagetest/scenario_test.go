//go:build browser && !wasm

package pagetest

import (
	"context"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/ealslive/ealslive/core"
)

// A scenario link trains with its settings and replays its likes in
// order: the page then shows the list the core computes natively with the
// same settings, seed and clicks. A bad value is named and replaced by its
// default. The settings and likes survive a reload, and "Copy a link to
// this" gives a link to the same scenario.
func TestScenarioLinkMatchesCore(t *testing.T) {
	bp := readBuiltPack(t)
	pk, train := bp.pack, bp.train
	srv := bp.serve(t)
	ctx := newBrowser(t)

	cfg := core.DefaultConfig()
	cfg.K, cfg.C0, cfg.Alpha, cfg.WNew, cfg.Epochs, cfg.Seed, cfg.Threads = 16, 256, 0.2, 2, 6, 7, 1
	likes := []int32{40, 7, 1200}
	var likeIDs []string
	for _, i := range likes {
		likeIDs = append(likeIDs, pk.Items[i].ID)
	}
	// λ is given a bad value: the page names it and uses the default.
	link := srv.base + "?k=16&c0=256&alpha=0.2&lambda=lots&wnew=2&epochs=6&seed=7&likes=" +
		url.QueryEscape(strings.Join(likeIDs, ",")) + "&view=compare"
	run(t, ctx, "opening the link", 30*time.Second, chromedp.Navigate(link))
	waitFor(t, ctx, "training and the link's likes", trainTimeout, func(m metrics) bool { return ready(m) && m.Liked == len(likes) })
	settled0(t, ctx)

	// The link opens at the section it names, far down the page.
	eventually(t, "the link's section in view", 10*time.Second, func() bool {
		var top, height float64
		run(t, ctx, "reading the comparison's place", 5*time.Second, chromedp.Evaluate(
			`document.querySelector("#compare").getBoundingClientRect().top`, &top))
		run(t, ctx, "reading the window", 5*time.Second, chromedp.Evaluate(`innerHeight`, &height))
		return top > -5 && top < height/2
	})
	notes := text(t, ctx, "#notices")
	contains(t, "the notes", notes, "lambda=“lots” cannot be used")
	contains(t, "the notes", notes, "λ is 0.01, its default")
	if got := pageConfigShown(t, ctx); got.K != cfg.K || got.C0 != cfg.C0 || got.Alpha != cfg.Alpha ||
		got.Lambda != cfg.Lambda || got.WNew != cfg.WNew || got.Epochs != cfg.Epochs {
		t.Fatalf("the page shows settings %+v, the link says %+v", got, cfg)
	}
	var search string
	run(t, ctx, "reading the address", 5*time.Second, chromedp.Evaluate(`location.search`, &search))
	if search != "" {
		t.Errorf("the link's query %q stays in the address bar, so a reload would apply it over later clicks", search)
	}

	model, you, rec := nativeUser(t, train, cfg, likes)
	compareList(t, ctx, len(likes), model, you, rec)
	if got := ids(t, ctx, "#history-list li[data-id]"); strings.Join(got, ",") != strings.Join(itoa(likes), ",") {
		t.Errorf("your clicks are %v, the link's likes in order %v", got, likes)
	}
	screenshot(t, ctx, "60-scenario-link")

	// One click makes the link; it names the settings in use and the likes
	// in click order.
	click(t, ctx, "#copy-link")
	eventually(t, "the link", 10*time.Second, func() bool { return count(t, ctx, "#share-link") == 1 })
	var shared string
	run(t, ctx, "reading the link", 5*time.Second, chromedp.Evaluate(`document.querySelector("#share-link").value`, &shared))
	u, err := url.Parse(shared)
	if err != nil {
		t.Fatalf("the shared link %q: %v", shared, err)
	}
	q := u.Query()
	for key, want := range map[string]string{"k": "16", "c0": "256", "alpha": "0.2", "lambda": "0.01", "wnew": "2",
		"epochs": "6", "seed": "7", "likes": strings.Join(likeIDs, ",")} {
		if q.Get(key) != want {
			t.Errorf("the shared link %q has %s=%q, want %q", shared, key, q.Get(key), want)
		}
	}
	screenshotOf(t, ctx, "#share", "61-share-card")

	// A reload keeps the settings and the clicks, and so the list.
	run(t, ctx, "reloading", 30*time.Second, chromedp.Reload())
	waitFor(t, ctx, "training after the reload", trainTimeout, func(m metrics) bool { return ready(m) && m.Liked == len(likes) })
	settled0(t, ctx)
	if got := pageConfigShown(t, ctx); got.K != cfg.K || got.Alpha != cfg.Alpha || got.Epochs != cfg.Epochs || got.WNew != cfg.WNew {
		t.Fatalf("after a reload the page shows settings %+v, want %+v", got, cfg)
	}
	compareList(t, ctx, len(likes), model, you, rec)

	// Start over puts the clicks aside; Bring back restores them in order.
	click(t, ctx, "#reset")
	waitFor(t, ctx, "starting over", 10*time.Second, func(m metrics) bool { return m.Liked == 0 })
	eventually(t, "the bring-back button", 10*time.Second, func() bool { return count(t, ctx, "#bring-back") == 1 })
	contains(t, "the bring-back button", text(t, ctx, "#bring-back"), "Bring back the 3 clicks you had before you started over")
	click(t, ctx, "#bring-back")
	waitFor(t, ctx, "bringing them back", 10*time.Second, func(m metrics) bool { return m.Liked == len(likes) })
	eventually(t, "your list after bringing them back", 10*time.Second, func() bool {
		return strings.Join(ids(t, ctx, "#history-list li[data-id]"), ",") == strings.Join(itoa(likes), ",")
	})
}

// settled0 waits until your list is drawn after the clicks a page learnt
// on load (no click event, so no timing line).
func settled0(t *testing.T, ctx context.Context) {
	t.Helper()
	eventually(t, "your list", 10*time.Second, func() bool { return count(t, ctx, "#ranked-list li[data-id]") == 20 })
	time.Sleep(300 * time.Millisecond)
}

func itoa(v []int32) []string {
	out := make([]string, len(v))
	for k, x := range v {
		out[k] = strconv.Itoa(int(x))
	}
	return out
}
