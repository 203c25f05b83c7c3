package core

import (
	"errors"
	"fmt"
)

// Warm returns a copy of m trained epochs more full epochs (Algorithm 1):
// the warm variant of a retrain, which starts from m's factors where a
// retrain from scratch starts from random ones. The epochs cover every
// entry m has observed, those learnt online included, at the weight each
// was learnt with (w_new). Item weights c_i stay m's, as they do after an
// Update, so each epoch lowers the objective m.Objective measures. The
// copy splits its epochs over Config.Threads goroutines (the model is
// bitwise the same for any count). m is not changed; onEpoch is called as
// in Train.
func Warm(m *Model, epochs int, onEpoch func(*Model, EpochInfo) error) (*Model, error) {
	if epochs < 0 || epochs > MaxEpochs {
		return nil, fmt.Errorf("core: %d warm epochs: want 0 to %d", epochs, MaxEpochs)
	}
	t, err := NewWarmTrainer(m)
	if err != nil {
		return nil, err
	}
	return train(t, t.Model(), epochs, onEpoch)
}

// NewWarmTrainer returns a trainer of a copy of m, to run Warm's epochs in
// chunks. m must not be inside an epoch.
func NewWarmTrainer(m *Model) (*Trainer, error) {
	if m == nil {
		return nil, errors.New("core: no model to warm")
	}
	if m.midEpoch {
		return nil, errors.New("core: the model is inside an epoch: finish it before warming it")
	}
	return newTrainerFor(m.Clone()), nil
}
