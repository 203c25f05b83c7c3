//go:build browser && !wasm

package pagetest

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/ealslive/ealslive/cmd/build/site"
	"github.com/ealslive/ealslive/core"
	"github.com/ealslive/ealslive/core/pack"
)

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
