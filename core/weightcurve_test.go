package core

import (
	"math"
	"testing"
)

// referenceWeight is c_i of section 4.1 written out for one item.
func referenceWeight(counts []int, n int, c0, alpha float64) float64 {
	total := 0
	for _, x := range counts {
		total += x
	}
	z := 0.0
	for _, x := range counts {
		z += math.Pow(float64(x)/float64(total), alpha)
	}
	return c0 * math.Pow(float64(n)/float64(total), alpha) / z
}

func TestWeightsByPopularity(t *testing.T) {
	counts := []int{10, 3, 250, 3, 41, 10, 10, 1, 97, 41}
	for _, tc := range []struct{ c0, alpha float64 }{{512, 0.4}, {512, 0}, {1, 1}, {64, 2.5}, {0, 0.4}, {512, 5}} {
		c := WeightsByPopularity(counts, tc.c0, tc.alpha)
		if want := tc.c0 / float64(len(counts)); c.Uniform != want {
			t.Errorf("c0=%g α=%g: uniform weight %v, want c0/N = %v", tc.c0, tc.alpha, c.Uniform, want)
		}
		items, mass := 0, 0.0
		for k, pt := range c.Points {
			if k > 0 && pt.Count <= c.Points[k-1].Count {
				t.Fatalf("c0=%g α=%g: counts not strictly ascending: %+v", tc.c0, tc.alpha, c.Points)
			}
			n := 0
			for _, x := range counts {
				if x == pt.Count {
					n++
				}
			}
			if pt.Items != n {
				t.Errorf("count %d: %d items, want %d", pt.Count, pt.Items, n)
			}
			if want := referenceWeight(counts, pt.Count, tc.c0, tc.alpha); !closeRel(pt.Weight, want, 1e-12) {
				t.Errorf("c0=%g α=%g count %d: weight %v, want %v", tc.c0, tc.alpha, pt.Count, pt.Weight, want)
			}
			if tc.alpha == 0 && !closeRel(pt.Weight, c.Uniform, 1e-12) {
				t.Errorf("α = 0: count %d has weight %v, want the uniform %v", pt.Count, pt.Weight, c.Uniform)
			}
			if k > 0 && pt.Weight < c.Points[k-1].Weight {
				t.Errorf("c0=%g α=%g: a more popular item weighs less: %+v", tc.c0, tc.alpha, c.Points)
			}
			items += pt.Items
			mass += float64(pt.Items) * pt.Weight
		}
		if items != len(counts) || len(c.Points) != 6 {
			t.Errorf("c0=%g α=%g: %d points covering %d items, want 6 covering %d", tc.c0, tc.alpha, len(c.Points), items, len(counts))
		}
		// c0 is the total weight of missing data: Σ_i c_i = c0.
		if !closeRel(mass, tc.c0, 1e-12) {
			t.Errorf("c0=%g α=%g: weights sum to %v", tc.c0, tc.alpha, mass)
		}
		// On log–log axes the curve is a line of slope α.
		lo, hi := c.Points[0], c.Points[len(c.Points)-1]
		if tc.c0 > 0 {
			slope := math.Log(hi.Weight/lo.Weight) / math.Log(float64(hi.Count)/float64(lo.Count))
			if !closeRel(slope, tc.alpha, 1e-9) {
				t.Errorf("c0=%g α=%g: log–log slope %v", tc.c0, tc.alpha, slope)
			}
		}
	}
}

// The curve is what a trained model uses.
func TestWeightsByPopularityMatchModel(t *testing.T) {
	d := randomDataset(t, 30, 25, 0.2, 4)
	cfg := smallConfig()
	cfg.Alpha = 0.7
	m, err := NewModel(d, cfg)
	if err != nil {
		t.Fatal(err)
	}
	counts := d.ItemCounts()
	curve := WeightsByPopularity(counts, cfg.C0, cfg.Alpha)
	for i, w := range m.c {
		found := false
		for _, pt := range curve.Points {
			if pt.Count == counts[i] {
				found = true
				if pt.Weight != w {
					t.Errorf("item %d (count %d): model weight %v, curve %v", i, counts[i], w, pt.Weight)
				}
			}
		}
		if !found {
			t.Errorf("item %d's count %d is not on the curve", i, counts[i])
		}
	}
}

func TestWeightsByPopularityEdges(t *testing.T) {
	if c := WeightsByPopularity(nil, 512, 0.4); len(c.Points) != 0 || c.Uniform != 0 {
		t.Errorf("no items: %+v", c)
	}
	// Unseen items weigh nothing when α > 0, and c0/N when α = 0.
	c := WeightsByPopularity([]int{0, 5, 0}, 30, 0.5)
	if len(c.Points) != 2 || c.Points[0].Count != 0 || c.Points[0].Items != 2 || c.Points[0].Weight != 0 || c.Points[1].Weight != 30 {
		t.Errorf("unseen items with α > 0: %+v", c)
	}
	c = WeightsByPopularity([]int{0, 5, 0}, 30, 0)
	for _, pt := range c.Points {
		if pt.Weight != 10 {
			t.Errorf("α = 0: count %d weighs %v, want 10", pt.Count, pt.Weight)
		}
	}
}
