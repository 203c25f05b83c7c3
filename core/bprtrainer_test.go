package core

import (
	"slices"
	"testing"
)

// Any chunking of the epochs gives, bit for bit, the model of whole
// epochs (BPR.Epoch), and so does TrainBPR: the page trains with
// BPRTrainer and the command line with TrainBPR, and their figures must
// agree.
func TestBPRTrainerMatchesTrainBPR(t *testing.T) {
	d, err := Synthetic(60, 40, 700, 1, 5)
	if err != nil {
		t.Fatal(err)
	}
	cfg := DefaultBPRConfig()
	cfg.K, cfg.Epochs = 6, 4
	want, err := newBPR(d, cfg)
	if err != nil {
		t.Fatal(err)
	}
	for range cfg.Epochs {
		want.Epoch()
	}
	trained, err := TrainBPR(d, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(trained.p, want.p) || !slices.Equal(trained.q, want.q) || trained.Epochs() != want.Epochs() {
		t.Fatal("TrainBPR differs from whole epochs")
	}
	for _, budgets := range [][]int{{-1}, {1}, {0}, {7}, {699}, {700}, {701}, {3, 250, 1, 90}} {
		tr, err := NewBPRTrainer(d, cfg)
		if err != nil {
			t.Fatal(err)
		}
		steps := 0
		for k := 0; tr.Epochs() < cfg.Epochs; k++ {
			before := tr.Epochs()
			done := mustStep(t, tr, budgets[k%len(budgets)])
			steps++
			if done != (tr.Epochs() == before+1) {
				t.Fatalf("budgets %v: Step reported done = %v but epochs went %d -> %d", budgets, done, before, tr.Epochs())
			}
			if p := tr.Progress(); p < 0 || p >= 1 {
				t.Fatalf("budgets %v: progress %v outside [0, 1)", budgets, p)
			}
			if steps > 10*cfg.Epochs*d.Len() {
				t.Fatalf("budgets %v: no end after %d steps", budgets, steps)
			}
		}
		got := tr.Model()
		if got.Epochs() != want.Epochs() {
			t.Errorf("budgets %v: %d epochs, want %d", budgets, got.Epochs(), want.Epochs())
		}
		for u := range int32(d.NumUsers()) {
			if !slices.Equal(got.UserVector(u), want.UserVector(u)) {
				t.Fatalf("budgets %v: user %d is %v, want %v", budgets, u, got.UserVector(u), want.UserVector(u))
			}
		}
		for i := range int32(d.NumItems()) {
			if !slices.Equal(got.ItemVector(i), want.ItemVector(i)) {
				t.Fatalf("budgets %v: item %d is %v, want %v", budgets, i, got.ItemVector(i), want.ItemVector(i))
			}
		}
	}
}

// Progress counts the steps of the current epoch.
func TestBPRTrainerProgress(t *testing.T) {
	d, err := Synthetic(30, 20, 200, 1, 2)
	if err != nil {
		t.Fatal(err)
	}
	cfg := DefaultBPRConfig()
	cfg.K = 3
	tr, err := NewBPRTrainer(d, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if tr.Progress() != 0 {
		t.Errorf("progress before any step = %v", tr.Progress())
	}
	if mustStep(t, tr, 50) {
		t.Fatal("50 of 200 steps completed an epoch")
	}
	if got := tr.Progress(); got != 0.25 {
		t.Errorf("progress after 50 of 200 steps = %v, want 0.25", got)
	}
	if !mustStep(t, tr, -1) || tr.Progress() != 0 || tr.Epochs() != 1 {
		t.Errorf("the rest of the epoch: progress %v, epochs %d", tr.Progress(), tr.Epochs())
	}
}

func TestBPRTrainerRejectsBadInput(t *testing.T) {
	d, err := Synthetic(30, 20, 200, 1, 2)
	if err != nil {
		t.Fatal(err)
	}
	bad := DefaultBPRConfig()
	bad.LearnRate = 0
	if _, err := NewBPRTrainer(d, bad); err == nil {
		t.Error("a zero learning rate was accepted")
	}
	if _, err := NewBPRTrainer(nil, DefaultBPRConfig()); err == nil {
		t.Error("a nil data set was accepted")
	}
}
