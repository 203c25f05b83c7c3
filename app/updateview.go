package app

import (
	"github.com/ealslive/ealslive/app/datainfo"
	"github.com/ealslive/ealslive/app/visitor"

	"fmt"
	"html"
	"strings"

	"github.com/ealslive/ealslive/app/textfmt"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/ealslive/ealslive/core"
)

// stepsShown is how many coordinate steps of the last update the page
// writes out.
const stepsShown = 3

// Significant digits of the numbers in a step: minDigits for the old and
// new values, and for the terms at least that, more only where fewer would
// not add up.
const (
	minDigits = 4
	maxDigits = 12
)

// stepShown is one coordinate step of eq. (12) as the page shows it.
type stepShown struct {
	Factor        int
	Observed      textfmt.Figure // Σ_{i∈R_u} [w r − (w − c) r̂^f] q_if
	Cached        textfmt.Figure // Σ_{k≠f} p_uk s^q_kf
	ObservedDenom textfmt.Figure // Σ_{i∈R_u} (w − c) q_if²
	CachedDenom   textfmt.Figure // s^q_ff
	Lambda        textfmt.Figure
	Old, New      textfmt.Figure // to minDigits
	Digits        int            // significant digits of the terms
	Kept          bool           // the denominator was not positive, so p_uf kept its value
}

// showStep rounds s for the page: the old and new values to minDigits,
// the terms to the fewest digits, at least minDigits, with which eq. (12)
// redone on the rounded terms rounds to the new value shown. A reader who
// does the sum by hand gets what the page shows, even when the
// numerator's two parts nearly cancel.
func showStep(s core.FactorStep) stepShown {
	for d := minDigits; ; d++ {
		sh := stepShown{
			Factor:        s.Factor,
			Observed:      textfmt.Sig(s.Observed, d),
			Cached:        textfmt.Sig(s.Cached, d),
			ObservedDenom: textfmt.Sig(s.ObservedDenom, d),
			CachedDenom:   textfmt.Sig(s.CachedDenom, d),
			Lambda:        textfmt.Sig(s.Lambda, d),
			Old:           textfmt.Sig(s.Old, minDigits),
			New:           textfmt.Sig(s.New, minDigits),
			Digits:        d,
			Kept:          !(s.ObservedDenom+s.CachedDenom+s.Lambda > 0),
		}
		if sh.addsUp() || d >= maxDigits {
			return sh
		}
	}
}

// addsUp redoes eq. (12) with the numbers as shown.
func (s stepShown) addsUp() bool {
	den := s.ObservedDenom.Value() + s.CachedDenom.Value() + s.Lambda.Value()
	if s.Kept {
		return !(den > 0) && s.New == s.Old
	}
	return den > 0 && textfmt.Sig((s.Observed.Value()-s.Cached.Value())/den, minDigits) == s.New
}

// updateShown is what the teaching view shows of the last click's update.
type updateShown struct {
	Name          string // the business clicked
	Steps         []stepShown
	K             int
	UserHistory   int // |R_u|
	ItemHistory   int // |R_i|: the business's training reviews and your click
	TrainReviews  int // the business's training reviews, when TrainKnown
	TrainKnown    bool
	Cost          int // K² + (|R_u|+|R_i|)K
	Items         int // businesses in the model: what S^q saves a pass over
	UpdateMs      float64
	NewItemWeight float64
	FineClock     bool
}

// updateShownFor describes your last click for the teaching view, or nil
// before the first click (and after a removal, which has no trace).
func updateShownFor(y visitor.You) *updateShown {
	last := y.Last
	if last == nil || last.Trace == nil || y.Cat == nil || !y.Trained {
		return nil
	}
	tr := last.Trace
	train, known := y.Cat.TrainReviews(last.Item)
	u := &updateShown{
		TrainReviews:  train,
		TrainKnown:    known,
		Name:          y.Cat.Item(last.Item).Name,
		K:             tr.K,
		UserHistory:   tr.UserHistory,
		ItemHistory:   tr.ItemHistory,
		Cost:          tr.Cost(),
		Items:         y.Cat.Len(),
		UpdateMs:      last.UpdateMs,
		NewItemWeight: tr.NewItemWeight,
		FineClock:     fineClock(),
	}
	for _, s := range core.LargestSteps(tr.UserSteps, stepsShown) {
		u.Steps = append(u.Steps, showStep(s))
	}
	return u
}

// updateView is "the update, made visible": eq. (12) with the numbers of
// your last click, and what the update cost.
type updateView struct {
	app.Compo
	Iupdate *updateShown
	Iwords  datainfo.Words // what the data's people, things and clicks are called
}

func newUpdateView() *updateView { return &updateView{} }

func (v *updateView) Shown(u *updateShown) *updateView   { v.Iupdate = u; return v }
func (v *updateView) Words(w datainfo.Words) *updateView { v.Iwords = w; return v }

func (v *updateView) Render() app.UI {
	u := v.Iupdate
	return app.Section().ID("update-view").Class("card card-update").Body(
		app.H3().Text("One click, one update"),
		app.P().Class("caption").Text("When you like "+textfmt.WithArticle(v.Iwords.Item)+", the model re-solves your vector one number at a time with "+
			"eq. (12) of the paper. Each step is the exact minimiser of the objective in that one number, "+
			"with the others held fixed:"),
		app.Raw(eq12(v.Iwords)),
		when(u == nil, func() app.UI {
			return app.P().ID("update-none").Class("update-none").Text("Like " + textfmt.WithArticle(v.Iwords.Item) + " and its update appears here, with the live numbers.")
		}),
		when(u != nil, func() app.UI { return v.renderLive(u) }),
	)
}

// eq12 is eq. (12) of the paper and what its parts are, in the data's
// words w. Fixed HTML: one string costs the WebAssembly binary far less
// than the same elements built one call at a time.
func eq12(w datainfo.Words) string {
	return strings.NewReplacer("{items}", html.EscapeString(w.Items), "{item}", html.EscapeString(w.Item)).Replace(eq12HTML)
}

const eq12HTML = `<div class="eq-block"><div class="eq eq-general"><span class="eq-lhs"><i>p</i><sub>uf</sub> =</span>` +
	`<span class="frac"><span class="frac-num"><span class="term-observed">Σ<sub>i∈R<sub>u</sub></sub> ` +
	`[<i>w</i><sub>ui</sub><i>r</i><sub>ui</sub> − (<i>w</i><sub>ui</sub> − <i>c</i><sub>i</sub>) ` +
	`<i class="hat">r̂</i><sup>f</sup><sub>ui</sub>] <i>q</i><sub>if</sub></span> − ` +
	`<span class="term-cached">Σ<sub>k≠f</sub> <i>p</i><sub>uk</sub> <i>s</i><sup>q</sup><sub>kf</sub></span></span>` +
	`<span class="frac-den"><span class="term-observed">Σ<sub>i∈R<sub>u</sub></sub> (<i>w</i><sub>ui</sub> − ` +
	`<i>c</i><sub>i</sub>) <i>q</i><sup>2</sup><sub>if</sub></span> + <span class="term-cached"><i>s</i><sup>q</sup><sub>ff</sub></span>` +
	` + λ</span></span></div>` +
	`<p class="eq-legend"><span class="term-observed">Green</span>: sums over the {items} you liked, with ` +
	`r = 1 and w = w<sub>new</sub>; <i class="hat">r̂</i><sup>f</sup> is the prediction without factor f. ` +
	`<span class="term-cached">Amber</span>: what every {item} you did not like adds, read from the cache ` +
	`S<sup>q</sup> = Σ<sub>i</sub> c<sub>i</sub> q<sub>i</sub> q<sub>i</sub><sup>T</sup> in O(K) instead of a pass over all of them.</p></div>`

func (v *updateView) renderLive(u *updateShown) app.UI {
	w := v.Iwords
	clock := ""
	if !u.FineClock {
		clock = " (this browser's clock ticks in 0.1 ms steps)"
	}
	var steps strings.Builder
	steps.WriteString(`<div id="update-steps" class="update-steps">`)
	for _, s := range u.Steps {
		writeStep(&steps, s)
	}
	steps.WriteString(`</div>`)
	// |R_i| counts the business's training reviews and your click; the
	// browser's count of its reviews includes the held-out ones too, so
	// say which is which.
	itemWho := "everyone who liked it, you included"
	if u.TrainKnown {
		itemWho = textfmt.Plural(u.TrainReviews, "training "+w.Review, "training "+w.Reviews) + " and your click"
	}
	cost := fmt.Sprintf(`<p id="update-cost" class="update-cost">Cost O(K<sup>2</sup> + (|R<sub>u</sub>| + |R<sub>i</sub>|)K) `+
		`with K = <span data-term="k">%d</span>, |R<sub>u</sub>| = <span data-term="ru">%d</span> (your clicks), `+
		`|R<sub>i</sub>| = <span data-term="ri">%d</span> (%s): %d<sup>2</sup> + (%d + %d)·%d = `+
		`<strong data-term="cost">%s</strong> multiply–adds, give or take a constant, whatever the size of the data. `+
		`Measured: <strong id="update-cost-ms">%s</strong> for the whole update%s.</p>`,
		u.K, u.UserHistory, u.ItemHistory, itemWho, u.K, u.UserHistory, u.ItemHistory, u.K, textfmt.Thousands(u.Cost), textfmt.Millis(u.UpdateMs), clock)
	rest := updateRest(u, w)
	return app.Div().ID("update-live").Body(
		app.P().Class("update-head").Text(fmt.Sprintf("Your last click, “%s”: the %s of your %d that moved most, "+
			"in the order they were solved (each step uses the ones before it):", u.Name, textfmt.Plural(len(u.Steps), "factor", "factors"), u.K)),
		app.Raw(steps.String()),
		app.Raw(cost),
		// The name is the visitor's data, kept out of the notation.
		app.P().Class("explain").Body(app.Text("Then eq. (13) re-solves “"+u.Name), notation(rest)),
	)
}

// writeStep writes eq. (12) with one step's numbers, as HTML: they are
// digits and signs only.
func writeStep(b *strings.Builder, s stepShown) {
	kept := ""
	if s.Kept {
		kept = ": the denominator is not positive, so the factor kept its value"
	}
	fmt.Fprintf(b, `<div class="eq eq-live" data-factor="%d"><span class="eq-lhs"><i>p</i><sub>you,%d</sub> =</span>`+
		`<span class="frac"><span class="frac-num"><span class="term-observed">%s</span> − <span class="term-cached">%s</span></span>`+
		`<span class="frac-den"><span class="term-observed">%s</span> + <span class="term-cached">%s</span> + %s</span></span>`+
		`<span class="eq-result">= <strong>%s</strong></span><span class="eq-was"> (was %s)%s</span></div>`,
		s.Factor, s.Factor+1,
		s.Observed.HTML("observed", false), s.Cached.HTML("cached", true),
		s.ObservedDenom.HTML("observed-denom", false), s.CachedDenom.HTML("cached-denom", true), s.Lambda.HTML("lambda", true),
		s.New.HTML("new", false), s.Old.HTML("old", false), kept)
}

// updateRest ends the sentence "Then eq. (13) re-solves “name" on the
// update u, in notation and in the data's words w: over whom the item's
// vector is re-solved, and what nothing else of the data does.
func updateRest(u *updateShown, w datainfo.Words) string {
	people := textfmt.Plural(u.ItemHistory, w.User, w.Users) + " in its R_i"
	if u.TrainKnown {
		people = textfmt.Plural(u.ItemHistory, w.User, w.Users) + " in its R_i (" + textfmt.Thousands(u.TrainReviews) + " from training, and you)"
	}
	rest := fmt.Sprintf("” the same way over the %s, with the cache S^p = P^T P, and both caches are "+
		"brought up to date in O(K^2). Nothing else of the %s %s or the other %s changes.",
		people, textfmt.Thousands(u.Items), w.Items, w.Users)
	if u.NewItemWeight > 0 {
		rest += " It had no missing-data weight yet, so it got the uniform c_0/N = " + textfmt.Sig(u.NewItemWeight, minDigits).Text() + "."
	}
	return rest
}
