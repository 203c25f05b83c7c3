package core

import "math"

// powShare returns x^y for a share x in [0, 1] and an exponent y ≥ 0, the
// same to the last bit on every architecture: the missing-data weights
// c_i ∝ f_i^α go into every update, and the page's Web Workers
// (WebAssembly) must train the very model core.Train trains natively. The
// standard library's Pow goes through Exp and Log, which are assembly on
// amd64 (with fused multiply-adds where the processor has them) and pure
// Go under WebAssembly, and their last bits differ. Here x^y = e^(y ln x)
// with ln and exp computed in plain float64 arithmetic, which both
// builds round alike (neither fuses multiply-adds, see kernels.go). Its
// relative error grows with |y ln x| as e^(y ln x)'s must, and stays
// below 1e-13 for the shares and exponents of any data set here (α ≤ 5):
// far below what a weight needs.
func powShare(x, y float64) float64 {
	switch {
	case y == 0:
		return 1 // x^0, 0^0 included, as math.Pow has it
	case x == 0:
		return 0
	case x == 1:
		return 1
	}
	return portableExp(y * portableLog(x))
}

// portableLog is the natural logarithm of a finite x > 0, by the classic
// reduction x = 2^k (1+f) with 1+f in [√2/2, √2), ln(1+f) = 2s + s R(s²),
// s = f/(2+f), and a minimax polynomial R (the coefficients of FreeBSD's
// e_log.c, which Go's own pure log uses).
func portableLog(x float64) float64 {
	const (
		ln2Hi = 6.93147180369123816490e-01 // 0x3fe62e42fee00000
		ln2Lo = 1.90821492927058770002e-10 // 0x3dea39ef35793c76
		l1    = 6.666666666666735130e-01
		l2    = 3.999999999940941908e-01
		l3    = 2.857142874366239149e-01
		l4    = 2.222219843214978396e-01
		l5    = 1.818357216161805012e-01
		l6    = 1.531383769920937332e-01
		l7    = 1.479819860511658591e-01
	)
	f1, ki := math.Frexp(x)
	if f1 < math.Sqrt2/2 {
		f1 *= 2
		ki--
	}
	f := f1 - 1
	k := float64(ki)
	s := f / (2 + f)
	s2 := s * s
	s4 := s2 * s2
	t1 := s2 * (l1 + s4*(l3+s4*(l5+s4*l7)))
	t2 := s4 * (l2 + s4*(l4+s4*l6))
	r := t1 + t2
	hfsq := 0.5 * f * f
	return k*ln2Hi - ((hfsq - (s*(hfsq+r) + k*ln2Lo)) - f)
}

// portableExp is e^x for x ≤ 0 down to where it underflows, by the
// reduction x = k ln2 + r, |r| ≤ ln2/2, and a minimax rational
// approximation of e^r (the coefficients of FreeBSD's e_exp.c).
func portableExp(x float64) float64 {
	const (
		ln2Hi     = 6.93147180369123816490e-01
		ln2Lo     = 1.90821492927058770002e-10
		log2e     = 1.44269504088896338700e+00
		underflow = -7.45133219101941108420e+02
		p1        = 1.66666666666666657415e-01
		p2        = -2.77777777770155933842e-03
		p3        = 6.61375632143793436117e-05
		p4        = -1.65339022054652515390e-06
		p5        = 4.13813679705723846039e-08
	)
	switch {
	case x < underflow:
		return 0
	case x > -1.0/(1<<28) && x < 1.0/(1<<28):
		return 1 + x
	}
	var k int
	if x < 0 {
		k = int(log2e*x - 0.5)
	} else {
		k = int(log2e*x + 0.5)
	}
	hi := x - float64(k)*ln2Hi
	lo := float64(k) * ln2Lo
	r := hi - lo
	t := r * r
	c := r - t*(p1+t*(p2+t*(p3+t*(p4+t*p5))))
	y := 1 - ((lo - (r*c)/(2-c)) - hi)
	return math.Ldexp(y, k)
}
