//go:build browser && !wasm

package pagetest

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	ui "github.com/ealslive/ealslive/app"
	"github.com/ealslive/ealslive/cmd/build/site"
	"github.com/ealslive/ealslive/core/pack"
	"github.com/ealslive/ealslive/core/pack/packfile"
)

// The evidence views publish their figures at full precision in
// window.ealsLiveEvidence; these types mirror that JSON.
type evMetrics struct {
	HR, NDCG float64
	Count    int
}

type evBucket struct {
	Label string
	Min   int
	Max   int
	evMetrics
}

type evCurve struct {
	Tests int
	evMetrics
}

type evLane struct {
	Key       string
	Overall   evMetrics
	ByHistory []evBucket
	Curve     []evCurve
}

type evReplay struct {
	Running, Finished, Stopped bool
	Err                        string `json:"error"`
	Phase                      string
	Epochs, EpochsDone         int
	Train, Stream, Replayed    int
	NewUserTests               int
	UpdateMsMedian             float64
	Lanes                      []evLane
	TrainMs, ReplayMs, WallMs  float64
	Config                     struct {
		K                       int
		C0, Alpha, Lambda, WNew float64
		Epochs                  int
		Seed                    uint64
		Threads                 int
	}
}

type evRow struct {
	Key           string
	Epochs        int
	EpochsDone    int
	EpochMs       []float64
	EpochMsMedian float64
	Evaluated     bool
	Metrics       evMetrics
	Err           string `json:"error"`
}

type evCompare struct {
	Running, Finished, Stopped bool
	Current                    int
	Tests                      int
	Rows                       []evRow
	WallMs                     float64
}

type evidenceJSON struct {
	Replay  evReplay
	Compare evCompare
	Lesson  evLesson
}

func readEvidence(t testing.TB, ctx context.Context) evidenceJSON {
	t.Helper()
	var ev evidenceJSON
	readPublished(t, ctx, "ealsLiveEvidence", &ev)
	return ev
}

// waitEvidence polls the evidence figures until cond holds.
func waitEvidence(t testing.TB, ctx context.Context, what string, timeout time.Duration, cond func(evidenceJSON) bool) evidenceJSON {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		ev := readEvidence(t, ctx)
		if cond(ev) {
			return ev
		}
		if ev.Replay.Err != "" || time.Now().After(deadline) {
			t.Fatalf("gave up waiting for %s (limit %v): replay %q (%s), comparison %+v; page says %q / %q", what, timeout,
				ev.Replay.Phase, ev.Replay.Err, ev.Compare, text(t, ctx, "#replay-status"), text(t, ctx, "#compare-status"))
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// disabled reports whether the element matching sel exists and is disabled.
func disabled(t testing.TB, ctx context.Context, sel string) bool {
	t.Helper()
	var d bool
	run(t, ctx, "reading "+sel, 10*time.Second, chromedp.Evaluate(
		`!!(document.querySelector(`+jsString(sel)+`)||{}).disabled`, &d))
	return d
}

func click(t testing.TB, ctx context.Context, sel string) {
	t.Helper()
	run(t, ctx, "clicking "+sel, 10*time.Second, mouseClick(sel))
}

// yelpDir is the shared Yelp folder beside the checkout; EALS_DATA names
// another.
func yelpDir() string {
	if d := os.Getenv("EALS_DATA"); d != "" {
		return d
	}
	return filepath.Join(repoRoot, "..", "shared", "data", "yelp")
}

// siteWithPack generates a site serving the built app.wasm and kernels
// with the given data pack.
func siteWithPack(t testing.TB, packPath string) string {
	t.Helper()
	web := filepath.Join(t.TempDir(), "web")
	if err := os.MkdirAll(web, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, built := range []string{"app.wasm", "kernel.wasm"} {
		path, err := filepath.Abs(filepath.Join(repoRoot, "web", built))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(path, filepath.Join(web, built)); err != nil {
			t.Fatal(err)
		}
	}
	if err := copyFile(filepath.Join(web, "yelp.msgpack"), packPath); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "site")
	ui.RegisterRoutes()
	if _, err := site.Generate(site.Options{
		Out:      dir,
		Web:      web,
		Assets:   filepath.Join(repoRoot, "assets"),
		WasmExec: filepath.Join(repoRoot, "wasm_exec.js"),
	}); err != nil {
		t.Fatalf("generating the site (run `make build` first): %v", err)
	}
	return dir
}

// ealsCLI builds cmd/eals and returns a function running it with -json that
// returns its summary line.
func ealsCLI(t testing.TB) func(args ...string) map[string]any {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "eals")
	build := exec.Command("go", "build", "-o", bin, "./cmd/eals")
	build.Dir = repoRoot
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building cmd/eals: %v\n%s", err, out)
	}
	return func(args ...string) map[string]any {
		t.Helper()
		cmd := exec.Command(bin, append(args, "-json")...)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("eals %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
		}
		var last map[string]any
		sc := bufio.NewScanner(bytes.NewReader(out))
		sc.Buffer(nil, 1<<22)
		for sc.Scan() {
			last = nil
			if err := json.Unmarshal(sc.Bytes(), &last); err != nil {
				t.Fatalf("eals %s: line %q is not JSON: %v", strings.Join(args, " "), sc.Text(), err)
			}
		}
		return last
	}
}

// settings are the command-line flags for the configuration the page ran.
func (r evReplay) settings() []string {
	c := r.Config
	return []string{"-k", fmt.Sprint(c.K), "-epochs", fmt.Sprint(c.Epochs), "-c0", fmt.Sprint(c.C0),
		"-alpha", fmt.Sprint(c.Alpha), "-lambda", fmt.Sprint(c.Lambda), "-wnew", fmt.Sprint(c.WNew),
		"-seed", fmt.Sprint(c.Seed), "-threads", fmt.Sprint(c.Threads)}
}

// agree reports whether two figures agree to 1e-9 relative: native Go and
// WebAssembly do the same IEEE arithmetic, so they agree far closer.
func agree(a, b float64) bool {
	return a == b || math.Abs(a-b) <= 1e-9*math.Max(math.Abs(a), math.Abs(b))
}

func num(t testing.TB, m map[string]any, key string) float64 {
	t.Helper()
	v, ok := m[key].(float64)
	if !ok {
		t.Fatalf("the command line's summary has no number %q: %v", key, m)
	}
	return v
}

func sameMetrics(t testing.TB, what string, got evMetrics, cli map[string]any) {
	t.Helper()
	if !agree(got.HR, num(t, cli, "hr")) || !agree(got.NDCG, num(t, cli, "ndcg")) || float64(got.Count) != num(t, cli, "count") {
		t.Errorf("%s: the page has HR %v NDCG %v over %d, the command line HR %v NDCG %v over %v",
			what, got.HR, got.NDCG, got.Count, cli["hr"], cli["ndcg"], cli["count"])
	}
}

// checkReplay compares a finished replay with the command line's online
// protocol on the same pack and settings, lane by lane, bucket by bucket
// and point by point.
func checkReplay(t testing.TB, cli func(...string) map[string]any, packPath string, r evReplay) {
	t.Helper()
	if !r.Finished || len(r.Lanes) < 3 {
		t.Fatalf("the replay has not finished: %+v", r)
	}
	for _, c := range []struct {
		key  string
		args []string
	}{
		{"eals", []string{"-model", "eals"}},
		{"frozen", []string{"-model", "eals", "-no-updates"}},
		{"pop", []string{"-model", "pop"}},
	} {
		checkLane(t, cli, packPath, r, c.key, c.args...)
	}
}

// checkLane compares one lane of a finished replay with the command
// line's online protocol run with the page's settings and args after them.
func checkLane(t testing.TB, cli func(...string) map[string]any, packPath string, r evReplay, key string, args ...string) {
	t.Helper()
	base := append([]string{"-data", packPath, "-protocol", "online"}, r.settings()...)
	var lane evLane
	found := false
	for _, l := range r.Lanes {
		if l.Key == key {
			lane, found = l, true
		}
	}
	if !found {
		t.Fatalf("the replay has no lane %q: %+v", key, r.Lanes)
	}
	want := cli(append(base, args...)...)
	sameMetrics(t, key+" overall", lane.Overall, want)
	if num(t, want, "train") != float64(r.Train) || num(t, want, "test") != float64(r.Stream) {
		t.Errorf("%s: the page trained on %d and replayed %d, the command line %v and %v", key, r.Train, r.Stream, want["train"], want["test"])
	}
	if key == "eals" && num(t, want, "new_user_tests") != float64(r.NewUserTests) {
		t.Errorf("new-user tests: page %d, command line %v", r.NewUserTests, want["new_user_tests"])
	}
	buckets, _ := want["by_history"].([]any)
	if len(buckets) != len(lane.ByHistory) || len(buckets) == 0 {
		t.Fatalf("%s: %d history buckets on the page, %d from the command line", key, len(lane.ByHistory), len(buckets))
	}
	for k, b := range buckets {
		wb := b.(map[string]any)
		got := lane.ByHistory[k]
		if got.Label != wb["label"] {
			t.Errorf("%s: bucket %d is %q on the page, %q from the command line", key, k, got.Label, wb["label"])
		}
		sameMetrics(t, fmt.Sprintf("%s, %s past", key, got.Label), got.evMetrics, wb)
	}
	curve, _ := want["curve"].([]any)
	if len(curve) != len(lane.Curve) {
		t.Fatalf("%s: %d curve points on the page, %d from the command line", key, len(lane.Curve), len(curve))
	}
	for k, p := range curve {
		wp := p.(map[string]any)
		got := lane.Curve[k]
		if float64(got.Tests) != num(t, wp, "tests") || !agree(got.HR, num(t, wp, "hr")) || !agree(got.NDCG, num(t, wp, "ndcg")) {
			t.Errorf("%s: curve point %d is %+v on the page, %v from the command line", key, k, got, wp)
		}
	}
}

// checkCompare compares a finished comparison with the command line's
// offline protocol for the same three models.
func checkCompare(t testing.TB, cli func(...string) map[string]any, packPath string, settings []string, c evCompare) {
	t.Helper()
	if !c.Finished || len(c.Rows) != 4 {
		t.Fatalf("the comparison has not finished: %+v", c)
	}
	base := append([]string{"-data", packPath, "-protocol", "offline"}, settings...)
	for k, args := range [][]string{
		{"-model", "eals"},
		{"-model", "eals", "-alpha", "0"},
		{"-model", "bpr"},
		{"-model", "rcd", "-alpha", "0"},
	} {
		row := c.Rows[k]
		if !row.Evaluated || row.Err != "" {
			t.Errorf("row %s: evaluated %v, error %q", row.Key, row.Evaluated, row.Err)
			continue
		}
		args = append(args, "-epochs", fmt.Sprint(row.Epochs)) // BPR's own epoch count
		want := cli(append(base, args...)...)
		sameMetrics(t, row.Key, row.Metrics, want)
		if row.EpochsDone != row.Epochs || len(row.EpochMs) != row.Epochs {
			t.Errorf("row %s: %d of %d epochs, %d times", row.Key, row.EpochsDone, row.Epochs, len(row.EpochMs))
		}
		t.Logf("%-8s HR@100 %.4f NDCG@100 %.4f  (command line %.4f %.4f)  %d epochs, median %.1f ms in the browser, %.1f ms natively",
			row.Key, row.Metrics.HR, row.Metrics.NDCG, want["hr"], want["ndcg"], row.Epochs, row.EpochMsMedian,
			1000*num(t, want, "epoch_seconds_median"))
	}
}

// checkShown compares what the panels print with the published figures,
// so that a visitor reads the numbers the tests compare.
func checkShown(t testing.TB, ctx context.Context, ev evidenceJSON) {
	t.Helper()
	pct := func(v float64) string { return fmt.Sprintf("%.1f%%", 100*v) }
	if r := ev.Replay; len(r.Lanes) > 0 {
		for _, l := range r.Lanes {
			got := text(t, ctx, `#replay-hr .legend [data-series="`+l.Key+`"] .legend-value`)
			if got != pct(l.Overall.HR) {
				t.Errorf("the HR chart's legend shows %q for %s, the replay has %s", got, l.Key, pct(l.Overall.HR))
			}
			if n := attr(t, ctx, `#replay-hr g[data-series="`+l.Key+`"]`, "data-points"); n != fmt.Sprint(len(l.Curve)) {
				t.Errorf("the HR chart draws %s points for %s, the replay has %d", n, l.Key, len(l.Curve))
			}
		}
		for _, b := range r.Lanes[0].ByHistory {
			if got := attr(t, ctx, `#replay-history g[data-bucket="`+b.Label+`"]`, "data-count"); got != fmt.Sprint(b.Count) {
				t.Errorf("bucket %s shows %q tests, the replay has %d", b.Label, got, b.Count)
			}
			want := len(r.Lanes)
			if b.Count == 0 {
				want = 0
			}
			if n := count(t, ctx, `#replay-history g[data-bucket="`+b.Label+`"] rect`); n != want {
				t.Errorf("bucket %s has %d bars, want %d", b.Label, n, want)
			}
		}
		if got, want := text(t, ctx, "#replay-new-users"), thousandsOf(r.NewUserTests); got != want {
			t.Errorf("new-user tests shown as %q, want %q", got, want)
		}
		// The new users' reviews outnumber the group at 0 past reviews, one
		// per new user: the page says why, with that group's count.
		if b := r.Lanes[0].ByHistory[0]; b.Max == 0 && b.Count < r.NewUserTests {
			li := text(t, ctx, "#replay-figures li:first-child")
			contains(t, "the new users' line", li, "They are "+thousandsOf(b.Count)+" ")
		}
	}
	for _, row := range ev.Compare.Rows {
		if !row.Evaluated {
			continue
		}
		sel := `#compare-table [data-key="` + row.Key + `"] `
		if got := text(t, ctx, sel+`[data-role="hr"]`); got != pct(row.Metrics.HR) {
			t.Errorf("%s: HR shown as %q, want %q", row.Key, got, pct(row.Metrics.HR))
		}
		if got, want := text(t, ctx, sel+`[data-role="ndcg"]`), fmt.Sprintf("%.4f", row.Metrics.NDCG); got != want {
			t.Errorf("%s: NDCG shown as %q, want %q", row.Key, got, want)
		}
		if got := text(t, ctx, sel+`[data-role="epochs"]`); got != fmt.Sprint(row.EpochsDone) {
			t.Errorf("%s: epochs shown as %q, want %d", row.Key, got, row.EpochsDone)
		}
	}
}

func thousandsOf(n int) string {
	s := fmt.Sprint(n)
	for k := len(s) - 3; k > 0; k -= 3 {
		s = s[:k] + "," + s[k:]
	}
	return s
}

// On a small pack, the replay and the comparison run in the browser give
// the command line's figures for the same pack and settings.
func TestEvidenceMatchesTheCommandLine(t *testing.T) {
	packPath := filepath.Join(t.TempDir(), "small.msgpack")
	// As `build pack -k 20 -max 5000` makes it.
	small, err := pack.BuildDir(yelpDir(), pack.Subset{K: 20, MaxInteractions: 5000})
	if err != nil {
		t.Fatalf("packing the small subset: %v", err)
	}
	b, err := packfile.Encode(small)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(packPath, b, 0o644); err != nil {
		t.Fatal(err)
	}
	cli := ealsCLI(t)
	srv := serveSite(t, siteWithPack(t, packPath), "")
	ctx := newBrowser(t)
	run(t, ctx, "opening the page", 30*time.Second, chromedp.Navigate(srv.base))
	waitFor(t, ctx, "training to end", trainTimeout, ready)

	click(t, ctx, "#replay-start")
	ev := waitEvidence(t, ctx, "the replay to finish", 2*time.Minute, func(ev evidenceJSON) bool { return ev.Replay.Finished })
	checkReplay(t, cli, packPath, ev.Replay)
	checkShown(t, ctx, ev)
	t.Logf("small pack: trained on %d, replayed %d in %.2f s (%.2f s training, %.2f s replay)",
		ev.Replay.Train, ev.Replay.Stream, ev.Replay.WallMs/1000, ev.Replay.TrainMs/1000, ev.Replay.ReplayMs/1000)

	eventually(t, "the comparison's button", 10*time.Second, func() bool {
		return count(t, ctx, "#compare-start") == 1 && !disabled(t, ctx, "#compare-start")
	})
	click(t, ctx, "#compare-start")
	ev = waitEvidence(t, ctx, "the comparison to finish", 3*time.Minute, func(ev evidenceJSON) bool { return ev.Compare.Finished })
	settings := ev.Replay.settings() // the page's configuration, as the replay used it
	checkCompare(t, cli, packPath, settings, ev.Compare)
	checkShown(t, ctx, ev)
	if v := text(t, ctx, "#compare-verdict"); !strings.Contains(v, "HR@100") {
		t.Errorf("the comparison's verdict reads %q", v)
	}
	screenshotOf(t, ctx, "#evidence", "20-evidence-small-pack")
	assertAccessible(t, ctx, "the replay and the comparison finished")
	run(t, ctx, "turning into a phone", 10*time.Second, phone())
	screenshotOf(t, ctx, "#replay", "24-replay-phone")
	screenshotOf(t, ctx, "#compare", "25-compare-phone")
}

// On the full pack: the buttons wait while anything else runs and say why,
// Stop ends the replay with the figures so far, the comparison's figures
// and a full replay's equal the command line's, and the replay's time in
// the browser is logged.
func TestEvidenceStopBusyAndFullPack(t *testing.T) {
	// A copy: the command line must read the very pack the page got, even
	// if web/ is rebuilt meanwhile.
	packPath := filepath.Join(t.TempDir(), "yelp.msgpack")
	if err := copyFile(packPath, filepath.Join(repoRoot, "web", "yelp.msgpack")); err != nil {
		t.Fatalf("the built pack is needed (make pack): %v", err)
	}
	cli := ealsCLI(t)
	srv := serveSite(t, siteWithPack(t, packPath), "")
	ctx := newBrowser(t)
	run(t, ctx, "opening the page", 30*time.Second, chromedp.Navigate(srv.base))
	waitFor(t, ctx, "training to start", 30*time.Second, func(m metrics) bool { return m.Stage == "training" })
	for _, name := range []string{"replay", "compare"} {
		// The sections under the fold come in one a frame after the first
		// paint, and training may start first.
		eventually(t, "#"+name+"-start", 10*time.Second, func() bool { return count(t, ctx, "#"+name+"-start") > 0 })
		if !disabled(t, ctx, "#"+name+"-start") {
			t.Errorf("#%s-start is enabled while the model trains", name)
		}
		contains(t, "#"+name+"-blocked", text(t, ctx, "#"+name+"-blocked"), "the model is training")
	}
	waitFor(t, ctx, "training to end", trainTimeout, ready)
	contains(t, "the replay's status before a start", text(t, ctx, "#replay-status"), "takes a few seconds")

	// The replay runs; the comparison waits for it.
	click(t, ctx, "#replay-start")
	waitEvidence(t, ctx, "the replay to replay", time.Minute, func(ev evidenceJSON) bool {
		return ev.Replay.Phase == "replaying" && len(ev.Replay.Lanes) == 3 && len(ev.Replay.Lanes[0].Curve) >= 3
	})
	if !disabled(t, ctx, "#compare-start") {
		t.Error("#compare-start is enabled while the replay runs")
	}
	contains(t, "#compare-blocked", text(t, ctx, "#compare-blocked"), "the replay is running")
	if n := count(t, ctx, "#replay-progress"); n != 1 {
		t.Errorf("no progress bar while the replay runs")
	}
	screenshotOf(t, ctx, "#replay", "21-replay-running")

	// Stop keeps the figures so far.
	click(t, ctx, "#replay-stop")
	ev := waitEvidence(t, ctx, "the replay to stop", 20*time.Second, func(ev evidenceJSON) bool { return ev.Replay.Stopped })
	r := ev.Replay
	if r.Running || r.Finished || r.Replayed == 0 || r.Replayed >= r.Stream {
		t.Errorf("after Stop: running %v, finished %v, replayed %d of %d", r.Running, r.Finished, r.Replayed, r.Stream)
	}
	for _, l := range r.Lanes {
		if l.Overall.Count != r.Replayed {
			t.Errorf("after Stop the %s lane counts %d tests of %d replayed", l.Key, l.Overall.Count, r.Replayed)
		}
	}
	contains(t, "the replay's status after Stop", text(t, ctx, "#replay-status"), "Stopped after "+thousandsOf(r.Replayed))
	if got := attr(t, ctx, "#replay", "data-state"); got != "stopped" {
		t.Errorf("the replay panel's state is %q after Stop", got)
	}
	checkShown(t, ctx, ev)
	if n := count(t, ctx, "#replay-start:enabled"); n != 1 {
		t.Errorf("the replay cannot start again after Stop")
	}

	// The comparison runs; the replay waits for it.
	click(t, ctx, "#compare-start")
	waitEvidence(t, ctx, "the comparison to start", 10*time.Second, func(ev evidenceJSON) bool { return ev.Compare.Running })
	if !disabled(t, ctx, "#replay-start") {
		t.Error("#replay-start is enabled while the comparison runs")
	}
	contains(t, "#replay-blocked", text(t, ctx, "#replay-blocked"), "the comparison is running")

	// Stop once a row is measured keeps it and leaves the others empty,
	// then a new run goes to the end.
	waitEvidence(t, ctx, "a measured row", time.Minute, func(ev evidenceJSON) bool {
		for _, r := range ev.Compare.Rows {
			if r.Evaluated {
				return true
			}
		}
		return false
	})
	click(t, ctx, "#compare-stop")
	ev = waitEvidence(t, ctx, "the comparison to stop", 20*time.Second, func(ev evidenceJSON) bool { return ev.Compare.Stopped })
	measured := 0
	for _, row := range ev.Compare.Rows {
		note := text(t, ctx, `#compare-table [data-key="`+row.Key+`"]`)
		switch {
		case row.Evaluated:
			measured++
		case row.EpochsDone > 0 && !strings.Contains(note, "stopped"), row.EpochsDone == 0 && !strings.Contains(note, "not run"):
			t.Errorf("the %s row reads %q after Stop, with %d epochs done", row.Key, note, row.EpochsDone)
		}
	}
	if measured == 0 || measured == len(ev.Compare.Rows) {
		t.Errorf("after Stop %d of %d rows are measured", measured, len(ev.Compare.Rows))
	}
	contains(t, "the comparison's status after Stop", text(t, ctx, "#compare-status"), "Stopped")
	if count(t, ctx, "#compare-verdict") != 0 {
		t.Errorf("a verdict after a stopped comparison: %q", text(t, ctx, "#compare-verdict"))
	}
	checkShown(t, ctx, ev)
	click(t, ctx, "#compare-start")
	likesDuring(t, ctx, 3, func(ev evidenceJSON) bool { return ev.Compare.Running })
	ev = waitEvidence(t, ctx, "the comparison to finish", 3*time.Minute, func(ev evidenceJSON) bool { return ev.Compare.Finished })
	checkCompare(t, cli, packPath, r.settings(), ev.Compare)
	checkShown(t, ctx, ev)
	t.Logf("comparison on the full pack: %.1f s in the browser; verdict: %s", ev.Compare.WallMs/1000, text(t, ctx, "#compare-verdict"))
	screenshotOf(t, ctx, "#compare", "22-compare-full-pack")

	// A whole replay, timed, with likes while it trains and replays.
	click(t, ctx, "#replay-start")
	likes := likesDuring(t, ctx, 3, func(ev evidenceJSON) bool { return ev.Replay.Running && ev.Replay.Phase == "training" })
	likes += likesDuring(t, ctx, 3, func(ev evidenceJSON) bool { return ev.Replay.Running && ev.Replay.Phase == "replaying" })
	ev = waitEvidence(t, ctx, "the replay to finish", 5*time.Minute, func(ev evidenceJSON) bool { return ev.Replay.Finished })
	r = ev.Replay
	checkReplay(t, cli, packPath, r)
	checkShown(t, ctx, ev)
	t.Logf("replay on the full pack: trained on %d, replayed %d in %.1f s in the browser (%.1f s training, %.1f s replay, three lanes; %d likes meanwhile); median update %.4f ms",
		r.Train, r.Stream, r.WallMs/1000, r.TrainMs/1000, r.ReplayMs/1000, likes, r.UpdateMsMedian)
	for _, l := range r.Lanes {
		t.Logf("  %-6s HR@100 %.4f NDCG@100 %.4f", l.Key, l.Overall.HR, l.Overall.NDCG)
	}
	contains(t, "the replay's findings", text(t, ctx, "#replay-findings"), "at 0 past reviews")
	screenshotOf(t, ctx, "#replay", "23-replay-full-pack")
}

// likesDuring likes the top business of your list up to n times while
// running holds, each once the one before is on screen, and fails the test
// if none could be made: the run's figures must not change for them.
func likesDuring(t *testing.T, ctx context.Context, n int, running func(evidenceJSON) bool) int {
	t.Helper()
	waitEvidence(t, ctx, "the run to reach its phase", time.Minute, running)
	done := 0
	for done < n && running(readEvidence(t, ctx)) {
		likeTop(t, ctx, len(readMetrics(t, ctx).ClickToScreenMs)+1)
		done++
	}
	if done == 0 {
		t.Fatal("no like could be made while the run ran")
	}
	return done
}
