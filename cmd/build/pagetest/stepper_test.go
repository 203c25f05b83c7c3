//go:build browser && !wasm

package pagetest

import (
	"context"
	"math"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/ealslive/ealslive/core"
)

// The update stepper walks the core's trace of the same click: at each
// step it visits, the factor, every term of eq. (12) or (13), the old and
// new value and the restricted objective equal the native trace's to the
// precision shown, and its bars are the vector core.Replay gives around
// the step. Back and Next stop at the ends; Play advances and Pause stops.
func TestUpdateStepperMatchesCore(t *testing.T) {
	bp := readBuiltPack(t)
	train := bp.train
	srv := bp.serve(t)
	ctx := newBrowser(t)
	run(t, ctx, "opening the page", 30*time.Second, chromedp.Navigate(srv.base))
	waitFor(t, ctx, "training to end", trainTimeout, ready)
	if n := count(t, ctx, "#stepper-none"); n != 1 {
		t.Error("before a click the stepper does not say it waits for one")
	}
	cfg := pageConfigShown(t, ctx)
	model, err := core.Train(train, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	you := model.AddUser()
	target := ids(t, ctx, "#browse-list li:has(button.like)")[0]
	run(t, ctx, "liking a business", 10*time.Second,
		mouseClick(`#browse-list li[data-id="`+target+`"] button.like`))
	waitFor(t, ctx, "the click to be learnt", 10*time.Second, func(m metrics) bool { return len(m.UpdateMs) == 1 })
	settled(t, ctx)
	item, _ := strconv.Atoi(target)
	tr, err := model.UpdateTraced(you, int32(item))
	if err != nil {
		t.Fatal(err)
	}
	k := tr.K
	eventually(t, "the stepper at its first step", 10*time.Second, func() bool {
		return attr(t, ctx, "#stepper-status", "data-at") == "0"
	})
	if !disabled(t, ctx, "#stepper-back") || disabled(t, ctx, "#stepper-next") {
		t.Error("at the first step Back should be disabled and Next enabled")
	}
	for _, name := range []string{"#stepper-back", "#stepper-next", "#stepper-play"} {
		if l := attr(t, ctx, name, "aria-label"); l == "" {
			t.Errorf("%s has no accessible name", name)
		}
	}
	compareWalkStep(t, ctx, tr, 0)
	screenshotOf(t, ctx, "#update-stepper", "50-stepper-first")
	stepTo(t, ctx, 0, 2)
	compareWalkStep(t, ctx, tr, 2)
	stepTo(t, ctx, 2, k) // the business's first step, eq. (13)
	compareWalkStep(t, ctx, tr, k)
	stepTo(t, ctx, k, k-1) // Back to your last
	compareWalkStep(t, ctx, tr, k-1)
	stepTo(t, ctx, k-1, 2*k-1)
	compareWalkStep(t, ctx, tr, 2*k-1)
	if disabled(t, ctx, "#stepper-back") || !disabled(t, ctx, "#stepper-next") {
		t.Error("at the last step Back should be enabled and Next disabled")
	}
	screenshotOf(t, ctx, "#update-stepper", "51-stepper-last")

	// Play from the end starts again and advances by itself; Pause holds.
	run(t, ctx, "pressing Play", 5*time.Second, mouseClick("#stepper-play"))
	eventually(t, "Play to reach step 3", 20*time.Second, func() bool {
		at, _ := strconv.Atoi(attr(t, ctx, "#stepper-status", "data-at"))
		return at >= 2 && at < 2*k-1
	})
	if got := attr(t, ctx, "#stepper-play", "aria-pressed"); got != "true" {
		t.Errorf("while playing, Play's aria-pressed is %q", got)
	}
	run(t, ctx, "pressing Pause", 5*time.Second, mouseClick("#stepper-play"))
	held := attr(t, ctx, "#stepper-status", "data-at")
	time.Sleep(2 * time.Second)
	if now := attr(t, ctx, "#stepper-status", "data-at"); now != held {
		t.Errorf("after Pause the stepper moved from step %s to %s", held, now)
	}
	at, _ := strconv.Atoi(held)
	compareWalkStep(t, ctx, tr, at)
	run(t, ctx, "narrow screen", 10*time.Second, phone())
	time.Sleep(500 * time.Millisecond)
	screenshotOf(t, ctx, "#update-stepper", "52-stepper-phone")
}

// stepTo presses Next or Back, focused and by keyboard (Enter), from step
// from to step to.
func stepTo(t *testing.T, ctx context.Context, from, to int) {
	t.Helper()
	button := "#stepper-next"
	if to < from {
		button = "#stepper-back"
	}
	for at := from; at != to; {
		if to > from {
			at++
		} else {
			at--
		}
		run(t, ctx, "pressing "+button, 5*time.Second, focusOn(button), chromedp.KeyEvent("\r"))
		want := strconv.Itoa(at)
		eventually(t, "the stepper at step "+want, 5*time.Second, func() bool {
			return attr(t, ctx, "#stepper-status", "data-at") == want
		})
	}
}

// compareWalkStep holds what the stepper shows at step at to the trace.
func compareWalkStep(t *testing.T, ctx context.Context, tr *core.UpdateTrace, at int) {
	t.Helper()
	steps, before, side := tr.UserSteps, tr.UserBefore, "user"
	n := at
	if at >= len(tr.UserSteps) {
		steps, before, side = tr.ItemSteps, tr.ItemBefore, "item"
		n -= len(tr.UserSteps)
	}
	s := steps[n]
	if got := attr(t, ctx, "#stepper-status", "data-side"); got != side {
		t.Fatalf("step %d: the stepper is on the %s side, want %s", at, got, side)
	}
	if got := attr(t, ctx, "#stepper-status", "data-factor"); got != strconv.Itoa(s.Factor) {
		t.Fatalf("step %d: factor %s, the core's %d", at, got, s.Factor)
	}
	var terms map[string]string
	run(t, ctx, "reading the step's terms", 10*time.Second, chromedp.Evaluate(`Object.fromEntries(Array.from(
		document.querySelectorAll("#update-stepper [data-term]")).map(e => [e.dataset.term, e.textContent]))`, &terms))
	for _, c := range []struct {
		name   string
		native float64
	}{
		{"observed", s.Observed}, {"cached", s.Cached}, {"observed-denom", s.ObservedDenom},
		{"cached-denom", s.CachedDenom}, {"lambda", s.Lambda}, {"old", s.Old}, {"new", s.New},
		{"loss-before", s.LossBefore}, {"loss-after", s.LossAfter}, {"loss-drop", s.Fall()},
	} {
		shown, ok := terms[c.name]
		if !ok {
			t.Errorf("step %d: no %s term", at, c.name)
			continue
		}
		if !agrees(t, shown, c.native) {
			t.Errorf("step %d: %s shows %s, the core has %.12g", at, c.name, shown, c.native)
		}
	}
	if s.LossAfter > s.LossBefore {
		t.Errorf("step %d: the core's restricted objective rose", at)
	}
	for _, role := range []string{"before", "after"} {
		want := core.Replay(before, steps, n)
		if role == "after" {
			want = core.Replay(before, steps, n+1)
		}
		var got []string
		run(t, ctx, "reading the bars", 10*time.Second, chromedp.Evaluate(`Array.from(document.querySelectorAll(
			'#stepper-bars rect[data-role="`+role+`"]')).map(e => e.getAttribute("data-value"))`, &got))
		if len(got) != len(want) {
			t.Fatalf("step %d: %d %s bars, want K = %d", at, len(got), role, len(want))
		}
		for f, g := range got {
			v, err := strconv.ParseFloat(g, 64)
			if err != nil || math.Abs(v-want[f]) > 1e-9*(1+math.Abs(want[f])) {
				t.Fatalf("step %d: %s bar %d is %s, core.Replay gives %v", at, role, f, g, want[f])
			}
		}
	}
}
