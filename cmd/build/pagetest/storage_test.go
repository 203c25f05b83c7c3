//go:build browser && !wasm

package pagetest

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"

	"github.com/ealslive/ealslive/cmd/build/site"
	"github.com/ealslive/ealslive/core"
	"github.com/ealslive/ealslive/core/pack"
)

// storedClicks mirrors the click log the page keeps in localStorage.
type storedClicks struct {
	Schema int   `json:"schema"`
	Reset  int64 `json:"reset"`
	Clicks []struct {
		ID      string `json:"id"`
		At      int64  `json:"at"`
		Removed bool   `json:"removed"`
	} `json:"clicks"`
}

// liked is what the log says the visitor likes, in order.
func (s storedClicks) liked() []string {
	var out []string
	for _, c := range s.Clicks {
		if !c.Removed {
			out = append(out, c.ID)
		}
	}
	return out
}

// tab is one of two tabs of the page in one browser: the first, which
// chromedp drives, or the one it opened with window.open, driven through
// its window object (chromedp loses a second tab of this page: its first
// navigation never returns).
type tab struct {
	ctx  context.Context
	name string
	win  string // the tab's window, as the first tab's scripts see it
}

// The two tabs train at once on a shared machine: a tab may not answer
// for many seconds, so these helpers wait longer than the common ones.
const tabTimeout = 60 * time.Second

func (tb tab) eval(t testing.TB, what, expr string, dst any) {
	t.Helper()
	run(t, tb.ctx, tb.name+": "+what, tabTimeout,
		chromedp.Evaluate(`((w, d) => (`+expr+`))(`+tb.win+`, `+tb.win+`.document)`, dst))
}

func (tb tab) ids(t testing.TB, sel string) []string {
	t.Helper()
	var out []string
	tb.eval(t, "reading "+sel, `Array.from(d.querySelectorAll(`+jsString(sel)+`)).map(e => e.dataset.id)`, &out)
	return out
}

func (tb tab) text(t testing.TB, sel string) string {
	t.Helper()
	var out string
	tb.eval(t, "reading "+sel, `(d.querySelector(`+jsString(sel)+`) || {}).textContent || ""`, &out)
	return out
}

func (tb tab) click(t testing.TB, sel string) {
	t.Helper()
	var ok bool
	tb.eval(t, "clicking "+sel, `(b => b ? (b.click(), true) : false)(d.querySelector(`+jsString(sel)+`))`, &ok)
	if !ok {
		t.Fatalf("%s: nothing to click at %s", tb.name, sel)
	}
}

func (tb tab) metrics(t testing.TB) metrics {
	t.Helper()
	var raw string
	var m metrics
	tb.eval(t, "reading the metrics", `w.ealsLiveMetrics || "{}"`, &raw)
	if err := json.Unmarshal([]byte(raw), &m); err != nil {
		t.Fatalf("%s: the metrics are not JSON: %v", tb.name, err)
	}
	return m
}

func (tb tab) stored(t testing.TB) (s storedClicks, found bool) {
	t.Helper()
	var raw *string
	tb.eval(t, "reading storage", `w.localStorage.getItem("ealslive.clicks.v2")`, &raw)
	if raw == nil {
		return s, false
	}
	if err := json.Unmarshal([]byte(*raw), &s); err != nil || s.Schema != 2 {
		t.Fatalf("storage holds %.200q (%v), want a format-2 click log", *raw, err)
	}
	return s, true
}

func (tb tab) ready(t testing.TB) {
	t.Helper()
	eventually(t, tb.name+" to train", 3*trainTimeout, func() bool {
		m := tb.metrics(t)
		if m.Stage == "failed" {
			t.Fatalf("%s: the page failed", tb.name)
		}
		return ready(m)
	})
}

// like clicks "I like this" on the n first businesses of the browser that
// are not in skip, and returns them.
func (tb tab) like(t testing.TB, n int, skip []string) []string {
	t.Helper()
	var liked []string
	for len(liked) < n {
		var target string
		for _, id := range tb.ids(t, "#browse-list li:has(button.like)") {
			if !slices.Contains(skip, id) && !slices.Contains(liked, id) {
				target = id
				break
			}
		}
		if target == "" {
			t.Fatalf("%s: no business left to like in the browser", tb.name)
		}
		want := len(tb.ids(t, "#history-list li")) + 1
		tb.click(t, `#browse-list li[data-id="`+target+`"] button.like`)
		eventually(t, tb.name+": the like of "+target+" in the history", tabTimeout, func() bool {
			return len(tb.ids(t, "#history-list li")) == want
		})
		liked = append(liked, target)
	}
	return liked
}

// notes is the text of every information notice on the page.
func notes(t testing.TB, ctx context.Context) string {
	t.Helper()
	var s string
	run(t, ctx, "reading the notices", 10*time.Second, chromedp.Evaluate(
		`Array.from(document.querySelectorAll(".notice-info")).map(e => e.textContent).join("\n")`, &s))
	return s
}

func sameSet(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}

var smallPackOnce struct {
	sync.Once
	b   []byte
	err error
}

// smallPack writes the small pack (`build pack -k 20 -max 5000`), with
// fn applied to it if not nil, to a file, and returns it and the file;
// the tests of storage need the page, not the whole data, and it trains
// in a few seconds.
func smallPack(t testing.TB, fn func(*pack.Pack)) (*pack.Pack, string) {
	t.Helper()
	smallPackOnce.Do(func() {
		var p *pack.Pack
		if p, smallPackOnce.err = pack.BuildDir(yelpDir(), pack.Subset{K: 20, MaxInteractions: 5000}); smallPackOnce.err == nil {
			smallPackOnce.b, smallPackOnce.err = pack.Encode(p)
		}
	})
	if smallPackOnce.err != nil {
		t.Fatalf("packing the small subset: %v", smallPackOnce.err)
	}
	p, err := pack.Decode(smallPackOnce.b)
	if err != nil {
		t.Fatal(err)
	}
	b := smallPackOnce.b
	if fn != nil {
		fn(p)
		if b, err = pack.Encode(p); err != nil {
			t.Fatal(err)
		}
	}
	path := filepath.Join(t.TempDir(), "pack.msgpack")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return p, path
}

// businessIDs turns the page's business numbers (its data-id attributes)
// into the Yelp ids it stores.
func businessIDs(t testing.TB, p *pack.Pack, shown []string) []string {
	t.Helper()
	out := make([]string, len(shown))
	for k, s := range shown {
		i, err := strconv.Atoi(s)
		if err != nil || i < 0 || i >= len(p.Items) {
			t.Fatalf("the page shows business %q, not one of the pack's %d", s, len(p.Items))
		}
		out[k] = p.Items[i].ID
	}
	return out
}

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
		if m := tb.metrics(t); m.Liked != 6 {
			t.Errorf("%s's model knows %d clicks, want 6", tb.name, m.Liked)
		}
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

// swapServer serves one site folder at a time on one origin, as a host
// publishes a new build where a visitor's browser has been before.
type swapServer struct {
	base    string
	handler atomic.Value // http.Handler
}

func serveSwappable(t testing.TB, dir string) *swapServer {
	t.Helper()
	s := &swapServer{}
	s.publish(t, dir)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.handler.Load().(http.Handler).ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	// localhost, not 127.0.0.1: a secure context, as the page's service
	// worker needs.
	s.base = strings.Replace(srv.URL, "127.0.0.1", "localhost", 1) + "/"
	return s
}

func (s *swapServer) publish(t testing.TB, dir string) {
	t.Helper()
	h, err := site.NewHandler(dir, "", true)
	if err != nil {
		t.Fatal(err)
	}
	s.handler.Store(h)
}

// revisit opens the page again as a visitor whose browser has the new
// build: without the service worker and caches of the old one.
func (s *swapServer) revisit(t testing.TB, ctx context.Context) {
	t.Helper()
	var done bool
	run(t, ctx, "forgetting the old build", tabTimeout, chromedp.Evaluate(`Promise.all([
		navigator.serviceWorker.getRegistrations().then(rs => Promise.all(rs.map(r => r.unregister()))),
		caches.keys().then(ks => Promise.all(ks.map(k => caches.delete(k)))),
	]).then(() => true)`, &done, func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }))
	run(t, ctx, "leaving the page", tabTimeout, chromedp.Navigate("about:blank"))
	run(t, ctx, "opening the page again", tabTimeout, chromedp.Navigate(s.base))
}

// An upgrade to data without some liked businesses sets those clicks
// aside, says so, and keeps them stored; going back restores them. Saved
// clicks past the cap are kept the same way.
func TestUpgradeKeepsClicksAside(t *testing.T) {
	pkA, packA := smallPack(t, nil)
	siteA := siteWithPack(t, packA)
	srv := serveSwappable(t, siteA)
	ctx := newBrowser(t)
	run(t, ctx, "turning the cache off", tabTimeout, network.Enable(), network.SetCacheDisabled(true))
	run(t, ctx, "opening the page", tabTimeout, chromedp.Navigate(srv.base))
	pg := tab{ctx, "the page", "window"}
	pg.ready(t)
	liked := pg.like(t, 3, nil)
	likedIDs := businessIDs(t, pkA, liked)

	// The upgrade: the data no longer has the first two.
	_, packB := smallPack(t, func(p *pack.Pack) {
		users := make([]string, p.Data.NumUsers())
		for u := range users {
			users[u] = p.Data.UserKey(int32(u))
		}
		items := make([]string, p.Data.NumItems())
		for i := range items {
			items[i] = p.Data.ItemKey(int32(i))
		}
		for _, id := range liked[:2] {
			i, _ := strconv.Atoi(id)
			p.Items[i].ID = "closed-" + p.Items[i].ID
			items[i] = p.Items[i].ID
		}
		d, err := core.FromInteractions(users, items, p.Data.Interactions())
		if err != nil {
			t.Fatal(err)
		}
		p.Data = d
	})
	srv.publish(t, siteWithPack(t, packB))
	srv.revisit(t, ctx)
	pg.ready(t)
	if got := pg.ids(t, "#history-list li"); !slices.Equal(got, liked[2:]) {
		t.Errorf("on the upgrade the history is %v, want %v", got, liked[2:])
	}
	if m := pg.metrics(t); m.SetAside != 2 || m.Liked != 1 {
		t.Errorf("on the upgrade %d clicks are set aside and %d learnt, want 2 and 1", m.SetAside, m.Liked)
	}
	said := notes(t, ctx)
	contains(t, "the note on the upgrade", said, "2 of your saved clicks are businesses this data does not have")
	contains(t, "the note on the upgrade", said, "saved in this browser, set aside")
	screenshot(t, ctx, "31-upgrade-clicks-set-aside")
	if s, _ := pg.stored(t); !slices.Equal(s.liked(), likedIDs) {
		t.Errorf("on the upgrade storage holds %v, want every click %v", s.liked(), likedIDs)
	}
	// A click on the upgrade keeps the set-aside ones too.
	more := pg.like(t, 1, liked)
	wantIDs := append(slices.Clone(likedIDs), businessIDs(t, pkA, more)...)
	if s, _ := pg.stored(t); !slices.Equal(s.liked(), wantIDs) {
		t.Errorf("after a click on the upgrade storage holds %v, want %v", s.liked(), wantIDs)
	}

	// The rollback: every click is back, in the order made.
	srv.publish(t, siteA)
	srv.revisit(t, ctx)
	pg.ready(t)
	want := append(slices.Clone(liked), more...)
	if got := pg.ids(t, "#history-list li"); !slices.Equal(got, want) {
		t.Errorf("after the rollback the history is %v, want %v", got, want)
	}
	if m := pg.metrics(t); m.SetAside != 0 || m.Liked != 4 {
		t.Errorf("after the rollback %d clicks are set aside and %d learnt, want 0 and 4", m.SetAside, m.Liked)
	}
	if said := notes(t, ctx); strings.Contains(said, "set aside") {
		t.Errorf("after the rollback the page says %q", said)
	}

	// More saved clicks than the page learns: three of this data, then
	// 9,999 businesses of other data. The latest 10,000 are read; the two
	// oldest stay stored, set aside, and a new click is learnt.
	var log strings.Builder
	fmt.Fprintf(&log, `{"schema":2,"clicks":[{"id":%q,"at":1},{"id":%q,"at":2},{"id":%q,"at":3}`, likedIDs[0], likedIDs[1], likedIDs[2])
	for k := 4; k < 10003; k++ {
		fmt.Fprintf(&log, `,{"id":"elsewhere-%d","at":%d}`, k, k)
	}
	log.WriteString(`]}`)
	run(t, ctx, "storing 10,002 clicks", tabTimeout,
		chromedp.Evaluate(`localStorage.setItem("ealslive.clicks.v2", `+jsString(log.String())+`)`, nil))
	run(t, ctx, "reloading", tabTimeout, chromedp.Reload())
	pg.ready(t)
	if got := pg.ids(t, "#history-list li"); !slices.Equal(got, liked[2:3]) {
		t.Errorf("with 10,002 saved clicks the history is %v, want %v", got, liked[2:3])
	}
	if m := pg.metrics(t); m.SetAside != 10001 {
		t.Errorf("with 10,002 saved clicks %d are set aside, want 10,001", m.SetAside)
	}
	said = notes(t, ctx)
	contains(t, "the note past the cap", said, "9,999 of your saved clicks are businesses this data does not have")
	contains(t, "the note past the cap", said, "2 of your saved clicks are older than the latest 10,000")
	newer := pg.like(t, 1, liked)
	if got := pg.ids(t, "#history-list li"); !slices.Equal(got, append(liked[2:3], newer...)) {
		t.Errorf("after a click past the cap the history is %v", got)
	}
	if s, _ := pg.stored(t); len(s.liked()) != 10003 || !slices.Equal(s.liked()[:3], likedIDs) {
		t.Errorf("after a click storage holds %d clicks, want all 10,002 and the new one", len(s.liked()))
	}
}

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

// serveWith serves the site folder through wrap, on localhost.
func serveWith(t testing.TB, dir string, wrap func(w http.ResponseWriter, r *http.Request, next http.Handler)) string {
	t.Helper()
	h, err := site.NewHandler(dir, "", true)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { wrap(w, r, h) }))
	t.Cleanup(srv.Close)
	return strings.Replace(srv.URL, "127.0.0.1", "localhost", 1) + "/"
}

// A program that is missing, or served as something else, replaces the
// loader with what happened and what to do; one served with a vague type
// still runs.
func TestProgramThatDoesNotLoad(t *testing.T) {
	_, packPath := smallPack(t, nil)
	dir := siteWithPack(t, packPath)
	wasm, err := os.ReadFile(filepath.Join(repoRoot, "web", "app.wasm"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name        string
		serve       func(w http.ResponseWriter)
		title, says string // "" when the page should work
	}{
		{"missing", func(w http.ResponseWriter) { http.Error(w, "404 page not found", http.StatusNotFound) },
			"The page's program is missing", "HTTP 404"},
		{"a web page", func(w http.ResponseWriter) {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.Write([]byte("<!doctype html><html><body>Welcome to our site</body></html>"))
		}, "The page's program is missing", "looks like a web page"},
		{"octet-stream", func(w http.ResponseWriter) {
			w.Header().Set("Content-Type", "application/octet-stream")
			w.Write(wasm)
		}, "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			base := serveWith(t, dir, func(w http.ResponseWriter, r *http.Request, next http.Handler) {
				if strings.HasSuffix(r.URL.Path, "/web/app.wasm") {
					w.Header().Set("Cross-Origin-Resource-Policy", "same-origin")
					tc.serve(w)
					return
				}
				next.ServeHTTP(w, r)
			})
			ctx := newBrowser(t)
			run(t, ctx, "opening the page", tabTimeout, chromedp.Navigate(base))
			pg := tab{ctx, "the page (program " + tc.name + ")", "window"}
			if tc.title == "" {
				pg.ready(t)
				if n := len(pg.ids(t, "#ranked-list li[data-id]")); n != 20 {
					t.Errorf("the list has %d businesses, want 20", n)
				}
				return
			}
			eventually(t, "the explanation", tabTimeout, func() bool { return pg.text(t, "#eals-fatal h1") != "" })
			contains(t, "the title", pg.text(t, "#eals-fatal h1"), tc.title)
			contains(t, "the message", pg.text(t, "#eals-fatal"), tc.says)
			contains(t, "what to do", pg.text(t, "#eals-fatal .fatal-hint"), "make site")
			var loader int
			pg.eval(t, "looking for the loader", `d.querySelectorAll("#app-wasm-loader").length`, &loader)
			if loader != 0 {
				t.Error("the loader is still there beside the message")
			}
			if tc.name == "missing" {
				screenshot(t, ctx, "32-program-missing")
			}
		})
	}
}

// A Go panic after the page has started, here a JavaScript call that
// throws after a click, replaces the page with the panic and
// what to do, instead of leaving buttons that do nothing.
func TestPanicAfterStart(t *testing.T) {
	_, packPath := smallPack(t, nil)
	srv := serveSite(t, siteWithPack(t, packPath), "")
	ctx := newBrowser(t)
	run(t, ctx, "opening the page", tabTimeout, chromedp.Navigate(srv.base))
	pg := tab{ctx, "the page", "window"}
	pg.ready(t)
	liked := pg.like(t, 1, nil)
	// The page's Go code asks for a frame after each click; the Go runtime
	// itself does not, so this fails the page's code, not the runtime.
	pg.eval(t, "breaking the frames", `(w.requestAnimationFrame = () => { throw new Error("no frame for you (a test)"); }, true)`, nil)
	target := ""
	for _, id := range pg.ids(t, "#browse-list li:has(button.like)") {
		if !slices.Contains(liked, id) {
			target = id
			break
		}
	}
	pg.click(t, `#browse-list li[data-id="`+target+`"] button.like`)
	eventually(t, "the explanation", tabTimeout, func() bool { return pg.text(t, "#eals-fatal h1") != "" })
	contains(t, "the title", pg.text(t, "#eals-fatal h1"), "The page stopped working")
	contains(t, "the message", pg.text(t, "#eals-fatal"), "no frame for you (a test)")
	contains(t, "what to do", pg.text(t, "#eals-fatal .fatal-hint"), "Reload the page; your clicks are kept")
	var inert bool
	pg.eval(t, "checking the dead page is out of reach", `d.querySelector("#reset, #history-list button").closest("[inert]") !== null`, &inert)
	if !inert {
		t.Error("the stopped page's buttons can still be reached")
	}
	// The click that met the panic was saved first, as the message says.
	if s, _ := pg.stored(t); len(s.liked()) != 2 {
		t.Errorf("after the panic storage holds %v, want both clicks", s.liked())
	}
	screenshot(t, ctx, "33-panic-after-start")
}
