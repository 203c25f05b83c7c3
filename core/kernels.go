package core

import "math"

// The vector kernels dot, axpy and addOuterRows come in two builds. Where gonum
// has assembly (amd64, natively) they run on gonum/floats
// (kernels_gonum.go); elsewhere, WebAssembly included, gonum is pure Go and
// slower than the plain loops here, which those builds use instead
// (kernels_loop.go). The loops round exactly as the assembly does (the same
// partial sums in the same order; neither amd64 nor WebAssembly fuses
// multiply-adds), so the choice changes the speed, not the bits.

// dotLoop returns x·y with four partial sums s_r = Σ_{j≡r (mod 4)} x_j y_j,
// the tail added to s_0, combined as (s_0+s_2) + (s_1+s_3): the order of
// gonum's DotUnitary on amd64. y may be longer than x.
func dotLoop(x, y []float64) float64 {
	y = y[:len(x)]
	var s0, s1, s2, s3 float64
	j := 0
	for ; j+3 < len(x); j += 4 {
		s0 += x[j] * y[j]
		s1 += x[j+1] * y[j+1]
		s2 += x[j+2] * y[j+2]
		s3 += x[j+3] * y[j+3]
	}
	for ; j < len(x); j++ {
		s0 += x[j] * y[j]
	}
	return (s0 + s2) + (s1 + s3)
}

// axpyLoop adds s·x to dst, entry by entry. x may be longer than dst.
func axpyLoop(dst []float64, s float64, x []float64) {
	x = x[:len(dst)]
	for j, v := range x {
		dst[j] += s * v
	}
}

// sumSquares returns ‖x‖².
func sumSquares(x []float64) float64 { return dot(x, x) }

// addOuter adds s·(newv newvᵀ − oldv oldvᵀ) to the k×k matrix dst: the
// change of a gram matrix when one of its rows changes.
func addOuter(dst []float64, s float64, oldv, newv []float64) {
	addOuterBuf(dst, s, oldv, newv, make([]float64, 2*len(newv)))
}

// addOuterBuf is addOuter with a buffer of at least 2k values. It works with
// a = √|s|·newv and b = √|s|·oldv, adding σ a_f a_g and then −σ b_f b_g to
// entry (f, g), σ the sign of s: a product of two entries is the same in
// either order, so dst stays exactly symmetric however the kernel walks it.
func addOuterBuf(dst []float64, s float64, oldv, newv, buf []float64) {
	k := len(newv)
	a, b := buf[:k], buf[k:2*k]
	oldv = oldv[:k]
	r := math.Sqrt(math.Abs(s))
	for f, v := range newv {
		a[f], b[f] = r*v, r*oldv[f]
	}
	sign := 1.0
	if s < 0 {
		sign = -1
	}
	addOuterRows(dst, sign, a, b)
}

// addOuterTriangle adds σ a aᵀ − σ b bᵀ to dst one entry of the upper
// triangle at a time, mirroring each to the lower one: half the products of
// a row-by-row update, the fastest plain loop.
func addOuterTriangle(dst []float64, sign float64, a, b []float64) {
	k := len(a)
	b = b[:k]
	for f := 0; f < k; f++ {
		af, bf := sign*a[f], -sign*b[f]
		row := dst[f*k : f*k+k]
		for g := f; g < k; g++ {
			v, w := af*a[g], bf*b[g]
			row[g] = (row[g] + v) + w
			if g != f {
				dst[g*k+f] = (dst[g*k+f] + v) + w
			}
		}
	}
}

// dotRowsLoop sets dst[i] to p·q_i, q_i the i-th row of length len(p) of
// q, with dotLoop's four partial sums in its order, so that every score
// has dotLoop's bits. It is dotLoop written into the loop over the rows:
// in WebAssembly a call and its slicing cost more than the 32
// multiply-adds of a row at K = 32.
func dotRowsLoop(dst, p, q []float64) {
	k := len(p)
	q = q[:len(dst)*k]
	for i := range dst {
		a := q[i*k : i*k+k]
		x := p[:len(a)]
		var s0, s1, s2, s3 float64
		j := 0
		for ; j+3 < len(a); j += 4 {
			s0 += x[j] * a[j]
			s1 += x[j+1] * a[j+1]
			s2 += x[j+2] * a[j+2]
			s3 += x[j+3] * a[j+3]
		}
		for ; j < len(a); j++ {
			s0 += x[j] * a[j]
		}
		dst[i] = (s0 + s2) + (s1 + s3)
	}
}
