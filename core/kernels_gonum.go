//go:build amd64 && !noasm && !gccgo && !safe

package core

import "gonum.org/v1/gonum/floats"

// This build has gonum's assembly kernels (amd64, under the same build tags
// as gonum's own choice of assembly), which beat the plain loops here; see
// BenchmarkKernels.

// dot returns x·y (y may be longer than x) with gonum's DotUnitary, about 1.5
// times as fast as dotLoop at K = 32, with the same bits.
func dot(x, y []float64) float64 { return floats.Dot(x, y[:len(x)]) }

// addOuterRows adds σ a aᵀ − σ b bᵀ to dst row by row, with two assembly
// AXPYs per row: all k² entries, yet faster than addOuterTriangle's k²/2,
// with the same bits.
func addOuterRows(dst []float64, sign float64, a, b []float64) {
	k := len(a)
	b = b[:k]
	for f := 0; f < k; f++ {
		row := dst[f*k : f*k+k]
		floats.AddScaled(row, sign*a[f], a)
		floats.AddScaled(row, -sign*b[f], b)
	}
}

// axpy adds s·x to dst (gonum's AxpyUnitary: one multiply and one add per
// entry, so the same bits as axpyLoop).
func axpy(dst []float64, s float64, x []float64) { floats.AddScaled(dst, s, x[:len(dst)]) }

// dotRowsOwn sets dst[i] to p·q_i for the rows q_i of q, each with dot.
func dotRowsOwn(dst, p, q []float64) []float64 {
	k := len(p)
	for i := range dst {
		dst[i] = dot(p, q[i*k:i*k+k])
	}
	return dst
}
