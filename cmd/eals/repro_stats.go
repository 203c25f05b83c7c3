package main

import (
	"fmt"
	"strings"

	"github.com/ealslive/ealslive/core/eval"
)

// f4 formats a hit ratio or NDCG as the report shows it.
func f4(v float64) string { return fmt.Sprintf("%.4f", v) }

// fmtP formats a p-value: small ones in scientific notation.
func fmtP(p float64) string {
	switch {
	case p == 0:
		return "<1e-300"
	case p < 1e-4:
		return fmt.Sprintf("%.1e", p)
	}
	return fmt.Sprintf("%.4f", p)
}

// fmtSeconds formats a duration given in seconds with three significant
// digits, in the unit the paper's Table 3 would use.
func fmtSeconds(s float64) string {
	switch {
	case s < 1:
		return fmt.Sprintf("%.3g ms", 1000*s)
	case s < 120:
		return fmt.Sprintf("%.3g s", s)
	case s < 7200:
		return fmt.Sprintf("%.3g min", s/60)
	}
	return fmt.Sprintf("%.3g h", s/3600)
}

// significance is one paired t-test of the report: two models on the same
// cases, by one metric, against the paper's claim that the first beats the
// second at p below alpha.
type significance struct {
	what, metric string
	alpha        float64 // the paper's threshold; 0: the paper makes no claim
	t            eval.TTest
}

// pairedTest tests a against b per case, by HR or NDCG at the paper's
// cut-off.
func pairedTest(what, metric string, alpha float64, a, b []int32) (significance, error) {
	ha, na := eval.CaseMetrics(a, 0)
	hb, nb := eval.CaseMetrics(b, 0)
	x, y := ha, hb
	if metric == "NDCG" {
		x, y = na, nb
	}
	t, err := eval.PairedTTest(x, y)
	return significance{what: what, metric: metric, alpha: alpha, t: t}, err
}

// verdict says whether the test bears out "the first is better at p below
// alpha".
func (s significance) verdict() string {
	if s.alpha == 0 {
		switch {
		case s.t.P < 0.05 && s.t.MeanDiff > 0:
			return "no claim in the paper; better at p < 0.05"
		case s.t.P < 0.05:
			return "no claim in the paper; worse at p < 0.05"
		}
		return "no claim in the paper; no significant difference at p < 0.05"
	}
	switch {
	case s.t.P < s.alpha && s.t.MeanDiff > 0:
		return "holds"
	case s.t.P < s.alpha && s.t.MeanDiff < 0:
		return "reversed: significantly worse"
	case s.t.MeanDiff > 0:
		return fmt.Sprintf("not significant at p < %g", s.alpha)
	}
	return fmt.Sprintf("does not hold (not better; p = %s)", fmtP(s.t.P))
}

// brief is the test in a few words: the difference, its t and p.
func (s significance) brief() string {
	return fmt.Sprintf("%s %+.4f (t = %.2f, p = %s)", s.metric, s.t.MeanDiff, s.t.T, fmtP(s.t.P))
}

func (s significance) row() []string {
	claim := "–"
	if s.alpha > 0 {
		claim = fmt.Sprintf("better, p < %g", s.alpha)
	}
	return []string{s.what, s.metric, fmt.Sprint(s.t.N), fmt.Sprintf("%+.4f", s.t.MeanDiff), fmt.Sprintf("%.2f", s.t.T), fmtP(s.t.P), claim, s.verdict()}
}

var significanceHeader = []string{"comparison (first − second)", "metric", "cases", "mean difference", "t", "p (two-sided)", "paper", "verdict"}

// short is how the test came out, in a few words.
func (s significance) short() string {
	switch {
	case s.t.P < s.alpha && s.t.MeanDiff > 0:
		return "significantly better"
	case s.t.P < s.alpha:
		return "significantly worse"
	case s.t.MeanDiff > 0:
		return "better, not significantly"
	case s.t.MeanDiff < 0:
		return "worse, not significantly"
	}
	return "equal"
}

// both is the verdict of "better by HR and NDCG, significantly".
func both(hr, ndcg significance) string {
	ok := func(s significance) bool { return s.t.P < s.alpha && s.t.MeanDiff > 0 }
	detail := fmt.Sprintf("HR %s, NDCG %s", hr.short(), ndcg.short())
	switch {
	case ok(hr) && ok(ndcg):
		return "holds"
	case ok(hr) || ok(ndcg):
		return "partly: " + detail
	}
	return "does not hold: " + detail
}

// combine joins the verdicts of one claim against two rivals.
func combine(a, b, nameA, nameB string) string {
	switch {
	case a == "holds" && b == "holds":
		return "holds"
	case a == "holds" || b == "holds" || strings.HasPrefix(a, "partly") || strings.HasPrefix(b, "partly"):
		return fmt.Sprintf("partly: against %s %s; against %s %s", nameA, a, nameB, b)
	}
	return fmt.Sprintf("does not hold: against %s %s; against %s %s", nameA, strings.TrimPrefix(a, "does not hold: "),
		nameB, strings.TrimPrefix(b, "does not hold: "))
}

// fmtMillis formats an update time in milliseconds.
func fmtMillis(s float64) string {
	if ms := 1000 * s; ms >= 0.0001 {
		return fmt.Sprintf("%.4f ms", ms)
	}
	return "<0.0001 ms"
}

// argmax returns the index of the largest value (the first of ties).
func argmax(v []float64) int {
	best := 0
	for k, x := range v {
		if x > v[best] {
			best = k
		}
	}
	return best
}

func g(v float64) string { return fmt.Sprintf("%g", v) }
