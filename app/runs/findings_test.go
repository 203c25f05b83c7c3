package runs

import (
	"strings"
	"testing"

	"github.com/ealslive/ealslive/core/eval"
)

func lane(key string, overall eval.Metrics, cold, one eval.Metrics) Lane {
	bs := eval.HistoryBuckets()
	bs[0].Metrics, bs[1].Metrics = cold, one
	return Lane{Key: key, Label: LaneLabels[key], Overall: overall, ByHistory: bs}
}

func TestReplayFindings(t *testing.T) {
	lanes := []Lane{
		lane(LaneLearning, eval.Metrics{HR: 0.2364, Count: 10398}, eval.Metrics{HR: 0.0706, Count: 85}, eval.Metrics{HR: 0.1837, Count: 98}),
		lane(LaneFrozen, eval.Metrics{HR: 0.1759, Count: 10398}, eval.Metrics{HR: 0.0706, Count: 85}, eval.Metrics{HR: 0.0714, Count: 98}),
		lane(LanePopular, eval.Metrics{HR: 0.1621, Count: 10398}, eval.Metrics{HR: 0.1647, Count: 85}, eval.Metrics{HR: 0.1429, Count: 98}),
	}
	got := ReplayFindings(lanes, "review", "reviews")
	for _, want := range []string{
		"at 0 past reviews (85 reviews): eALS 7.1%, popularity 16.5%.",
		"After 1 past review (98 reviews): learning eALS 18.4%, eALS without updates 7.1%, popularity 14.3%.",
		"Over all 10,398 replayed: learning eALS 23.6%, without updates 17.6%, popularity 16.2%.",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("findings %q lack %q", got, want)
		}
	}
	// In another data's words, and never Yelp's.
	logs := ReplayFindings(lanes, "interaction", "interactions")
	for _, want := range []string{"at 0 past interactions (85 interactions)", "After 1 past interaction (98 interactions)"} {
		if !strings.Contains(logs, want) {
			t.Errorf("findings %q lack %q", logs, want)
		}
	}
	if strings.Contains(logs, "review") {
		t.Errorf("findings on a log speak of reviews: %q", logs)
	}
	// An empty bucket is left out rather than reported as 0%.
	lanes[0].ByHistory[0].Count = 0
	if got := ReplayFindings(lanes, "review", "reviews"); strings.Contains(got, "0 past reviews") {
		t.Errorf("findings mention an empty bucket: %q", got)
	}
	if got := ReplayFindings(lanes[:2], "review", "reviews"); got != "" {
		t.Errorf("findings without popularity: %q", got)
	}
}

func row(key string, hr, ndcg float64, n int) Row {
	return Row{Key: key, Evaluated: true, Metrics: eval.Metrics{HR: hr, NDCG: ndcg, Count: n}}
}

// The verdict calls a gap within the margin of error a tie, and names the
// winner only beyond it, whichever model that is.
func TestCompareVerdict(t *testing.T) {
	for _, c := range []struct {
		name string
		rows []Row
		says []string
	}{
		{"the Phoenix figures: all within noise", []Row{
			row(RivalWeighted, 0.2602, 0.0592, 3536), row(RivalUniform, 0.2559, 0.0591, 3536), row(RivalBPR, 0.2610, 0.0634, 3536),
		}, []string{"makes no measurable difference", "gap of 0.4 points where ±2.0 points is noise",
			"eALS and BPR tie: HR@100 26.0% vs 26.1%", "BPR has 0.0634 and eALS 0.0592"}},
		{"weighting helps, eALS beats BPR", []Row{
			row(RivalWeighted, 0.30, 0.07, 3536), row(RivalUniform, 0.25, 0.06, 3536), row(RivalBPR, 0.20, 0.05, 3536),
		}, []string{"Popularity weighting helps: HR@100 30.0% against 25.0% with uniform weights, 5.0 points more",
			"eALS beats BPR: HR@100 30.0% against 20.0%", "eALS has 0.0700 and BPR 0.0500"}},
		{"uniform and BPR do better", []Row{
			row(RivalWeighted, 0.20, 0.05, 3536), row(RivalUniform, 0.25, 0.06, 3536), row(RivalBPR, 0.30, 0.07, 3536),
		}, []string{"Uniform weights do better here: HR@100 25.0% against 20.0%", "BPR beats eALS: HR@100 30.0% against 20.0%"}},
	} {
		got := CompareVerdict(c.rows)
		for _, want := range c.says {
			if !strings.Contains(got, want) {
				t.Errorf("%s: verdict %q lacks %q", c.name, got, want)
			}
		}
	}
	unfinished := []Row{row(RivalWeighted, 0.26, 0.06, 3536), {Key: RivalUniform}, {Key: RivalBPR}}
	if got := CompareVerdict(unfinished); got != "" {
		t.Errorf("a verdict from one evaluated row: %q", got)
	}
}
