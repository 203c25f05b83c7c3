package core

import "math"

// cholesky factors the symmetric k×k row-major matrix a in place into its
// lower-triangular factor L, a = L Lᵀ, reading only the lower triangle. It
// reports false, leaving a partly overwritten, if a is not safely positive
// definite: a pivot at or below 1e-12 of its diagonal entry means the
// system is singular up to rounding, and solving it would give noise.
//
// A hand-written K×K factorisation keeps gonum/mat out of the wasm binary.
func cholesky(a []float64, k int) bool {
	for j := 0; j < k; j++ {
		row := a[j*k : j*k+j]
		diag := a[j*k+j]
		s := diag
		for _, v := range row {
			s -= v * v
		}
		if !(s > 1e-12*math.Abs(diag)) || math.IsInf(s, 0) {
			return false
		}
		d := math.Sqrt(s)
		a[j*k+j] = d
		for i := j + 1; i < k; i++ {
			ri := a[i*k : i*k+j]
			t := a[i*k+j]
			for m, v := range row {
				t -= ri[m] * v
			}
			a[i*k+j] = t / d
		}
	}
	return true
}

// choleskySolve overwrites b with the solution x of L Lᵀ x = b, where l
// holds L as cholesky left it.
func choleskySolve(l []float64, k int, b []float64) {
	for i := 0; i < k; i++ {
		s := b[i]
		for m, v := range l[i*k : i*k+i] {
			s -= v * b[m]
		}
		b[i] = s / l[i*k+i]
	}
	for i := k - 1; i >= 0; i-- {
		s := b[i]
		for m := i + 1; m < k; m++ {
			s -= l[m*k+i] * b[m]
		}
		b[i] = s / l[i*k+i]
	}
}
