package app

import (
	"strings"
	"testing"

	"github.com/ealslive/ealslive/app/runs"
)

// The ghost lines' note names the previous run's settings and what
// differs from the current run.
func TestGhostNoteNamesTheDifferences(t *testing.T) {
	prev, now := runs.PageConfig(), runs.PageConfig()
	now.Alpha, now.K = 0, 16
	got := ghostNote(prev, now)
	for _, want := range []string{"K = 32, c_0 = 512, α = 0.4, λ = 0.01, w_new = 1, 25 epochs", "K = 32, now 16", "α = 0.4, now 0"} {
		if !strings.Contains(got, want) {
			t.Errorf("ghost note %q lacks %q", got, want)
		}
	}
	if strings.Contains(got, "λ = 0.01, now") {
		t.Errorf("ghost note %q names an unchanged setting as changed", got)
	}
	if got := ghostNote(prev, prev); !strings.HasSuffix(got, "the same settings as this one.") {
		t.Errorf("same settings: %q", got)
	}
}
