package core

import (
	"math"
	"testing"
)

// A model trained with w_new = 1 and set to w_new = 4 learns online
// interactions exactly as a model trained with w_new = 4: training never
// reads the weight.
func TestSetWNewEqualsTrainingWithIt(t *testing.T) {
	d, err := Synthetic(60, 40, 700, 0.8, 3)
	if err != nil {
		t.Fatal(err)
	}
	cfg := DefaultConfig()
	cfg.K, cfg.Epochs = 6, 4
	one, err := Train(d, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	cfg.WNew = 4
	four, err := Train(d, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	set := one.Clone()
	if err := set.SetWNew(4); err != nil {
		t.Fatal(err)
	}
	if set.Config() != four.Config() {
		t.Fatalf("after SetWNew the config is %+v, want %+v", set.Config(), four.Config())
	}
	for _, m := range []*Model{set, four, one} {
		u := m.AddUser()
		for _, i := range []int32{3, 17, 3, 30} {
			if err := m.Update(u, i); err != nil {
				t.Fatal(err)
			}
		}
		if err := m.Update(5, 22); err != nil {
			t.Fatal(err)
		}
	}
	u := int32(set.NumUsers() - 1)
	a, b, c := set.Scores(u, nil), four.Scores(u, nil), one.Scores(u, nil)
	differs := false
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("item %d: %v after SetWNew(4), %v trained with w_new = 4", i, a[i], b[i])
		}
		differs = differs || math.Abs(a[i]-c[i]) > 1e-9
	}
	if !differs {
		t.Error("w_new = 4 and w_new = 1 give the same scores: the weight is not used")
	}
}

func TestSetWNewRejectsBadWeights(t *testing.T) {
	d, err := Synthetic(20, 10, 100, 0.8, 1)
	if err != nil {
		t.Fatal(err)
	}
	cfg := DefaultConfig()
	cfg.K, cfg.Epochs = 3, 1
	m, err := Train(d, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []float64{0, -1, math.NaN(), math.Inf(1)} {
		if err := m.SetWNew(w); err == nil {
			t.Errorf("SetWNew(%v) accepted", w)
		}
		if m.Config().WNew != 1 {
			t.Fatalf("SetWNew(%v) changed w_new to %v", w, m.Config().WNew)
		}
	}
}
