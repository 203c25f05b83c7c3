package core

// BPRTrainer runs BPR epochs in chunks, as Trainer does for eALS, so that
// a page can repaint between them. Its steps draw from the model's one
// generator in the same order however an epoch is chunked, so any chunking
// gives exactly the model of whole epochs (TrainBPR).
type BPRTrainer struct {
	b    *BPR
	next int // SGD steps taken in the current epoch
}

// NewBPRTrainer returns a trainer for a new BPR model of d.
func NewBPRTrainer(d *Dataset, cfg BPRConfig) (*BPRTrainer, error) {
	b, err := newBPR(d, cfg)
	if err != nil {
		return nil, err
	}
	return &BPRTrainer{b: b}, nil
}

// Model returns the model being trained.
func (t *BPRTrainer) Model() *BPR { return t.b }

// Progress returns how far the current epoch has got, in [0, 1).
func (t *BPRTrainer) Progress() float64 {
	return float64(t.next) / float64(len(t.b.pairs))
}

// Step takes up to budget more SGD steps of the current epoch (at least
// one; a negative budget means the rest of the epoch) and reports whether
// that completed an epoch. An epoch is |R| steps, |R| counted when it
// starts; call Update only between epochs. It never fails:
// the error is there for Stepper.
func (t *BPRTrainer) Step(budget int) (done bool, err error) {
	b := t.b
	end := len(b.pairs)
	stop := end
	if budget >= 0 {
		stop = min(end, t.next+max(budget, 1))
	}
	for ; t.next < stop; t.next++ {
		b.sampleStep()
	}
	if t.next < end {
		return false, nil
	}
	t.next = 0
	b.epochs++
	return true, nil
}

var _ Stepper = (*BPRTrainer)(nil)
