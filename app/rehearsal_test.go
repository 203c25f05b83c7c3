package app

import (
	"testing"

	"github.com/ealslive/ealslive/core"
)

// The rehearsal takes the arrival's whole path: the workers' message and
// the model's file read back, a saved click learnt, and a click that re-ranks, as the first one
// on the page does.
func TestRehearsalTakesTheArrivalsPath(t *testing.T) {
	for _, k := range []int{2, 32} {
		cfg := core.DefaultConfig()
		cfg.K = k
		r := &rehearsal{cfg: cfg}
		for n, step := range r.steps() {
			if err := step(); err != nil {
				t.Fatalf("K = %d: step %d: %v", k, n, err)
			}
		}
		if r.run.Epochs != 1 || r.run.Plane == nil || r.run.Config != cfg {
			t.Fatalf("K = %d: the run's head was not read back: %+v", k, r.run)
		}
		v := r.you
		if v.model == nil || v.model.K() != k {
			t.Fatalf("K = %d: the visitor holds no model of the settings", k)
		}
		if len(v.liked) != 2 || v.last == nil || v.last.Trace == nil || v.last.Item != v.liked[1] {
			t.Fatalf("K = %d: the click was not learnt with a trace: liked %v, last %+v", k, v.liked, v.last)
		}
		if len(v.list) == 0 || len(v.why) != len(v.list) {
			t.Fatalf("K = %d: after the click, %d ranked and %d explained", k, len(v.list), len(v.why))
		}
		for _, rk := range v.list {
			if v.likes(rk.Item) {
				t.Fatalf("K = %d: the list holds %d, which the visitor likes", k, rk.Item)
			}
		}
	}
}
