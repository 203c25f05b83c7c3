package core

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/floats"
)

func randomVector(n int, seed uint64) []float64 {
	rng := rand.New(rand.NewPCG(seed, 3))
	v := make([]float64, n)
	for j := range v {
		v[j] = rng.NormFloat64() * math.Exp(rng.NormFloat64())
	}
	return v
}

// The build's kernels give the bits of the plain loops, so that every build
// trains the same model. (Where the build uses the loops this holds
// trivially; on amd64 it checks gonum's assembly.)
func TestKernelsMatchLoopsBitwise(t *testing.T) {
	for n := 0; n <= 70; n++ {
		x, y := randomVector(n, uint64(n)), randomVector(n+3, uint64(n)+100)
		if a, b := dot(x, y), dotLoop(x, y); math.Float64bits(a) != math.Float64bits(b) {
			t.Fatalf("n = %d: dot %v, loop %v", n, a, b)
		}
	}
	for n := 0; n <= 70; n++ {
		x, y := randomVector(n+2, uint64(n)+200), randomVector(n, uint64(n)+300)
		a, b := append([]float64(nil), y...), append([]float64(nil), y...)
		axpy(a, x[0], x[1:])
		axpyLoop(b, x[0], x[1:])
		for j := range a {
			if math.Float64bits(a[j]) != math.Float64bits(b[j]) {
				t.Fatalf("n = %d: axpy entry %d is %v, loop %v", n, j, a[j], b[j])
			}
		}
	}
	for _, k := range []int{1, 2, 5, 32, 33} {
		for _, sign := range []float64{1, -1} {
			base := make([]float64, k*k)
			addOuter(base, 1, make([]float64, k), randomVector(k, 7))
			rows, tri := append([]float64(nil), base...), append([]float64(nil), base...)
			a, b := randomVector(k, 8), randomVector(k, 9)
			addOuterRows(rows, sign, a, b)
			addOuterTriangle(tri, sign, a, b)
			for j := range rows {
				if math.Float64bits(rows[j]) != math.Float64bits(tri[j]) {
					t.Fatalf("k = %d, sign %v: entry %d rows %v, triangle %v", k, sign, j, rows[j], tri[j])
				}
			}
		}
	}
}

func TestAddOuterIsTheGramChange(t *testing.T) {
	const k = 7
	for _, s := range []float64{1, 0.37, -2.5, 0} {
		oldv, newv := randomVector(k, 10), randomVector(k, 11)
		dst := make([]float64, k*k)
		addOuter(dst, s, oldv, newv)
		for f := 0; f < k; f++ {
			for g := 0; g < k; g++ {
				want := s * (newv[f]*newv[g] - oldv[f]*oldv[g])
				scale := math.Abs(s) * (math.Abs(newv[f]*newv[g]) + math.Abs(oldv[f]*oldv[g]))
				if !closeScaled(dst[f*k+g], want, 1e-14, scale) || dst[f*k+g] != dst[g*k+f] {
					t.Fatalf("s = %v: entry (%d, %d) = %v (mirror %v), want %v", s, f, g, dst[f*k+g], dst[g*k+f], want)
				}
			}
		}
	}
}

// addOuterFloats and addOuterFull are addOuterRows on gonum/floats and as a
// plain loop, whatever the build, to compare them.
func addOuterFloats(dst []float64, sign float64, a, b []float64) {
	k := len(a)
	for f := 0; f < k; f++ {
		row := dst[f*k : f*k+k]
		floats.AddScaled(row, sign*a[f], a)
		floats.AddScaled(row, -sign*b[f], b)
	}
}

func addOuterFull(dst []float64, sign float64, a, b []float64) {
	k := len(a)
	for f := 0; f < k; f++ {
		af, bf := sign*a[f], -sign*b[f]
		row := dst[f*k : f*k+k]
		for g := range row {
			row[g] = (row[g] + af*a[g]) + bf*b[g]
		}
	}
}

var kernelSink float64

// BenchmarkKernels compares gonum/floats with the plain loops on this build:
// dot as Scores uses it (4000 items against one user), the items' squared
// norms of the objective, and addOuter's rank-1 change of a cache. The
// kernels of kernels_gonum.go and kernels_loop.go are chosen from it.
func BenchmarkKernels(b *testing.B) {
	const items = 4000
	for _, k := range []int{32, 64} {
		q, p := randomVector(items*k, 1), randomVector(k, 2)
		scores := make([]float64, items)
		for _, kern := range []struct {
			name string
			dot  func(x, y []float64) float64
		}{{"floats", floats.Dot}, {"loop", dotLoop}} {
			b.Run(fmt.Sprintf("scores/K=%d/%s", k, kern.name), func(b *testing.B) {
				for b.Loop() {
					for i := range scores {
						scores[i] = kern.dot(p, q[i*k:i*k+k])
					}
				}
			})
			b.Run(fmt.Sprintf("sumsquares/K=%d/%s", k, kern.name), func(b *testing.B) {
				for b.Loop() {
					kernelSink = kern.dot(q, q)
				}
			})
		}
		dst := make([]float64, k*k)
		x, y := randomVector(k, 3), randomVector(k, 4)
		for _, kern := range []struct {
			name  string
			outer func([]float64, float64, []float64, []float64)
		}{{"floats", addOuterFloats}, {"loop", addOuterFull}, {"triangle", addOuterTriangle}} {
			b.Run(fmt.Sprintf("addouter/K=%d/%s", k, kern.name), func(b *testing.B) {
				for b.Loop() {
					kern.outer(dst, 1, x, y)
				}
			})
		}
	}
}

// dotRowsLoop gives each row dotLoop's bits, for any row length and count.
func TestDotRowsMatchesDotBitwise(t *testing.T) {
	for _, k := range []int{1, 2, 3, 4, 5, 7, 32, 33} {
		for _, rows := range []int{0, 1, 2, 3, 8, 9} {
			p, q := randomVector(k, uint64(k)), randomVector(rows*k, uint64(k*rows)+1)
			got := make([]float64, rows)
			dotRowsLoop(got, p, q)
			var all []float64
			all = dotRows(make([]float64, rows), p, q)
			for i := range got {
				want := dotLoop(p, q[i*k:i*k+k])
				if math.Float64bits(got[i]) != math.Float64bits(want) || math.Float64bits(all[i]) != math.Float64bits(want) {
					t.Fatalf("k = %d, %d rows: row %d is %v (build's %v), dotLoop %v", k, rows, i, got[i], all[i], want)
				}
			}
		}
	}
}

// BenchmarkScores is Scores' kernel, 2841 items against one user, row by
// row with dot and two rows at a time.
func BenchmarkScores(b *testing.B) {
	const items = 2841
	for _, k := range []int{32, 64} {
		q, p := randomVector(items*k, 1), randomVector(k, 2)
		scores := make([]float64, items)
		b.Run(fmt.Sprintf("K=%d/dot", k), func(b *testing.B) {
			for b.Loop() {
				for i := range scores {
					scores[i] = dot(p, q[i*k:i*k+k])
				}
			}
		})
		b.Run(fmt.Sprintf("K=%d/rows", k), func(b *testing.B) {
			for b.Loop() {
				dotRowsLoop(scores, p, q)
			}
		})
	}
}
