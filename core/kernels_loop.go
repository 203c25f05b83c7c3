//go:build !(amd64 && !noasm && !gccgo && !safe)

package core

// This build (WebAssembly among others) has no gonum assembly: gonum/floats
// is pure Go there and slower than the plain loops, so it is not used; see
// BenchmarkKernels.

// dot returns x·y (y may be longer than x).
func dot(x, y []float64) float64 { return dotLoop(x, y) }

// addOuterRows adds σ a aᵀ − σ b bᵀ to dst.
func addOuterRows(dst []float64, sign float64, a, b []float64) { addOuterTriangle(dst, sign, a, b) }

// axpy adds s·x to dst.
func axpy(dst []float64, s float64, x []float64) { axpyLoop(dst, s, x) }

// dotRowsOwn sets dst[i] to p·q_i for the rows q_i of q.
func dotRowsOwn(dst, p, q []float64) []float64 { dotRowsLoop(dst, p, q); return dst }
