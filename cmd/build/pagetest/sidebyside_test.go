//go:build browser && !wasm

package pagetest

import (
	"context"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// Retraining with α = 0 keeps the first run's curves as ghost lines named
// by their settings; the comparison then says that its two eALS rows are
// one model instead of judging them, and does not call the first
// popularity-weighted. Screenshots of the new views at the three sizes.
func TestGhostCurvesAndAnHonestComparison(t *testing.T) {
	srv := serveSite(t, siteWithPack(t, smallPackFile(t)), "")
	ctx := newBrowser(t)
	run(t, ctx, "opening the page", 30*time.Second, chromedp.Navigate(srv.base))
	waitFor(t, ctx, "training to end", trainTimeout, ready)
	if n := count(t, ctx, `#chart-objective polyline[data-role="ghost"]`); n != 0 {
		t.Fatalf("a first run draws %d ghost lines", n)
	}

	setParam(t, ctx, "alpha", "0")
	setParam(t, ctx, "epochs", "10")
	eventually(t, "Retrain to be enabled", 10*time.Second, func() bool { return !retrainDisabled(t, ctx) })
	click(t, ctx, "#retrain")
	waitFor(t, ctx, "the second training", trainTimeout, func(m metrics) bool { return ready(m) && len(m.EpochMs) == 10 })
	for _, id := range []string{"#chart-objective", "#chart-hr"} {
		if got := attr(t, ctx, id+` polyline[data-role="ghost"]`, "data-points"); got != "25" {
			t.Errorf("%s: the ghost line has %q points, want the first run's 25", id, got)
		}
		if got := attr(t, ctx, id+" svg", "data-points"); got != "10" {
			t.Errorf("%s: the current line has %q points, want 10", id, got)
		}
	}
	note := text(t, ctx, "#curves-ghost")
	contains(t, "the ghost note", note, "α = 0.4, λ = 0.01")
	contains(t, "the ghost note", note, "α = 0.4, now 0")
	contains(t, "the ghost note", note, "epochs = 25, now 10")

	eventually(t, "the comparison's button", 10*time.Second, func() bool {
		return count(t, ctx, "#compare-start") == 1 && !disabled(t, ctx, "#compare-start")
	})
	click(t, ctx, "#compare-start")
	ev := waitEvidence(t, ctx, "the comparison to finish", 3*time.Minute, func(ev evidenceJSON) bool { return ev.Compare.Finished })
	rows := ev.Compare.Rows
	if len(rows) != 4 || rows[0].Metrics != rows[1].Metrics {
		t.Errorf("with α = 0 the two eALS rows differ: %+v", rows)
	}
	verdict := text(t, ctx, "#compare-verdict")
	contains(t, "the verdict", verdict, "are the same model")
	if got := text(t, ctx, `#compare-table [data-key="eals"] .model-name`); got != "eALS, your settings (α = 0: uniform)" {
		t.Errorf("the first row is labelled %q", got)
	}

	// A click, for eq. (12) with live numbers.
	target := ids(t, ctx, "#browse-list li:has(button.like)")[0]
	click(t, ctx, `#browse-list li[data-id="`+target+`"] button.like`)
	settled(t, ctx)
	for _, size := range []struct {
		name   string
		w, h   int64
		scale  float64
		mobile bool
	}{{"1366", 1366, 900, 1, false}, {"1280x720@1.5", 1280, 720, 1.5, false}, {"390", 390, 844, 2, true}} {
		run(t, ctx, "resizing", 10*time.Second, chromedp.ActionFunc(func(ctx context.Context) error {
			return emulation.SetDeviceMetricsOverride(size.w, size.h, size.scale, size.mobile).Do(ctx)
		}))
		time.Sleep(300 * time.Millisecond)
		for _, sel := range []string{"#curves", "#compare", "#replay-choices", "#export", "#share", "#update-view"} {
			screenshotOf(t, ctx, sel, "7x-"+sel[1:]+"-"+size.name)
		}
	}
}
