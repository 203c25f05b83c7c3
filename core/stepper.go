package core

import "time"

// Stepper is long work done in chunks, so that a caller such as a browser
// page can repaint between them: the training of every model here, and
// the evaluation protocols of package eval, share it.
type Stepper interface {
	// Step does about budget units of work (at least one; budget < 0: all
	// that is left of the current phase) and reports whether the phase (an
	// epoch, or the whole evaluation) is done.
	Step(budget int) (done bool, err error)
	// Progress is how far the current phase has got, in [0, 1].
	Progress() float64
}

// EpochInfo describes a completed training epoch.
type EpochInfo struct {
	Epoch   int     // 1-based
	Seconds float64 // wall time of the epoch, excluding the callback
}

// RunEpochs runs epochs whole epochs of t, calling onEpoch (if not nil)
// after each. An error from t or from onEpoch stops it and is returned.
// It is the one training loop: Train, TrainALS and TrainBPR are this loop
// on their model's trainer.
func RunEpochs(t Stepper, epochs int, onEpoch func(EpochInfo) error) error {
	for e := 1; e <= epochs; e++ {
		start := time.Now()
		for done := false; !done; {
			var err error
			if done, err = t.Step(-1); err != nil {
				return err
			}
		}
		info := EpochInfo{Epoch: e, Seconds: time.Since(start).Seconds()}
		if onEpoch != nil {
			if err := onEpoch(info); err != nil {
				return err
			}
		}
	}
	return nil
}

// train is the body of every Train function: RunEpochs on t, showing m,
// the model t trains, to onEpoch.
func train[M any](t Stepper, m M, epochs int, onEpoch func(M, EpochInfo) error) (M, error) {
	var each func(EpochInfo) error
	if onEpoch != nil {
		each = func(e EpochInfo) error { return onEpoch(m, e) }
	}
	return m, RunEpochs(t, epochs, each)
}
