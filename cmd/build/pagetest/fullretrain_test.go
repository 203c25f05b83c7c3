//go:build browser && !wasm

package pagetest

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"github.com/ealslive/ealslive/core"
	"github.com/ealslive/ealslive/core/pack"
	"github.com/ealslive/ealslive/core/pack/packfile"
)

// evFullRetrain mirrors runs.Retrain in window.ealsLiveEvidence.
type evFullRetrain struct {
	Running, Finished, Stopped bool
	Err                        string `json:"error"`
	Likes                      []int32
	Result                     *struct {
		Likes                   []int32
		TopN, Workers           int
		Online, Warm, Retrained []core.Ranked
		VsRetrained, VsWarm     core.TopComparison
		UpdateMs                []float64
		RetrainMs, FirstTrainMs float64
		RetrainEpochMs          []float64
		WarmMs                  float64
		RetrainEpochs           int
		BaseTrained             bool
		OnlineSum, WarmSum      string
		RetrainSum              string
	}
}

// evCompute is the replay's lanes' compute in window.ealsLiveEvidence.
type evCompute struct {
	RetrainEvery int
	Lanes        []struct {
		Key                               string
		TrainMs, UpdateMsTotal, ComputeMs float64
		Retrains                          int
	}
}

type fullRetrainEvidence struct {
	Retrain evFullRetrain
	Replay  evCompute
}

// waitFullRetrain polls the comparison with a full retrain until cond
// holds.
func waitFullRetrain(t testing.TB, ctx context.Context, what string, timeout time.Duration, cond func(evFullRetrain) bool) evFullRetrain {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		var ev fullRetrainEvidence
		readPublished(t, ctx, "ealsLiveEvidence", &ev)
		if cond(ev.Retrain) {
			return ev.Retrain
		}
		if ev.Retrain.Err != "" || time.Now().After(deadline) {
			t.Fatalf("gave up waiting for %s (limit %v): %+v; the page says %q", what, timeout, ev.Retrain, text(t, ctx, "#full-retrain-status"))
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// packFile writes the subset s of the shared Yelp data as a pack.
func packFile(t *testing.T, s pack.Subset) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "subset.msgpack")
	p, err := pack.BuildDir(yelpDir(), s)
	if err != nil {
		t.Fatalf("packing %v: %v", s, err)
	}
	b, err := packfile.Encode(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// desktop makes the viewport a common laptop's, 1366×900.
func desktop() chromedp.Action {
	return chromedp.ActionFunc(func(ctx context.Context) error {
		return emulation.SetDeviceMetricsOverride(1366, 900, 1, false).Do(ctx)
	})
}

// After three likes the page's comparison with a full retrain is core's
// for the same data, settings and clicks: the retrained model's checksum,
// both lists and the overlap and rank correlation the page shows; a fourth
// like makes it stale, and one made as a retrain starts is learnt at once;
// the replay's "retrain every 500 reviews" lane is `eals -protocol online
// -retrain-every 500`; and the exports carry both.
func TestFullRetrainMatchesCore(t *testing.T) {
	packPath := packFile(t, pack.Subset{K: 10, MaxInteractions: 20000})
	b, err := os.ReadFile(packPath)
	if err != nil {
		t.Fatal(err)
	}
	pk, err := pack.Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	train, _, err := pk.Data.LeaveOneOut()
	if err != nil {
		t.Fatal(err)
	}
	cli := ealsCLI(t)
	srv := serveSite(t, siteWithPack(t, packPath), "")
	ctx := newBrowser(t)
	run(t, ctx, "opening the page", 30*time.Second, chromedp.Navigate(srv.base))
	waitFor(t, ctx, "training to end", trainTimeout, ready)
	cfg := pageConfigShown(t, ctx)

	// Before any like there is nothing to retrain with.
	eventually(t, "the retrain's button, waiting for a like", 10*time.Second, func() bool {
		return count(t, ctx, "#full-retrain-start") == 1 && disabled(t, ctx, "#full-retrain-start")
	})
	contains(t, "the status before a like", text(t, ctx, "#full-retrain-status"), "Like a business first")

	var likes []int32
	for k := 0; k < 3; k++ {
		id := ids(t, ctx, "#ranked-list li:has(button.like)")[0]
		likeTop(t, ctx, k+1)
		i, _ := strconv.Atoi(id)
		likes = append(likes, int32(i))
	}
	eventually(t, "the retrain's button, for three likes", 10*time.Second, func() bool {
		return !disabled(t, ctx, "#full-retrain-start") && text(t, ctx, "#full-retrain-start") == "Retrain with your 3 likes"
	})
	yours := ids(t, ctx, "#ranked-list li[data-id]")
	click(t, ctx, "#full-retrain-start")
	waitFullRetrain(t, ctx, "the retrain to start", 10*time.Second, func(r evFullRetrain) bool { return r.Running || r.Finished })
	// It never blocks a click: the list is the page's to change meanwhile,
	// but a like now would change what is compared, so the test waits.
	got := waitFullRetrain(t, ctx, "the retrain to finish", 3*time.Minute, func(r evFullRetrain) bool { return r.Finished })
	res := got.Result

	// core, natively: the model in use with the likes learnt one update
	// each, the data with your row retrained from scratch, the warm one.
	online, you, top := nativeUser(t, train, cfg, likes)
	withYou, id, err := train.WithUser("you", likes)
	if err != nil || id != you {
		t.Fatalf("your row is %d of the retrain, %d online (%v)", id, you, err)
	}
	retrained, err := core.Train(withYou, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	cmp, err := core.CompareTop(online, retrained, you, 20, likes)
	if err != nil {
		t.Fatal(err)
	}
	if sum := modelChecksum(t, retrained); res.RetrainSum != sum {
		t.Errorf("the page's retrained model has checksum %s, core's %s", res.RetrainSum, sum)
	}
	itemIDs := func(l []core.Ranked) string {
		var s []string
		for _, r := range l {
			s = append(s, strconv.Itoa(int(r.Item)))
		}
		return strings.Join(s, ",")
	}
	if got, want := strings.Join(ids(t, ctx, "#full-retrain-list li"), ","), itemIDs(cmp.B); got != want {
		t.Errorf("the page lists the retrain's top 20 as %s, core's %s", got, want)
	}
	if got, want := strings.Join(ids(t, ctx, "#full-retrain-online li"), ","), itemIDs(top); got != want || got != strings.Join(yours, ",") {
		t.Errorf("the incremental list is %s, core's %s, your list %v", got, want, yours)
	}
	if got, want := text(t, ctx, "#full-retrain-overlap"), fmt.Sprintf("%d of 20", cmp.Overlap); got != want {
		t.Errorf("the page shows an overlap of %q, core's is %q", got, want)
	}
	if got, want := text(t, ctx, "#full-retrain-tau"), strings.ReplaceAll(fmt.Sprintf("%.2f", cmp.Tau), "-", "−"); got != want {
		t.Errorf("the page shows τ %q, core's is %q (%v)", got, want, cmp.Tau)
	}
	if res.VsRetrained.Overlap != cmp.Overlap || res.VsRetrained.Tau != cmp.Tau || res.VsRetrained.Gap != cmp.Gap {
		t.Errorf("the published comparison %+v, core's %+v", res.VsRetrained, cmp)
	}
	contains(t, "the live region", text(t, ctx, "#announce"), "The retrain with your 3 likes finished")
	contains(t, "the retrain's cost", text(t, ctx, "#full-retrain-costs"), "the retrain's time over your updates'")
	if count(t, ctx, "#full-retrain-stale") != 0 {
		t.Error("a comparison of your likes as they are is called stale")
	}
	t.Logf("after 3 likes: %d of 20 in both lists, τ %.3f, largest gap %.4f; updates %v ms, retrain %.0f ms over %d epochs on %d workers, first training %.0f ms (%.2f×)",
		cmp.Overlap, cmp.Tau, cmp.Gap, res.UpdateMs, res.RetrainMs, res.RetrainEpochs, res.Workers, res.FirstTrainMs, res.RetrainMs/res.FirstTrainMs)
	assertAccessible(t, ctx, "the comparison with a full retrain shown")
	for _, s := range []struct {
		name string
		size chromedp.Action
	}{{"70-full-retrain", desktop()}, {"71-full-retrain-projector", projector()}, {"72-full-retrain-phone", phone()}} {
		run(t, ctx, "resizing for "+s.name, 10*time.Second, s.size)
		screenshotOf(t, ctx, "#full-retrain", s.name)
	}
	run(t, ctx, "back to the laptop", 10*time.Second, desktop())

	// A fourth like: the comparison says it is stale, and is the same.
	likeTop(t, ctx, 4)
	eventually(t, "the comparison to say it is stale", 10*time.Second, func() bool {
		return strings.Contains(text(t, ctx, "#full-retrain-stale"), "you have 4 likes now") &&
			text(t, ctx, "#full-retrain-start") == "Retrain with your 4 likes"
	})
	if again := waitFullRetrain(t, ctx, "the comparison", time.Second, func(evFullRetrain) bool { return true }); again.Result == nil ||
		again.Result.RetrainSum != res.RetrainSum || len(again.Likes) != 3 {
		t.Errorf("a like changed the published comparison: %+v", again)
	}
	screenshotOf(t, ctx, "#full-retrain", "73-full-retrain-stale")

	// It never blocks a click: a like in the task that starts a retrain,
	// before the workers can answer, is learnt and drawn, and the
	// comparison, of the likes it started with, is stale when it ends.
	run(t, ctx, "retraining and liking in one task", 10*time.Second, chromedp.Evaluate(`(() => {
		document.querySelector("#full-retrain-start").click();
		document.querySelector("#ranked-list li:has(button.like) button.like").click();
	})()`, nil))
	waitFor(t, ctx, "the like made as the retrain started, on screen", 10*time.Second, func(m metrics) bool {
		return m.Liked == 5 && len(m.ClickToScreenMs) == 5
	})
	second := waitFullRetrain(t, ctx, "the second retrain to finish", 3*time.Minute, func(r evFullRetrain) bool { return r.Finished })
	if len(second.Likes) != 4 || second.Result == nil || len(second.Result.Likes) != 4 {
		t.Errorf("the second retrain compared %v, want the 4 likes it started with", second.Likes)
	}
	eventually(t, "the second comparison to say it is stale", 10*time.Second, func() bool {
		return strings.Contains(text(t, ctx, "#full-retrain-stale"), "your 4 likes then; you have 5 likes now")
	})

	// The replay with a lane retrained every 500 reviews.
	click(t, ctx, "#replay-retrain-500")
	eventually(t, "the replay's button", 10*time.Second, func() bool {
		return count(t, ctx, "#replay-start") == 1 && !disabled(t, ctx, "#replay-start")
	})
	click(t, ctx, "#replay-start")
	ev := waitEvidence(t, ctx, "the replay to finish", 4*time.Minute, func(ev evidenceJSON) bool { return ev.Replay.Finished })
	checkReplay(t, cli, packPath, ev.Replay)
	want := checkRetrainLane(t, cli, packPath, ev.Replay, 500)
	checkShown(t, ctx, ev)
	var compute fullRetrainEvidence
	readPublished(t, ctx, "ealsLiveEvidence", &compute)
	for _, l := range compute.Replay.Lanes {
		if l.Key != "retrain" {
			continue
		}
		if float64(l.Retrains) != num(t, want, "retrains") || l.ComputeMs != l.TrainMs+l.UpdateMsTotal || l.UpdateMsTotal <= 0 {
			t.Errorf("the retrain lane's compute: %+v; the command line's %v retrains", l, want["retrains"])
		}
		contains(t, "the retrain lane's compute", text(t, ctx, `#replay-compute [data-key="retrain"] [data-role="learn-ms"]`),
			fmt.Sprintf("%d retrains", l.Retrains))
		t.Logf("retrain every 500: %d retrains, %.0f ms after %.0f ms of training in the browser; the command line %.0f ms after %.0f ms",
			l.Retrains, l.UpdateMsTotal, l.TrainMs, 1000*num(t, want, "retrain_seconds"), 1000*(num(t, want, "compute_seconds")-num(t, want, "retrain_seconds")))
	}
	if compute.Replay.RetrainEvery != 500 {
		t.Errorf("the replay's N is %d", compute.Replay.RetrainEvery)
	}
	contains(t, "the trade-off's findings", text(t, ctx, "#replay-retrain-findings"), "eALS, retrained every 500 reviews: HR@100")
	assertAccessible(t, ctx, "the replay with a retraining lane")
	screenshotOf(t, ctx, "#replay", "74-replay-retrain-lane")
	run(t, ctx, "turning into a phone", 10*time.Second, phone())
	screenshotOf(t, ctx, "#replay-compute", "75-replay-compute-phone")
	run(t, ctx, "back to the laptop", 10*time.Second, desktop())

	// The exports carry the comparison (the second, as published) and the
	// lane.
	eventually(t, "the comparison's export", 10*time.Second, func() bool { return count(t, ctx, "#export-retrain-csv") == 1 })
	_, rows := readCSVFile(t, "eals-retrain.csv", exportFile(t, ctx, "#export-retrain-csv", "eals-retrain.csv"))
	found := false
	for _, r := range rows[1:] {
		if r[0] == "comparison" && r[1] == "retrained" {
			found = true
			if r[6] != strconv.Itoa(second.Result.VsRetrained.Overlap) {
				t.Errorf("the CSV's overlap is %s, the page's %d", r[6], second.Result.VsRetrained.Overlap)
			}
		}
	}
	if !found {
		t.Error("the comparison's CSV has no comparison row")
	}
	var doc struct {
		Kind   string
		Result struct {
			SHA256 struct{ Retrained string }
			Likes  []struct {
				Business string `json:"business_id"`
			}
		}
	}
	if err := json.Unmarshal(exportFile(t, ctx, "#export-retrain-json", "eals-retrain.json"), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Kind != "retrain" || doc.Result.SHA256.Retrained != second.Result.RetrainSum || len(doc.Result.Likes) != 4 ||
		doc.Result.Likes[0].Business != pk.Items[likes[0]].ID {
		t.Errorf("the comparison's JSON reads %+v", doc)
	}
	_, rows = readCSVFile(t, "eals-replay.csv", exportFile(t, ctx, "#export-replay-csv", "eals-replay.csv"))
	found = false
	for _, r := range rows[1:] {
		if r[0] == "retrain" && r[2] == "overall" {
			found = true
			if r[10] != fmt.Sprint(want["retrains"]) {
				t.Errorf("the replay's CSV has %s retrains, the command line %v", r[10], want["retrains"])
			}
		}
	}
	if !found {
		t.Error("the replay's CSV has no overall row for the retrain lane")
	}
}

// checkRetrainLane compares the replay's "retrain every n" lane with the
// command line's -retrain-every lane for the same pack and settings, and
// returns the command line's lane.
func checkRetrainLane(t testing.TB, cli func(...string) map[string]any, packPath string, r evReplay, n int) map[string]any {
	t.Helper()
	args := append([]string{"-data", packPath, "-protocol", "online"}, r.settings()...)
	summary := cli(append(args, "-model", "eals", "-retrain-every", strconv.Itoa(n))...)
	want, ok := summary["retrain"].(map[string]any)
	if !ok {
		t.Fatalf("the command line's summary has no retrain lane: %v", summary)
	}
	var lane *evLane
	for k := range r.Lanes {
		if r.Lanes[k].Key == "retrain" {
			lane = &r.Lanes[k]
		}
	}
	if lane == nil {
		t.Fatalf("the replay has no retrain lane: %+v", r.Lanes)
	}
	sameMetrics(t, "retrain overall", lane.Overall, want)
	buckets, _ := want["by_history"].([]any)
	if len(buckets) != len(lane.ByHistory) || len(buckets) == 0 {
		t.Fatalf("retrain: %d history buckets on the page, %d from the command line", len(lane.ByHistory), len(buckets))
	}
	for k, b := range buckets {
		sameMetrics(t, "retrain, "+lane.ByHistory[k].Label+" past", lane.ByHistory[k].evMetrics, b.(map[string]any))
	}
	curve, _ := want["curve"].([]any)
	if len(curve) != len(lane.Curve) {
		t.Fatalf("retrain: %d curve points on the page, %d from the command line", len(lane.Curve), len(curve))
	}
	for k, p := range curve {
		wp := p.(map[string]any)
		got := lane.Curve[k]
		if float64(got.Tests) != num(t, wp, "tests") || !agree(got.HR, num(t, wp, "hr")) || !agree(got.NDCG, num(t, wp, "ndcg")) {
			t.Errorf("retrain: curve point %d is %+v on the page, %v from the command line", k, got, wp)
		}
	}
	t.Logf("retrain every %d: HR@100 %.4f on the page, %.4f from the command line; updated eALS %.4f", n, lane.Overall.HR, num(t, want, "hr"), num(t, summary, "hr"))
	return want
}
