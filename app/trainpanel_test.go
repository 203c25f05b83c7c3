package app

import (
	"strings"
	"testing"
)

// The model card accounts for a run's time beyond its epochs, and the
// parts add up to the whole.
func TestTimeSplitAddsUp(t *testing.T) {
	r := trainingRun{WallMs: 3000, SetupMs: 100, EpochMs: []float64{500, 700}, EvalMs: []float64{200, 200}, FinalMs: 900}
	got := timeSplit(r)
	for _, want := range []string{"Of those 3.0 s", "0.1 s setting", "1.2 s in the epochs", "0.4 s measuring", "0.9 s on the final", "0.4 s handing"} {
		if !strings.Contains(got, want) {
			t.Errorf("%q lacks %q", got, want)
		}
	}
	r.WallMs = 1000 // parts beyond the whole: a clock problem, say nothing
	if got := timeSplit(r); got != "" {
		t.Errorf("inconsistent times give %q", got)
	}
}
