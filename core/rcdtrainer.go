package core

// RCDTrainer runs RCD epochs, whole or in chunks of blocks, so that a page
// can repaint between them. An epoch visits the M+N blocks in an order
// drawn from the model's generator when the epoch starts, so any chunking
// gives bitwise the model of whole epochs (TrainRCD). RCD runs on one
// goroutine: each step moves S^p or S^q, which the next one reads.
type RCDTrainer struct {
	r       *RCD
	order   []int32 // this epoch's blocks: u < M is user u, M+i is item i
	users   int     // M when the epoch started
	next    int     // next position in order
	started bool    // order holds this epoch's
	epochs  int
}

// NewRCDTrainer returns a trainer for a new RCD model of d.
func NewRCDTrainer(d *Dataset, cfg RCDConfig) (*RCDTrainer, error) {
	r, err := newRCD(d, cfg)
	if err != nil {
		return nil, err
	}
	return &RCDTrainer{r: r}, nil
}

// Model returns the model being trained. Its caches are current after
// every step, but call Update only between epochs, which Step reports.
func (t *RCDTrainer) Model() *RCD { return t.r }

// Progress returns how far the current epoch has got, in [0, 1).
func (t *RCDTrainer) Progress() float64 {
	if !t.started {
		return 0
	}
	return float64(t.next) / float64(len(t.order))
}

// Step moves blocks of the current epoch until it has covered about budget
// observed entries (at least one block; a negative budget runs the rest of
// the epoch), and reports whether that completed an epoch. It never fails:
// the error is there for Stepper.
func (t *RCDTrainer) Step(budget int) (done bool, err error) {
	r := t.r
	if !t.started {
		t.begin()
	}
	cost := 0
	for t.next < len(t.order) && (budget < 0 || cost == 0 || cost < budget) {
		b := t.order[t.next]
		t.next++
		if int(b) < t.users {
			r.descend(&r.work, false, b)
			cost += len(r.users.idx[b]) + 1
		} else {
			i := b - int32(t.users)
			r.descend(&r.work, true, i)
			cost += len(r.items.idx[i]) + 1
		}
	}
	if t.next < len(t.order) {
		return false, nil
	}
	t.next, t.started = 0, false
	t.epochs++
	return true, nil
}

// begin draws the order of the epoch's blocks.
func (t *RCDTrainer) begin() {
	r := t.r
	t.users = r.NumUsers()
	n := t.users + r.NumItems()
	t.order = t.order[:0]
	for b := 0; b < n; b++ {
		t.order = append(t.order, int32(b))
	}
	r.rng.Shuffle(n, func(a, b int) { t.order[a], t.order[b] = t.order[b], t.order[a] })
	t.started = true
}

var _ Stepper = (*RCDTrainer)(nil)

// TrainRCD builds an RCD model of d and runs cfg.Epochs epochs, calling
// onEpoch (if not nil) after each, as Train does for eALS.
func TrainRCD(d *Dataset, cfg RCDConfig, onEpoch func(*RCD, EpochInfo) error) (*RCD, error) {
	t, err := NewRCDTrainer(d, cfg)
	if err != nil {
		return nil, err
	}
	return train(t, t.Model(), cfg.Epochs, onEpoch)
}
