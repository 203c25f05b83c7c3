package core

import (
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
				tr.Epoch()
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
		got, want := tr.Model().Objective().Total(), naiveOf(tr.Model()).objective()
		if !closeRel(got, want, 1e-10) {
			t.Fatalf("after %d epochs: objective %.15g, brute force %.15g", e, got, want)
		}
		tr.Epoch()
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
		prev := tr.Model().Objective().Total()
		steps := 0
		for tr.Epochs() < epochs {
			tr.Step(0)
			steps++
			cur := tr.Model().Objective().Total()
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
	w := ItemWeights(counts, 64, 0)
	for i, c := range w {
		if c != 64.0/float64(len(counts)) {
			t.Fatalf("c_%d = %v with alpha = 0, want w0 = c0/N = %v", i, c, 64.0/5)
		}
	}
	w = ItemWeights(counts, 64, 0.5)
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

func assertSameModel(t *testing.T, a, b *Model) {
	t.Helper()
	for name, pair := range map[string][2][]float64{"P": {a.p, b.p}, "Q": {a.q, b.q}, "S^p": {a.sp, b.sp}, "S^q": {a.sq, b.sq}} {
		for j := range pair[0] {
			if math.Float64bits(pair[0][j]) != math.Float64bits(pair[1][j]) {
				t.Fatalf("%s[%d] differs: %v vs %v", name, j, pair[0][j], pair[1][j])
			}
		}
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
	whole.Epoch()
	chunked, _ := NewTrainer(d, cfg)
	calls := 0
	for !chunked.Step(7) {
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
