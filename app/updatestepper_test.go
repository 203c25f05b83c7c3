package app

import (
	"slices"
	"testing"

	"github.com/ealslive/ealslive/core"
)

// The stepper's walk is the trace's steps in order, eq. (12) then (13),
// each with its side's vector around it and its objective after every
// step of the side.
func TestWalkOfFollowsTheTrace(t *testing.T) {
	d, err := core.Synthetic(40, 30, 300, 0.8, 3)
	if err != nil {
		t.Fatal(err)
	}
	cfg := core.DefaultConfig()
	cfg.K, cfg.Epochs = 4, 3
	m, err := core.Train(d, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	tr, err := m.UpdateTraced(m.AddUser(), 2)
	if err != nil {
		t.Fatal(err)
	}
	for at := 0; at < 2*cfg.K; at++ {
		w := walkOf(tr, at)
		steps, before := tr.UserSteps, tr.UserBefore
		n := at
		if at >= cfg.K {
			steps, before, n = tr.ItemSteps, tr.ItemBefore, at-cfg.K
		}
		if w.Item != (at >= cfg.K) || w.N != n+1 || w.K != cfg.K || w.Shown.Factor != steps[n].Factor {
			t.Fatalf("step %d: %+v", at, w)
		}
		if !slices.Equal(w.Before, core.Replay(before, steps, n)) || !slices.Equal(w.After, core.Replay(before, steps, n+1)) {
			t.Fatalf("step %d: the vectors around it are not the replay's", at)
		}
		if len(w.Losses) != cfg.K+1 || w.Losses[n] != steps[n].LossBefore || w.Losses[n+1] != steps[n].LossAfter || w.Fall != steps[n].Fall() {
			t.Fatalf("step %d: losses %v, want the side's, before its first step and after each", at, w.Losses)
		}
	}
}
