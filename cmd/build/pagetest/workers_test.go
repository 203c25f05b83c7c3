//go:build browser && !wasm

package pagetest

import (
	"context"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/ealslive/ealslive/core"
	"github.com/ealslive/ealslive/core/pack"
)

// pageModelChecksum trains natively what the page trains on the built
// pack, on one thread, and returns the SHA-256 of its model file.
func pageModelChecksum(t *testing.T) string {
	t.Helper()
	pk, err := pack.ReadFile(filepath.Join(repoRoot, "web", "yelp.msgpack"))
	if err != nil {
		t.Fatalf("the built pack is needed (make pack): %v", err)
	}
	cfg := core.DefaultConfig()
	cfg.Epochs, cfg.Threads = pageEpochs, 1
	_, sum := checksumOf(t, pk.Data, cfg)
	return sum
}

// kernelRowsWanted is how many rows worker 0 of workers solves in the
// page's training: every user and business of its share with a history,
// each epoch. With WebAssembly SIMD, as in this Chromium, the workers'
// kernel solves them all.
func kernelRowsWanted(t *testing.T, workers int) int64 {
	t.Helper()
	train := readBuiltPack(t).train
	m, err := core.NewModel(train, core.DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	sh, err := core.NewShard(m, 0, workers)
	if err != nil {
		t.Fatal(err)
	}
	var rows int64
	lo, hi := sh.UserRange(0)
	for u := lo; u < hi; u++ {
		if len(train.UserItems(int32(u))) > 0 {
			rows++
		}
	}
	lo, hi = sh.ItemRange(0)
	for i := lo; i < hi; i++ {
		if len(train.ItemUsers(int32(i))) > 0 {
			rows++
		}
	}
	return rows * pageEpochs
}

// The page's workers, each epoch split over them, train bit for bit the
// model core.Train trains on one thread; the model is kept, and a return
// visit gets it back from the browser's storage instead of training, says
// so, replays the visitor's clicks into it, and can train it again (to the
// same bits).
func TestWorkersTrainAndKeepTheModel(t *testing.T) {
	want := pageModelChecksum(t)
	srv := serveSite(t, buildSite(t, ""), "")
	ctx := newBrowser(t)
	run(t, ctx, "opening the page", 30*time.Second, chromedp.Navigate(srv.base))
	waitFor(t, ctx, "training to start", trainTimeout, func(m metrics) bool { return m.Stage == "training" })
	// While the page trains, go-app's service worker, which downloads the
	// whole site for offline use, is not registered yet: it would compete
	// with the page's start for the network and the cores.
	var start struct {
		Registered  int     `json:"registered"`
		Stage       string  `json:"stage"`
		WorkerLoads int     `json:"workerLoads"`
		Parsed      float64 `json:"parsed"`
	}
	run(t, ctx, "reading the start", 10*time.Second, chromedp.Evaluate(`navigator.serviceWorker.getRegistrations().then(rs => ({
		registered: rs.length,
		stage: JSON.parse(window.ealsLiveMetrics).stage,
		workerLoads: performance.getEntriesByType("resource").filter(e => e.name.endsWith("/web/worker.js")).length,
		parsed: performance.getEntriesByType("navigation")[0].domInteractive,
	}))`, &start, func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }))
	if start.Stage != "ready" && start.Registered != 0 {
		t.Errorf("at stage %q the service worker is registered already", start.Stage)
	}
	// The workers start from the page's head, while the browser still
	// reads the page, not once the deferred app.js runs; and no more are
	// started than the pool uses.
	m := waitFor(t, ctx, "training to end", trainTimeout, ready)
	if start.WorkerLoads != m.Workers {
		t.Errorf("web/worker.js was loaded %d times for %d workers", start.WorkerLoads, m.Workers)
	}
	if m.WorkersMs <= 0 || m.WorkersMs >= start.Parsed {
		t.Errorf("the workers started at %.0f ms, not before the page was parsed (%.0f ms)", m.WorkersMs, start.Parsed)
	}
	if m.Workers < 2 {
		t.Errorf("the page trained on %d workers; this machine's browser reports two cores or more", m.Workers)
	}
	if m.Restored || m.ModelChecksum != want {
		t.Fatalf("the workers' model has SHA-256 %s (restored %v), core.Train's %s", m.ModelChecksum, m.Restored, want)
	}
	// Those bits came from the SIMD kernel, not Go's own loops.
	if rows := kernelRowsWanted(t, m.Workers); m.KernelRows != rows {
		t.Errorf("the kernel solved %d rows of worker 0's epochs, want all %d", m.KernelRows, rows)
	}
	// and counted every ranking of worker 0's share of the sample after
	// each epoch and of the final evaluation.
	if n, want := m.KernelRankings, int64(pageEpochs*(pageSample/m.Workers)+len(readBuiltPack(t).test)/m.Workers); n != want {
		t.Errorf("the kernel counted %d of worker 0's rankings, want all %d", n, want)
	}
	status := text(t, ctx, "#train-status")
	contains(t, "the status after training", status, "workers")
	// The time it gives runs from the page's request to the model's
	// arrival, a little before ready (read off
	// Go's clock, which may stray from the page's by a few hundredths).
	took := regexp.MustCompile(`Trained \d+ epochs in ([0-9.]+) s`).FindStringSubmatch(status)
	if wall := (m.ReadyMs - m.TrainStartMs) / 1000; took == nil {
		t.Errorf("the status %q says no training time", status)
	} else if v, err := strconv.ParseFloat(took[1], 64); err != nil || v < wall-0.4 || v > wall+0.1 {
		t.Errorf("the status says the training took %s s; from the request to ready took %.2f s", took[1], wall)
	}

	var liked []string
	for k := 0; k < 2; k++ {
		// Each like re-ranks the list: pick from it as it is now.
		id := ids(t, ctx, "#ranked-list li:has(button.like)")[0]
		run(t, ctx, "liking a business", 10*time.Second, mouseClick(`#ranked-list li[data-id="`+id+`"] button.like`))
		waitFor(t, ctx, "the like", 10*time.Second, func(m metrics) bool { return m.Liked == k+1 })
		liked = append(liked, id)
	}
	before := ids(t, ctx, "#ranked-list li[data-id]")

	// The kept model comes back on the next visit.
	run(t, ctx, "reloading", 30*time.Second, chromedp.Reload())
	m = waitFor(t, ctx, "the model to come back", trainTimeout, ready)
	if !m.Restored || m.ModelChecksum != want || len(m.EpochMs) != pageEpochs {
		t.Fatalf("on a return visit: restored %v, SHA-256 %s, %d epochs; want the kept model %s", m.Restored, m.ModelChecksum, len(m.EpochMs), want)
	}
	contains(t, "the status on a return visit", text(t, ctx, "#train-status"), "Brought back the model trained on your earlier visit")
	if got := ids(t, ctx, "#history-list li"); !slices.Equal(got, liked) {
		t.Errorf("after the reload the history is %v, want %v", got, liked)
	}
	// Your clicks, replayed into the same model, give the same list.
	if got := ids(t, ctx, "#ranked-list li[data-id]"); !slices.Equal(got, before) {
		t.Errorf("after the reload the list is %v, want %v as before it", got, before)
	}
	screenshot(t, ctx, "40-return-visit")

	run(t, ctx, "training again", 10*time.Second, mouseClick("#train-again"))
	waitFor(t, ctx, "training to start", 20*time.Second, func(m metrics) bool { return m.Stage == "training" })
	m = waitFor(t, ctx, "training again to end", trainTimeout, ready)
	if m.Restored || m.ModelChecksum != want {
		t.Errorf("trained again: restored %v, SHA-256 %s; want %s", m.Restored, m.ModelChecksum, want)
	}
	if got := ids(t, ctx, "#ranked-list li[data-id]"); !slices.Equal(got, before) {
		t.Errorf("after training again the list is %v, want %v", got, before)
	}
}

// app.wasm and the pack travel compressed, and each is downloaded once:
// the first worker fetches and compiles app.wasm, and the page and the
// other workers get its module; every worker fetches the pack itself, and
// the browser's cache makes that one download.
func TestCompressedDelivery(t *testing.T) {
	dir := buildSite(t, "")
	srv := serveSite(t, dir, "")
	ctx := newBrowser(t)
	run(t, ctx, "opening the page", 30*time.Second, chromedp.Navigate(srv.base))
	// The pack's downloads, counted before the service worker (which
	// starts once the page is ready) fetches the site for offline use.
	waitFor(t, ctx, "the data's summary", trainTimeout, func(m metrics) bool { return m.PackBytes > 0 })
	packs := 0
	for _, r := range srv.responses() {
		if path.Base(r.Path) == "yelp.msgpack" && r.Status == 200 {
			packs++
		}
	}
	if packs != 1 {
		t.Errorf("the pack was sent whole %d times, want once", packs)
	}
	waitFor(t, ctx, "training to end", trainTimeout, ready)
	raw := func(name string) int {
		st, err := os.Stat(filepath.Join(dir, "web", name))
		if err != nil {
			t.Fatal(err)
		}
		return int(st.Size())
	}
	wasm := 0
	for _, r := range srv.responses() {
		switch path.Base(r.Path) {
		case "app.wasm":
			if r.Status == http.StatusNotModified {
				continue // the service worker's cache, revalidated
			}
			wasm++
			if r.Status != 200 || r.Encoding != "br" || r.Bytes*4 > raw("app.wasm") {
				t.Errorf("app.wasm went out as %+v, want Brotli, about a fifth of its %d bytes", r, raw("app.wasm"))
			}
		case "yelp.msgpack":
			if r.Status == 200 && (r.Encoding != "br" || r.Bytes*3/2 > raw("yelp.msgpack")) {
				t.Errorf("the pack went out as %+v", r)
			}
		}
	}
	if wasm != 1 {
		t.Errorf("app.wasm was sent %d times, want once", wasm)
	}
}

// While app.wasm downloads, the bar along the top of the page says how
// much has come: over a slow network it passes through values between 0
// and 100, never going back, and reaches 100 once the code is compiled.
func TestDownloadProgress(t *testing.T) {
	srv := serveSite(t, buildSite(t, ""), "")
	// About 60 writes of 32 kB: some 3 s for app.wasm's 1.9 MB.
	srv.slowDown("/app.wasm", 50*time.Millisecond)
	ctx := newBrowser(t)
	run(t, ctx, "watching the loader", 10*time.Second, chromedp.ActionFunc(func(ctx context.Context) error {
		_, err := page.AddScriptToEvaluateOnNewDocument(`window.__progress = [];
document.addEventListener("DOMContentLoaded", () => {
  const bar = document.getElementById("app-wasm-loader");
  if (bar) new MutationObserver(() => window.__progress.push(Number(bar.getAttribute("aria-valuenow"))))
    .observe(bar, {attributes: true, attributeFilter: ["aria-valuenow"]});
});`).Do(ctx)
		return err
	}))
	run(t, ctx, "opening the page", 30*time.Second, chromedp.Navigate(srv.base))
	waitFor(t, ctx, "the page to run", trainTimeout, func(m metrics) bool { return m.MountMs > 0 })
	var seen []float64
	run(t, ctx, "reading the loader's values", 10*time.Second, chromedp.Evaluate(`window.__progress`, &seen))
	between := map[float64]bool{}
	for k, v := range seen {
		if v > 0 && v < 100 {
			between[v] = true
		}
		if k > 0 && v < seen[k-1] {
			t.Errorf("the loader went back from %v to %v: %v", seen[k-1], v, seen)
		}
	}
	if len(between) < 3 {
		t.Errorf("the loader showed %d values between 0 and 100 over a 3 s download, want several: %v", len(between), seen)
	}
	if len(seen) == 0 || seen[len(seen)-1] != 100 {
		t.Errorf("the loader did not end at 100: %v", seen)
	}
}

// A change redraws the sections that show it and no other: training's
// progress redraws the model card, not your list or the finder; a replay's
// progress redraws the replay, not them either; a like redraws the
// sections that show your clicks and list (the comparison with a full
// retrain among them, which says when your likes have moved on), not the
// model card or the evidence the runner publishes.
func TestRendersPerSection(t *testing.T) {
	srv := serveSite(t, buildSite(t, ""), "")
	ctx := newBrowser(t)
	run(t, ctx, "opening the page", 30*time.Second, chromedp.Navigate(srv.base))
	// The page's head may have the workers train before the page's program
	// runs: count from the second epoch the page has drawn its first list
	// and every section below, past their start.
	first := waitFor(t, ctx, "two epochs and the page drawn", trainTimeout, func(m metrics) bool {
		return len(m.EpochMs) >= 2 && m.FirstListMs > 0 && m.Renders["list"] > 0 && m.Renders["finder"] > 0 && m.Renders["clicks"] > 0
	})
	m := waitFor(t, ctx, "training to end", trainTimeout, ready)
	if grew := m.Renders["model"] - first.Renders["model"]; grew < len(m.EpochMs)-len(first.EpochMs) {
		t.Errorf("the model card redrew %d times over %d epochs", grew, len(m.EpochMs)-len(first.EpochMs))
	}
	// Between the second epoch and the end only training and the final
	// adoption changed: the list and finder redraw for the model's
	// arrival (your list, the likes) at most a few times, not per epoch.
	for _, s := range []string{"list", "finder", "clicks"} {
		if grew := m.Renders[s] - first.Renders[s]; grew > 3 {
			t.Errorf("%s redrew %d times while %d epochs trained", s, grew, len(m.EpochMs)-len(first.EpochMs))
		}
	}

	click(t, ctx, "#replay-start")
	start := waitEvidence(t, ctx, "the replay to replay", time.Minute, func(ev evidenceJSON) bool {
		return ev.Replay.Phase == "replaying" && len(ev.Replay.Lanes) == 3
	})
	_ = start
	during := readMetrics(t, ctx)
	waitEvidence(t, ctx, "the replay to finish", 5*time.Minute, func(ev evidenceJSON) bool { return ev.Replay.Finished })
	after := readMetrics(t, ctx)
	if grew := after.Renders["replay"] - during.Renders["replay"]; grew < 2 {
		t.Errorf("the replay redrew %d times while it replayed", grew)
	}
	for _, s := range []string{"list", "finder", "clicks", "model", "inside", "compare", "full-retrain"} {
		// Its end frees the workers, which the controls that start long
		// runs show: one redraw.
		if grew := after.Renders[s] - during.Renders[s]; grew > 1 {
			t.Errorf("%s redrew %d times during the replay", s, grew)
		}
	}

	target := ids(t, ctx, "#browse-list li:has(button.like)")[0]
	run(t, ctx, "liking a business", 10*time.Second, mouseClick(`#browse-list li[data-id="`+target+`"] button.like`))
	// "Inside the model" and the finder follow once the new list is on
	// screen, each in a task of its own, so a busy machine may show the
	// list well before them: wait for all, and give up naming the metrics.
	redrawn := []string{"list", "finder", "clicks", "inside", "browse-rows", "full-retrain"}
	liked := waitFor(t, ctx, "the like, and every section that shows it to redraw", 10*time.Second, func(m metrics) bool {
		for _, s := range redrawn {
			if m.Renders[s] <= after.Renders[s] {
				return false
			}
		}
		return m.Liked == 1 && len(m.ClickToScreenMs) == 1
	})
	for _, s := range []string{"model", "replay", "compare", "notices", "params"} {
		if liked.Renders[s] != after.Renders[s] {
			t.Errorf("%s redrew %d times for a like", s, liked.Renders[s]-after.Renders[s])
		}
	}
	// The time to the screen, known once the list is painted, redraws its
	// own line under the list's title, not the list.
	settled(t, ctx)
	shown := readMetrics(t, ctx)
	if got := shown.Renders["list"] - after.Renders["list"]; got != 1 {
		t.Errorf("your list redrew %d times for a like, want once", got)
	}
	if got := shown.Renders["timing"] - after.Renders["timing"]; got < 2 {
		t.Errorf("the line on the click's cost redrew %d times for a like, want once for the like and once for its time to the screen", got)
	}

	// With no business matching the finder's query, a like in your list
	// changes none of the finder's rows: the finder reads your likes again,
	// but its rows do not redraw.
	// The query is set in one go: typed key by key, "zq" already matches
	// nothing, and the keys after it would redraw the rows later.
	setFilter(t, ctx, "#search", "zqxzqx", "input")
	eventually(t, "no business to match", 10*time.Second, func() bool {
		return strings.HasPrefix(text(t, ctx, "#browse-count"), "No business matches") && count(t, ctx, "#browse-list li") == 0
	})
	settled(t, ctx)
	empty := readMetrics(t, ctx)
	second := ids(t, ctx, "#ranked-list li[data-id]")[0]
	run(t, ctx, "liking a business in your list", 10*time.Second, mouseClick(`#ranked-list li[data-id="`+second+`"] button.like`))
	// The finder and Inside the model redraw in tasks after your list's:
	// wait for both before asking what else redrew.
	waitFor(t, ctx, "the second like, and the finder and Inside the model to redraw", 10*time.Second, func(m metrics) bool {
		return m.Liked == 2 && len(m.ClickToScreenMs) == 2 &&
			m.Renders["finder"] > empty.Renders["finder"] && m.Renders["inside"] > empty.Renders["inside"]
	})
	settled(t, ctx)
	again := readMetrics(t, ctx)
	for _, s := range []string{"browse-rows", "params"} {
		if again.Renders[s] != empty.Renders[s] {
			t.Errorf("%s redrew %d times for a like that changed nothing it shows", s, again.Renders[s]-empty.Renders[s])
		}
	}

	// A like redraws your list within the click's own task, not at
	// go-app's next frame tick: read in the same script that clicked, the
	// list is already the new one, and it is the list that stays.
	var sync struct{ Before, During []string }
	run(t, ctx, "liking a business from a script", 10*time.Second, chromedp.Evaluate(`(() => {
		const ids = () => [...document.querySelectorAll("#ranked-list li[data-id]")].map((li) => li.dataset.id);
		const before = ids();
		document.querySelector("#ranked-list li:has(button.like) button.like").click();
		return { before, during: ids() };
	})()`, &sync))
	waitFor(t, ctx, "the third like on screen", 10*time.Second, func(m metrics) bool { return m.Liked == 3 && len(m.ClickToScreenMs) == 3 })
	settled(t, ctx)
	after3 := ids(t, ctx, "#ranked-list li[data-id]")
	if slices.Equal(sync.During, sync.Before) {
		t.Errorf("your list had not changed when the click's handler returned: %v", sync.During)
	}
	if !slices.Equal(sync.During, after3) {
		t.Errorf("your list right after the click %v is not the list that stays %v", sync.During, after3)
	}
	if drawn := readMetrics(t, ctx).Renders["list"] - again.Renders["list"]; drawn != 1 {
		t.Errorf("your list redrew %d times for a like drawn at once, want once", drawn)
	}
}
