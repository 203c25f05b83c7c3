package app

import "time"

// chunker runs long work in slices of about target between which the
// browser gets the thread back: go-app redraws and handles clicks only
// when Go yields, and only a real sleep yields to the browser. Each kind
// of work keeps its own chunker, since a unit of work (an observed entry,
// a test user) costs differently in each.
type chunker struct {
	target time.Duration
	budget int // units of work in the next slice
}

func newChunker(target time.Duration, budget int) *chunker {
	return &chunker{target: target, budget: budget}
}

// run calls step with a budget until it reports done or fails, yielding
// between calls, and returns the time spent in step. between, if not nil,
// runs after every slice (to report progress); stop, if not nil, is
// checked after every slice and ends the run early. step is the Step of a
// core.Stepper (a trainer, an evaluation), or several run in lockstep.
func (c *chunker) run(step func(budget int) (bool, error), between func(), stop func() bool) (compute time.Duration, completed bool, err error) {
	for {
		start := time.Now()
		done, err := step(c.budget)
		took := time.Since(start)
		compute += took
		c.budget = nextBudget(c.budget, took, c.target)
		if err != nil {
			return compute, false, err
		}
		if done {
			return compute, true, nil
		}
		if between != nil {
			between()
		}
		if stop != nil && stop() {
			return compute, false, nil
		}
		yield()
	}
}

// nextBudget scales a budget that took took towards one that takes
// target, at most halving or doubling it at a time so that one slow slice
// (a garbage collection) does not swing it.
func nextBudget(budget int, took, target time.Duration) int {
	if took <= 0 {
		return budget * 2
	}
	next := int(float64(budget) * float64(target) / float64(took))
	return min(max(next, budget/2, 1), budget*2)
}

// yield lets the browser handle events and repaint. Browsers delay
// repeated short timers to 4 ms, so slices are kept well above that.
func yield() { time.Sleep(time.Millisecond) }
