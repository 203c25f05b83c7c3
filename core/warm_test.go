package core

import (
	"bytes"
	"fmt"
	"slices"
	"testing"
)

// onlineModel trains d with cfg on threads goroutines, then adds a visitor
// who clicks items with weight wNew, as the page's visitor does.
func onlineModel(t *testing.T, d *Dataset, cfg Config, threads int, wNew float64, items []int32) (*Model, int32) {
	t.Helper()
	cfg.Threads = threads
	cfg.WNew = wNew
	m, err := Train(d, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	u := m.AddUser()
	for _, i := range items {
		if err := m.Update(u, i); err != nil {
			t.Fatal(err)
		}
	}
	return m, u
}

func modelBytes(t *testing.T, m *Model) []byte {
	t.Helper()
	b, err := m.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// Warm epochs are exact coordinate steps on the objective the online
// model holds (its w_new entries and its item weights), so the objective
// never rises from the online model's through every warm epoch, and the
// caches stay current; the model warmed is left as it was.
func TestWarmNeverRaisesTheObjective(t *testing.T) {
	d := randomDataset(t, 25, 18, 0.3, 11)
	for _, tc := range []struct {
		name   string
		wNew   float64
		clicks []int32
	}{
		{"w_new 1", 1, []int32{3, 7, 1}},
		{"w_new 4", 4, []int32{3, 7, 1, 12}},
		{"an item nobody had", 4, []int32{17, 2}},
		{"no clicks", 1, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, _ := onlineModel(t, d, smallConfig(), 1, tc.wNew, tc.clicks)
			before := modelBytes(t, m)
			last := m.Objective().Total()
			warm, err := Warm(m, 6, func(w *Model, e EpochInfo) error {
				o := w.Objective().Total()
				if o > last*(1+1e-12) {
					t.Errorf("warm epoch %d: objective %.15g rose from %.15g", e.Epoch, o, last)
				}
				last = o
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			assertCachesFresh(t, warm, 1e-10)
			if !bytes.Equal(modelBytes(t, m), before) {
				t.Error("warming changed the online model")
			}
		})
	}
}

// No warm epochs leave the online model as it is; warm epochs on a model
// with no online rows are the epochs training would have gone on with; and
// any number of threads, whole or in chunks, gives the same bits.
func TestWarmEqualsTrainingOn(t *testing.T) {
	d := randomDataset(t, 30, 20, 0.25, 12)
	clicks := []int32{5, 0, 9}
	m, _ := onlineModel(t, d, smallConfig(), 1, 4, clicks)
	same, err := Warm(m, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(modelBytes(t, same), modelBytes(t, m)) {
		t.Error("0 warm epochs changed the model")
	}

	cfg := smallConfig()
	cfg.Epochs = 3
	short, err := Train(d, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Epochs = 7
	long, err := Train(d, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	more, err := Warm(short, 4, nil)
	if err != nil {
		t.Fatal(err)
	}
	p, q := modelVectors(more)
	wp, wq := modelVectors(long)
	if !slices.EqualFunc(p, wp, slices.Equal) || !slices.EqualFunc(q, wq, slices.Equal) {
		t.Error("3 epochs and 4 warm ones differ from 7 epochs")
	}

	one, err := Warm(m, 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprint(modelVectors(one))
	for _, threads := range []int{2, 3} {
		mt, _ := onlineModel(t, d, smallConfig(), threads, 4, clicks)
		w, err := Warm(mt, 3, nil)
		if err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(modelVectors(w)) != want {
			t.Errorf("%d threads: the warm model differs from one thread's", threads)
		}
		tr, err := NewWarmTrainer(mt)
		if err != nil {
			t.Fatal(err)
		}
		for e := 0; e < 3; {
			if mustStep(t, tr, 7) {
				e++
			}
		}
		if fmt.Sprint(modelVectors(tr.Model())) != want {
			t.Errorf("%d threads in chunks: the warm model differs from one thread's whole", threads)
		}
	}
}

func TestWarmRefuses(t *testing.T) {
	d := randomDataset(t, 8, 7, 0.4, 13)
	tr, err := NewTrainer(d, smallConfig())
	if err != nil {
		t.Fatal(err)
	}
	mustStep(t, tr, 3) // inside the first epoch
	done, err := Train(d, smallConfig(), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		m      *Model
		epochs int
	}{
		{"a model inside an epoch", tr.Model(), 1},
		{"no model", nil, 1},
		{"negative epochs", done, -1},
		{"too many epochs", done, MaxEpochs + 1},
	} {
		if _, err := Warm(tc.m, tc.epochs, nil); err == nil {
			t.Errorf("%s: no error", tc.name)
		}
	}
}
