package eval

import (
	"errors"
	"math"
)

// TTest is the outcome of a one-sample t-test on paired differences
// a_k − b_k, which is how the paper tests each of its comparisons: the
// same test cases judged by two models give pairs of per-case scores (a
// hit, 0 or 1, or an NDCG term), and the test asks whether the mean
// difference could be 0.
type TTest struct {
	N        int     // pairs
	MeanDiff float64 // mean of a_k − b_k
	StdErr   float64 // standard error of the mean: s/√N, s the sample standard deviation
	T        float64 // MeanDiff / StdErr
	DF       int     // degrees of freedom, N − 1
	P        float64 // two-sided p-value under Student's t with DF degrees of freedom
}

// PairedTTest tests whether the mean of a_k − b_k is 0. a and b must have
// the same length, at least 2. When every difference is the same, the
// statistic is degenerate: a mean of 0 gives T = 0 and P = 1 (no evidence
// of a difference), any other mean T = ±Inf and P = 0.
func PairedTTest(a, b []float64) (TTest, error) {
	if len(a) != len(b) {
		return TTest{}, errors.New("eval: a paired t-test needs as many values on each side")
	}
	n := len(a)
	if n < 2 {
		return TTest{}, errors.New("eval: a paired t-test needs at least 2 pairs")
	}
	var mean float64
	for k := range a {
		mean += a[k] - b[k]
	}
	mean /= float64(n)
	var ss float64
	for k := range a {
		d := a[k] - b[k] - mean
		ss += d * d
	}
	t := TTest{N: n, MeanDiff: mean, DF: n - 1}
	t.StdErr = math.Sqrt(ss / float64(n-1) / float64(n))
	switch {
	case t.StdErr == 0 && mean == 0:
		t.P = 1
	case t.StdErr == 0:
		t.T, t.P = math.Copysign(math.Inf(1), mean), 0
	default:
		t.T = mean / t.StdErr
		t.P = studentTwoSided(t.T, float64(t.DF))
	}
	return t, nil
}

// studentTwoSided is P(|T| ≥ |t|) for Student's t with df degrees of
// freedom: the regularized incomplete beta I_x(df/2, 1/2) at
// x = df/(df + t²).
func studentTwoSided(t, df float64) float64 {
	if math.IsInf(t, 0) {
		return 0
	}
	return regIncBeta(df/2, 0.5, df/(df+t*t))
}

// regIncBeta is the regularized incomplete beta function I_x(a, b), by its
// continued fraction (Numerical Recipes, section 6.4), evaluated on the
// side where it converges fast.
func regIncBeta(a, b, x float64) float64 {
	switch {
	case x <= 0:
		return 0
	case x >= 1:
		return 1
	}
	la, _ := math.Lgamma(a)
	lb, _ := math.Lgamma(b)
	lab, _ := math.Lgamma(a + b)
	front := math.Exp(lab - la - lb + a*math.Log(x) + b*math.Log1p(-x))
	if x < (a+1)/(a+b+2) {
		return front * betaFraction(a, b, x) / a
	}
	return 1 - front*betaFraction(b, a, 1-x)/b
}

// betaFraction evaluates the continued fraction of I_x(a, b) by the
// modified Lentz method.
func betaFraction(a, b, x float64) float64 {
	const (
		eps  = 1e-16
		tiny = 1e-300
	)
	qab, qap, qam := a+b, a+1, a-1
	c, d := 1.0, 1-qab*x/qap
	if math.Abs(d) < tiny {
		d = tiny
	}
	d = 1 / d
	h := d
	for m := 1; m <= 1000; m++ {
		fm := float64(m)
		m2 := 2 * fm
		aa := fm * (b - fm) * x / ((qam + m2) * (a + m2))
		d = 1 + aa*d
		if math.Abs(d) < tiny {
			d = tiny
		}
		c = 1 + aa/c
		if math.Abs(c) < tiny {
			c = tiny
		}
		d = 1 / d
		h *= d * c
		aa = -(a + fm) * (qab + fm) * x / ((a + m2) * (qap + m2))
		d = 1 + aa*d
		if math.Abs(d) < tiny {
			d = tiny
		}
		c = 1 + aa/c
		if math.Abs(c) < tiny {
			c = tiny
		}
		d = 1 / d
		del := d * c
		h *= del
		if math.Abs(del-1) < eps {
			break
		}
	}
	return h
}

// CaseMetrics returns each test case's hit (1 or 0) and NDCG term at
// cut-off topN (0 means DefaultTopN) from its 0-based rank, in case order:
// the per-case scores a paired t-test compares.
func CaseMetrics(ranks []int32, topN int) (hr, ndcg []float64) {
	n := Options{TopN: topN}.topN()
	hr, ndcg = make([]float64, len(ranks)), make([]float64, len(ranks))
	for k, r := range ranks {
		hr[k], ndcg[k] = HitRatio(int(r), n), NDCG(int(r), n)
	}
	return hr, ndcg
}
