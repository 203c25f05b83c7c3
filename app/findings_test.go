package app

import "testing"

func TestAxisTop(t *testing.T) {
	for _, c := range []struct {
		hi      float64
		percent bool
		want    float64
	}{
		{0.2364, true, 0.25}, {0.26, true, 0.3}, {0.0706, true, 0.08}, {0.1, true, 0.15}, {0.09, true, 0.1},
		{0.0539, false, 0.06}, {0.012, false, 0.015}, {0.41, true, 0.5}, {0, true, 0.01}, {1, true, 1},
		{0.8, true, 1}, {0.79, true, 0.8}, {3.2, false, 4}, {7, false, 8},
	} {
		if got := axisTop(c.hi, c.percent); abs(got-c.want) > 1e-12 {
			t.Errorf("axisTop(%v, %v) = %v, want %v", c.hi, c.percent, got, c.want)
		}
		if got := axisTop(c.hi, c.percent); got < c.hi {
			t.Errorf("axisTop(%v) = %v cuts the top off", c.hi, got)
		}
	}
}

func TestRunState(t *testing.T) {
	for _, c := range []struct {
		running, finished, stopped bool
		err, want                  string
	}{
		{false, false, false, "", "idle"},
		{true, false, false, "", "running"},
		{false, true, false, "", "finished"},
		{false, false, true, "", "stopped"},
		{false, false, false, "boom", "failed"},
	} {
		if got := runState(c.running, c.finished, c.stopped, c.err); got != c.want {
			t.Errorf("runState(%v, %v, %v, %q) = %q, want %q", c.running, c.finished, c.stopped, c.err, got, c.want)
		}
	}
}

func abs(v float64) float64 { return max(v, -v) }
