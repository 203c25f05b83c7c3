//go:build browser && !wasm

package pagetest

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// With storage that throws (site data blocked), is null, or is full, the
// page works for the whole visit, says once that clicks will not survive
// a reload, and go-app's state store, which walks localStorage once a
// minute, does not stop the page.
func TestBlockedStorage(t *testing.T) {
	_, packPath := smallPack(t, nil)
	dir := siteWithPack(t, packPath)
	for _, tc := range []struct {
		name, script, says, problem string
	}{
		{"throws", `Object.defineProperty(window, "localStorage", {configurable: true,
			get() { throw new DOMException("The operation is insecure.", "SecurityError"); }});`,
			"Your clicks will not survive a reload", "SecurityError"},
		{"null", `Object.defineProperty(window, "localStorage", {configurable: true, value: null});`,
			"Your clicks will not survive a reload", "gives the page no storage"},
		{"full", `(() => {
			const setItem = Storage.prototype.setItem;
			Storage.prototype.setItem = function (k, v) {
				if (String(k).startsWith("ealslive")) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
				return setItem.call(this, k, v);
			};
		})();`, "does not let the page save your clicks, so they will not survive a reload", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			srv := serveSite(t, dir, "")
			ctx := newBrowser(t)
			run(t, ctx, "breaking storage", 10*time.Second, chromedp.ActionFunc(func(ctx context.Context) error {
				_, err := page.AddScriptToEvaluateOnNewDocument(tc.script).Do(ctx)
				return err
			}))
			run(t, ctx, "opening the page", tabTimeout, chromedp.Navigate(srv.base))
			pg := tab{ctx, "the page (storage " + tc.name + ")", "window"}
			pg.ready(t)
			if tc.problem != "" {
				var problem string
				pg.eval(t, "reading the storage problem", `String(w.ealsStorageProblem)`, &problem)
				contains(t, "the loader's storage problem", problem, tc.problem)
			}
			liked := pg.like(t, 2, nil)
			checkOnce := func(when string) {
				t.Helper()
				if n := strings.Count(notes(t, ctx), tc.says); n != 1 {
					t.Errorf("%s the page says %q %d times, want once; notes: %q", when, tc.says, n, notes(t, ctx))
				}
			}
			checkOnce("after two clicks")
			if m := pg.metrics(t); !m.StorageFailed || m.Liked != 2 {
				t.Errorf("after two clicks: storage failed %v, %d clicks learnt", m.StorageFailed, m.Liked)
			}
			// go-app walks localStorage a minute after it starts: the page
			// must outlive that and still learn clicks.
			eventually(t, "go-app's first clean-up", 2*time.Minute, func() bool {
				var ms float64
				pg.eval(t, "reading the clock", `performance.now()`, &ms)
				return ms > 70000
			})
			liked = append(liked, pg.like(t, 1, liked)...)
			if got := pg.ids(t, "#history-list li"); !slices.Equal(got, liked) {
				t.Errorf("after go-app's clean-up the history is %v, want %v", got, liked)
			}
			var fatal bool
			pg.eval(t, "looking for a failure", `!!w.ealsFatal || !!d.querySelector("#eals-fatal, #failure")`, &fatal)
			if fatal {
				t.Errorf("the page failed: %s", pg.text(t, "#eals-fatal, #failure"))
			}
			checkOnce("after three clicks and a minute")
			if tc.name == "full" {
				var raw *string
				pg.eval(t, "reading storage", `w.localStorage.getItem("ealslive.clicks.v2")`, &raw)
				if raw != nil {
					t.Errorf("a full storage holds %q", *raw)
				}
			}
			// As promised, the clicks do not survive a reload.
			run(t, ctx, "reloading", tabTimeout, chromedp.Reload())
			pg.ready(t)
			if got := pg.ids(t, "#history-list li"); len(got) != 0 {
				t.Errorf("after a reload the history is %v", got)
			}
			if tc.name == "full" {
				// Storage that reads but refuses writes is found out by the
				// first write.
				pg.like(t, 1, nil)
			}
			checkOnce("after a reload")
		})
	}
}
