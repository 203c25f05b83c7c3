package core

import "sync"

// splitRun runs run(w, lo, hi) for worker w on contiguous runs [lo, hi) of
// rows [a, b) of about equal total cost, on threads goroutines, or on the
// caller's alone when threads ≤ 1 or there are few rows. Rows that depend
// only on the other side give the same result for any split.
func splitRun(threads, a, b int, cost func(r int) int, run func(w, lo, hi int)) {
	if threads <= 1 || b-a < 2*threads {
		run(0, a, b)
		return
	}
	total := 0
	for r := a; r < b; r++ {
		total += cost(r)
	}
	var wg sync.WaitGroup
	start, acc := a, 0
	for w := 0; w < threads; w++ {
		end := b
		if w < threads-1 {
			target := total * (w + 1) / threads
			for end = start; end < b && acc < target; end++ {
				acc += cost(end)
			}
		}
		wg.Add(1)
		go func(w, lo, hi int) {
			defer wg.Done()
			run(w, lo, hi)
		}(w, start, end)
		start = end
	}
	wg.Wait()
}

// alternation is where a chunked alternating epoch stands: the pass over
// the users, then the pass over the items, each row solved against the
// other side's cache, which changes only between the passes.
type alternation struct {
	items bool // in the item pass
	next  int  // next row of the pass
}

// advance solves rows of the current pass from next on, with solve(items,
// lo, hi), until they cover about budget observed entries (at least one
// row; a negative budget: the rest of the pass), calling endPass(items) as
// each pass ends. It reports whether the item pass, and so the epoch, has
// ended.
func (a *alternation) advance(budget int, users, items [][]int32, solve func(items bool, lo, hi int), endPass func(items bool)) bool {
	side := users
	if a.items {
		side = items
	}
	end := len(side)
	stop := end
	if budget >= 0 {
		cost := 0
		for stop = a.next; stop < end && (stop == a.next || cost < budget); stop++ {
			cost += len(side[stop])
		}
	}
	solve(a.items, a.next, stop)
	a.next = stop
	if stop < end {
		return false
	}
	a.next = 0
	endPass(a.items)
	a.items = !a.items
	return !a.items
}

// progress is the share of the epoch's rows done.
func (a *alternation) progress(users, items int) float64 {
	done := a.next
	if a.items {
		done += users
	}
	return float64(done) / float64(users+items)
}
