//go:build browser && !wasm

package pagetest

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/ealslive/ealslive/core/pack"
)

// A missing, damaged, cut-short or other-version pack gives the visitor a
// message that says which, instead of a blank page.
func TestPackErrors(t *testing.T) {
	good, err := os.ReadFile(filepath.Join(repoRoot, "web", "yelp.msgpack"))
	if err != nil {
		t.Fatalf("the built pack is needed (make pack): %v", err)
	}
	// A pack starts with its magic string as a msgpack fixstr, then the
	// schema version as a positive fixint.
	const versionAt = 1 + len("eALS Live pack")
	if good[versionAt] != pack.Schema {
		t.Fatalf("byte %d of the pack is %d, want schema version %d", versionAt, good[versionAt], pack.Schema)
	}
	otherVersion := append([]byte(nil), good...)
	otherVersion[versionAt] = 7
	garbage := make([]byte, 4096)
	for k := range garbage {
		garbage[k] = byte(k*7919 + 13)
	}
	cases := []struct {
		name  string
		pack  []byte // nil removes the pack
		title string
		says  string
	}{
		{"missing", nil, "The data is missing", "HTTP 404"},
		{"garbage", garbage, "The data is corrupted", "not an eALS Live data pack"},
		{"truncated", good[:len(good)/2], "The data arrived incomplete", "truncated"},
		{"other-version", otherVersion, "The data is from another version", "format version 7"},
	}
	ctx := newBrowser(t)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := buildSite(t, "")
			target := filepath.Join(dir, "web", "yelp.msgpack")
			if tc.pack == nil {
				err = os.Remove(target)
			} else {
				err = os.WriteFile(target, tc.pack, 0o644)
			}
			if err != nil {
				t.Fatal(err)
			}
			srv := serveSite(t, dir, "")
			run(t, ctx, "opening the page", 30*time.Second, chromedp.Navigate(srv.base))
			run(t, ctx, "waiting for the error message", 30*time.Second,
				visible(`#failure`))
			msg := text(t, ctx, "#failure")
			contains(t, "the error message", msg, tc.title)
			contains(t, "the error message", msg, tc.says)
			// The probe follows what is painted, a moment after the message.
			eventually(t, "the stage failed", 5*time.Second, func() bool { return readMetrics(t, ctx).Stage == "failed" })
			if n := count(t, ctx, "#curves circle"); n != 0 {
				t.Errorf("the page plots %d epochs without data", n)
			}
			if n := count(t, ctx, "#ranked-list li[data-id]"); n != 0 {
				t.Errorf("the page shows a list of %d businesses from a bad pack", n)
			}
			if tc.name == "garbage" {
				screenshot(t, ctx, "05-error-corrupted-pack")
				assertAccessible(t, ctx, "a failure")
			}
		})
	}
}

// Without WebAssembly the page is replaced by what is missing and what to
// do, instead of a loader that never ends.
func TestNoWebAssembly(t *testing.T) {
	srv := serveSite(t, buildSite(t, ""), "")
	ctx := newBrowser(t)
	// Remove WebAssembly before any of the page's scripts run, as in a
	// browser without it.
	run(t, ctx, "removing WebAssembly", 10*time.Second, chromedp.ActionFunc(func(ctx context.Context) error {
		_, err := page.AddScriptToEvaluateOnNewDocument(`delete globalThis.WebAssembly;`).Do(ctx)
		return err
	}))
	run(t, ctx, "opening the page", 30*time.Second, chromedp.Navigate(srv.base))
	var hasWasm bool
	run(t, ctx, "checking for WebAssembly", 10*time.Second,
		chromedp.Evaluate(`typeof WebAssembly !== "undefined"`, &hasWasm))
	if hasWasm {
		t.Fatal("the browser still has WebAssembly; the flag did not take")
	}
	eventually(t, "the explanation", 10*time.Second, func() bool {
		return count(t, ctx, "#eals-fatal") == 1
	})
	contains(t, "the message", text(t, ctx, "#eals-fatal h1"), "This browser cannot run the page")
	contains(t, "the message", text(t, ctx, "#eals-fatal"), "WebAssembly")
	if n := count(t, ctx, "#app-wasm-loader"); n != 0 {
		t.Errorf("the loader is still there beside the message")
	}
}

// Stored clicks that are damaged or from another format are moved aside
// with a message, clicks of businesses the data lacks are kept, set aside,
// the list an earlier version kept is read and left as it was, and the
// page trains as for a new visitor.
func TestBadSavedClicks(t *testing.T) {
	srv := serveSite(t, buildSite(t, ""), "")
	ctx := newBrowser(t)
	run(t, ctx, "opening the page", 30*time.Second, chromedp.Navigate(srv.base))
	const key, aside, legacy = "ealslive.clicks.v2", "ealslive.clicks.v2.unreadable", "ealslive.clicks"
	for _, tc := range []struct {
		key, stored, says string
		movedAside        bool // else left where it was
	}{
		{key, `{"schema":2,"clicks":[{"id":"unterminated`, "could not be read", true},
		{key, `{"schema":0,"clicks":["FEZ"]}`, "another version of this page", true},
		{key, `{"schema":3,"clicks":{"FEZ":true}}`, "newer version of this page", false},
		{legacy, `{"schema":1,"clicks":["no-such-business","nor-this-one"]}`, "2 of your saved clicks are businesses this data does not have", false},
	} {
		run(t, ctx, "storing clicks", 10*time.Second,
			chromedp.Evaluate(`localStorage.clear(); localStorage.setItem(`+jsString(tc.key)+`, `+jsString(tc.stored)+`)`, nil))
		run(t, ctx, "reloading", 30*time.Second, chromedp.Reload())
		run(t, ctx, "waiting for the message", 30*time.Second,
			visible(`.notice-info`))
		contains(t, "the notice for "+tc.stored, text(t, ctx, ".notice-info"), tc.says)
		if n := count(t, ctx, "#history-list li"); n != 0 {
			t.Errorf("after storing %s the history has %d entries", tc.stored, n)
		}
		// The page goes on as for a new visitor: it trains and lists.
		m := waitFor(t, ctx, "training after "+tc.stored, trainTimeout, ready)
		if m.Liked != 0 {
			t.Errorf("after %s the page counts %d clicks", tc.stored, m.Liked)
		}
		if len(m.EpochMs) != pageEpochs {
			t.Errorf("after %s the page trained %d epochs, want %d", tc.stored, len(m.EpochMs), pageEpochs)
		}
		if got := attr(t, ctx, "#ranked-list", "data-order"); got != "model" {
			t.Errorf("after %s the list is ordered by %q, want the model", tc.stored, got)
		}
		if n := count(t, ctx, "#ranked-list li[data-id]"); n != 20 {
			t.Errorf("after %s the list has %d businesses, want 20", tc.stored, n)
		}
		if n := count(t, ctx, "#history-list li"); n != 0 {
			t.Errorf("after %s and training the history has %d entries", tc.stored, n)
		}
		contains(t, "the notice once trained", text(t, ctx, ".notice-info"), tc.says)
		var keys []string
		var left, moved *string
		run(t, ctx, "reading storage", 10*time.Second,
			chromedp.Evaluate(`Object.keys(localStorage).filter(k => k.startsWith("ealslive.clicks")).sort()`, &keys),
			chromedp.Evaluate(`localStorage.getItem(`+jsString(tc.key)+`)`, &left),
			chromedp.Evaluate(`localStorage.getItem(`+jsString(aside)+`)`, &moved))
		switch {
		case tc.movedAside && (left != nil || moved == nil || *moved != tc.stored || len(keys) != 1):
			t.Errorf("after %s storage holds %v, %v and, aside, %v; want it moved aside", tc.stored, keys, deref(left), deref(moved))
		case !tc.movedAside && (left == nil || *left != tc.stored || len(keys) != 1):
			t.Errorf("after %s storage holds %v, %v; want it left in place, alone", tc.stored, keys, deref(left))
		}
	}
}

func deref(s *string) string {
	if s == nil {
		return "nothing"
	}
	return *s
}

// A browser that gives workers no name still starts the page: the first
// worker hears by message, too, that it is to compile app.wasm.
func TestWorkersWithoutNames(t *testing.T) {
	_, packPath := smallPack(t, nil)
	srv := serveSite(t, siteWithPack(t, packPath), "")
	ctx := newBrowser(t)
	run(t, ctx, "dropping the workers' names", 10*time.Second, chromedp.ActionFunc(func(ctx context.Context) error {
		_, err := page.AddScriptToEvaluateOnNewDocument(`(() => {
			const W = window.Worker;
			window.Worker = function (url) { return new W(url); };
			window.Worker.prototype = W.prototype;
		})();`).Do(ctx)
		return err
	}))
	run(t, ctx, "opening the page", tabTimeout, chromedp.Navigate(srv.base))
	tab{ctx, "the page (workers without names)", "window"}.ready(t)
}
