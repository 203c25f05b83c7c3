package app

import (
	"errors"
	"testing"
	"time"
)

func TestNextBudget(t *testing.T) {
	ms := time.Millisecond
	for _, tc := range []struct {
		budget     int
		took, want time.Duration
		next       int
	}{
		{1000, 10 * ms, 10 * ms, 1000},
		{1000, 20 * ms, 10 * ms, 500},
		{1000, 12 * ms, 10 * ms, 833},
		{1000, 100 * ms, 10 * ms, 500}, // at most halved
		{1000, 1 * ms, 10 * ms, 2000},  // at most doubled
		{1000, 0, 10 * ms, 2000},
		{1, 50 * ms, 10 * ms, 1}, // never below one unit
	} {
		if got := nextBudget(tc.budget, tc.took, tc.want); got != tc.next {
			t.Errorf("nextBudget(%d, %v, %v) = %d, want %d", tc.budget, tc.took, tc.want, got, tc.next)
		}
	}
}

// run hands step growing budgets until it is done, reporting between
// slices, and stops early when asked.
func TestChunkerRun(t *testing.T) {
	left := 100
	var budgets []int
	between := 0
	c := newChunker(time.Hour, 3) // every slice is far under target: budgets double
	_, done, err := c.run(func(b int) (bool, error) {
		budgets = append(budgets, b)
		left -= b
		return left <= 0, nil
	}, func() { between++ }, nil)
	if !done || err != nil {
		t.Fatalf("run did not complete: %v", err)
	}
	want := []int{3, 6, 12, 24, 48, 96} // 93 units after five slices, so a sixth
	if len(budgets) != len(want) {
		t.Fatalf("budgets %v, want %v", budgets, want)
	}
	for k := range want {
		if budgets[k] != want[k] {
			t.Fatalf("budgets %v, want %v", budgets, want)
		}
	}
	if between != len(want)-1 {
		t.Errorf("between ran %d times, want %d", between, len(want)-1)
	}

	calls := 0
	_, done, err = newChunker(time.Hour, 1).run(func(int) (bool, error) { calls++; return false, nil }, nil, func() bool { return calls == 3 })
	if done || err != nil || calls != 3 {
		t.Errorf("stopping after 3 slices: done %v, error %v after %d calls", done, err, calls)
	}

	// A step's error ends the run at once, before between or stop.
	fail := errors.New("step fails")
	calls, between = 0, 0
	_, done, err = newChunker(time.Hour, 1).run(func(int) (bool, error) {
		calls++
		if calls == 2 {
			return false, fail
		}
		return false, nil
	}, func() { between++ }, nil)
	if done || err != fail || calls != 2 || between != 1 {
		t.Errorf("a failing step: done %v, error %v after %d calls and %d betweens", done, err, calls, between)
	}
}
