package app

import (
	"strings"
	"testing"

	"github.com/ealslive/ealslive/core/eval"
)

func lane(key string, overall eval.Metrics, cold, one eval.Metrics) laneView {
	bs := eval.HistoryBuckets()
	bs[0].Metrics, bs[1].Metrics = cold, one
	return laneView{Key: key, Label: laneLabels[key], Overall: overall, ByHistory: bs}
}

func TestReplayFindings(t *testing.T) {
	lanes := []laneView{
		lane(laneLearning, eval.Metrics{HR: 0.2364, Count: 10398}, eval.Metrics{HR: 0.0706, Count: 85}, eval.Metrics{HR: 0.1837, Count: 98}),
		lane(laneFrozen, eval.Metrics{HR: 0.1759, Count: 10398}, eval.Metrics{HR: 0.0706, Count: 85}, eval.Metrics{HR: 0.0714, Count: 98}),
		lane(lanePopular, eval.Metrics{HR: 0.1621, Count: 10398}, eval.Metrics{HR: 0.1647, Count: 85}, eval.Metrics{HR: 0.1429, Count: 98}),
	}
	got := replayFindings(lanes)
	for _, want := range []string{
		"at 0 past reviews (85 reviews): eALS 7.1%, popularity 16.5%.",
		"After 1 past review (98 reviews): learning eALS 18.4%, eALS without updates 7.1%, popularity 14.3%.",
		"Over all 10,398 replayed: learning eALS 23.6%, without updates 17.6%, popularity 16.2%.",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("findings %q lack %q", got, want)
		}
	}
	// An empty bucket is left out rather than reported as 0%.
	lanes[0].ByHistory[0].Count = 0
	if got := replayFindings(lanes); strings.Contains(got, "0 past reviews") {
		t.Errorf("findings mention an empty bucket: %q", got)
	}
	if got := replayFindings(lanes[:2]); got != "" {
		t.Errorf("findings without popularity: %q", got)
	}
}

func row(key string, hr, ndcg float64, n int) compareRow {
	return compareRow{Key: key, Evaluated: true, Metrics: eval.Metrics{HR: hr, NDCG: ndcg, Count: n}}
}

// The verdict calls a gap within the margin of error a tie, and names the
// winner only beyond it, whichever model that is.
func TestCompareVerdict(t *testing.T) {
	for _, c := range []struct {
		name string
		rows []compareRow
		says []string
	}{
		{"the Phoenix figures: all within noise", []compareRow{
			row(rivalWeighted, 0.2602, 0.0592, 3536), row(rivalUniform, 0.2559, 0.0591, 3536), row(rivalBPR, 0.2610, 0.0634, 3536),
		}, []string{"makes no measurable difference", "gap of 0.4 points where ±2.0 points is noise",
			"eALS and BPR tie: HR@100 26.0% vs 26.1%", "BPR has 0.0634 and eALS 0.0592"}},
		{"weighting helps, eALS beats BPR", []compareRow{
			row(rivalWeighted, 0.30, 0.07, 3536), row(rivalUniform, 0.25, 0.06, 3536), row(rivalBPR, 0.20, 0.05, 3536),
		}, []string{"Popularity weighting helps: HR@100 30.0% against 25.0% with uniform weights, 5.0 points more",
			"eALS beats BPR: HR@100 30.0% against 20.0%", "eALS has 0.0700 and BPR 0.0500"}},
		{"uniform and BPR do better", []compareRow{
			row(rivalWeighted, 0.20, 0.05, 3536), row(rivalUniform, 0.25, 0.06, 3536), row(rivalBPR, 0.30, 0.07, 3536),
		}, []string{"Uniform weights do better here: HR@100 25.0% against 20.0%", "BPR beats eALS: HR@100 30.0% against 20.0%"}},
	} {
		got := compareVerdict(c.rows)
		for _, want := range c.says {
			if !strings.Contains(got, want) {
				t.Errorf("%s: verdict %q lacks %q", c.name, got, want)
			}
		}
	}
	unfinished := []compareRow{row(rivalWeighted, 0.26, 0.06, 3536), {Key: rivalUniform}, {Key: rivalBPR}}
	if got := compareVerdict(unfinished); got != "" {
		t.Errorf("a verdict from one evaluated row: %q", got)
	}
}

func TestAxisTop(t *testing.T) {
	for _, c := range []struct {
		hi      float64
		percent bool
		want    float64
	}{
		{0.2364, true, 0.25}, {0.26, true, 0.3}, {0.0706, true, 0.08}, {0.1, true, 0.15}, {0.09, true, 0.1},
		{0.0539, false, 0.06}, {0.012, false, 0.015}, {0.41, true, 0.5}, {0, true, 0.01}, {1, true, 1},
		{0.8, true, 1}, {0.79, true, 0.8}, {3.2, false, 4}, {7, false, 8},
	} {
		if got := axisTop(c.hi, c.percent); abs(got-c.want) > 1e-12 {
			t.Errorf("axisTop(%v, %v) = %v, want %v", c.hi, c.percent, got, c.want)
		}
		if got := axisTop(c.hi, c.percent); got < c.hi {
			t.Errorf("axisTop(%v) = %v cuts the top off", c.hi, got)
		}
	}
}

func abs(v float64) float64 { return max(v, -v) }

func TestRunState(t *testing.T) {
	for _, c := range []struct {
		running, finished, stopped bool
		err, want                  string
	}{
		{false, false, false, "", "idle"},
		{true, false, false, "", "running"},
		{false, true, false, "", "finished"},
		{false, false, true, "", "stopped"},
		{false, false, false, "boom", "failed"},
	} {
		if got := runState(c.running, c.finished, c.stopped, c.err); got != c.want {
			t.Errorf("runState(%v, %v, %v, %q) = %q, want %q", c.running, c.finished, c.stopped, c.err, got, c.want)
		}
	}
}

func TestPercentOf(t *testing.T) {
	if got := percentOf(1429, 10398); got != "13.7%" {
		t.Errorf("percentOf(1429, 10398) = %q", got)
	}
	if got := percentOf(3, 0); got != "0%" {
		t.Errorf("percentOf(3, 0) = %q", got)
	}
}
