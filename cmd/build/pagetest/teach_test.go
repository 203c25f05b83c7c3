//go:build browser && !wasm

package pagetest

import (
	"context"
	"math"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/ealslive/ealslive/core"
	"github.com/ealslive/ealslive/core/pack"
)

// The teaching view: the weights plot follows the controls and agrees
// with the core on the same pack; each control rejects a bad value with
// the core's message and keeps Retrain disabled; after clicks, eq. (12)
// shows numbers that add up and "why?" splits each score into shares that
// sum to it; Retrain trains a new model with the clicks kept.
func TestTeachingView(t *testing.T) {
	pk, err := pack.ReadFile(filepath.Join(repoRoot, "web", "yelp.msgpack"))
	if err != nil {
		t.Fatalf("the built pack is needed (make pack): %v", err)
	}
	train, _, err := pk.Data.LeaveOneOut()
	if err != nil {
		t.Fatal(err)
	}
	counts := train.ItemCounts()

	srv := serveSite(t, buildSite(t, ""), "")
	ctx := newBrowser(t)
	run(t, ctx, "opening the page", 30*time.Second, chromedp.Navigate(srv.base))
	waitFor(t, ctx, "training to end", trainTimeout, ready)

	// Before the first click there is nothing to explain or show.
	contains(t, "the why note before a click", text(t, ctx, "#why-note"), "Nothing of yours to explain yet")
	if n := count(t, ctx, "#ranked-list .why-toggle"); n != 0 {
		t.Errorf("%d why? buttons before the first click", n)
	}
	if n := count(t, ctx, "#update-none"); n != 1 {
		t.Errorf("before a click the update view does not say it waits for one")
	}

	// The plot is the core's curve for the page's settings.
	checkWeights(t, ctx, counts, 512, 0.4)
	contains(t, "the weights plot's title", text(t, ctx, "#weights-title"), "the values in the controls")
	screenshot(t, ctx, "30-teach-weights")

	// Moving α redraws at once, before any retraining.
	before := attr(t, ctx, `#chart-weights polyline[data-role="weights"]`, "points")
	setParam(t, ctx, "alpha", "0")
	eventually(t, "the plot for α = 0", 10*time.Second, func() bool { return attr(t, ctx, "#chart-weights", "data-alpha") == "0" })
	checkWeights(t, ctx, counts, 512, 0)
	if after := attr(t, ctx, `#chart-weights polyline[data-role="weights"]`, "points"); after == before {
		t.Error("the weights line did not move when α went from 0.4 to 0")
	}
	// α = 0 is the uniform weighting: the line lies on the dashed one.
	uniformY := attr(t, ctx, `#chart-weights line[data-role="uniform"]`, "y1")
	for _, pt := range strings.Fields(attr(t, ctx, `#chart-weights polyline[data-role="weights"]`, "points")) {
		if _, y, _ := strings.Cut(pt, ","); y != uniformY {
			t.Fatalf("with α = 0 the weights line passes through %s, off the uniform line at y = %s", pt, uniformY)
		}
	}
	contains(t, "the weights caption after moving α", text(t, ctx, "#weights-caption"), "retrain to use these")
	setParam(t, ctx, "alpha", "1")
	eventually(t, "the plot for α = 1", 10*time.Second, func() bool { return attr(t, ctx, "#chart-weights", "data-alpha") == "1" })
	checkWeights(t, ctx, counts, 512, 1)
	setParam(t, ctx, "c0", "64")
	eventually(t, "the plot for c0 = 64", 10*time.Second, func() bool { return attr(t, ctx, "#chart-weights", "data-c0") == "64" })
	checkWeights(t, ctx, counts, 64, 1)
	setParam(t, ctx, "c0", "512")
	setParam(t, ctx, "alpha", "0.4")
	eventually(t, "the plot back at the page's settings", 10*time.Second, func() bool {
		return attr(t, ctx, "#chart-weights", "data-alpha") == "0.4" && attr(t, ctx, "#chart-weights", "data-c0") == "512"
	})
	if retrainDisabled(t, ctx) {
		t.Error("Retrain is disabled with valid values and a trained model")
	}

	// Each control rejects a bad value with the core's message.
	ref := func(f func(*core.Config)) string {
		c := core.DefaultConfig()
		f(&c)
		ps := c.Problems()
		if len(ps) != 1 {
			t.Fatalf("the reference config has %d problems, want 1", len(ps))
		}
		return ps[0].Reason
	}
	for _, tc := range []struct{ name, bad, good, want string }{
		{"K", "0", "32", "must be between 1 and 128 in the browser, where an epoch's time grows with K² (the eals command line takes up to " + strconv.Itoa(core.MaxK) + ")"},
		{"alpha", "9", "0.4", ref(func(c *core.Config) { c.Alpha = 9 })},
		{"c0", "-1", "512", ref(func(c *core.Config) { c.C0 = -1 })},
		{"lambda", "NaN", "0.01", ref(func(c *core.Config) { c.Lambda = math.NaN() })},
		{"lambda", "abc", "0.01", "“abc” is not a number"},
		{"wnew", "0", "1", ref(func(c *core.Config) { c.WNew = 0 })},
		{"epochs", "-1", "25", "must be between 0 and 200 in the browser, so that training ends within minutes (the eals command line takes up to " + strconv.Itoa(core.MaxEpochs) + ")"},
		// Within core's limits but too slow for a browser: the page's own.
		{"K", "500", "32", "must be between 1 and 128 in the browser, where an epoch's time grows with K² (the eals command line takes up to " + strconv.Itoa(core.MaxK) + ")"},
		{"epochs", "5000", "25", "must be between 0 and 200 in the browser, so that training ends within minutes (the eals command line takes up to " + strconv.Itoa(core.MaxEpochs) + ")"},
	} {
		setParam(t, ctx, tc.name, tc.bad)
		eventually(t, tc.name+" = "+tc.bad+" to be rejected", 10*time.Second, func() bool {
			return text(t, ctx, "#param-"+tc.name+"-error") == tc.want
		})
		if !retrainDisabled(t, ctx) {
			t.Errorf("%s = %s: Retrain is enabled", tc.name, tc.bad)
		}
		if got := attr(t, ctx, "#param-"+tc.name, "aria-invalid"); got != "true" {
			t.Errorf("%s = %s: the field is not marked invalid (aria-invalid %q)", tc.name, tc.bad, got)
		}
		if tc.name == "alpha" {
			// The plot keeps the last valid α and says so.
			if got := attr(t, ctx, "#chart-weights", "data-alpha"); got != "0.4" {
				t.Errorf("with α = 9 the plot is for α = %s, want the last valid 0.4", got)
			}
			contains(t, "the weights plot's title with α = 9", text(t, ctx, "#weights-title"), "last valid values")
			screenshot(t, ctx, "31-teach-invalid")
			assertAccessible(t, ctx, "a parameter error")
		}
		setParam(t, ctx, tc.name, tc.good)
		eventually(t, tc.name+" = "+tc.good+" to be accepted", 10*time.Second, func() bool {
			return text(t, ctx, "#param-"+tc.name+"-error") == "" && !retrainDisabled(t, ctx)
		})
	}

	// Three clicks: each shows eq. (12) with numbers that add up.
	var liked, names []string
	for k := 0; k < 3; k++ {
		target := ids(t, ctx, "#browse-list li:has(button.like)")[0]
		names = append(names, text(t, ctx, `#browse-list li[data-id="`+target+`"] .biz-name`))
		run(t, ctx, "liking a business", 10*time.Second,
			mouseClick(`#browse-list li[data-id="`+target+`"] button.like`))
		liked = append(liked, target)
		waitFor(t, ctx, "the click to be learnt", 10*time.Second, func(m metrics) bool { return len(m.UpdateMs) == k+1 })
		settled(t, ctx)
		likeShown(t, ctx, "#browse-list", target)
		eventually(t, "the update view for this click", 10*time.Second, func() bool {
			return strings.Contains(text(t, ctx, "#update-live .update-head"), names[k])
		})
		checkUpdate(t, ctx, k+1)
	}
	screenshot(t, ctx, "32-teach-update")

	// "why?" on the first three businesses: the parts add up to the score.
	if n := count(t, ctx, "#ranked-list .why-toggle"); n != 20 {
		t.Fatalf("%d why? buttons after 3 clicks, want one per listed business", n)
	}
	contains(t, "the why note", text(t, ctx, "#why-note"), "remainder")
	listed := ids(t, ctx, "#ranked-list li[data-id]")
	for _, id := range listed[:3] {
		run(t, ctx, "opening why?", 10*time.Second,
			mouseClick(`#ranked-list li[data-id="`+id+`"] .why-toggle`))
		eventually(t, "the why panel of "+id, 10*time.Second, func() bool { return count(t, ctx, `#ranked-list li[data-id="`+id+`"] .why`) == 1 })
		checkWhy(t, ctx, id, names)
	}
	run(t, ctx, "scrolling to the list", 10*time.Second, scrolledTo("#ranked-list"))
	screenshot(t, ctx, "33-teach-why")
	assertAccessible(t, ctx, "the teaching views after a like")
	run(t, ctx, "closing a why?", 10*time.Second,
		mouseClick(`#ranked-list li[data-id="`+listed[0]+`"] .why-toggle`))
	eventually(t, "the why panel to close", 10*time.Second, func() bool { return count(t, ctx, `#ranked-list li[data-id="`+listed[0]+`"] .why`) == 0 })

	// Retrain waits while the evidence replay runs.
	click(t, ctx, "#replay-start")
	eventually(t, "Retrain to wait for the replay", 10*time.Second, func() bool {
		return retrainDisabled(t, ctx) && strings.Contains(text(t, ctx, "#retrain-status"), "the replay is running")
	})
	click(t, ctx, "#replay-stop")
	eventually(t, "Retrain to be free again", time.Minute, func() bool { return !retrainDisabled(t, ctx) })

	// Retrain with K = 8 for 20 epochs: a new model, the clicks kept. (A
	// few epochs at K = 8 could end before the checks below could see the
	// training.)
	setParam(t, ctx, "K", "8")
	setParam(t, ctx, "epochs", "20")
	eventually(t, "Retrain to be enabled", 10*time.Second, func() bool { return !retrainDisabled(t, ctx) })
	run(t, ctx, "retraining", 10*time.Second, mouseClick("#retrain"))
	eventually(t, "Retrain to be disabled while it trains", 10*time.Second, func() bool { return retrainDisabled(t, ctx) })
	if f := focused(t, ctx); !strings.HasPrefix(f, "button|retrain|") {
		t.Errorf("while the model retrains, focus is on %q, want still on Retrain", f)
	}
	// Nor can the evidence views start while it trains: the replay's
	// section hears of the training in a redraw of its own. Should it
	// never, the training ends first and this times out.
	eventually(t, "the replay's button to be disabled while the model retrains", 10*time.Second, func() bool {
		return disabled(t, ctx, "#replay-start") && retrainDisabled(t, ctx)
	})
	m := waitFor(t, ctx, "the retrained model", trainTimeout, func(m metrics) bool { return ready(m) && len(m.EpochMs) == 20 })
	if m.HR <= 0 {
		t.Errorf("the retrained model has HR@100 %v", m.HR)
	}
	eventually(t, "the settings of the new model", 10*time.Second, func() bool {
		return strings.Contains(text(t, ctx, "#training .settings"), "K = 8 factors")
	})
	contains(t, "the status after retraining", text(t, ctx, "#train-status"), "Trained 20 epochs")
	if got := ids(t, ctx, "#history-list li"); !slices.Equal(got, liked) {
		t.Errorf("after retraining the history is %v, want %v", got, liked)
	}
	if got := attr(t, ctx, "#ranked-list", "data-order"); got != "model" {
		t.Errorf("after retraining the list is ordered by %q", got)
	}
	contains(t, "the list's caption after retraining", text(t, ctx, "#list-caption"), "after 3 clicks")
	after := ids(t, ctx, "#ranked-list li[data-id]")
	if len(after) != 20 || slices.Equal(after, listed) {
		t.Errorf("retraining with K = 8 left the list %v (before %v)", after, listed)
	}
	for _, id := range liked {
		if slices.Contains(after, id) {
			t.Errorf("after retraining the liked business %s is recommended", id)
		}
	}
	if n := count(t, ctx, "#ranked-list .why-toggle"); n != 20 {
		t.Errorf("after retraining %d why? buttons, want 20: the replayed clicks explain the new list", n)
	}
	var fields []string
	run(t, ctx, "reading the fields", 10*time.Second, chromedp.Evaluate(
		`["K", "epochs"].map(n => document.querySelector("#param-" + n).value)`, &fields))
	if !slices.Equal(fields, []string{"8", "20"}) {
		t.Errorf("after retraining K and epochs hold %q, want 8 and 20", fields)
	}
	// A click on the new model shows K = 8 in the update.
	target := ids(t, ctx, "#ranked-list li:has(button.like)")[0]
	run(t, ctx, "liking after retraining", 10*time.Second,
		mouseClick(`#ranked-list li[data-id="`+target+`"] button.like`))
	waitFor(t, ctx, "the click to be learnt", 10*time.Second, func(m metrics) bool { return m.Liked == 4 })
	settled(t, ctx)
	eventually(t, "the update view with K = 8", 10*time.Second, func() bool { return text(t, ctx, `#update-cost [data-term="k"]`) == "8" })
	checkUpdate(t, ctx, 4)
	screenshot(t, ctx, "34-teach-retrained")

	run(t, ctx, "going phone-sized", 10*time.Second, phone())
	run(t, ctx, "scrolling to the teaching view", 10*time.Second, scrolledTo("#teach"))
	screenshot(t, ctx, "35-teach-phone")
}

// setParam types text into a parameter's field as a visitor would.
func setParam(t *testing.T, ctx context.Context, name, value string) {
	t.Helper()
	// The settings' section comes in a frame or more after the model's
	// arrival, which the workers may have made before the page started.
	eventually(t, "the field "+name, 10*time.Second, func() bool { return count(t, ctx, "#param-"+name) == 1 })
	run(t, ctx, "setting "+name, 10*time.Second, chromedp.Evaluate(`(() => {
		const e = document.querySelector("#param-`+name+`");
		e.value = `+jsString(value)+`;
		e.dispatchEvent(new Event("input", {bubbles: true}));
	})()`, nil))
}

func retrainDisabled(t *testing.T, ctx context.Context) bool {
	t.Helper()
	var d bool
	run(t, ctx, "reading Retrain", 10*time.Second, chromedp.Evaluate(`(b => b.disabled || b.getAttribute("aria-disabled") === "true")(document.querySelector("#retrain"))`, &d))
	return d
}

func parseFloatAttr(t *testing.T, ctx context.Context, sel, name string) float64 {
	t.Helper()
	s := attr(t, ctx, sel, name)
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatalf("%s %s = %q: %v", sel, name, s, err)
	}
	return v
}

// checkWeights holds the plot to the core's weights for c0 and α on the
// pack's training counts.
func checkWeights(t *testing.T, ctx context.Context, counts []int, c0, alpha float64) {
	t.Helper()
	curve := core.WeightsByPopularity(counts, c0, alpha)
	lo, hi := curve.Points[0], curve.Points[len(curve.Points)-1]
	svg := "#chart-weights svg"
	if got := attr(t, ctx, svg, "data-lo-count"); got != strconv.Itoa(lo.Count) {
		t.Errorf("c0=%g α=%g: least popular count %s, the core says %d", c0, alpha, got, lo.Count)
	}
	if got := attr(t, ctx, svg, "data-hi-count"); got != strconv.Itoa(hi.Count) {
		t.Errorf("c0=%g α=%g: most popular count %s, the core says %d", c0, alpha, got, hi.Count)
	}
	for _, c := range []struct {
		sel, name string
		want      float64
	}{
		{svg, "data-lo-weight", lo.Weight},
		{svg, "data-hi-weight", hi.Weight},
		{`#chart-weights line[data-role="uniform"]`, "data-weight", c0 / float64(len(counts))},
	} {
		// The page's math.Pow runs as WebAssembly and may differ in the
		// last bit.
		if got := parseFloatAttr(t, ctx, c.sel, c.name); math.Abs(got-c.want) > 1e-12*c.want {
			t.Errorf("c0=%g α=%g: %s %s = %v, the core says %v", c0, alpha, c.sel, c.name, got, c.want)
		}
	}
	// On log–log axes the weights are a line of slope α.
	slope := math.Log(hi.Weight/lo.Weight) / math.Log(float64(hi.Count)/float64(lo.Count))
	if math.Abs(slope-alpha) > 1e-9 {
		t.Errorf("c0=%g α=%g: log–log slope %v", c0, alpha, slope)
	}
	if n, _ := strconv.Atoi(attr(t, ctx, `#chart-weights path[data-role="items"]`, "data-dots")); n != len(curve.Points) {
		t.Errorf("c0=%g α=%g: %d dots, want one per distinct count (%d)", c0, alpha, n, len(curve.Points))
	}
}

// checkUpdate reads eq. (12) with numbers from the page and redoes it.
func checkUpdate(t *testing.T, ctx context.Context, clicks int) {
	t.Helper()
	type step struct {
		Factor string
		Terms  map[string]string
	}
	var steps []step
	run(t, ctx, "reading the update's steps", 10*time.Second, chromedp.Evaluate(`
		Array.from(document.querySelectorAll("#update-steps .eq-live")).map(e => ({
			Factor: e.dataset.factor,
			Terms: Object.fromEntries(Array.from(e.querySelectorAll("[data-term]")).map(s => [s.dataset.term, s.textContent])),
		}))`, &steps))
	if len(steps) != 3 {
		t.Fatalf("the update shows %d steps, want 3", len(steps))
	}
	for _, s := range steps {
		v := func(term string) float64 {
			x, _ := shownNumber(t, s.Terms[term])
			return x
		}
		got, half := shownNumber(t, s.Terms["new"])
		want := (v("observed") - v("cached")) / (v("observed-denom") + v("cached-denom") + v("lambda"))
		// Redone by hand, the sum rounds to the value shown.
		if math.Abs(want-got) > half*1.0001 && math.Abs(want-got) > 1e-15 {
			t.Errorf("factor %s: (%s − %s) / (%s + %s + %s) = %v, the page shows %s", s.Factor,
				s.Terms["observed"], s.Terms["cached"], s.Terms["observed-denom"], s.Terms["cached-denom"], s.Terms["lambda"], want, s.Terms["new"])
		}
		if v("lambda") != 0.01 {
			t.Errorf("factor %s: λ shows %s, the page trains with 0.01", s.Factor, s.Terms["lambda"])
		}
		if v("cached-denom") <= 0 {
			t.Errorf("factor %s: s^q_ff = %s, a sum of weighted squares", s.Factor, s.Terms["cached-denom"])
		}
	}
	num := func(term string) int {
		s := strings.ReplaceAll(text(t, ctx, `#update-cost [data-term="`+term+`"]`), ",", "")
		n, err := strconv.Atoi(s)
		if err != nil {
			t.Fatalf("the cost's %s reads %q", term, s)
		}
		return n
	}
	k, ru, ri, cost := num("k"), num("ru"), num("ri"), num("cost")
	if ru != clicks {
		t.Errorf("|R_u| shows %d after %d clicks", ru, clicks)
	}
	if ri < 2 {
		t.Errorf("|R_i| shows %d for a business with training reviews and your click", ri)
	}
	if cost != k*k+(ru+ri)*k {
		t.Errorf("cost shows %d, but K² + (|R_u|+|R_i|)K = %d", cost, k*k+(ru+ri)*k)
	}
	if ms := text(t, ctx, "#update-cost-ms"); !regexp.MustCompile(`^\d+(\.\d+)? ms$`).MatchString(ms) {
		t.Errorf("the update's measured time reads %q", ms)
	}
}

// checkWhy reads a business's why panel and its row's score: the named
// shares are your clicks, and every part adds up to the score.
func checkWhy(t *testing.T, ctx context.Context, id string, liked []string) {
	t.Helper()
	var w struct {
		Labels  []string
		Amounts []string
		Total   string
		Row     string
	}
	run(t, ctx, "reading why "+id, 10*time.Second, chromedp.Evaluate(`(() => {
		const p = document.querySelector(`+jsString(`#ranked-list li[data-id="`+id+`"] .why`)+`);
		return {
			Labels: Array.from(p.querySelectorAll(".why-label")).map(e => e.textContent),
			Amounts: Array.from(p.querySelectorAll(".why-amount")).map(e => e.textContent),
			Total: p.querySelector(".why-score").textContent,
			Row: document.querySelector('#ranked-list li[data-id="`+id+`"] .score').textContent,
		};
	})()`, &w))
	if len(w.Labels) != 4 || len(w.Amounts) != 4 {
		t.Fatalf("why %s has parts %q %q, want 3 clicks and the remainder", id, w.Labels, w.Amounts)
	}
	for k, l := range w.Labels[:3] {
		if !slices.ContainsFunc(liked, func(name string) bool { return l == "you liked "+name }) {
			t.Errorf("why %s: share %d is %q, not one of your clicks %q", id, k, l, liked)
		}
	}
	if w.Labels[3] != "not yet settled by the one-step update" {
		t.Errorf("why %s: the last part is %q", id, w.Labels[3])
	}
	sum := 0.0
	for _, a := range w.Amounts {
		v, err := strconv.ParseFloat(strings.ReplaceAll(a, "−", "-"), 64)
		if err != nil {
			t.Fatalf("why %s: amount %q", id, a)
		}
		sum += v
	}
	row, err := strconv.ParseFloat(strings.TrimSpace(w.Row), 64)
	if err != nil {
		t.Fatalf("why %s: the row's score reads %q", id, w.Row)
	}
	total, _ := strconv.ParseFloat(w.Total, 64)
	if total != row {
		t.Errorf("why %s: the panel's score %s, the row's %q", id, w.Total, w.Row)
	}
	// Each of 4 parts and the score are rounded to 3 decimals.
	if math.Abs(sum-row) > 5*0.0005+1e-9 {
		t.Errorf("why %s: the parts %q sum to %.4f, the score is %.3f", id, w.Amounts, sum, row)
	}
}
