//go:build browser && !wasm

package pagetest

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/ealslive/ealslive/cmd/build/site"
)

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
	// The sections below your list follow the first like a frame at a
	// time; they must be done, or their next frame, not the second click,
	// meets the panic.
	settled(t, ctx)
	// The page's Go code asks for a frame after each click; the Go runtime
	// itself does not, so this fails the page's code, not the runtime.
	var broken bool
	// Still: twelve frames in a row without the page asking for one (its
	// sections come in a frame at a time after the model's arrival, which
	// may be before or after the first click's).
	run(t, ctx, "breaking the frames once the page is still", tabTimeout, chromedp.Evaluate(`new Promise(done => {
		const frameOf = window.requestAnimationFrame.bind(window);
		let asked = 0, seen = 0, quiet = 0;
		window.requestAnimationFrame = fn => { asked++; return frameOf(fn); };
		const frame = () => {
			if (asked !== seen) {
				seen = asked;
				quiet = 0;
			} else if (++quiet >= 12) {
				window.requestAnimationFrame = () => { throw new Error("no frame for you (a test)"); };
				done(true);
				return;
			}
			frameOf(frame);
		};
		frameOf(frame);
	})`, &broken, func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }))
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
