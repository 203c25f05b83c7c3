package core

// ALSTrainer runs ALS epochs in chunks of rows, as Trainer does for eALS,
// so that a page can repaint between them. Rows of one side are solved
// independently against the other side's cache, which changes only between
// the passes, so any chunking of an epoch gives bitwise the model of whole
// epochs (TrainALS).
type ALSTrainer struct {
	a     *ALS
	items bool // in the item pass
	next  int  // next row of the current pass
}

// NewALSTrainer returns a trainer for a new ALS model of d.
func NewALSTrainer(d *Dataset, cfg Config) (*ALSTrainer, error) {
	a, err := newALS(d, cfg)
	if err != nil {
		return nil, err
	}
	return &ALSTrainer{a: a}, nil
}

// Model returns the model being trained. Its caches match its factors
// only between epochs, so call Update only then.
func (t *ALSTrainer) Model() *ALS { return t.a }

// Progress returns how far the current epoch has got, in [0, 1).
func (t *ALSTrainer) Progress() float64 {
	done := t.next
	if t.items {
		done += t.a.NumUsers()
	}
	return float64(done) / float64(t.a.NumUsers()+t.a.NumItems())
}

// Step solves rows of the current pass until it has covered about budget
// observed entries (at least one row), and reports whether that completed
// an epoch; a negative budget runs the rest of the epoch. It never fails:
// the error is there for Stepper.
func (t *ALSTrainer) Step(budget int) (done bool, err error) {
	if budget >= 0 {
		return t.step(budget), nil
	}
	for !t.step(-1) {
	}
	return true, nil
}

// step is Step within one pass: a negative budget ends it at the end of
// the pass.
func (t *ALSTrainer) step(budget int) (epochDone bool) {
	a := t.a
	a.midEpoch = true
	side := &a.users
	if t.items {
		side = &a.items
	}
	end := len(side.idx)
	stop := end
	if budget >= 0 {
		cost := 0
		for stop = t.next; stop < end && (stop == t.next || cost < budget); stop++ {
			cost += len(side.idx[stop])
		}
	}
	a.pass(t.items, t.next, stop)
	t.next = stop
	if stop < end {
		return false
	}
	t.next = 0
	if !t.items {
		gram(a.sp, a.p, a.k, nil, a.threads)
		t.items = true
		return false
	}
	gram(a.sq, a.q, a.k, nil, a.threads)
	t.items = false
	a.epochs++
	a.midEpoch = false
	return true
}

var _ Stepper = (*ALSTrainer)(nil)
