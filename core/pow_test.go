package core

import (
	"math"
	"math/rand/v2"
	"testing"
)

// powShare agrees with math.Pow to 1e-13 relative over the shares and
// exponents the weights use (shares down to 2^-40, α up to MaxAlpha), and
// keeps its edge cases.
func TestPowShare(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	worst := 0.0
	for n := 0; n < 200000; n++ {
		x := rng.Float64()
		if n%3 == 0 {
			x = math.Ldexp(x, -rng.IntN(40)) // tiny shares of big data sets
		}
		y := maxAlpha * rng.Float64()
		got, want := powShare(x, y), math.Pow(x, y)
		if want == 0 {
			continue
		}
		if rel := math.Abs(got-want) / want; rel > worst {
			worst = rel
		}
	}
	if worst > 1e-13 {
		t.Errorf("powShare is %g from math.Pow, relatively, at worst", worst)
	}
	for _, c := range []struct{ x, y, want float64 }{
		{0, 0, 1}, {0.3, 0, 1}, {0, 0.4, 0}, {1, 0.4, 1}, {0.25, 0.5, 0.5}, {0.5, 1, 0.5}, {0.5, 2, 0.25},
	} {
		if got := powShare(c.x, c.y); got != c.want {
			t.Errorf("powShare(%g, %g) = %g, want %g", c.x, c.y, got, c.want)
		}
	}
}
