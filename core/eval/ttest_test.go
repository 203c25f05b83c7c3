package eval_test

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/stat/distuv"

	"github.com/ealslive/ealslive/core/eval"
)

// The p-value is Student's t distribution's, as gonum computes it
// independently (through its own incomplete beta), over small and large
// degrees of freedom and tails from central to far.
func TestPairedTTestPValueMatchesStudentsT(t *testing.T) {
	for _, df := range []float64{1, 2, 3, 9, 30, 200, 3535, 10397} {
		for _, tv := range []float64{0, 0.1, 0.7, 1.3, 1.96, 2.5, 3.3, 5, 12} {
			want := 2 * distuv.StudentsT{Mu: 0, Sigma: 1, Nu: df}.Survival(tv)
			// Build data whose t statistic is tv: differences ±1 around a
			// mean m with n = df+1 pairs has s = √(n/(n−1)), so
			// t = m√n/s.
			n := int(df) + 1
			s := math.Sqrt(float64(n) / float64(n-1))
			m := tv * s / math.Sqrt(float64(n))
			a, b := make([]float64, n), make([]float64, n)
			for k := range a {
				a[k] = m + 1
				if k%2 == 1 {
					a[k] = m - 1
				}
			}
			if n%2 == 1 {
				// An odd count cannot balance ±1; use a plain sample and
				// recompute the expected p from its own t.
				for k := range a {
					a[k] = math.Sin(float64(k)) + tv/10
				}
			}
			got, err := eval.PairedTTest(a, b)
			if err != nil {
				t.Fatal(err)
			}
			if n%2 == 1 {
				want = 2 * distuv.StudentsT{Mu: 0, Sigma: 1, Nu: df}.Survival(math.Abs(got.T))
			} else if math.Abs(got.T-tv) > 1e-9*math.Max(1, tv) {
				t.Fatalf("df %v: t = %v, built for %v", df, got.T, tv)
			}
			if got.DF != int(df) || math.Abs(got.P-want) > 1e-10*math.Max(want, 1e-300)+1e-15 {
				t.Errorf("df %v, t %v: p = %.15g, Student's t gives %.15g", df, got.T, got.P, want)
			}
		}
	}
}

// A worked example against a reference computation: differences
// 1, 2, 3, 4, 5 have mean 3, s = √2.5, standard error √0.5, t = 3/√0.5
// and, with 4 degrees of freedom, p = 0.013236...
func TestPairedTTestWorkedExample(t *testing.T) {
	got, err := eval.PairedTTest([]float64{3, 5, 7, 9, 11}, []float64{2, 3, 4, 5, 6})
	if err != nil {
		t.Fatal(err)
	}
	wantT := 3 / math.Sqrt(0.5)
	if got.N != 5 || got.DF != 4 || got.MeanDiff != 3 || math.Abs(got.StdErr-math.Sqrt(0.5)) > 1e-15 ||
		math.Abs(got.T-wantT) > 1e-12 || math.Abs(got.P-0.0132356) > 1e-7 {
		t.Errorf("got %+v", got)
	}
	// Swapping the sides flips the sign only.
	sw, _ := eval.PairedTTest([]float64{2, 3, 4, 5, 6}, []float64{3, 5, 7, 9, 11})
	if sw.T != -got.T || sw.P != got.P || sw.MeanDiff != -3 {
		t.Errorf("swapped: %+v", sw)
	}
}

func TestPairedTTestEdges(t *testing.T) {
	if _, err := eval.PairedTTest([]float64{1}, []float64{0}); err == nil {
		t.Error("one pair tested")
	}
	if _, err := eval.PairedTTest([]float64{1, 2}, []float64{0}); err == nil {
		t.Error("unequal lengths tested")
	}
	same, _ := eval.PairedTTest([]float64{1, 0, 1}, []float64{1, 0, 1})
	if same.T != 0 || same.P != 1 {
		t.Errorf("identical sides: %+v", same)
	}
	shift, _ := eval.PairedTTest([]float64{2, 3, 4}, []float64{1, 2, 3})
	if !math.IsInf(shift.T, 1) || shift.P != 0 {
		t.Errorf("a constant shift: %+v", shift)
	}
}

func TestCaseMetrics(t *testing.T) {
	hr, ndcg := eval.CaseMetrics([]int32{0, 3, 99, 100, 7}, 0)
	wantHR := []float64{1, 1, 1, 0, 1}
	for k, r := range []int{0, 3, 99, 100, 7} {
		if hr[k] != wantHR[k] || ndcg[k] != eval.NDCG(r, 100) {
			t.Errorf("case %d: %v %v", k, hr[k], ndcg[k])
		}
	}
	// Their means are MetricsOfRanks'.
	m := eval.MetricsOfRanks([]int32{0, 3, 99, 100, 7}, 0)
	var sh, sn float64
	for k := range hr {
		sh += hr[k]
		sn += ndcg[k]
	}
	if sh/5 != m.HR || sn/5 != m.NDCG {
		t.Errorf("means %v %v, MetricsOfRanks %+v", sh/5, sn/5, m)
	}
}
