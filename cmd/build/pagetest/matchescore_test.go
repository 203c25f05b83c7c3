//go:build browser && !wasm

package pagetest

import (
	"context"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/ealslive/ealslive/core"
	"github.com/ealslive/ealslive/core/eval"
)

// The page trains deterministically (a fixed seed, one thread), so the
// core trained natively on the same pack, split and settings, given the
// same clicks, must show what the page shows: the same hold-out HR@100,
// the same ranked list with the same scores, eq. (12) with the same
// numbers for the same factors, and "why?" with the same shares and
// remainder, each to the precision the page writes it.
func TestPageMatchesCore(t *testing.T) {
	// The very bytes the page gets, even if web/ is rebuilt meanwhile,
	// split as the page splits them.
	bp := readBuiltPack(t)
	pk, train, test := bp.pack, bp.train, bp.test
	srv := bp.serve(t)
	ctx := newBrowser(t)
	run(t, ctx, "opening the page", 30*time.Second, chromedp.Navigate(srv.base))
	m := waitFor(t, ctx, "training to end", trainTimeout, ready)

	cfg := pageConfigShown(t, ctx)
	if cfg.Epochs != pageEpochs {
		t.Errorf("the page is set to %d epochs, want %d (trainEpochs in app/train.go)", cfg.Epochs, pageEpochs)
	}
	if len(m.EpochMs) != cfg.Epochs {
		t.Fatalf("the page trained %d epochs of %d", len(m.EpochMs), cfg.Epochs)
	}
	model, err := core.Train(train, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	if sum := modelChecksum(t, model); m.ModelChecksum != sum {
		t.Errorf("the page's model has SHA-256 %s, core's on the same pack %s", m.ModelChecksum, sum)
	}
	// The final HR@100 is published at full precision: the same model
	// hits the same held-out reviews. The page's model is core's bit for
	// bit, as its checksum shows, so the two must agree exactly, not within
	// a held-out user.
	res, err := eval.EvaluateOffline(model, train, test, eval.Options{TopN: 100})
	if err != nil {
		t.Fatal(err)
	}
	if m.HR != res.HR {
		t.Errorf("the page's HR@100 is %v, the core's on the same pack %v (%+.1f held-out users)",
			m.HR, res.HR, (m.HR-res.HR)*float64(len(test)))
	}

	// You, as the page adds you once trained (Algorithm 2: a random
	// vector from the model's generator, after training's draws).
	you := model.AddUser()
	names := func(i int32) string { return pk.Items[i].Name }
	for k := 0; k < 3; k++ {
		// Two from the browser, the middle one from your list.
		from := "#browse-list"
		if k == 1 {
			from = "#ranked-list"
		}
		target := ids(t, ctx, from+" li:has(button.like)")[0]
		run(t, ctx, "liking a business", 10*time.Second,
			mouseClick(from+` li[data-id="`+target+`"] button.like`))
		waitFor(t, ctx, "the click to be learnt", 10*time.Second, func(m metrics) bool {
			return len(m.UpdateMs) == k+1 && len(m.ClickToScreenMs) == k+1
		})
		settled(t, ctx)
		likeShown(t, ctx, from, target)
		eventually(t, "the update view for this click", 10*time.Second, func() bool {
			return text(t, ctx, `#update-cost [data-term="ru"]`) == strconv.Itoa(k+1)
		})
		item, err := strconv.Atoi(target)
		if err != nil {
			t.Fatalf("a business's data-id is %q", target)
		}
		tr, err := model.UpdateTraced(you, int32(item))
		if err != nil {
			t.Fatal(err)
		}
		compareUpdate(t, ctx, k+1, tr)
		rec, err := model.Recommend(you, 20, true)
		if err != nil {
			t.Fatal(err)
		}
		compareList(t, ctx, k+1, model, you, rec)
	}
	screenshot(t, ctx, "40-page-matches-core")

	// "why?" on the first three listed businesses.
	listed := ids(t, ctx, "#ranked-list li[data-id]")
	var items []int32
	for _, id := range listed[:3] {
		i, _ := strconv.Atoi(id)
		items = append(items, int32(i))
	}
	exps, err := model.Explain(you, items)
	if err != nil {
		t.Fatal(err)
	}
	for k, id := range listed[:3] {
		run(t, ctx, "opening why?", 10*time.Second,
			mouseClick(`#ranked-list li[data-id="`+id+`"] .why-toggle`))
		eventually(t, "the why panel of "+id, 10*time.Second, func() bool { return count(t, ctx, `#ranked-list li[data-id="`+id+`"] .why`) == 1 })
		compareWhy(t, ctx, id, exps[k], names)
	}
}

// pageEpochs is trainEpochs in app/train.go.
const pageEpochs = 25

// pageSample is sampleUsers in app/modelcard.go: how many held-out users
// the page's HR@100 after each epoch is over.
const pageSample = 500

// pageConfigShown is the configuration the page trained with: K, c0, α,
// λ, w_new and epochs as its parameter fields show them (the config in
// use, at full precision), the rest as app/train.go's pageConfig sets
// them: core.DefaultConfig's seed, initial spread and online iterations,
// and one thread (which gives the same result as any number).
func pageConfigShown(t *testing.T, ctx context.Context) core.Config {
	t.Helper()
	var fields map[string]string
	run(t, ctx, "reading the parameter fields", 10*time.Second, chromedp.Evaluate(
		`Object.fromEntries(["K", "c0", "alpha", "lambda", "wnew", "epochs"].map(n => [n, document.querySelector("#param-" + n).value]))`, &fields))
	num := func(name string) float64 {
		v, err := strconv.ParseFloat(fields[name], 64)
		if err != nil {
			t.Fatalf("the page's %s field reads %q", name, fields[name])
		}
		return v
	}
	cfg := core.DefaultConfig()
	cfg.K = int(num("K"))
	cfg.C0 = num("c0")
	cfg.Alpha = num("alpha")
	cfg.Lambda = num("lambda")
	cfg.WNew = num("wnew")
	cfg.Epochs = int(num("epochs"))
	cfg.Threads = 1
	if err := cfg.Validate(); err != nil {
		t.Fatalf("the page's settings %v: %v", fields, err)
	}
	return cfg
}

// agrees reports whether the page's text shows native to its precision.
// The page computes in WebAssembly; slack of 1e-9 relative covers a
// last-bit difference grown through training.
func agrees(t *testing.T, shown string, native float64) bool {
	t.Helper()
	v, half := shownNumber(t, shown)
	if v == 0 && !strings.Contains(shown, ".") {
		return math.Abs(native) < 1e-12
	}
	return math.Abs(v-native) <= half*(1+1e-9)+1e-9*math.Abs(native)
}

// compareUpdate holds the update view of the click'th click to the
// native trace of the same click: the factors core.LargestSteps picks,
// each term of eq. (12) and the cost's sizes.
func compareUpdate(t *testing.T, ctx context.Context, click int, tr *core.UpdateTrace) {
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
	want := core.LargestSteps(tr.UserSteps, 3)
	var gotF, wantF []string
	for _, s := range steps {
		gotF = append(gotF, s.Factor)
	}
	for _, s := range want {
		wantF = append(wantF, strconv.Itoa(s.Factor))
	}
	if !slices.Equal(gotF, wantF) {
		t.Fatalf("click %d: the update shows factors %v, the core's largest steps are %v", click, gotF, wantF)
	}
	for n, s := range steps {
		w := want[n]
		for _, term := range []struct {
			name   string
			native float64
		}{
			{"observed", w.Observed}, {"cached", w.Cached},
			{"observed-denom", w.ObservedDenom}, {"cached-denom", w.CachedDenom}, {"lambda", w.Lambda},
			{"old", w.Old}, {"new", w.New},
		} {
			shown, ok := s.Terms[term.name]
			if !ok {
				t.Errorf("click %d, factor %s: no %s term", click, s.Factor, term.name)
				continue
			}
			if !agrees(t, shown, term.native) {
				t.Errorf("click %d, factor %s: %s shows %s, the core has %.10g", click, s.Factor, term.name, shown, term.native)
			}
		}
	}
	for _, c := range []struct {
		term string
		want int
	}{{"k", tr.K}, {"ru", tr.UserHistory}, {"ri", tr.ItemHistory}, {"cost", tr.Cost()}} {
		if got := strings.ReplaceAll(text(t, ctx, `#update-cost [data-term="`+c.term+`"]`), ",", ""); got != strconv.Itoa(c.want) {
			t.Errorf("click %d: the cost's %s shows %s, the core's trace %d", click, c.term, got, c.want)
		}
	}
}

// compareList holds your list after the click'th click to the core's
// Recommend: the same businesses in the same order with the same scores.
// Two businesses whose native scores are within 1e-9 may trade places.
func compareList(t *testing.T, ctx context.Context, click int, m *core.Model, you int32, rec []core.Ranked) {
	t.Helper()
	var rows []struct {
		ID    string
		Score string
	}
	run(t, ctx, "reading your list", 10*time.Second, chromedp.Evaluate(`
		Array.from(document.querySelectorAll("#ranked-list li[data-id]")).map(e => ({
			ID: e.dataset.id,
			Score: ((e.querySelector(".score")||{}).textContent||"").replace(/^\s*·\s*score\s*/, ""),
		}))`, &rows))
	if len(rows) != len(rec) {
		t.Fatalf("click %d: the page lists %d businesses, the core %d", click, len(rows), len(rec))
	}
	var gotIDs, wantIDs []string
	for k, r := range rows {
		gotIDs = append(gotIDs, r.ID)
		wantIDs = append(wantIDs, strconv.Itoa(int(rec[k].Item)))
		i, err := strconv.Atoi(r.ID)
		if err != nil {
			t.Fatalf("click %d: row %d has data-id %q", click, k+1, r.ID)
		}
		if s := m.Score(you, int32(i)); math.Abs(s-rec[k].Score) > 1e-9 {
			t.Errorf("click %d: rank %d is %s (core score %.12f), the core ranks %d there (%.12f)",
				click, k+1, r.ID, s, rec[k].Item, rec[k].Score)
		}
		if !agrees(t, r.Score, rec[k].Score) {
			t.Errorf("click %d: rank %d shows score %q, the core's is %.6f", click, k+1, r.Score, rec[k].Score)
		}
	}
	if !slices.Equal(gotIDs, wantIDs) {
		t.Logf("click %d: the page's order %v differs from the core's %v only in ties", click, gotIDs, wantIDs)
	}
}

// compareWhy holds a business's "why?" to the core's Explanation: the
// same clicks named in the same order, each share, the others' sum, the
// remainder and the score, to the three decimals shown.
func compareWhy(t *testing.T, ctx context.Context, id string, e core.Explanation, name func(int32) string) {
	t.Helper()
	type part struct{ Label, Amount string }
	var w struct {
		Shares    []part
		Rest      []part
		Remainder []part
		Total     string
	}
	run(t, ctx, "reading why "+id, 10*time.Second, chromedp.Evaluate(`(() => {
		const p = document.querySelector(`+jsString(`#ranked-list li[data-id="`+id+`"] .why`)+`);
		const parts = cls => Array.from(p.querySelectorAll(cls)).map(e => ({
			Label: (e.querySelector(".why-label")||{}).textContent||"",
			Amount: (e.querySelector(".why-amount")||{}).textContent||"",
		}));
		return {
			Shares: parts(".why-share"), Rest: parts(".why-rest"), Remainder: parts(".why-remainder"),
			Total: (p.querySelector(".why-score")||{}).textContent||"",
		};
	})()`, &w))
	top, rest := e.Top(3)
	if len(w.Shares) != len(top) {
		t.Fatalf("why %s names %d clicks %v, the core's top %d", id, len(w.Shares), w.Shares, len(top))
	}
	for n, c := range top {
		if !strings.Contains(w.Shares[n].Label, name(c.Item)) {
			t.Errorf("why %s: share %d is %q, the core's is %q", id, n+1, w.Shares[n].Label, name(c.Item))
		}
		if !agrees(t, w.Shares[n].Amount, c.Amount) {
			t.Errorf("why %s: the share of %q shows %s, the core's is %.6f", id, name(c.Item), w.Shares[n].Amount, c.Amount)
		}
	}
	switch others := len(e.Contributions) - len(top); {
	case others == 0 && len(w.Rest) != 0:
		t.Errorf("why %s shows other clicks %v, but every click is named", id, w.Rest)
	case others > 0 && (len(w.Rest) != 1 || !agrees(t, w.Rest[0].Amount, rest)):
		t.Errorf("why %s: the other %d clicks show %v, the core's sum %.6f", id, others, w.Rest, rest)
	}
	if len(w.Remainder) != 1 || !agrees(t, w.Remainder[0].Amount, e.Remainder) {
		t.Errorf("why %s: the remainder shows %v, the core's is %.6f", id, w.Remainder, e.Remainder)
	}
	if !agrees(t, w.Total, e.Score) {
		t.Errorf("why %s: the score shows %q, the core's is %.6f", id, w.Total, e.Score)
	}
}
