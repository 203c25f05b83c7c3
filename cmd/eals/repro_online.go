package main

import (
	"fmt"
	"math"
	"strings"

	"github.com/ealslive/ealslive/core/eval"
)

// onlineChoices are the online settings the figures find: the best w_new
// of eALS and RCD, and BPR's best number of SGD steps per interaction.
type onlineChoices struct {
	ealsWNew, rcdWNew float64
	bprSteps          int
}

// onlineSpec is model's setting for the online protocol at K: the offline
// choices, trained on all CPUs (the replay itself is one goroutine).
func (r *runner) onlineSpec(model string, k int, ch offlineChoices) spec {
	s := r.p.spec(model, k)
	s.threads = r.p.threads
	switch model {
	case "rcd":
		s.c0 = ch.rcdC0
	case "bpr":
		s.lr, s.epochs = ch.bprRate, r.p.bprEpochs
	}
	return s
}

// figure7 is accuracy against online iterations: 0 is the offline model
// without updates.
func (r *runner) figure7(d *document, ch offlineChoices) (onlineChoices, error) {
	p := r.p
	d.heading(3, "Figure 7: online iterations")
	d.para("The online protocol: train on the first 90%% of the interactions by time (%d), then for each of the %d later ones rank every "+
		"item for its user, judge the rank, and update. K = %d, %d epochs, w_new = 1. An iteration is one pass over the user's and the "+
		"item's vector (eALS, RCD) or one SGD step on a fresh negative (BPR); 0 is the offline model with no updates. The paper shows "+
		"eALS and describes RCD and BPR in words.", r.onlineTrain.Len(), len(r.stream), p.k, p.epochs)
	var hrS, ndcgS []series
	var rows [][]string
	hrAt := map[string]map[int]float64{}
	for _, m := range []string{"eals", "rcd", "bpr"} {
		counts := p.iters
		if m == "bpr" {
			counts = p.bprSteps
		}
		hrAt[m] = map[int]float64{}
		var x, h, n []float64
		for _, it := range counts {
			s := r.onlineSpec(m, p.k, ch)
			if it == 0 {
				s.noUpdates = true
			} else {
				s.onlineIters = it
			}
			x2, err := r.replay(s)
			if err != nil {
				return onlineChoices{}, err
			}
			res := x2.res.Metrics
			hrAt[m][it] = res.HR
			x, h, n = append(x, float64(it)), append(h, res.HR), append(n, res.NDCG)
			rows = append(rows, []string{modelNames[m], fmt.Sprint(it), f4(res.HR), f4(res.NDCG)})
		}
		hrS = append(hrS, series{name: modelNames[m], x: x, y: h})
		ndcgS = append(ndcgS, series{name: modelNames[m], x: x, y: n})
	}
	d.figure("fig7", fmt.Sprintf("Figure 7: online HR@100 and NDCG@100 against iterations per interaction (K = %d).", p.k), []chart{
		{title: "Online HR@100 against iterations", xLabel: "iterations (BPR: SGD steps) per interaction", yLabel: "HR@100", series: hrS},
		{title: "Online NDCG@100 against iterations", xLabel: "iterations (BPR: SGD steps) per interaction", yLabel: "NDCG@100", series: ndcgS},
	}, []string{"model", "iterations", "HR@100", "NDCG@100"}, rows)
	firstEnough := func(m string) (string, string) {
		h0, h1 := hrAt[m][0], hrAt[m][1]
		more := math.Inf(-1)
		for _, it := range p.iters {
			if it > 1 {
				more = math.Max(more, hrAt[m][it])
			}
		}
		here := fmt.Sprintf("%s HR %s without updates, %s after 1 iteration, at most %s after more", modelNames[m], f4(h0), f4(h1), f4(more))
		switch {
		case h1 < 1.1*h0:
			return here, "does not hold: updates barely help"
		case more > h1*1.01:
			return here, "partly: more iterations still help"
		}
		return here, "holds"
	}
	hereE, vE := firstEnough("eals")
	d.claim("Figure 7 (eALS)",
		"without updates the offline model performs very poorly; most of the gain comes from the first iteration, and more do not improve.",
		hereE+".", vE)
	hereR, vR := firstEnough("rcd")
	d.claim("Figure 7 (RCD)", "RCD shows the same trend: good prediction is obtained in the first iteration.", hereR+".", vR)
	bestSteps, bestHR := 0, math.Inf(-1)
	var bpr []string
	for _, st := range p.bprSteps {
		if hrAt["bpr"][st] > bestHR {
			bestSteps, bestHR = st, hrAt["bpr"][st]
		}
		bpr = append(bpr, fmt.Sprintf("%d: %s", st, f4(hrAt["bpr"][st])))
	}
	v := "holds"
	switch {
	case bestSteps < 5:
		v = fmt.Sprintf("does not hold: the peak is at %d steps", bestSteps)
	case bestSteps > 10:
		v = fmt.Sprintf("does not hold: BPR still gains beyond 10 steps (peak at %d)", bestSteps)
	}
	d.claim("Figure 7 (BPR)",
		"BPR needs more iterations, usually 5–10, for its peak, and more hurt through local over-training.",
		fmt.Sprintf("BPR HR by SGD steps per interaction: %s.", strings.Join(bpr, ", ")), v)
	return onlineChoices{bprSteps: max(bestSteps, 1)}, nil
}

// figure8 is accuracy against the weight of a new interaction, w_new.
func (r *runner) figure8(d *document, ch offlineChoices, oc *onlineChoices) error {
	p := r.p
	d.heading(3, "Figure 8: the weight of new interactions")
	d.para("eALS and RCD online, one iteration per interaction, for w_new in %s; RCD weighs new interactions as eALS does, as the "+
		"paper revised it to. The paper shows NDCG (HR, it says, follows).", floatList(p.wnews))
	var ndcgS, hrS []series
	var rows [][]string
	best := map[string]float64{}
	at := map[string]map[float64]eval.Metrics{}
	for _, m := range []string{"eals", "rcd"} {
		at[m] = map[float64]eval.Metrics{}
		var h, n []float64
		for _, w := range p.wnews {
			s := r.onlineSpec(m, p.k, ch)
			s.wnew = w
			x, err := r.replay(s)
			if err != nil {
				return err
			}
			at[m][w] = x.res.Metrics
			h, n = append(h, x.res.HR), append(n, x.res.NDCG)
			rows = append(rows, []string{modelNames[m], g(w), f4(x.res.HR), f4(x.res.NDCG)})
		}
		best[m] = p.wnews[argmax(n)]
		ndcgS = append(ndcgS, series{name: modelNames[m], x: p.wnews, y: n})
		hrS = append(hrS, series{name: modelNames[m], x: p.wnews, y: h})
	}
	oc.ealsWNew, oc.rcdWNew = best["eals"], best["rcd"]
	d.figure("fig8", fmt.Sprintf("Figure 8: online NDCG@100 and HR@100 against w_new (K = %d).", p.k), []chart{
		{title: "Online NDCG@100 against w_new", xLabel: "w_new", yLabel: "NDCG@100", logX: true, series: ndcgS},
		{title: "Online HR@100 against w_new", xLabel: "w_new", yLabel: "HR@100", logX: true, series: hrS},
	}, []string{"model", "w_new", "HR@100", "NDCG@100"}, rows)
	w4 := 4.0
	if _, ok := at["eals"][w4]; !ok {
		w4 = best["eals"]
	}
	last := p.wnews[len(p.wnews)-1]
	near4 := func(w float64) bool { return w >= 2 && w <= 8 }
	v := "holds"
	switch {
	case !near4(best["eals"]) && !near4(best["rcd"]):
		v = fmt.Sprintf("does not hold: the peaks are at %g (eALS) and %g (RCD)", best["eals"], best["rcd"])
	case !near4(best["eals"]) || !near4(best["rcd"]):
		v = fmt.Sprintf("partly: the peaks are at %g (eALS) and %g (RCD)", best["eals"], best["rcd"])
	case at["eals"][w4].NDCG <= at["rcd"][w4].NDCG:
		v = "partly: the peaks are near 4, but RCD is not below eALS there"
	case best["eals"] == last:
		v = "partly: eALS is still rising at the grid's largest w_new"
	case at["eals"][last].NDCG >= at["eals"][best["eals"]].NDCG:
		v = "partly: a large w_new does not hurt"
	}
	d.claim("Figure 8",
		"both improve as w_new grows modestly and peak around 4, where eALS beats RCD; a much larger w_new hurts.",
		fmt.Sprintf("NDCG peaks at w_new = %g for eALS (%s) and %g for RCD (%s); at w_new = %g eALS has %s, RCD %s; at w_new = %g, eALS %s and RCD %s.",
			best["eals"], f4(at["eals"][best["eals"]].NDCG), best["rcd"], f4(at["rcd"][best["rcd"]].NDCG),
			w4, f4(at["eals"][w4].NDCG), f4(at["rcd"][w4].NDCG), last, f4(at["eals"][last].NDCG), f4(at["rcd"][last].NDCG)),
		v)
	return nil
}

// streamModels are Figure 9's and 10's models, each at its best online
// setting.
func (r *runner) streamSpecs(k int, ch offlineChoices, oc onlineChoices) ([]string, map[string]spec) {
	names := []string{"eALS", "RCD", "BPR", "CG-iALS", "eALS, no updates", "popularity"}
	specs := map[string]spec{}
	s := r.onlineSpec("eals", k, ch)
	s.wnew = oc.ealsWNew
	specs["eALS"] = s
	s = r.onlineSpec("rcd", k, ch)
	s.wnew = oc.rcdWNew
	specs["RCD"] = s
	s = r.onlineSpec("bpr", k, ch)
	s.onlineIters = oc.bprSteps
	specs["BPR"] = s
	s = r.onlineSpec("cg", k, ch)
	s.wnew = oc.ealsWNew
	specs["CG-iALS"] = s
	s = r.onlineSpec("eals", k, ch)
	s.noUpdates = true
	specs["eALS, no updates"] = s
	specs["popularity"] = spec{model: "pop"}
	return names, specs
}

// figure9 is accuracy as the stream advances, and figure 10 by the test
// user's past interactions.
func (r *runner) figure9and10(d *document, ch offlineChoices, oc onlineChoices) ([]significance, error) {
	p := r.p
	names, specs := r.streamSpecs(p.k, ch, oc)
	runs := map[string]*replayed{}
	for _, n := range names {
		x, err := r.replay(specs[n])
		if err != nil {
			return nil, err
		}
		runs[n] = x
	}
	d.heading(3, "Figure 9: accuracy as the stream advances")
	d.para("Each model at its best online setting: eALS w_new = %g, RCD w_new = %g, BPR %d SGD steps per interaction, CG-iALS "+
		"w_new = %g (eALS's); popularity counts the stream as it goes. HR and NDCG are cumulative over the interactions judged so far.",
		oc.ealsWNew, oc.rcdWNew, oc.bprSteps, oc.ealsWNew)
	var hrS, ndcgS []series
	header := []string{"tests"}
	for _, n := range names {
		c := runs[n].res.Curve
		var x, h, nd []float64
		for _, pt := range c {
			x, h, nd = append(x, float64(pt.Tests)), append(h, pt.HR), append(nd, pt.NDCG)
		}
		dash := strings.Contains(n, "no updates") || n == "popularity"
		hrS = append(hrS, series{name: n, x: x, y: h, dash: dash})
		ndcgS = append(ndcgS, series{name: n, x: x, y: nd, dash: dash})
		header = append(header, n+" HR@100", n+" NDCG@100")
	}
	var rows [][]string
	for j, pt := range runs["eALS"].res.Curve {
		row := []string{fmt.Sprint(pt.Tests)}
		for _, n := range names {
			c := runs[n].res.Curve[j]
			row = append(row, f4(c.HR), f4(c.NDCG))
		}
		rows = append(rows, row)
	}
	d.figure("fig9", fmt.Sprintf("Figure 9: cumulative online HR@100 and NDCG@100 as the stream advances (K = %d).", p.k), []chart{
		{title: "Online HR@100 as the stream advances", xLabel: "test interactions", yLabel: "HR@100", series: hrS},
		{title: "Online NDCG@100 as the stream advances", xLabel: "test interactions", yLabel: "NDCG@100", series: ndcgS},
	}, header, rows)
	var sigs []significance
	for _, pair := range [][2]string{{"eALS", "RCD"}, {"eALS", "BPR"}, {"BPR", "RCD"}, {"eALS", "CG-iALS"}} {
		alpha := 0.001
		if pair[0] != "eALS" || pair[1] == "CG-iALS" {
			alpha = 0
		}
		for _, metric := range []string{"HR", "NDCG"} {
			s, err := pairedTest(fmt.Sprintf("online %s − %s", pair[0], pair[1]), metric, alpha, runs[pair[0]].ranks, runs[pair[1]].ranks)
			if err != nil {
				return nil, err
			}
			sigs = append(sigs, s)
		}
	}
	fin := func(n string) string { return fmt.Sprintf("%s %s/%s", n, f4(runs[n].res.HR), f4(runs[n].res.NDCG)) }
	d.claim("Figure 9 (eALS against RCD and BPR)",
		"eALS consistently outperforms RCD and BPR by both measures, all improvements significant (p < 0.001).",
		fmt.Sprintf("final HR/NDCG: %s, %s, %s (and %s); eALS − RCD: %s, %s; eALS − BPR: %s, %s.",
			fin("eALS"), fin("RCD"), fin("BPR"), fin("CG-iALS"), sigs[0].brief(), sigs[1].brief(), sigs[2].brief(), sigs[3].brief()),
		combine(both(sigs[0], sigs[1]), both(sigs[2], sigs[3]), "RCD", "BPR"))
	v := "holds"
	if sigs[4].t.MeanDiff <= 0 && sigs[5].t.MeanDiff <= 0 {
		v = "does not hold"
	} else if sigs[4].t.MeanDiff <= 0 || sigs[5].t.MeanDiff <= 0 {
		v = "partly"
	}
	d.claim("Figure 9 (BPR against RCD)", "BPR betters RCD on Yelp.",
		fmt.Sprintf("BPR − RCD: %s, %s.", sigs[4].brief(), sigs[5].brief()), v)
	c := runs["eALS"].res.Curve
	lo := 0
	for j := range c {
		if c[j].HR < c[lo].HR {
			lo = j
		}
	}
	v = "holds"
	if lo == 0 || lo == len(c)-1 {
		v = "does not hold: no dip and recovery"
	}
	d.claim("Figure 9 (shape)",
		"accuracy first falls as new users arrive, then rises before becoming stable.",
		fmt.Sprintf("eALS's cumulative HR starts at %s, is lowest (%s) after %d tests, and ends at %s.",
			f4(c[0].HR), f4(c[lo].HR), c[lo].Tests, f4(c[len(c)-1].HR)),
		v)

	// Figure 10.
	d.heading(3, "Figure 10: by the test user's past interactions")
	d.para("The same replays, the test interactions grouped by how many interactions their user had before (in training and earlier in the stream).")
	buckets := runs["eALS"].res.ByHistory
	labels := make([]string, len(buckets))
	for j, b := range buckets {
		labels[j] = b.Label
	}
	var ss []series
	header = []string{"past interactions", "tests"}
	for _, n := range names {
		var x, y []float64
		for j, b := range runs[n].res.ByHistory {
			x, y = append(x, float64(j)), append(y, b.HR)
		}
		ss = append(ss, series{name: n, x: x, y: y, dash: strings.Contains(n, "no updates") || n == "popularity"})
		header = append(header, n+" HR@100", n+" NDCG@100")
	}
	rows = nil
	for j, b := range buckets {
		row := []string{b.Label, fmt.Sprint(b.Count)}
		for _, n := range names {
			m := runs[n].res.ByHistory[j].Metrics
			row = append(row, f4(m.HR), f4(m.NDCG))
		}
		rows = append(rows, row)
	}
	d.figure("fig10", fmt.Sprintf("Figure 10: online HR@100 by the test user's number of past interactions (K = %d).", p.k), []chart{
		{title: "Online HR@100 by past interactions", xLabel: "past interactions of the test user", yLabel: "HR@100", xNames: labels, series: ss},
	}, header, rows)
	random := float64(eval.DefaultTopN) / float64(r.onlineTrain.NumItems())
	h := func(j int) float64 { return buckets[j].HR }
	v = "holds"
	switch {
	case !(h(1) > h(0)):
		v = "does not hold: the first interaction does not help"
	case h(0) > 1.5*random:
		v = fmt.Sprintf("partly: poor with no history, but %.1f times random", h(0)/random)
	case !(h(5) > h(1)):
		v = "partly: more interactions do not help further"
	}
	d.claim("Figure 10",
		"with no history a test user's accuracy is very poor, no better than random; the first interaction improves it significantly, and more interactions further.",
		fmt.Sprintf("eALS HR with 0 past interactions (%d tests) %s, against %s for a random list and %s for popularity; with 1: %s; 2: %s; %s: %s.",
			buckets[0].Count, f4(h(0)), f4(random), f4(runs["popularity"].res.ByHistory[0].HR), f4(h(1)), f4(h(2)), buckets[5].Label, f4(h(5))),
		v)
	return sigs, nil
}

// onlineSummary is every online model's accuracy and update time at each
// of the summary's K.
func (r *runner) onlineSummary(d *document, ch offlineChoices, oc onlineChoices) error {
	d.heading(3, "All models online")
	d.para("The online protocol at each model's best online setting (Figures 7 and 8); an update is the wall time of one Update call, "+
		"median and 95th percentile over the %d test interactions.", len(r.stream))
	var rows [][]string
	for _, k := range r.p.summaryKs {
		names, specs := r.streamSpecs(k, ch, oc)
		for _, n := range names {
			x, err := r.replay(specs[n])
			if err != nil {
				return err
			}
			upd, p95 := "–", "–"
			if len(x.res.UpdateSeconds) > 0 {
				upd, p95 = fmtMillis(eval.Median(x.res.UpdateSeconds)), fmtMillis(percentile(x.res.UpdateSeconds, 95))
			}
			rows = append(rows, []string{fmt.Sprint(k), n, settingsOf(specs[n]), f4(x.res.HR), f4(x.res.NDCG), upd, p95})
		}
	}
	d.table("online", "Online HR@100, NDCG@100 and update time", []string{"K", "model", "settings", "HR@100", "NDCG@100", "update (median)", "update (p95)"}, rows)
	return nil
}
