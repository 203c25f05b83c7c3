package app

import "time"

// throttle spaces out redraws of a long run: copying a run's state and
// dispatching it after every millisecond-sized chunk would cost more than
// the chunk itself.
type throttle struct {
	every time.Duration
	last  time.Time
}

// due reports whether a redraw is due (always when forced, as at a change
// of phase) and, if so, restarts the interval.
func (t *throttle) due(force bool) bool {
	now := time.Now()
	if !force && now.Sub(t.last) < t.every {
		return false
	}
	t.last = now
	return true
}
