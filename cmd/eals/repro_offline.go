package main

import (
	"fmt"
	"math"
	"strings"

	"github.com/ealslive/ealslive/core/eval"
)

// offlineChoices are what the offline figures find and the later ones use.
type offlineChoices struct {
	alsC0, rcdC0 float64 // the best c0 of the uniform learners
	bprRate      float64 // BPR's best learning rate at the paper's K
}

// curveSpec is the setting of model at K as Figure 4 trains it (one
// thread, evaluated every epoch) at the report's K, and as the grids train
// it (all CPUs, evaluated at the end) elsewhere, so that figures share runs.
func (r *runner) curveSpec(model string, k int, ch offlineChoices) spec {
	s := r.p.spec(model, k)
	switch model {
	case "als":
		s.c0 = ch.alsC0
	case "rcd":
		s.c0 = ch.rcdC0
	case "bpr":
		s.lr = ch.bprRate
	}
	if k == r.p.k {
		s.evalEvery = 1
	} else {
		s.threads = r.p.threads
	}
	return s
}

// figure3 is the weight of missing data: c0 with α = 0, then α with
// c0 = 512.
func (r *runner) figure3(d *document) (offlineChoices, []significance, error) {
	p := r.p
	n := float64(r.train.NumItems())
	d.heading(3, "Figure 3: the weight of missing data")
	d.para("eALS at K = %d, %d epochs, λ = 0.01. First every missing entry weighs the same, w0 = c0/N (α = 0), for c0 from %g to %g; "+
		"then c0 = 512 and the popularity exponent α varies. N = %d items here against the paper's 25,815, so the same c0 "+
		"weighs each missing entry about %.0f times as much.", p.k, p.epochs, p.c0s[0], p.c0s[len(p.c0s)-1], int(n), 25815/n)
	var hr, ndcg []float64
	var rows [][]string
	for _, c0 := range p.c0s {
		s := p.spec("eals", p.k)
		s.alpha, s.c0, s.threads = 0, c0, p.threads
		t, err := r.fit(s)
		if err != nil {
			return offlineChoices{}, nil, err
		}
		hr, ndcg = append(hr, t.final.HR), append(ndcg, t.final.NDCG)
		rows = append(rows, []string{g(c0), fmt.Sprintf("%.4g", c0/n), f4(t.final.HR), f4(t.final.NDCG)})
	}
	best := argmax(hr)
	d.figure("fig3a", fmt.Sprintf("Figure 3a: eALS against c0 with α = 0 (K = %d).", p.k), []chart{
		{title: "eALS, α = 0: HR@100 against c0", xLabel: "c0", yLabel: "HR@100", logX: true, series: []series{{name: "eALS HR", x: p.c0s, y: hr}}},
		{title: "eALS, α = 0: NDCG@100 against c0", xLabel: "c0", yLabel: "NDCG@100", logX: true, series: []series{{name: "eALS NDCG", x: p.c0s, y: ndcg}}},
	}, []string{"c0", "w0", "HR@100", "NDCG@100"}, rows)
	interior := best > 0 && best < len(hr)-1
	sharp := hr[0] < 0.9*hr[best]
	verdict := "holds"
	switch {
	case !interior:
		verdict = "does not hold: no peak inside the grid"
	case !sharp:
		verdict = "partly: a peak, but no sharp loss at small c0"
	case p.c0s[best] < 256 || p.c0s[best] > 1024:
		verdict = fmt.Sprintf("holds in shape; the peak is at c0 = %g rather than 512", p.c0s[best])
	}
	d.claim("Figure 3a",
		"with α = 0, eALS peaks at c0 ≈ 512 (w0 ≈ 0.02); a smaller c0 degrades it sharply, and a larger one hurts too.",
		fmt.Sprintf("HR peaks at c0 = %g (w0 = %.3g), %s; it is %s at c0 = %g and %s at c0 = %g.",
			p.c0s[best], p.c0s[best]/n, f4(hr[best]), f4(hr[0]), p.c0s[0], f4(hr[len(hr)-1]), p.c0s[len(p.c0s)-1]),
		verdict)
	ch := offlineChoices{alsC0: p.c0s[best]}

	// Figure 3b.
	hr, ndcg, rows = nil, nil, nil
	ranks := map[float64][]int32{}
	for _, a := range p.alphas {
		s := p.spec("eals", p.k)
		s.alpha, s.threads = a, p.threads
		t, err := r.fit(s)
		if err != nil {
			return ch, nil, err
		}
		ranks[a] = t.ranks
		hr, ndcg = append(hr, t.final.HR), append(ndcg, t.final.NDCG)
		rows = append(rows, []string{g(a), f4(t.final.HR), f4(t.final.NDCG)})
	}
	best = argmax(hr)
	d.figure("fig3b", fmt.Sprintf("Figure 3b: eALS against α with c0 = 512 (K = %d).", p.k), []chart{
		{title: "eALS, c0 = 512: HR@100 against α", xLabel: "α", yLabel: "HR@100", series: []series{{name: "eALS HR", x: p.alphas, y: hr}}},
		{title: "eALS, c0 = 512: NDCG@100 against α", xLabel: "α", yLabel: "NDCG@100", series: []series{{name: "eALS NDCG", x: p.alphas, y: ndcg}}},
	}, []string{"alpha", "HR@100", "NDCG@100"}, rows)
	var sigs []significance
	for _, metric := range []string{"HR", "NDCG"} {
		s, err := pairedTest("eALS α = 0.4 − eALS α = 0 (c0 = 512)", metric, 0.01, ranks[0.4], ranks[0])
		if err != nil {
			return ch, nil, err
		}
		sigs = append(sigs, s)
	}
	last := len(hr) - 1
	drop := hr[last] < hr[best]
	v := both(sigs[0], sigs[1])
	if v == "holds" && !(p.alphas[best] >= 0.2 && p.alphas[best] <= 0.6) {
		v = fmt.Sprintf("partly: α = 0.4 beats α = 0 significantly, but the best α is %g", p.alphas[best])
	}
	if v == "holds" && !drop {
		v = "partly: no drop at large α"
	}
	d.claim("Figure 3b",
		"accuracy improves with α up to about 0.4, significantly over α = 0 (p < 0.01, both metrics), and drops beyond 0.5.",
		fmt.Sprintf("the best α is %g (HR %s, NDCG %s); α = 0.4 against α = 0: %s, %s; at α = %g, HR is %s.",
			p.alphas[best], f4(hr[best]), f4(ndcg[best]), sigs[0].brief(), sigs[1].brief(), p.alphas[last], f4(hr[last])),
		v)
	return ch, sigs, nil
}

// rcdGrid searches c0 for RCD, as the paper searched w0 for RCD and ALS.
// ALS takes Figure 3a's best c0: its objective is eALS's with α = 0, which
// both solve, so the search would repeat Figure 3a at K³ the cost.
func (r *runner) rcdGrid(d *document, ch *offlineChoices) error {
	p := r.p
	var rows [][]string
	var hr []float64
	for _, c0 := range p.rcdC0s {
		s := p.spec("rcd", p.k)
		s.c0, s.threads = c0, p.threads
		t, err := r.fit(s)
		if err != nil {
			return err
		}
		hr = append(hr, t.final.HR)
		rows = append(rows, []string{g(c0), f4(t.final.HR), f4(t.final.NDCG)})
	}
	ch.rcdC0 = p.rcdC0s[argmax(hr)]
	d.heading(3, "The uniform learners' c0")
	d.para("The paper searched w0 for RCD and ALS and reported each at its best. RCD's grid is below (K = %d, %d epochs, α = 0); "+
		"its best HR is at c0 = %g, used from here on. ALS optimises eALS's objective with α = 0, which Figure 3a already searched, "+
		"so ALS takes Figure 3a's best, c0 = %g.", p.k, p.epochs, ch.rcdC0, ch.alsC0)
	d.table("rcd-c0", fmt.Sprintf("RCD against c0 (α = 0, K = %d)", p.k), []string{"c0", "HR@100", "NDCG@100"}, rows)
	return nil
}

var paperModels = []string{"eals", "als", "rcd", "cg"}

var modelNames = map[string]string{"eals": "eALS", "als": "ALS", "rcd": "RCD", "cg": "CG-iALS", "bpr": "BPR", "pop": "popularity"}

// figure4 is accuracy per epoch at the paper's K for eALS, ALS and RCD,
// with CG-iALS besides.
func (r *runner) figure4(d *document, ch offlineChoices) ([]significance, error) {
	p := r.p
	d.heading(3, "Figure 4: accuracy per epoch")
	d.para("K = %d, %d epochs, one thread, hold-outs evaluated after every epoch. eALS: c0 = 512, α = 0.4. ALS: c0 = %g, RCD: c0 = %g, "+
		"both uniform (α = 0), as in the paper. CG-iALS (3 conjugate-gradient steps per vector) is not in the paper: it is today's usual "+
		"iALS solver, here on eALS's popularity-weighted objective.", p.k, p.epochs, ch.alsC0, ch.rcdC0)
	runs := map[string]*trained{}
	for _, m := range paperModels {
		t, err := r.fit(r.curveSpec(m, p.k, ch))
		if err != nil {
			return nil, err
		}
		runs[m] = t
	}
	header := []string{"epoch"}
	for _, m := range paperModels {
		header = append(header, modelNames[m]+" HR@100", modelNames[m]+" NDCG@100")
	}
	var rows [][]string
	var hrSeries, ndcgSeries []series
	for _, m := range paperModels {
		var x, h, n []float64
		for _, e := range runs[m].curve {
			x, h, n = append(x, float64(e.epoch)), append(h, e.HR), append(n, e.NDCG)
		}
		hrSeries = append(hrSeries, series{name: modelNames[m], x: x, y: h})
		ndcgSeries = append(ndcgSeries, series{name: modelNames[m], x: x, y: n})
	}
	for e := range runs["eals"].curve {
		row := []string{fmt.Sprint(runs["eals"].curve[e].epoch)}
		for _, m := range paperModels {
			c := runs[m].curve[e]
			row = append(row, f4(c.HR), f4(c.NDCG))
		}
		rows = append(rows, row)
	}
	d.figure("fig4", fmt.Sprintf("Figure 4: HR@100 and NDCG@100 per epoch (K = %d).", p.k), []chart{
		{title: fmt.Sprintf("HR@100 per epoch, K = %d", p.k), xLabel: "epoch", yLabel: "HR@100", series: hrSeries},
		{title: fmt.Sprintf("NDCG@100 per epoch, K = %d", p.k), xLabel: "epoch", yLabel: "NDCG@100", series: ndcgSeries},
	}, header, rows)
	var sigs []significance
	for _, other := range []string{"als", "rcd", "cg"} {
		alpha := 0.01
		if other == "cg" {
			alpha = 0 // not in the paper
		}
		for _, metric := range []string{"HR", "NDCG"} {
			s, err := pairedTest("eALS − "+modelNames[other], metric, alpha, runs["eals"].ranks, runs[other].ranks)
			if err != nil {
				return nil, err
			}
			sigs = append(sigs, s)
		}
	}
	final := func(m string) string {
		return fmt.Sprintf("%s %s/%s", modelNames[m], f4(runs[m].final.HR), f4(runs[m].final.NDCG))
	}
	d.claim("Figure 4 (accuracy)",
		"eALS reaches the best accuracy after convergence, significantly above ALS and RCD (p < 0.01).",
		fmt.Sprintf("final HR/NDCG: %s, %s, %s (and %s); eALS − ALS: %s, %s; eALS − RCD: %s, %s.",
			final("eals"), final("als"), final("rcd"), final("cg"), sigs[0].brief(), sigs[1].brief(), sigs[2].brief(), sigs[3].brief()),
		combine(both(sigs[0], sigs[1]), both(sigs[2], sigs[3]), "ALS", "RCD"))
	conv := map[string]int{}
	for _, m := range paperModels {
		conv[m] = epochsTo(runs[m].curve, 0.98)
	}
	v := "holds"
	switch {
	case conv["eals"] > conv["rcd"] && conv["als"] > conv["rcd"]:
		v = "does not hold: RCD gets there first"
	case conv["eals"] > conv["rcd"] || conv["als"] > conv["rcd"]:
		v = "partly"
	case conv["eals"] == conv["rcd"] && conv["als"] == conv["rcd"]:
		v = "does not hold: they tie"
	}
	d.claim("Figure 4 (convergence)",
		"eALS and ALS converge faster than RCD.",
		fmt.Sprintf("epochs to reach 98%% of the final HR: eALS %d, ALS %d, RCD %d (CG-iALS %d).", conv["eals"], conv["als"], conv["rcd"], conv["cg"]),
		v)
	v = "holds"
	if runs["als"].final.HR <= runs["rcd"].final.HR && runs["als"].final.NDCG <= runs["rcd"].final.NDCG {
		v = "does not hold"
	} else if runs["als"].final.HR <= runs["rcd"].final.HR || runs["als"].final.NDCG <= runs["rcd"].final.NDCG {
		v = "partly"
	}
	d.claim("Figure 4 (learners)",
		"optimising the same objective, ALS outperforms RCD in most cases.",
		fmt.Sprintf("ALS %s/%s against RCD %s/%s (HR/NDCG) at the end.", f4(runs["als"].final.HR), f4(runs["als"].final.NDCG),
			f4(runs["rcd"].final.HR), f4(runs["rcd"].final.NDCG)),
		v)
	return sigs, nil
}

// epochsTo is the first evaluated epoch whose HR reaches share of the
// final HR.
func epochsTo(curve []epochMetrics, share float64) int {
	final := curve[len(curve)-1].HR
	for _, e := range curve {
		if e.HR >= share*final {
			return e.epoch
		}
	}
	return curve[len(curve)-1].epoch
}

// figure5 is NDCG against K.
func (r *runner) figure5(d *document, ch offlineChoices) error {
	p := r.p
	d.heading(3, "Figure 5: NDCG against K")
	note := ""
	if e, ok := p.alsEpochsAt[p.alsMaxK]; ok {
		note = fmt.Sprintf(" ALS at K = %d trains %d epochs, not %d, to keep the run within the hour: Figure 4 shows ALS flat well before.", p.alsMaxK, e, p.epochs)
	}
	d.para("Each model at its Figure 4 setting, %d epochs, for K in %s; ALS up to K = %d.%s", p.epochs, intList(p.ks), p.alsMaxK, note)
	header := []string{"K"}
	for _, m := range paperModels {
		header = append(header, modelNames[m]+" HR@100", modelNames[m]+" NDCG@100")
	}
	ndcg := map[string][]float64{}
	var rows [][]string
	for _, k := range p.ks {
		row := []string{fmt.Sprint(k)}
		for _, m := range paperModels {
			if m == "als" && k > p.alsMaxK {
				ndcg[m] = append(ndcg[m], math.NaN())
				row = append(row, "–", "–")
				continue
			}
			s := r.curveSpec(m, k, ch)
			if e, ok := p.alsEpochsAt[k]; ok && m == "als" {
				s.epochs = e
			}
			t, err := r.fit(s)
			if err != nil {
				return err
			}
			ndcg[m] = append(ndcg[m], t.final.NDCG)
			row = append(row, f4(t.final.HR), f4(t.final.NDCG))
		}
		rows = append(rows, row)
	}
	var ss []series
	xs := make([]float64, len(p.ks))
	for j, k := range p.ks {
		xs[j] = float64(k)
	}
	for _, m := range paperModels {
		ss = append(ss, series{name: modelNames[m], x: xs, y: ndcg[m]})
	}
	d.figure("fig5", "Figure 5: NDCG@100 against the number of factors K.", []chart{
		{title: "NDCG@100 against K", xLabel: "K", yLabel: "NDCG@100", logX: true, series: ss},
	}, header, rows)
	wins, compared := 0, 0
	for j := range p.ks {
		if math.IsNaN(ndcg["als"][j]) {
			continue
		}
		compared++
		if ndcg["eals"][j] > ndcg["als"][j] && ndcg["eals"][j] > ndcg["rcd"][j] {
			wins++
		}
	}
	var grows []string
	for _, m := range []string{"eals", "als", "rcd"} {
		first, last := ndcg[m][0], ndcg[m][len(p.ks)-1]
		if math.IsNaN(last) {
			last = ndcg[m][len(p.ks)-2]
		}
		grows = append(grows, fmt.Sprintf("%s %s → %s", modelNames[m], f4(first), f4(last)))
	}
	v := "holds"
	switch {
	case wins == 0:
		v = "does not hold"
	case wins < compared:
		v = fmt.Sprintf("partly: eALS is best at %d of %d K", wins, compared)
	}
	d.claim("Figure 5",
		"eALS outperforms ALS and RCD at every K, and every method improves with a larger K.",
		fmt.Sprintf("eALS has the highest NDCG of the three at %d of the %d K where all ran; from the smallest to the largest K: %s.",
			wins, compared, strings.Join(grows, ", ")),
		v)
	return nil
}

// figure6 is BPR at several learning rates against eALS, per epoch.
func (r *runner) figure6(d *document, ch *offlineChoices) ([]significance, error) {
	p := r.p
	d.heading(3, "Figure 6: eALS against BPR")
	d.para("BPR (K = %d, λ = 0.01, initial spread 0.01) at learning rates %s, %d epochs of |R| sampled triples, evaluated every %d epochs, "+
		"beside Figure 4's eALS (%d epochs).", p.k, floatList(p.bprRates), p.bprEpochs, p.bprEvery, p.epochs)
	eals, err := r.fit(r.curveSpec("eals", p.k, *ch))
	if err != nil {
		return nil, err
	}
	runs := map[float64]*trained{}
	var hrS, ndcgS []series
	add := func(name string, c []epochMetrics) {
		var x, h, n []float64
		for _, e := range c {
			x, h, n = append(x, float64(e.epoch)), append(h, e.HR), append(n, e.NDCG)
		}
		hrS = append(hrS, series{name: name, x: x, y: h})
		ndcgS = append(ndcgS, series{name: name, x: x, y: n})
	}
	add("eALS", eals.curve)
	var rows [][]string
	var finals []float64
	for _, lr := range p.bprRates {
		s := p.spec("bpr", p.k)
		s.lr, s.epochs, s.evalEvery = lr, p.bprEpochs, p.bprEvery
		t, err := r.fit(s)
		if err != nil {
			return nil, err
		}
		runs[lr] = t
		add(fmt.Sprintf("BPR lr %g", lr), t.curve)
		finals = append(finals, t.final.HR)
		for _, e := range t.curve {
			rows = append(rows, []string{fmt.Sprintf("BPR lr %g", lr), fmt.Sprint(e.epoch), f4(e.HR), f4(e.NDCG)})
		}
	}
	for _, e := range eals.curve {
		rows = append(rows, []string{"eALS", fmt.Sprint(e.epoch), f4(e.HR), f4(e.NDCG)})
	}
	d.figure("fig6", fmt.Sprintf("Figure 6: eALS and BPR at three learning rates, per epoch (K = %d).", p.k), []chart{
		{title: "HR@100 per epoch: eALS and BPR", xLabel: "epoch", yLabel: "HR@100", series: hrS},
		{title: "NDCG@100 per epoch: eALS and BPR", xLabel: "epoch", yLabel: "NDCG@100", series: ndcgS},
	}, []string{"model", "epoch", "HR@100", "NDCG@100"}, rows)
	best := p.bprRates[argmax(finals)]
	ch.bprRate = best
	var sigs []significance
	for _, metric := range []string{"HR", "NDCG"} {
		s, err := pairedTest(fmt.Sprintf("eALS − BPR (lr %g)", best), metric, 0.001, eals.ranks, runs[best].ranks)
		if err != nil {
			return nil, err
		}
		sigs = append(sigs, s)
	}
	var speed []string
	for _, lr := range p.bprRates {
		speed = append(speed, fmt.Sprintf("lr %g: 98%% of its final HR by epoch %d, final %s/%s", lr, epochsTo(runs[lr].curve, 0.98),
			f4(runs[lr].final.HR), f4(runs[lr].final.NDCG)))
	}
	lo, hi := runs[p.bprRates[0]], runs[p.bprRates[len(p.bprRates)-1]]
	v := "holds"
	if epochsTo(hi.curve, 0.98) > epochsTo(lo.curve, 0.98) {
		v = "does not hold: the higher rate is not faster"
	} else if hi.final.HR >= lo.final.HR {
		v = "partly: the higher rate is faster and ends no worse"
	}
	d.claim("Figure 6 (learning rate)",
		"BPR depends on its learning rate: a higher rate converges faster, but its final accuracy may suffer.",
		strings.Join(speed, "; ")+".", v)
	d.claim("Figure 6 (eALS against BPR)",
		"eALS significantly outperforms BPR on Yelp by both HR and NDCG (p < 0.001).",
		fmt.Sprintf("eALS %s/%s against the best BPR (lr %g) %s/%s; %s, %s.", f4(eals.final.HR), f4(eals.final.NDCG), best,
			f4(runs[best].final.HR), f4(runs[best].final.NDCG), sigs[0].brief(), sigs[1].brief()),
		both(sigs[0], sigs[1]))
	return sigs, nil
}

// offlineSummary is every model's offline accuracy and epoch time at each
// of the summary's K, on one thread.
func (r *runner) offlineSummary(d *document, ch offlineChoices) error {
	p := r.p
	d.heading(3, "All models offline")
	d.para("Leave-one-out on the Phoenix 10-core, %d epochs (BPR %d), one thread; the epoch is the median wall time of an epoch "+
		"on this machine.", p.epochs, p.bprEpochs)
	var rows [][]string
	for _, k := range p.summaryKs {
		for _, m := range []string{"eals", "als", "rcd", "cg", "bpr", "pop"} {
			s := r.curveSpec(m, k, ch)
			s.threads = 1
			if m == "bpr" {
				s.epochs = p.bprEpochs
				if k == p.k {
					s.evalEvery = p.bprEvery
				} else {
					s.evalEvery = 0
				}
			}
			if m == "pop" {
				s = spec{model: "pop"}
			}
			t, err := r.fit(s)
			if err != nil {
				return err
			}
			epoch := "–"
			if len(t.epochSeconds) > 0 {
				epoch = fmtSeconds(eval.Median(t.epochSeconds))
			}
			rows = append(rows, []string{fmt.Sprint(k), modelNames[m], settingsOf(s), f4(t.final.HR), f4(t.final.NDCG), epoch})
		}
	}
	d.table("offline", "Offline HR@100, NDCG@100 and time per epoch (one thread)",
		[]string{"K", "model", "settings", "HR@100", "NDCG@100", "epoch"}, rows)
	return nil
}

// settingsOf names the settings a row of a summary table ran with.
func settingsOf(s spec) string {
	switch s.model {
	case "pop":
		return "–"
	case "bpr":
		return fmt.Sprintf("lr %g, %d epochs, %d online steps", s.lr, s.epochs, s.onlineIters)
	case "cg":
		return fmt.Sprintf("c0 %g, α %g, %d CG steps, w_new %g", s.c0, s.alpha, s.steps, s.wnew)
	}
	return fmt.Sprintf("c0 %g, α %g, w_new %g", s.c0, s.alpha, s.wnew)
}

func intList(v []int) string {
	var s []string
	for _, x := range v {
		s = append(s, fmt.Sprint(x))
	}
	return strings.Join(s, ", ")
}

func floatList(v []float64) string {
	var s []string
	for _, x := range v {
		s = append(s, g(x))
	}
	return strings.Join(s, ", ")
}
