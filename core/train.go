package core

import "sync"

// Trainer runs eALS epochs (Algorithm 1) on a model, whole or in chunks so
// that a caller such as a browser page can do other work between them.
type Trainer struct {
	m       *Model
	threads int
	epochs  int // completed
	items   bool
	next    int // next row of the current pass
	work    []scratch
}

// NewTrainer returns a trainer for a new model of d.
func NewTrainer(d *Dataset, cfg Config) (*Trainer, error) {
	m, err := NewModel(d, cfg)
	if err != nil {
		return nil, err
	}
	return newTrainerFor(m), nil
}

// newTrainerFor returns a trainer that continues training m, including the
// interactions it has learnt online.
func newTrainerFor(m *Model) *Trainer {
	t := &Trainer{m: m, threads: m.cfg.threads()}
	t.work = make([]scratch, t.threads)
	return t
}

// Model returns the model being trained. Its caches (S^p, S^q and the
// predictions) match its factors whenever an epoch has just completed;
// Update and Remove need that, so call them only between epochs. Between
// Steps inside an epoch the model is marked mid-epoch, and Objective
// computes everything afresh.
func (t *Trainer) Model() *Model { return t.m }

// Progress returns how far the current epoch has got, in [0, 1).
func (t *Trainer) Progress() float64 {
	m := t.m
	total := m.NumUsers() + m.NumItems()
	done := t.next
	if t.items {
		done += m.NumUsers()
	}
	return float64(done) / float64(total)
}

// Step updates rows of the current pass until it has covered about budget
// observed entries (at least one row), and reports whether that completed
// an epoch; a negative budget runs the rest of the epoch. An epoch updates
// every user against S^q, recomputes S^p, updates every item against S^p,
// then recomputes S^q, so both caches are current when an epoch completes,
// and so is the prediction cache, which the item pass rewrites. It never
// fails: the error is there for Stepper.
func (t *Trainer) Step(budget int) (done bool, err error) {
	if budget >= 0 {
		return t.step(budget), nil
	}
	for !t.step(-1) {
	}
	return true, nil
}

// step is Step within one pass: a negative budget ends it at the end of
// the pass.
func (t *Trainer) step(budget int) (epochDone bool) {
	m := t.m
	m.midEpoch = true
	side := &m.users
	if t.items {
		side = &m.items
	}
	end := len(side.idx)
	stop := end
	if budget >= 0 {
		cost := 0
		for stop = t.next; stop < end && (stop == t.next || cost < budget); stop++ {
			cost += len(side.idx[stop])
		}
	}
	t.pass(t.next, stop)
	t.next = stop
	if stop < end {
		return false
	}
	t.next = 0
	if !t.items {
		gram(m.sp, m.p, m.k, nil, t.threads)
		t.items = true
		return false
	}
	gram(m.sq, m.q, m.k, m.c, t.threads)
	t.items = false
	t.epochs++
	m.midEpoch = false
	return true
}

var _ Stepper = (*Trainer)(nil)

// pass updates rows [a, b) of the current side, split into contiguous runs
// of about equal cost over the goroutines. Rows of one side depend only on
// the other side and its cache, which the pass does not change, so the
// result is the same for any split.
func (t *Trainer) pass(a, b int) {
	if t.threads <= 1 || b-a < 2*t.threads {
		t.rows(&t.work[0], a, b)
		return
	}
	side := &t.m.users
	if t.items {
		side = &t.m.items
	}
	total := 0
	for r := a; r < b; r++ {
		total += len(side.idx[r]) + t.m.k
	}
	var wg sync.WaitGroup
	start, cost := a, 0
	for w := 0; w < t.threads; w++ {
		end := b
		if w < t.threads-1 {
			target := total * (w + 1) / t.threads
			for end = start; end < b && cost < target; end++ {
				cost += len(side.idx[end]) + t.m.k
			}
		}
		wg.Add(1)
		go func(s *scratch, lo, hi int) {
			defer wg.Done()
			t.rows(s, lo, hi)
		}(&t.work[w], start, end)
		start = end
	}
	wg.Wait()
}

func (t *Trainer) rows(s *scratch, a, b int) {
	m := t.m
	for r := a; r < b; r++ {
		if t.items {
			m.solveItem(s, int32(r), nil)
		} else {
			m.solveUser(s, int32(r), nil)
		}
	}
}

// solveUser runs eq. (12) over every factor of user u and returns |R_u|;
// s.pred[:|R_u|] then holds the new predictions of u's entries, in the order
// of u's row. A user with no observations keeps its vector: Algorithm 1 has
// nothing to fit it to, and Algorithm 2 starts a new user from a random
// vector.
func (m *Model) solveUser(s *scratch, u int32, trace *[]FactorStep) int {
	items := m.users.idx[u]
	if len(items) == 0 {
		return 0
	}
	x := m.user(u)
	s.ensure(len(items), m.k)
	pred := s.pred[:len(items)]
	if trace == nil && kernels.SolveRow != nil && hostSolve(x, m.q, items, m.users.w[u], m.c, 0, pred, m.sq, 1, m.cfg.Lambda, s) {
		return len(items)
	}
	n := s.gather(x, m.q, items, m.users.w[u], m.c, 0, pred)
	s.sweep(x, n, pred, m.sq, 1, m.cfg.Lambda, trace)
	return n
}

// solveItem runs eq. (13) over every factor of item i. It gathers and moves
// the predictions in the cache's row for i, so the row ends current: the item
// pass of an epoch refreshes the whole cache at no extra cost.
func (m *Model) solveItem(s *scratch, i int32, trace *[]FactorStep) {
	users := m.items.idx[i]
	if len(users) == 0 {
		return
	}
	x := m.item(i)
	ci := m.c[i]
	pred := m.pred.r[i]
	if trace == nil && kernels.SolveRow != nil {
		s.ensure(len(users), m.k)
		if hostSolve(x, m.p, users, m.items.w[i], nil, ci, pred, m.sp, ci, m.cfg.Lambda, s) {
			return
		}
	}
	n := s.gather(x, m.p, users, m.items.w[i], nil, ci, pred)
	s.sweep(x, n, pred, m.sp, ci, m.cfg.Lambda, trace)
}

// Train builds a model of d and runs cfg.Epochs epochs. After each epoch it
// calls onEpoch, if not nil; an error from onEpoch stops training and is
// returned with the model as it stands.
func Train(d *Dataset, cfg Config, onEpoch func(*Model, EpochInfo) error) (*Model, error) {
	t, err := NewTrainer(d, cfg)
	if err != nil {
		return nil, err
	}
	return train(t, t.Model(), cfg.Epochs, onEpoch)
}
