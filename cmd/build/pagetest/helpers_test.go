//go:build browser && !wasm

// Browser tests: the generated static site, served locally, driven in
// headless Chromium. They need the built app.wasm and data pack
// (`make build`); run them with `make test-browser`.

package pagetest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	ui "github.com/ealslive/ealslive/app"
	"github.com/ealslive/ealslive/cmd/build/site"
	"github.com/ealslive/ealslive/core"
	"github.com/ealslive/ealslive/core/pack"
)

// chromiumPath is Debian's Chromium; CHROMIUM overrides it.
func chromiumPath() string {
	if p := os.Getenv("CHROMIUM"); p != "" {
		return p
	}
	return "/usr/bin/chromium"
}

// repoRoot is where the Makefile runs; go test runs in cmd/build.
const repoRoot = "../../.."

// screenshotDir is the git-ignored folder for screenshots of the page.
var screenshotDir = filepath.Join(repoRoot, "screenshots")

// buildSite generates a site for prefix into a temporary folder from the
// built app.wasm and pack in web/.
func buildSite(t testing.TB, prefix string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "site")
	ui.RegisterRoutes()
	_, err := site.Generate(site.Options{
		Out:      dir,
		Prefix:   prefix,
		Web:      filepath.Join(repoRoot, "web"),
		Assets:   filepath.Join(repoRoot, "assets"),
		WasmExec: filepath.Join(repoRoot, "wasm_exec.js"),
	})
	if err != nil {
		t.Fatalf("generating the site (run `make build` first): %v", err)
	}
	return dir
}

// siteServer serves a site folder on a free localhost port.
type siteServer struct {
	srv  *http.Server
	base string // e.g. http://localhost:PORT/sub/
	done chan struct{}
	mu   sync.Mutex
	sent []sent // every response, in order
	// slow names the files sent as over a slow network: a pause after
	// each write of the body.
	slow map[string]time.Duration
}

// slowDown sends the files whose paths end in name as over a slow network,
// pausing after each write of their bodies (http.ServeContent writes
// 32 kB at a time).
func (s *siteServer) slowDown(name string, pause time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.slow == nil {
		s.slow = map[string]time.Duration{}
	}
	s.slow[name] = pause
}

// pauseFor is the pause after each write for a request's path.
func (s *siteServer) pauseFor(path string) time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	for name, d := range s.slow {
		if strings.HasSuffix(path, name) {
			return d
		}
	}
	return 0
}

// pacedWriter sends a body write by write, flushing each and pausing after
// it.
type pacedWriter struct {
	http.ResponseWriter
	pause time.Duration
}

func (w pacedWriter) Write(b []byte) (int, error) {
	n, err := w.ResponseWriter.Write(b)
	if f, ok := w.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
	time.Sleep(w.pause)
	return n, err
}

// sent is what the server answered a request with.
type sent struct {
	Path, Encoding string
	Status, Bytes  int
}

// responses returns what the server has sent so far.
func (s *siteServer) responses() []sent {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]sent(nil), s.sent...)
}

// recorder notes a response's status, encoding and size.
type recorder struct {
	http.ResponseWriter
	status, bytes int
}

func (r *recorder) WriteHeader(code int) { r.status = code; r.ResponseWriter.WriteHeader(code) }
func (r *recorder) Write(b []byte) (int, error) {
	n, err := r.ResponseWriter.Write(b)
	r.bytes += n
	return n, err
}

func serveSite(t testing.TB, dir, prefix string) *siteServer {
	t.Helper()
	return serveSiteWith(t, dir, prefix, true)
}

// serveSiteWith is serveSite, with the cross-origin isolation headers or,
// as most static hosts serve a site, without them.
func serveSiteWith(t testing.TB, dir, prefix string, isolate bool) *siteServer {
	t.Helper()
	h, err := site.NewHandler(dir, prefix, isolate)
	if err != nil {
		t.Fatal(err)
	}
	// localhost is a secure context, as service workers require.
	ln, err := net.Listen("tcp", "localhost:0")
	if err != nil {
		t.Fatal(err)
	}
	p, _ := site.NormalizePrefix(prefix)
	s := &siteServer{
		base: fmt.Sprintf("http://localhost:%d%s/", ln.Addr().(*net.TCPAddr).Port, p),
		done: make(chan struct{}),
	}
	s.srv = &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if d := s.pauseFor(r.URL.Path); d > 0 {
			w = pacedWriter{ResponseWriter: w, pause: d}
		}
		rec := &recorder{ResponseWriter: w, status: http.StatusOK}
		h.ServeHTTP(rec, r)
		s.mu.Lock()
		s.sent = append(s.sent, sent{Path: r.URL.Path, Encoding: w.Header().Get("Content-Encoding"), Status: rec.status, Bytes: rec.bytes})
		s.mu.Unlock()
	})}
	go func() {
		defer close(s.done)
		if err := s.srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			t.Errorf("serving the site: %v", err)
		}
	}()
	t.Cleanup(s.stop)
	return s
}

// stop shuts the server down and waits until its port refuses
// connections.
func (s *siteServer) stop() {
	s.srv.Close()
	<-s.done
}

// newBrowser starts headless Chromium with a fresh profile and returns a
// tab context that lives until the test ends.
func newBrowser(t testing.TB, extraFlags ...chromedp.ExecAllocatorOption) context.Context {
	t.Helper()
	if _, err := os.Stat(chromiumPath()); err != nil {
		t.Fatalf("chromium is needed for the browser tests (apt-get install chromium): %v", err)
	}
	// Not t.TempDir: Chromium's helpers may still be writing when the
	// test's own cleanup runs, which would fail the test.
	profile, err := os.MkdirTemp("", "ealslive-chromium-")
	if err != nil {
		t.Fatal(err)
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromiumPath()),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(profile),
		chromedp.WindowSize(1280, 900),
	)
	opts = append(opts, extraFlags...)
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelTab := chromedp.NewContext(actx)
	t.Cleanup(func() {
		cancelTab()
		cancelAlloc()
		for try := 0; try < 20 && os.RemoveAll(profile) != nil; try++ {
			time.Sleep(100 * time.Millisecond)
		}
	})
	if err := chromedp.Run(ctx); err != nil {
		t.Fatalf("starting chromium: %v", err)
	}
	return ctx
}

// serviceWorkerActive waits until the page's service worker has cached
// the site and taken over, and reports whether one did.
func serviceWorkerActive(t testing.TB, ctx context.Context) bool {
	var active bool
	run(t, ctx, "waiting for the service worker", 60*time.Second, chromedp.Evaluate(
		`navigator.serviceWorker.ready.then(r => !!r.active)`, &active,
		func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }))
	return active
}

// The actions below find elements with the page's own querySelector, not
// chromedp's. chromedp keeps a copy of the DOM built from the browser's
// events and waits for a queried node to appear in it; a node go-app has
// just added can stay missing from it, and the action then waits until its
// deadline (seen in CI: a click on a row that was on the page).

// atElement polls the page until the element sel matches is there and js,
// the body of a function of it named el, returns an object without a Why;
// that object is decoded into out (when not nil). At the deadline it says
// what it was still waiting for.
func atElement(ctx context.Context, sel, js string, out any) error {
	src := `((el) => {
		if (!el) return {Why: "no element matches"};
		` + js + `
	})(document.querySelector(` + jsString(sel) + `))`
	var why string
	for {
		var raw []byte
		err := chromedp.Evaluate(src, &raw).Do(ctx)
		var w struct{ Why string }
		switch {
		case err != nil:
			why = err.Error()
		case json.Unmarshal(raw, &w) != nil:
			why = "the page answered " + string(raw)
		case w.Why == "":
			if out == nil {
				return nil
			}
			return json.Unmarshal(raw, out)
		default:
			why = w.Why
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("%s: %s (%w)", sel, why, ctx.Err())
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// mouseClick clicks the middle of the element sel matches with the mouse, as
// a visitor would: scrolled into sight if need be, and only once nothing
// covers it and it stands where it stood one poll before, since go-app
// redraws after an event's handler returns and a click aimed at a button
// that is about to move lands beside it.
func mouseClick(sel string) chromedp.Action {
	return chromedp.ActionFunc(func(ctx context.Context) error {
		var at struct{ X, Y float64 }
		if err := atElement(ctx, sel, `
			el.scrollIntoViewIfNeeded(true);
			const r = el.getBoundingClientRect();
			if (r.width === 0 || r.height === 0) return {Why: "it has no size"};
			const at = [r.left, r.top, r.width, r.height].join();
			if (el.__mouseAt !== at) {
				el.__mouseAt = at;
				return {Why: "it is still moving"};
			}
			const x = r.left + r.width / 2, y = r.top + r.height / 2;
			const hit = document.elementFromPoint(x, y);
			if (!hit || !el.contains(hit)) {
				return {Why: "it is covered by " + (hit ? hit.outerHTML.slice(0, 120) : "nothing")};
			}
			return {X: x, Y: y};`, &at); err != nil {
			return fmt.Errorf("clicking %w", err)
		}
		return chromedp.MouseClickXY(at.X, at.Y).Do(ctx)
	})
}

// visible waits until the element sel matches is laid out and not hidden.
func visible(sel string) chromedp.Action {
	return chromedp.ActionFunc(func(ctx context.Context) error {
		return atElement(ctx, sel, `
			const r = el.getBoundingClientRect();
			if (r.width === 0 || r.height === 0) return {Why: "it has no size"};
			if (getComputedStyle(el).visibility === "hidden") return {Why: "it is hidden"};
			return {};`, nil)
	})
}

// scrolledTo scrolls the element sel matches into the middle of the window
// if it is not in sight.
func scrolledTo(sel string) chromedp.Action {
	return chromedp.ActionFunc(func(ctx context.Context) error {
		return atElement(ctx, sel, `el.scrollIntoViewIfNeeded(true); return {};`, nil)
	})
}

// focusOn gives the element sel matches the keyboard's focus.
func focusOn(sel string) chromedp.Action {
	return chromedp.ActionFunc(func(ctx context.Context) error {
		return atElement(ctx, sel, `
			el.focus();
			return document.activeElement === el ? {} : {Why: "it does not take the focus"};`, nil)
	})
}

// typed types keys into the element sel matches, as the keyboard does.
func typed(sel, keys string) chromedp.Action {
	return chromedp.Tasks{focusOn(sel), chromedp.KeyEvent(keys)}
}

// run runs actions with a deadline, failing the test with what it was
// doing if they fail.
func run(t testing.TB, ctx context.Context, what string, timeout time.Duration, actions ...chromedp.Action) {
	t.Helper()
	c, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	if err := chromedp.Run(c, actions...); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}

// metrics mirrors the JSON the page publishes in window.ealsLiveMetrics.
type metrics struct {
	Stage               string         `json:"stage"`
	CrossOriginIsolated bool           `json:"crossOriginIsolated"`
	PackBytes           int            `json:"packBytes"`
	WorkersMs           float64        `json:"workersMs"`
	MountMs             float64        `json:"mountMs"`
	DownloadMs          float64        `json:"downloadMs"`
	DecodeMs            float64        `json:"decodeMs"`
	FirstListMs         float64        `json:"firstListMs"`
	EvalMs              []float64      `json:"evalMs"`
	EpochMs             []float64      `json:"epochMs"`
	TrainStartMs        float64        `json:"trainStartMs"`
	SetupMs             float64        `json:"setupMs"`
	FinalMs             float64        `json:"finalMs"`
	HR                  float64        `json:"hr"`
	UpdateMs            []float64      `json:"updateMs"`
	RankMs              []float64      `json:"rankMs"`
	ExplainMs           []float64      `json:"explainMs"`
	ClickToHandlerMs    []float64      `json:"clickToHandlerMs"`
	ClickToDOMMs        []float64      `json:"clickToDOMMs"`
	ClickToScreenMs     []float64      `json:"clickToScreenMs"`
	ReadyMs             float64        `json:"readyMs"`
	Liked               int            `json:"liked"`
	StorageFailed       bool           `json:"storageFailed"`
	SectionsLive        bool           `json:"sectionsLive"`
	SetAside            int            `json:"setAside"`
	Workers             int            `json:"workers"`
	CatalogMs           float64        `json:"catalogMs"`
	Restored            bool           `json:"restored"`
	ModelChecksum       string         `json:"modelChecksum"`
	KernelRows          int64          `json:"kernelRows"`
	KernelRankings      int64          `json:"kernelRankings"`
	Renders             map[string]int `json:"renders"`
	Data                string         `json:"data"`
	DataHash            string         `json:"dataHash"`
	MemBytes            uint64         `json:"memBytes"`
}

// trainingSplit is where a visit's time to a trained model went, in
// milliseconds: until the training job was asked for (by the page's head,
// or once the page's program had started and had the data), the workers' setup, the epochs, the
// sample's HR@100 after each, the final evaluation, and the rest (the
// workers' exchanges beyond the epochs, the model's handover to the page).
type trainingSplit struct{ untilJob, setup, epochs, sample, final, rest float64 }

func (m metrics) trainingSplit() trainingSplit {
	sp := trainingSplit{untilJob: m.TrainStartMs, setup: m.SetupMs, final: m.FinalMs}
	for _, v := range m.EpochMs {
		sp.epochs += v
	}
	for _, v := range m.EvalMs {
		sp.sample += v
	}
	sp.rest = m.ReadyMs - sp.untilJob - sp.setup - sp.epochs - sp.sample - sp.final
	return sp
}

func readMetrics(t testing.TB, ctx context.Context) metrics {
	t.Helper()
	var m metrics
	readPublished(t, ctx, "ealsLiveMetrics", &m)
	return m
}

// readPublished decodes the JSON the page publishes as window[name] into
// dst, leaving dst alone while the page has published nothing yet.
func readPublished(t testing.TB, ctx context.Context, name string, dst any) {
	t.Helper()
	var raw string
	run(t, ctx, "reading window."+name, 10*time.Second,
		chromedp.Evaluate(`window.`+name+` || ""`, &raw))
	if raw == "" {
		return
	}
	if err := json.Unmarshal([]byte(raw), dst); err != nil {
		t.Fatalf("window.%s is not JSON: %v: %q", name, err, raw)
	}
}

// waitFor polls the page's metrics until cond holds.
func waitFor(t testing.TB, ctx context.Context, what string, timeout time.Duration, cond func(metrics) bool) metrics {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		m := readMetrics(t, ctx)
		if cond(m) {
			return m
		}
		// A failed page never recovers: say why at once.
		if m.Stage == "failed" || time.Now().After(deadline) {
			var status string
			chromedp.Run(ctx, chromedp.Evaluate(`(document.querySelector("#train-status, #failure, #app-wasm-loader-label")||{}).textContent||""`, &status))
			t.Fatalf("gave up waiting for %s (stage %q, limit %v); metrics %+v; page says %q", what, m.Stage, timeout, m, status)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// eventually polls cond until it holds.
func eventually(t testing.TB, what string, timeout time.Duration, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out after %v waiting for %s", timeout, what)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// settled waits until the page shows the last click's time to screen,
// the last redraw a click causes, so that nothing moves under the next
// click.
func settled(t testing.TB, ctx context.Context) {
	t.Helper()
	eventually(t, "the click's timing line", 10*time.Second, func() bool {
		return strings.Contains(text(t, ctx, "#update-time"), "after your click")
	})
}

// likeShown waits until list no longer offers "I like" for business id:
// its button reads "Liked" (or, in your list, the row is gone). A click is
// learnt before the lists redraw it, and the finder redraws in a task of
// its own after your list, so a test that liked again at once could pick
// the same row and click a button the page rightly ignores.
func likeShown(t testing.TB, ctx context.Context, list, id string) {
	t.Helper()
	eventually(t, "the like of "+id+" shown in "+list, 10*time.Second, func() bool {
		return count(t, ctx, list+` li[data-id="`+id+`"] button.like`) == 0
	})
}

// ready: the model learns clicks and every section is on the page. The
// workers can finish before the sections under the fold have come in (a
// frame at a time), and a test that acted on one at once would flake.
func ready(m metrics) bool { return m.Stage == "ready" && m.SectionsLive }

// trainTimeout bounds loading plus training plus the final evaluation.
const trainTimeout = 90 * time.Second

// ids returns the data-id attributes of the elements matching sel.
func ids(t testing.TB, ctx context.Context, sel string) []string {
	t.Helper()
	var out []string
	run(t, ctx, "reading "+sel, 10*time.Second, chromedp.Evaluate(
		`Array.from(document.querySelectorAll(`+jsString(sel)+`)).map(e => e.dataset.id)`, &out))
	return out
}

func text(t testing.TB, ctx context.Context, sel string) string {
	t.Helper()
	var s string
	run(t, ctx, "reading "+sel, 10*time.Second, chromedp.Evaluate(
		`(document.querySelector(`+jsString(sel)+`)||{}).textContent||""`, &s))
	return s
}

func attr(t testing.TB, ctx context.Context, sel, name string) string {
	t.Helper()
	var s string
	run(t, ctx, "reading "+sel, 10*time.Second, chromedp.Evaluate(
		`(document.querySelector(`+jsString(sel)+`)||{getAttribute(){return ""}}).getAttribute(`+jsString(name)+`)||""`, &s))
	return s
}

func count(t testing.TB, ctx context.Context, sel string) int {
	t.Helper()
	var n int
	run(t, ctx, "counting "+sel, 10*time.Second, chromedp.Evaluate(
		`document.querySelectorAll(`+jsString(sel)+`).length`, &n))
	return n
}

func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// screenshot saves the page as screenshots/<name>.png (or .jpg) for a
// person to look at; failing to save one does not fail a test.
func screenshot(t testing.TB, ctx context.Context, name string) {
	t.Helper()
	saveScreenshot(t, ctx, name, func(png *[]byte) chromedp.Action { return chromedp.FullScreenshot(png, 100) })
}

// screenshotOf saves the element matching sel as screenshots/<name>.png;
// the evidence views sit far down the page, too small to judge in a shot
// of all of it.
func screenshotOf(t testing.TB, ctx context.Context, sel, name string) {
	t.Helper()
	saveScreenshot(t, ctx, name, func(png *[]byte) chromedp.Action { return chromedp.Screenshot(sel, png, chromedp.ByQuery) })
}

func saveScreenshot(t testing.TB, ctx context.Context, name string, capture func(*[]byte) chromedp.Action) {
	t.Helper()
	if err := os.MkdirAll(screenshotDir, 0o755); err != nil {
		t.Logf("screenshot %s: %v", name, err)
		return
	}
	var png []byte
	c, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	if err := chromedp.Run(c, capture(&png)); err != nil {
		t.Logf("screenshot %s: %v", name, err)
		return
	}
	ext := ".png"
	if len(png) > 3 && png[0] == 0xff && png[1] == 0xd8 {
		ext = ".jpg"
	}
	if err := os.WriteFile(filepath.Join(screenshotDir, name+ext), png, 0o644); err != nil {
		t.Logf("screenshot %s: %v", name, err)
	}
}

// projector makes the viewport a projector's: 1280×720 at 150% zoom, 853
// CSS pixels wide.
func projector() chromedp.Action {
	return chromedp.ActionFunc(func(ctx context.Context) error {
		return emulation.SetDeviceMetricsOverride(853, 480, 1.5, false).Do(ctx)
	})
}

// phone makes the viewport that of a common phone.
func phone() chromedp.Action {
	return chromedp.ActionFunc(func(ctx context.Context) error {
		return emulation.SetDeviceMetricsOverride(390, 844, 2, true).Do(ctx)
	})
}

func contains(t testing.TB, what, got, want string) {
	t.Helper()
	if !strings.Contains(got, want) {
		t.Errorf("%s = %q, want it to contain %q", what, got, want)
	}
}

// numberPattern reads a number as the page writes it: "0.1234", "−12.5",
// "+0.123", "−1.234×10−5".
var numberPattern = regexp.MustCompile(`^([−+-]?)([0-9]+)(?:\.([0-9]+))?(?:×10([−-]?[0-9]+))?$`)

// shownNumber reads a number the page shows and half the unit of its last
// digit: the value the page rounded lies within that of it.
func shownNumber(t *testing.T, s string) (v, halfUnit float64) {
	t.Helper()
	m := numberPattern.FindStringSubmatch(strings.TrimSpace(s))
	if m == nil {
		t.Fatalf("%q is not a number as the page writes them", s)
	}
	exp := 0
	if m[4] != "" {
		e, err := strconv.Atoi(strings.ReplaceAll(m[4], "−", "-"))
		if err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		exp = e
	}
	sign := ""
	if m[1] == "−" || m[1] == "-" {
		sign = "-"
	}
	v, err := strconv.ParseFloat(sign+m[2]+"."+m[3]+"0e"+strconv.Itoa(exp), 64)
	if err != nil {
		t.Fatalf("%q: %v", s, err)
	}
	// Trailing zeros may have been dropped: the unit read off the text is
	// then coarser than the rounding, which still holds the value.
	return v, math.Pow(10, float64(exp-len(m[3]))) / 2
}

func copyFile(dst, src string) error {
	b, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	return os.WriteFile(dst, b, 0o644)
}

// builtPack is the data pack the page gets, read once so that a rebuild of
// web/ meanwhile cannot change it, decoded and split as the page splits it.
type builtPack struct {
	bytes []byte
	pack  *pack.Pack
	train *core.Dataset
	test  []core.Interaction
}

func readBuiltPack(t testing.TB) builtPack {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(repoRoot, "web", "yelp.msgpack"))
	if err != nil {
		t.Fatalf("the built pack is needed (make pack): %v", err)
	}
	pk, err := pack.Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	train, test, err := pk.Data.LeaveOneOut()
	if err != nil {
		t.Fatal(err)
	}
	return builtPack{bytes: b, pack: pk, train: train, test: test}
}

// serve serves a site with exactly these bytes as its pack.
func (p builtPack) serve(t testing.TB) *siteServer {
	t.Helper()
	dir := buildSite(t, "")
	if err := os.WriteFile(filepath.Join(dir, "web", "yelp.msgpack"), p.bytes, 0o644); err != nil {
		t.Fatal(err)
	}
	return serveSite(t, dir, "")
}

// nativeUser trains core natively with cfg, as the page does, and makes a
// new user who likes likes in order: what the page should show for them.
func nativeUser(t testing.TB, train *core.Dataset, cfg core.Config, likes []int32) (m *core.Model, you int32, top []core.Ranked) {
	t.Helper()
	m, err := core.Train(train, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	you = m.AddUser()
	for _, i := range likes {
		if err := m.Update(you, i); err != nil {
			t.Fatal(err)
		}
	}
	top, err = m.Recommend(you, 20, true)
	if err != nil {
		t.Fatal(err)
	}
	return m, you, top
}
