//go:build browser && !wasm

package pagetest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/ealslive/ealslive/core/pack"
	"github.com/ealslive/ealslive/core/pack/packfile"
)

// smallPackFile writes the small subset `build pack -k 20 -max 5000` makes.
func smallPackFile(t *testing.T) string {
	t.Helper()
	packPath := filepath.Join(t.TempDir(), "small.msgpack")
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
	return packPath
}

// The replay's optional lanes (eALS with w_new = 4, BPR with online SGD
// steps, RCD with its incremental update) give the command line's figures
// for the same pack, settings and flags, beside the three usual lanes,
// and the page shows them in its charts.
func TestReplayChoicesMatchTheCommandLine(t *testing.T) {
	packPath := smallPackFile(t)
	cli := ealsCLI(t)
	srv := serveSite(t, siteWithPack(t, packPath), "")
	ctx := newBrowser(t)
	run(t, ctx, "opening the page", 30*time.Second, chromedp.Navigate(srv.base))
	waitFor(t, ctx, "training to end", trainTimeout, ready)

	// w_new = 1 is the page's own: shown, checked and disabled. The replay's
	// section learns the session's settings through the page's state, so
	// its choices may be drawn a moment after the model is ready.
	eventually(t, "the page's own w_new shown as always replayed (checked, disabled)", 10*time.Second, func() bool {
		return disabled(t, ctx, "#replay-wnew-0") && strings.Contains(text(t, ctx, "#replay-choices"), "the page's: always replayed")
	})
	for _, sel := range []string{"#replay-wnew-2", "#replay-bpr", "#replay-rcd"} {
		click(t, ctx, sel)
	}
	eventually(t, "the replay's button", 10*time.Second, func() bool {
		return count(t, ctx, "#replay-start") == 1 && !disabled(t, ctx, "#replay-start")
	})
	click(t, ctx, "#replay-start")
	ev := waitEvidence(t, ctx, "the replay to finish", 4*time.Minute, func(ev evidenceJSON) bool { return ev.Replay.Finished })
	r := ev.Replay
	var keys []string
	for _, l := range r.Lanes {
		keys = append(keys, l.Key)
	}
	if got, want := strings.Join(keys, " "), "eals frozen pop eals-w4 bpr rcd"; got != want {
		t.Fatalf("the replay's lanes are %q, want %q", got, want)
	}
	checkReplay(t, cli, packPath, r)
	checkLane(t, cli, packPath, r, "eals-w4", "-model", "eals", "-wnew", "4")
	checkLane(t, cli, packPath, r, "bpr", "-model", "bpr", "-epochs", "50")
	checkLane(t, cli, packPath, r, "rcd", "-model", "rcd", "-alpha", "0")
	checkShown(t, ctx, ev)
	contains(t, "the findings", text(t, ctx, "#replay-findings"), "Beside them, over the same reviews: eALS, w_new = 4 ")
	for _, l := range r.Lanes {
		t.Logf("%-8s HR@100 %.4f NDCG@100 %.4f over %d", l.Key, l.Overall.HR, l.Overall.NDCG, l.Overall.Count)
	}
	screenshotOf(t, ctx, "#replay", "62-replay-choices")
	run(t, ctx, "turning into a phone", 10*time.Second, phone())
	screenshotOf(t, ctx, "#replay-choices", "63-replay-choices-phone")
}
