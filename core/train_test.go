package core

import (
	"fmt"
	"math"
	"testing"
)

func smallConfig() Config {
	cfg := DefaultConfig()
	cfg.K = 5
	cfg.C0 = 8
	cfg.InitStd = 0.3 // large enough that the missing-data terms matter
	cfg.Lambda = 0.05
	return cfg
}

func TestEpochMatchesNaiveElementwiseALS(t *testing.T) {
	for _, tc := range []struct {
		name  string
		alpha float64
		seed  uint64
	}{{"popularity", 0.4, 1}, {"steep", 2, 2}, {"uniform", 0, 3}} {
		t.Run(tc.name, func(t *testing.T) {
			d := randomDataset(t, 9, 12, 0.3, tc.seed)
			cfg := smallConfig()
			cfg.Alpha = tc.alpha
			cfg.Seed = tc.seed
			tr, err := NewTrainer(d, cfg)
			if err != nil {
				t.Fatal(err)
			}
			ref := naiveOf(tr.Model())
			for e := 0; e < 3; e++ {
				tr.Step(-1)
				ref.epoch()
				p, q := modelVectors(tr.Model())
				compareVectors(t, "P", p, ref.p, 1e-9)
				compareVectors(t, "Q", q, ref.q, 1e-9)
			}
		})
	}
}

func TestObjectiveMatchesBruteForce(t *testing.T) {
	d := randomDataset(t, 11, 8, 0.35, 4)
	tr, err := NewTrainer(d, smallConfig())
	if err != nil {
		t.Fatal(err)
	}
	for e := 0; e < 3; e++ {
		if tr.Model().midEpoch {
			t.Fatal("between epochs the model is marked mid-epoch: Objective would not use its caches")
		}
		got, want := tr.Model().Objective().Total(), naiveOf(tr.Model()).objective()
		if !closeRel(got, want, 1e-10) {
			t.Fatalf("after %d epochs: objective %.15g, brute force %.15g", e, got, want)
		}
		tr.Step(-1)
	}
}

// The caches, the prediction cache among them, are current after every
// epoch, whole or in chunks, on one goroutine or several; and Objective
// through them is the brute-force objective. Inside an epoch Objective
// computes from scratch.
func TestEpochsKeepCachesFresh(t *testing.T) {
	d := randomDataset(t, 30, 22, 0.25, 31)
	for _, threads := range []int{1, 3} {
		for _, budget := range []int{-1, 5} {
			t.Run(fmt.Sprintf("threads=%d/budget=%d", threads, budget), func(t *testing.T) {
				cfg := smallConfig()
				cfg.Threads = threads
				tr, err := NewTrainer(d, cfg)
				if err != nil {
					t.Fatal(err)
				}
				m := tr.Model()
				assertCachesFresh(t, m, 1e-12)
				for e := 0; e < 3; e++ {
					for !mustStep(t, tr, budget) {
						if !m.midEpoch {
							t.Fatal("inside an epoch the model is not marked mid-epoch")
						}
						if got, want := m.Objective(), m.objectiveFromScratch(); got != want {
							t.Fatalf("mid-epoch Objective %+v, from scratch %+v", got, want)
						}
					}
					assertCachesFresh(t, m, 1e-12)
					if got, want := m.Objective().Total(), naiveOf(m).objective(); !closeRel(got, want, 1e-10) {
						t.Fatalf("after epoch %d: objective %.15g, brute force %.15g", e+1, got, want)
					}
				}
			})
		}
	}
}

// Every coordinate update is an exact minimiser, so the objective cannot go
// up after any row of an epoch, on random data and on a sample of real data.
func TestObjectiveNeverIncreasesWithinAnEpoch(t *testing.T) {
	check := func(t *testing.T, d *Dataset, cfg Config, epochs int) {
		tr, err := NewTrainer(d, cfg)
		if err != nil {
			t.Fatal(err)
		}
		// Between rows of an epoch the caches are stale, so this evaluates
		// from scratch, as Objective then does too.
		prev := tr.Model().objectiveFromScratch().Total()
		steps := 0
		for tr.Epochs() < epochs {
			tr.Step(0)
			steps++
			cur := tr.Model().objectiveFromScratch().Total()
			if cur > prev*(1+1e-12) {
				t.Fatalf("epoch %d step %d: objective rose from %.15g to %.15g", tr.Epochs()+1, steps, prev, cur)
			}
			prev = cur
		}
	}
	t.Run("random", func(t *testing.T) {
		check(t, randomDataset(t, 15, 13, 0.3, 5), smallConfig(), 3)
	})
	t.Run("yelp", func(t *testing.T) {
		d := yelpSample(t, 300)
		cfg := DefaultConfig()
		cfg.K = 8
		check(t, d, cfg, 2)
	})
}

func TestUniformWeightsWhenAlphaIsZero(t *testing.T) {
	counts := []int{5, 0, 1, 30, 2}
	w := itemWeights(counts, 64, 0)
	for i, c := range w {
		if c != 64.0/float64(len(counts)) {
			t.Fatalf("c_%d = %v with alpha = 0, want w0 = c0/N = %v", i, c, 64.0/5)
		}
	}
	w = itemWeights(counts, 64, 0.5)
	sum := 0.0
	for _, c := range w {
		sum += c
	}
	if !closeRel(sum, 64, 1e-12) || w[1] != 0 || !(w[3] > w[0] && w[0] > w[4] && w[4] > w[2]) {
		t.Fatalf("alpha = 0.5 weights %v: want sum c0 = 64, 0 for the unseen item, ordered by popularity", w)
	}
	if got, want := w[3]/w[0], math.Sqrt(30.0/5); !closeRel(got, want, 1e-12) {
		t.Fatalf("c_3/c_0 = %v, want (f_3/f_0)^alpha = %v", got, want)
	}
}

func TestParallelEpochIsBitwiseSequential(t *testing.T) {
	d := randomDataset(t, 60, 45, 0.2, 6)
	run := func(threads int) *Model {
		cfg := smallConfig()
		cfg.Threads = threads
		cfg.Epochs = 4
		m, err := Train(d, cfg, nil)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	one := run(1)
	for _, threads := range []int{2, 3, 8} {
		many := run(threads)
		assertSameModel(t, one, many)
	}
}

func TestSameSeedSameModel(t *testing.T) {
	d := randomDataset(t, 20, 15, 0.3, 8)
	cfg := smallConfig()
	cfg.Epochs = 3
	a, _ := Train(d, cfg, nil)
	b, _ := Train(d, cfg, nil)
	assertSameModel(t, a, b)
	cfg.Seed++
	c, _ := Train(d, cfg, nil)
	if c.p[0] == a.p[0] {
		t.Fatal("a different seed gave the same first factor")
	}
}

// assertSameModel checks that a and b are bitwise the same model, caches
// included.
func assertSameModel(t *testing.T, a, b *Model) {
	t.Helper()
	pairs := map[string][2][]float64{"P": {a.p, b.p}, "Q": {a.q, b.q}, "S^p": {a.sp, b.sp}, "S^q": {a.sq, b.sq}, "c": {a.c, b.c}}
	if len(a.pred.r) != len(b.pred.r) {
		t.Fatalf("prediction caches of %d and %d items", len(a.pred.r), len(b.pred.r))
	}
	for i := range a.pred.r {
		pairs[fmt.Sprintf("r̂ of item %d", i)] = [2][]float64{a.pred.r[i], b.pred.r[i]}
	}
	for name, pair := range pairs {
		if len(pair[0]) != len(pair[1]) {
			t.Fatalf("%s: %d values vs %d", name, len(pair[0]), len(pair[1]))
		}
		for j := range pair[0] {
			if math.Float64bits(pair[0][j]) != math.Float64bits(pair[1][j]) {
				t.Fatalf("%s[%d] differs: %v vs %v", name, j, pair[0][j], pair[1][j])
			}
		}
	}
	if a.midEpoch != b.midEpoch {
		t.Fatalf("one model is mid-epoch (%v), the other not (%v)", a.midEpoch, b.midEpoch)
	}
}

func TestTrainCallbackStops(t *testing.T) {
	d := randomDataset(t, 10, 10, 0.3, 9)
	cfg := smallConfig()
	cfg.Epochs = 10
	stop := errStop("stop")
	seen := 0
	_, err := Train(d, cfg, func(m *Model, e EpochInfo) error {
		seen++
		if e.Epoch != seen || e.Seconds < 0 {
			t.Fatalf("callback %d got epoch %+v", seen, e)
		}
		if seen == 3 {
			return stop
		}
		return nil
	})
	if err != stop || seen != 3 {
		t.Fatalf("Train returned %v after %d epochs, want the callback's error after 3", err, seen)
	}
}

type errStop string

func (e errStop) Error() string { return string(e) }

func TestStepBudgetCoversEpochOnce(t *testing.T) {
	d := randomDataset(t, 25, 20, 0.3, 10)
	cfg := smallConfig()
	whole, _ := NewTrainer(d, cfg)
	whole.Step(-1)
	chunked, _ := NewTrainer(d, cfg)
	calls := 0
	for !mustStep(t, chunked, 7) {
		calls++
		if p := chunked.Progress(); p < 0 || p >= 1 {
			t.Fatalf("progress %v outside [0, 1)", p)
		}
	}
	if calls < 3 || chunked.Epochs() != 1 {
		t.Fatalf("%d steps before the epoch completed (epochs %d): a budget of 7 should split it", calls, chunked.Epochs())
	}
	assertSameModel(t, whole.Model(), chunked.Model())
}

// Several goroutines on chunks of a few rows give bitwise the model of whole
// epochs on one: each chunk is split over the goroutines again, and rows of
// one side do not depend on each other.
func TestChunkedParallelStepsAreBitwiseSequentialEpochs(t *testing.T) {
	d := randomDataset(t, 60, 45, 0.2, 32)
	cfg := smallConfig()
	cfg.Threads = 1
	one, _ := NewTrainer(d, cfg)
	for e := 0; e < 3; e++ {
		one.Step(-1)
	}
	for _, threads := range []int{2, 3, 8} {
		for _, budget := range []int{0, 25, 80} { // about 0, 3 and 9 rows
			cfg.Threads = threads
			many, _ := NewTrainer(d, cfg)
			for many.Epochs() < 3 {
				many.Step(budget)
			}
			assertSameModel(t, one.Model(), many.Model())
		}
	}
}
