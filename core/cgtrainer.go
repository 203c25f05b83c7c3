package core

// CGTrainer runs CG epochs, whole or in chunks of rows, so that a page can
// repaint between them: every user against S^q, then S^p = PᵀP, then every
// item against S^p, then S^q. Rows of one pass depend only on the other
// side and its cache, so any chunking, and any number of goroutines, gives
// bitwise the model of whole one-goroutine epochs.
type CGTrainer struct {
	m      *CG
	pass   alternation
	epochs int
}

// NewCGTrainer returns a trainer for a new CG model of d.
func NewCGTrainer(d *Dataset, cfg CGConfig) (*CGTrainer, error) {
	m, err := newCG(d, cfg)
	if err != nil {
		return nil, err
	}
	return &CGTrainer{m: m}, nil
}

// Model returns the model being trained. Its caches match its factors only
// between epochs, so call Update only then.
func (t *CGTrainer) Model() *CG { return t.m }

// Progress returns how far the current epoch has got, in [0, 1).
func (t *CGTrainer) Progress() float64 {
	return t.pass.progress(t.m.NumUsers(), t.m.NumItems())
}

// Step solves rows of the current pass until it has covered about budget
// observed entries (at least one row; a negative budget runs the rest of
// the epoch), and reports whether that completed an epoch. It never fails:
// the error is there for Stepper.
func (t *CGTrainer) Step(budget int) (done bool, err error) {
	m := t.m
	m.midEpoch = true
	for {
		done = t.pass.advance(budget, m.users.idx, m.items.idx, t.solve, t.endPass)
		if done || budget >= 0 {
			break
		}
	}
	if done {
		t.epochs++
		m.midEpoch = false
	}
	return done, nil
}

func (t *CGTrainer) solve(items bool, lo, hi int) {
	m := t.m
	side := m.users.idx
	if items {
		side = m.items.idx
	}
	work := m.workers(m.threads)
	splitRun(m.threads, lo, hi, func(r int) int { return len(side[r]) + m.k },
		func(w, lo, hi int) {
			for r := lo; r < hi; r++ {
				m.solve(&work[w], items, int32(r))
			}
		})
}

func (t *CGTrainer) endPass(items bool) {
	m := t.m
	if items {
		gram(m.sq, m.q, m.k, m.c, m.threads)
	} else {
		gram(m.sp, m.p, m.k, nil, m.threads)
	}
}

var _ Stepper = (*CGTrainer)(nil)

// TrainCG builds a CG model of d and runs cfg.Epochs epochs, calling
// onEpoch (if not nil) after each, as Train does for eALS.
func TrainCG(d *Dataset, cfg CGConfig, onEpoch func(*CG, EpochInfo) error) (*CG, error) {
	t, err := NewCGTrainer(d, cfg)
	if err != nil {
		return nil, err
	}
	return train(t, t.Model(), cfg.Epochs, onEpoch)
}
