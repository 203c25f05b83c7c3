package app

import (
	"strings"
	"testing"

	"github.com/ealslive/ealslive/app/runs"
)

// The model card accounts for a run's time beyond its epochs, and the
// parts add up to the whole.
func TestTimeSplitAddsUp(t *testing.T) {
	r := runs.Training{WallMs: 3000, SetupMs: 100, EpochMs: []float64{500, 700}, EvalMs: []float64{200, 200}, FinalMs: 900}
	got := timeSplit(r)
	for _, want := range []string{"Of those 3.0 s", "0.1 s setting", "1.2 s in the epochs", "0.4 s on HR@100", "0.9 s on the final", "0.4 s in exchanges and handing"} {
		if !strings.Contains(got, want) {
			t.Errorf("%q lacks %q", got, want)
		}
	}
	r.WallMs = 1000 // parts beyond the whole: a clock problem, say nothing
	if got := timeSplit(r); got != "" {
		t.Errorf("inconsistent times give %q", got)
	}
}

// Where the time goes has its own line: so far while training, the split
// once trained, the accuracy for a model brought back; the status no
// longer carries the split.
func TestTimeLine(t *testing.T) {
	r := runs.Training{Epochs: 25, Done: 2, WallMs: 3000, SetupMs: 100, EpochMs: []float64{500, 700}, EvalMs: []float64{200, 200}, FinalMs: 900, Workers: 2}
	p := &trainPanel{Istage: "training", Irun: r}
	if got, want := p.timeLine(), "So far 1.2 s in 2 epochs and 0.4 s on HR@100 for the sample."; got != want {
		t.Errorf("while training: %q, want %q", got, want)
	}
	p.Istage = "ready"
	if got := p.timeLine(); got != timeSplit(r) || got == "" {
		t.Errorf("once trained: %q, want the split %q", got, timeSplit(r))
	}
	if strings.Contains(p.status(), "Of those") {
		t.Errorf("the status still holds the split: %q", p.status())
	}
	p.Irun.Restored, p.Irun.FinalDone = true, true
	p.Irun.Final.Count, p.Irun.Final.HR = 3536, 0.26
	if got := p.timeLine(); !strings.HasPrefix(got, "On all 3,536 held-out users: HR@100 26.0%") || strings.Contains(p.status(), "HR@100") {
		t.Errorf("a model brought back: %q under %q, want its accuracy under the status, not in it", got, p.status())
	}
	p.Istage, p.Irun = "loading", runs.Training{}
	if got := p.timeLine(); got != "" {
		t.Errorf("before training: %q, want nothing", got)
	}
}
