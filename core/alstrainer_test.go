package core

import (
	"fmt"
	"math"
	"testing"
)

// assertSameALS fails unless a and b hold bitwise the same factors and
// caches after the same number of epochs.
func assertSameALS(t *testing.T, a, b *ALS) {
	t.Helper()
	if a.epochs != b.epochs {
		t.Fatalf("%d epochs, want %d", a.epochs, b.epochs)
	}
	for name, pair := range map[string][2][]float64{
		"P": {a.p, b.p}, "Q": {a.q, b.q}, "PᵀP": {a.sp, b.sp}, "QᵀQ": {a.sq, b.sq},
	} {
		for j := range pair[0] {
			if math.Float64bits(pair[0][j]) != math.Float64bits(pair[1][j]) {
				t.Fatalf("%s[%d] differs: %v vs %v", name, j, pair[0][j], pair[1][j])
			}
		}
	}
}

// Any chunking of ALS epochs into rows, on one goroutine or several, gives
// bitwise the model of whole epochs (ALS.Epoch on one goroutine), and so
// does TrainALS: the page can train ALS in chunks and still agree with the
// command line.
func TestALSTrainerChunksAreBitwiseEpochs(t *testing.T) {
	d := randomDataset(t, 60, 45, 0.2, 33)
	cfg := smallConfig()
	cfg.Threads, cfg.Epochs = 1, 3
	one, err := newALS(d, cfg)
	if err != nil {
		t.Fatal(err)
	}
	for range cfg.Epochs {
		one.Epoch()
	}
	trained, err := TrainALS(d, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	assertSameALS(t, trained, one)
	for _, threads := range []int{1, 2, 3, 8} {
		for _, budget := range []int{-1, 0, 25, 80} { // whole epochs, about 1, 3 and 9 rows
			t.Run(fmt.Sprintf("threads=%d/budget=%d", threads, budget), func(t *testing.T) {
				cfg.Threads = threads
				tr, err := NewALSTrainer(d, cfg)
				if err != nil {
					t.Fatal(err)
				}
				steps := 0
				for tr.Model().Epochs() < cfg.Epochs {
					before := tr.Model().Epochs()
					done := mustStep(t, tr, budget)
					steps++
					if done != (tr.Model().Epochs() == before+1) {
						t.Fatalf("Step reported done = %v but epochs went %d -> %d", done, before, tr.Model().Epochs())
					}
					if p := tr.Progress(); p < 0 || p >= 1 {
						t.Fatalf("progress %v outside [0, 1)", p)
					}
				}
				if budget >= 0 && steps < 3*cfg.Epochs {
					t.Fatalf("%d steps for %d epochs: a budget of %d should split them", steps, cfg.Epochs, budget)
				}
				assertSameALS(t, tr.Model(), one)
			})
		}
	}
}

func TestALSTrainerRejectsBadInput(t *testing.T) {
	d := randomDataset(t, 10, 10, 0.3, 9)
	bad := smallConfig()
	bad.K = 0
	if _, err := NewALSTrainer(d, bad); err == nil {
		t.Error("K = 0 was accepted")
	}
	if _, err := NewALSTrainer(nil, smallConfig()); err == nil {
		t.Error("a nil data set was accepted")
	}
}
