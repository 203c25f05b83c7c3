//go:build browser && !wasm

package pagetest

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/ealslive/ealslive/core/pack"
	"github.com/ealslive/ealslive/core/pack/packfile"
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
		tb.click(t, `#browse-list li[data-id="`+target+`"] button.like`)
		// By id, not by count: the other tab's likes may still be arriving
		// in this tab's history.
		eventually(t, tb.name+": the like of "+target+" in the history", tabTimeout, func() bool {
			return slices.Contains(tb.ids(t, "#history-list li"), target)
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
			smallPackOnce.b, smallPackOnce.err = packfile.Encode(p)
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
		if b, err = packfile.Encode(p); err != nil {
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
