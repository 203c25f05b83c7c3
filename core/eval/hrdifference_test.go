package eval

import (
	"math"
	"testing"
)

func TestHRDifference(t *testing.T) {
	// Margins computed independently (Python: 1.959963984540054 *
	// math.sqrt(a*(1-a)/na + b*(1-b)/nb)).
	for _, c := range []struct {
		a, b         Metrics
		diff, margin float64
	}{
		{Metrics{HR: 0.2602, Count: 3536}, Metrics{HR: 0.2559, Count: 3536}, 0.0042999999999999705, 0.020395810547030754},
		{Metrics{HR: 0.5, Count: 10}, Metrics{HR: 0.1, Count: 1000}, 0.4, 0.31045483054901174},
		{Metrics{HR: 0, Count: 50}, Metrics{HR: 1, Count: 50}, -1, 0},
	} {
		diff, margin := HRDifference(c.a, c.b)
		if math.Abs(diff-c.diff) > 1e-15 || math.Abs(margin-c.margin) > 1e-15 {
			t.Errorf("HRDifference(%v, %v) = %v ± %v, want %v ± %v", c.a, c.b, diff, margin, c.diff, c.margin)
		}
		back, backMargin := HRDifference(c.b, c.a)
		if back != -diff || backMargin != margin {
			t.Errorf("swapped: %v ± %v, want %v ± %v", back, backMargin, -diff, margin)
		}
	}
	if _, m := HRDifference(Metrics{HR: 0.3, Count: 100}, Metrics{}); !math.IsInf(m, 1) {
		t.Errorf("with no test cases on one side the margin is %v, want +Inf", m)
	}
}

// The margin shrinks as 1/√n: four times the test cases halve it.
func TestHRDifferenceShrinksWithCases(t *testing.T) {
	_, small := HRDifference(Metrics{HR: 0.3, Count: 400}, Metrics{HR: 0.25, Count: 400})
	_, large := HRDifference(Metrics{HR: 0.3, Count: 1600}, Metrics{HR: 0.25, Count: 1600})
	if math.Abs(small/large-2) > 1e-12 {
		t.Errorf("margins %v with 400 cases and %v with 1600: ratio %v, want 2", small, large, small/large)
	}
}
