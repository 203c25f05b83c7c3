//go:build browser && !wasm

package pagetest

import (
	"context"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/ealslive/ealslive/core"
)

// Presenter mode, as a teacher uses it on a projector (1280×720 at 150%
// zoom): a link opens it with the sections it names, the list and the
// finder side by side in larger type; the arrows walk a list and y likes
// the business in focus, and the list is then core's for those clicks;
// a ticked section appears and joins the address; the clicker's keys
// step the update; s runs the replay, but only once it is shown; a
// reload keeps the mode; p leaves it and the whole page is back.
func TestPresenterMode(t *testing.T) {
	bp := readBuiltPack(t)
	pk, train := bp.pack, bp.train
	srv := bp.serve(t)
	ctx := newBrowser(t)
	run(t, ctx, "the projector's screen", 10*time.Second, projector())

	cfg := core.DefaultConfig()
	cfg.K, cfg.C0, cfg.Alpha, cfg.Lambda, cfg.WNew, cfg.Epochs, cfg.Seed, cfg.Threads = 16, 256, 0.2, 0.01, 2, 6, 7, 1
	first := int32(40)
	link := srv.base + "?k=16&c0=256&alpha=0.2&lambda=0.01&wnew=2&epochs=6&seed=7&likes=" +
		url.QueryEscape(pk.Items[first].ID) + "&present=browse,sofa,you"
	run(t, ctx, "opening the link", 30*time.Second, chromedp.Navigate(link))
	waitFor(t, ctx, "training and the link's like", trainTimeout, func(m metrics) bool { return ready(m) && m.Liked == 1 })
	settled0(t, ctx)

	contains(t, "the notes", text(t, ctx, "#notices"), "Presenter mode has no section “sofa”")
	if got := address(t, ctx); got != "?present=you,browse" {
		t.Errorf("the address bar holds %q, want presenter mode's part alone (the scenario is applied)", got)
	}
	assertShown(t, ctx, "you", "browse")
	assertHidden(t, ctx, "training", "curves", "history", "share", "update-stepper", "replay", "compare")
	you, browse := box(t, ctx, "#you"), box(t, ctx, "#browse")
	if browse.Left < you.Right || browse.Top-you.Top > 2 || you.Top-browse.Top > 2 {
		t.Errorf("your list %+v and the finder %+v are not side by side at 853 px", you, browse)
	}
	nameHeight := box(t, ctx, "#ranked-list li[data-id] .biz-name").Height
	screenshot(t, ctx, "80-presenter-projector")

	// ↓ walks the finder; y likes the business in focus.
	run(t, ctx, "focusing the finder's first business", 5*time.Second,
		focusOn("#browse li[data-id] button.like"))
	press(t, ctx, kb.ArrowDown)
	second := ids(t, ctx, "#browse li[data-id]")[1]
	var row string
	run(t, ctx, "reading the row in focus", 5*time.Second, chromedp.Evaluate(
		`(document.activeElement.closest("#browse-list li[data-id]") || {dataset: {}}).dataset.id || ""`, &row))
	if row != second {
		t.Fatalf("↓ put the focus on %q (row %q), want the finder's second business %s", focused(t, ctx), row, second)
	}
	press(t, ctx, "y")
	waitFor(t, ctx, "the like from y", 10*time.Second, func(m metrics) bool { return m.Liked == 2 })
	settled0(t, ctx)
	if got := ids(t, ctx, "#history-list li[data-id]"); strings.Join(got, ",") != strconv.Itoa(int(first))+","+second {
		t.Fatalf("your clicks are %v, want the link's %d then the finder's second, %s", got, first, second)
	}
	model, youID, rec := nativeUser(t, train, cfg, []int32{first, int32(atoi(t, second))})
	compareList(t, ctx, 2, model, youID, rec)

	// s does nothing for a replay not on screen.
	press(t, ctx, "s")
	time.Sleep(300 * time.Millisecond)
	if st := attr(t, ctx, "#replay", "data-state"); st != "idle" {
		t.Fatalf("s started the hidden replay (state %q)", st)
	}

	// Ticking a section shows it and puts it in the address.
	click(t, ctx, "#presenter-views summary")
	click(t, ctx, "#present-update-stepper")
	eventually(t, "the stepper on screen", 10*time.Second, func() bool { return isShown(t, ctx, "update-stepper") })
	if got := address(t, ctx); got != "?present=you,browse,update-stepper" {
		t.Errorf("after ticking the stepper the address holds %q", got)
	}
	assertAccessible(t, ctx, "presenter mode with its chooser open")
	screenshot(t, ctx, "81-presenter-chooser")

	// A clicker's keys step the update, as do the arrows.
	steps := []struct {
		key string
		at  string
	}{{kb.ArrowRight, "1"}, {kb.PageDown, "2"}, {"n", "3"}, {kb.ArrowLeft, "2"}, {kb.PageUp, "1"}, {"b", "0"}}
	for _, s := range steps {
		press(t, ctx, s.key)
		eventually(t, fmt.Sprintf("%q stepping the update", s.key), 5*time.Second, func() bool { return attr(t, ctx, "#stepper-status", "data-at") == s.at })
	}

	// With the replay shown, s starts it and stops it.
	click(t, ctx, "#present-replay")
	eventually(t, "the replay on screen", 10*time.Second, func() bool { return isShown(t, ctx, "replay") })
	press(t, ctx, "s")
	eventually(t, "the replay running", 10*time.Second, func() bool { return attr(t, ctx, "#replay", "data-state") == "running" })
	press(t, ctx, "s")
	eventually(t, "the replay stopped", 20*time.Second, func() bool { return attr(t, ctx, "#replay", "data-state") == "stopped" })

	// Copy a link carries the mode.
	click(t, ctx, "#present-share")
	eventually(t, "the share card on screen", 10*time.Second, func() bool { return isShown(t, ctx, "share") })
	click(t, ctx, "#copy-link")
	eventually(t, "the link", 10*time.Second, func() bool { return count(t, ctx, "#share-link") == 1 })
	var shared string
	run(t, ctx, "reading the link", 5*time.Second, chromedp.Evaluate(`document.querySelector("#share-link").value`, &shared))
	u, err := url.Parse(shared)
	if err != nil {
		t.Fatal(err)
	}
	if got := u.Query().Get("present"); got != "you,browse,share,update-stepper,replay" {
		t.Errorf("the shared link %q has present=%q", shared, got)
	}

	// A reload keeps presenter mode, its sections and the clicks.
	run(t, ctx, "reloading", 30*time.Second, chromedp.Reload())
	waitFor(t, ctx, "the model after the reload", trainTimeout, func(m metrics) bool { return ready(m) && m.Liked == 2 })
	settled0(t, ctx)
	assertShown(t, ctx, "you", "browse", "share", "update-stepper", "replay")
	assertHidden(t, ctx, "training", "history", "compare")
	compareList(t, ctx, 2, model, youID, rec)

	// p leaves: the whole page, the address clear, the type back to its size.
	run(t, ctx, "moving the focus off the lists", 5*time.Second, chromedp.Evaluate(`document.activeElement && document.activeElement.blur()`, nil))
	press(t, ctx, "p")
	eventually(t, "presenter mode off", 10*time.Second, func() bool { return count(t, ctx, ".page.presenter") == 0 })
	if got := address(t, ctx); got != "" {
		t.Errorf("after leaving presenter mode the address holds %q", got)
	}
	assertShown(t, ctx, "training", "curves", "you", "browse", "history", "update-stepper", "replay", "compare")
	if h := box(t, ctx, "#ranked-list li[data-id] .biz-name").Height; h >= nameHeight {
		t.Errorf("a name in your list is %.1f px tall out of presenter mode and %.1f px in it: the type is not larger", h, nameHeight)
	}

	// p again: the default sections.
	press(t, ctx, "p")
	eventually(t, "presenter mode on", 10*time.Second, func() bool { return count(t, ctx, ".page.presenter") == 1 })
	assertShown(t, ctx, "you", "browse", "update-stepper")
	assertHidden(t, ctx, "replay", "share")
}

// Every section the chooser offers is on the page: opened with all of
// them, presenter mode shows each one.
func TestPresenterModeShowsEveryChoice(t *testing.T) {
	srv := serveSite(t, buildSite(t, ""), "")
	ctx := newBrowser(t)
	run(t, ctx, "opening presenter mode", 30*time.Second, chromedp.Navigate(srv.base+"?present=you"))
	waitFor(t, ctx, "the model", trainTimeout, ready)
	var boxes []string
	run(t, ctx, "reading the chooser", 5*time.Second, chromedp.Evaluate(
		`[...document.querySelectorAll("#presenter-views input[type=checkbox]")].map(b => b.id.replace(/^present-/, ""))`, &boxes))
	if len(boxes) < 10 {
		t.Fatalf("the chooser offers %d sections: %v", len(boxes), boxes)
	}
	run(t, ctx, "opening it with every section", 30*time.Second, chromedp.Navigate(srv.base+"?present="+strings.Join(boxes, ",")))
	waitFor(t, ctx, "the model", trainTimeout, ready)
	eventually(t, "the lower sections", 10*time.Second, func() bool { return count(t, ctx, "#export") == 1 })
	// "map" is a view of the factor map section, which shows it.
	sections := slices.Clone(boxes)
	for k, b := range sections {
		if b == "map" {
			sections[k] = "factor-map"
		}
	}
	assertShown(t, ctx, sections...)
	if n := text(t, ctx, "#notices"); strings.Contains(n, "Presenter mode has no section") {
		t.Errorf("a section the chooser offers is unknown to the link: %q", n)
	}
}

func address(t testing.TB, ctx context.Context) string {
	t.Helper()
	var s string
	run(t, ctx, "reading the address", 5*time.Second, chromedp.Evaluate(`location.search`, &s))
	return s
}

type rect struct{ Left, Top, Right, Height float64 }

func box(t testing.TB, ctx context.Context, sel string) rect {
	t.Helper()
	var r rect
	run(t, ctx, "measuring "+sel, 5*time.Second, chromedp.Evaluate(`(() => {
		const b = document.querySelector(`+jsString(sel)+`).getBoundingClientRect();
		return {Left: b.left, Top: b.top, Right: b.right, Height: b.height};
	})()`, &r))
	return r
}

// isShown says whether the section with this id takes room on screen.
func isShown(t testing.TB, ctx context.Context, id string) bool {
	t.Helper()
	var shown bool
	run(t, ctx, "looking for #"+id, 5*time.Second, chromedp.Evaluate(`(() => {
		const e = document.getElementById(`+jsString(id)+`);
		return !!e && e.getClientRects().length > 0 && e.getBoundingClientRect().height > 0;
	})()`, &shown))
	return shown
}

func assertShown(t testing.TB, ctx context.Context, ids ...string) {
	t.Helper()
	for _, id := range ids {
		if !isShown(t, ctx, id) {
			t.Errorf("#%s is not on screen", id)
		}
	}
}

func assertHidden(t testing.TB, ctx context.Context, ids ...string) {
	t.Helper()
	for _, id := range ids {
		if isShown(t, ctx, id) {
			t.Errorf("#%s is on screen, but presenter mode was not asked for it", id)
		}
	}
}

func atoi(t testing.TB, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatalf("%q is not a business's number: %v", s, err)
	}
	return n
}
