package core

import (
	"errors"
	"testing"
)

// countdown is a Stepper whose epochs are n units of work.
type countdown struct {
	n, left int
	calls   []int // budgets Step was given
	fail    int   // Step call (1-based) that fails; 0: none
}

func (c *countdown) Step(budget int) (bool, error) {
	c.calls = append(c.calls, budget)
	if len(c.calls) == c.fail {
		return false, errors.New("countdown fails")
	}
	if c.left == 0 {
		c.left = c.n
	}
	if budget < 0 {
		budget = c.left
	}
	c.left -= min(max(budget, 1), c.left)
	return c.left == 0, nil
}

func (c *countdown) Progress() float64 { return float64(c.n-c.left) / float64(c.n) }

func TestRunEpochs(t *testing.T) {
	c := &countdown{n: 5}
	var seen []int
	err := RunEpochs(c, 3, func(e EpochInfo) error {
		seen = append(seen, e.Epoch)
		if e.Seconds < 0 {
			t.Errorf("epoch %d took %v s", e.Epoch, e.Seconds)
		}
		return nil
	})
	if err != nil || len(seen) != 3 || seen[0] != 1 || seen[2] != 3 {
		t.Fatalf("RunEpochs: %v, callbacks for epochs %v", err, seen)
	}
	for _, b := range c.calls {
		if b >= 0 {
			t.Fatalf("budgets %v: an epoch is run whole, with a negative budget", c.calls)
		}
	}
	if err := RunEpochs(&countdown{n: 5}, 2, nil); err != nil {
		t.Fatalf("without a callback: %v", err)
	}

	stop := errors.New("stop")
	c = &countdown{n: 5}
	calls := 0
	err = RunEpochs(c, 10, func(EpochInfo) error {
		calls++
		if calls == 2 {
			return stop
		}
		return nil
	})
	if err != stop || calls != 2 || len(c.calls) != 2 {
		t.Fatalf("a callback's error: %v after %d callbacks and %d steps; want it after 2 and 2", err, calls, len(c.calls))
	}

	c = &countdown{n: 5, fail: 2}
	calls = 0
	err = RunEpochs(c, 10, func(EpochInfo) error { calls++; return nil })
	if err == nil || err.Error() != "countdown fails" || calls != 1 {
		t.Fatalf("a failing Step: %v after %d callbacks; want its error after 1", err, calls)
	}
}
