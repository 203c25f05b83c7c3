package work

import (
	"testing"

	"github.com/ealslive/ealslive/core"
	"github.com/ealslive/ealslive/core/pack"
)

// BenchmarkReturnVisit is the workers' part of a return visit to the page,
// on two in-process workers and the Phoenix pack: decoding and splitting
// the pack (data), then bringing back the model kept at K = 32 (restore).
// Run it as wasm too (GOOS=js GOARCH=wasm), which is what the page runs.
func BenchmarkReturnVisit(b *testing.B) {
	data := packBytes(b, pack.Subset{K: 10})
	store := &MemoryStore{}
	cfg := core.DefaultConfig()
	cfg.K, cfg.Epochs = 32, 1
	spec := TrainSpec{Config: cfg, Sample: 100, TopN: 100, StoreKey: "kept", Restore: true}
	g := newGroup(b, 2, data, store)
	g.run(b, 1, JobSpec{Kind: JobTrain, Train: &spec}, nil)
	b.Run("data", func(b *testing.B) {
		for b.Loop() {
			newGroup(b, 2, data, store)
		}
	})
	b.Run("restore", func(b *testing.B) {
		job := 2
		for b.Loop() {
			if only(b, g.run(b, job, JobSpec{Kind: JobTrain, Train: &spec}, nil), MsgResult) == nil {
				b.Fatal("no model")
			}
			job++
		}
	})
}
