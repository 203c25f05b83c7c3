package core_test

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/ealslive/ealslive/core"
)

// phoenix reads the Phoenix 10-core from the shared folder (EALS_DATA
// overrides it); its absence is a failure, since CI always has it.
func phoenix(b *testing.B) *core.Dataset {
	b.Helper()
	dir := filepath.Join("..", "..", "shared", "data", "yelp")
	if d := os.Getenv("EALS_DATA"); d != "" {
		dir = d
	}
	d, err := core.ReadFile(filepath.Join(dir, "phoenix2013_reviews_10core.tsv"), "")
	if err != nil {
		b.Fatalf("reading the Phoenix 10-core (set EALS_DATA to the yelp folder): %v", err)
	}
	return d
}

// BenchmarkALSEpoch is one epoch of Hu et al.'s ALS at K = 32: the
// O((M+N)K³ + |R|K²) cost eALS removes.
func BenchmarkALSEpoch(b *testing.B) {
	d := phoenix(b)
	for _, threads := range []int{1, 2} {
		b.Run(fmt.Sprintf("K=32/threads=%d", threads), func(b *testing.B) {
			cfg := core.DefaultConfig()
			cfg.Threads = threads
			a, err := core.NewALS(d, cfg)
			if err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				a.Epoch()
			}
		})
	}
}

// BenchmarkBPREpoch is one epoch of BPR (|R| SGD steps) at K = 32.
func BenchmarkBPREpoch(b *testing.B) {
	d := phoenix(b)
	m, err := core.NewBPR(d, core.DefaultBPRConfig())
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		m.Epoch()
	}
}

// BenchmarkRCDEpoch is one epoch of RCD (a line-searched gradient step on
// every user and item vector, in random order) at K = 32 and 128.
func BenchmarkRCDEpoch(b *testing.B) {
	d := phoenix(b)
	for _, k := range []int{32, 128} {
		b.Run(fmt.Sprintf("K=%d", k), func(b *testing.B) {
			cfg := core.DefaultRCDConfig()
			cfg.K = k
			t, err := core.NewRCDTrainer(d, cfg)
			if err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				t.Step(-1)
			}
		})
	}
}

// BenchmarkCGEpoch is one epoch of iALS by conjugate gradient (3 steps per
// vector) at K = 32 and 128, on one and two goroutines.
func BenchmarkCGEpoch(b *testing.B) {
	d := phoenix(b)
	for _, k := range []int{32, 128} {
		for _, threads := range []int{1, 2} {
			b.Run(fmt.Sprintf("K=%d/threads=%d", k, threads), func(b *testing.B) {
				cfg := core.DefaultCGConfig()
				cfg.K, cfg.Threads = k, threads
				t, err := core.NewCGTrainer(d, cfg)
				if err != nil {
					b.Fatal(err)
				}
				for b.Loop() {
					t.Step(-1)
				}
			})
		}
	}
}
