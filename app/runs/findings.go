package runs

import (
	"fmt"
	"strings"

	"github.com/ealslive/ealslive/app/textfmt"

	"github.com/ealslive/ealslive/core/eval"
)

// The evidence views say in words what their numbers show, for this data
// and these settings.

// ReplayFindings states the replay's HR@100 at the cold start (no past
// review), after one past review, and over the whole stream so far, with
// the data's interactions called review and reviews.
func ReplayFindings(lanes []Lane, review, reviews string) string {
	by := map[string]Lane{}
	for _, l := range lanes {
		by[l.Key] = l
	}
	learning, okL := by[LaneLearning]
	frozen, okF := by[LaneFrozen]
	pop, okP := by[LanePopular]
	if !okL || !okF || !okP || learning.Overall.Count == 0 {
		return ""
	}
	var s []string
	bucket := func(l Lane, n int) (eval.Metrics, bool) {
		for _, b := range l.ByHistory {
			if b.Min == n && b.Max == n && b.Count > 0 {
				return b.Metrics, true
			}
		}
		return eval.Metrics{}, false
	}
	if cold, ok := bucket(learning, 0); ok {
		p, _ := bucket(pop, 0)
		s = append(s, fmt.Sprintf("Here, at 0 past %s (%s): eALS %s, popularity %s.",
			reviews, textfmt.Plural(cold.Count, review, reviews), textfmt.Percent(cold.HR), textfmt.Percent(p.HR)))
	}
	if one, ok := bucket(learning, 1); ok {
		f, _ := bucket(frozen, 1)
		p, _ := bucket(pop, 1)
		s = append(s, fmt.Sprintf("After 1 past %s (%s): learning eALS %s, eALS without updates %s, popularity %s.",
			review, textfmt.Plural(one.Count, review, reviews), textfmt.Percent(one.HR), textfmt.Percent(f.HR), textfmt.Percent(p.HR)))
	}
	s = append(s, fmt.Sprintf("Over all %s replayed: learning eALS %s, without updates %s, popularity %s.",
		textfmt.Thousands(learning.Overall.Count), textfmt.Percent(learning.Overall.HR), textfmt.Percent(frozen.Overall.HR), textfmt.Percent(pop.Overall.HR)))
	var more []string
	for _, l := range lanes {
		if l.Key != LaneLearning && l.Key != LaneFrozen && l.Key != LanePopular && l.Overall.Count > 0 {
			more = append(more, fmt.Sprintf("%s %s", l.Label, textfmt.Percent(l.Overall.HR)))
		}
	}
	if len(more) > 0 {
		s = append(s, "Beside them, over the same "+reviews+": "+strings.Join(more, "; ")+".")
	}
	return strings.Join(s, " ")
}

// CompareVerdict says whether popularity weighting helps eALS and how eALS
// and BPR compare, judging each gap in HR@100 against its 95% margin of
// error, so that a gap within the noise is called a tie.
func CompareVerdict(rows []Row) string {
	by := map[string]Row{}
	for _, r := range rows {
		if r.Evaluated {
			by[r.Key] = r
		}
	}
	weighted, okW := by[RivalWeighted]
	uniform, okU := by[RivalUniform]
	bpr, okB := by[RivalBPR]
	rcd, okR := by[RivalRCD]
	var s []string
	switch {
	case okW && okU && uniform.SameAs == RivalWeighted:
		// The controls made both rows one model: a verdict on weighting
		// would compare a model with itself.
		s = append(s, fmt.Sprintf("With α = 0 in the controls, “%s” and “%s” are the same model, so their figures are equal by construction "+
			"and say nothing about popularity weighting: set α above 0 and run the comparison again to test it.", weighted.Label, uniform.Label))
	case okW && okU:
		diff, margin := eval.HRDifference(weighted.Metrics, uniform.Metrics)
		switch {
		case abs(diff) <= margin:
			s = append(s, fmt.Sprintf("Popularity-weighted and uniform missing-data weights score within the margin of error "+
				"(HR@100 %s vs %s, a gap of %s where ±%s is noise): on this data the weighting makes no measurable difference.",
				textfmt.Percent(weighted.Metrics.HR), textfmt.Percent(uniform.Metrics.HR), textfmt.Points(abs(diff)), textfmt.Points(margin)))
		case diff > 0:
			s = append(s, fmt.Sprintf("Popularity weighting helps: HR@100 %s against %s with uniform weights, %s more, beyond the ±%s margin of error.",
				textfmt.Percent(weighted.Metrics.HR), textfmt.Percent(uniform.Metrics.HR), textfmt.Points(diff), textfmt.Points(margin)))
		default:
			s = append(s, fmt.Sprintf("Uniform weights do better here: HR@100 %s against %s with popularity weighting, %s more, beyond the ±%s margin of error.",
				textfmt.Percent(uniform.Metrics.HR), textfmt.Percent(weighted.Metrics.HR), textfmt.Points(-diff), textfmt.Points(margin)))
		}
	}
	if okW && okR {
		diff, margin := eval.HRDifference(weighted.Metrics, rcd.Metrics)
		name := "eALS"
		if weighted.Metrics == uniform.Metrics || weighted.SameAs != "" {
			name = "eALS (α = 0)"
		}
		switch {
		case abs(diff) <= margin:
			s = append(s, fmt.Sprintf("%s and RCD tie: HR@100 %s vs %s, a gap of %s within the ±%s margin.",
				name, textfmt.Percent(weighted.Metrics.HR), textfmt.Percent(rcd.Metrics.HR), textfmt.Points(abs(diff)), textfmt.Points(margin)))
		case diff > 0:
			s = append(s, fmt.Sprintf("%s beats RCD: HR@100 %s against %s, %s more, beyond the ±%s margin.",
				name, textfmt.Percent(weighted.Metrics.HR), textfmt.Percent(rcd.Metrics.HR), textfmt.Points(diff), textfmt.Points(margin)))
		default:
			s = append(s, fmt.Sprintf("RCD beats %s: HR@100 %s against %s, %s more, beyond the ±%s margin.",
				name, textfmt.Percent(rcd.Metrics.HR), textfmt.Percent(weighted.Metrics.HR), textfmt.Points(-diff), textfmt.Points(margin)))
		}
	}
	if okW && okB {
		diff, margin := eval.HRDifference(weighted.Metrics, bpr.Metrics)
		switch {
		case abs(diff) <= margin:
			s = append(s, fmt.Sprintf("eALS and BPR tie: HR@100 %s vs %s, a gap of %s within the ±%s margin.",
				textfmt.Percent(weighted.Metrics.HR), textfmt.Percent(bpr.Metrics.HR), textfmt.Points(abs(diff)), textfmt.Points(margin)))
		case diff > 0:
			s = append(s, fmt.Sprintf("eALS beats BPR: HR@100 %s against %s, %s more, beyond the ±%s margin.",
				textfmt.Percent(weighted.Metrics.HR), textfmt.Percent(bpr.Metrics.HR), textfmt.Points(diff), textfmt.Points(margin)))
		default:
			s = append(s, fmt.Sprintf("BPR beats eALS: HR@100 %s against %s, %s more, beyond the ±%s margin.",
				textfmt.Percent(bpr.Metrics.HR), textfmt.Percent(weighted.Metrics.HR), textfmt.Points(-diff), textfmt.Points(margin)))
		}
		higher, lower := "BPR", "eALS"
		hi, lo := bpr.Metrics.NDCG, weighted.Metrics.NDCG
		if lo > hi {
			higher, lower, hi, lo = lower, higher, lo, hi
		}
		s = append(s, fmt.Sprintf("On NDCG@100, which also rewards ranking the hit higher, %s has %.4f and %s %.4f.", higher, hi, lower, lo))
	}
	if len(s) == 0 {
		return ""
	}
	return strings.Join(s, " ") + " (Each margin treats the two models as independent samples of the held-out users, so it is on the wide side.)"
}

func abs(v float64) float64 { return max(v, -v) }
