package core

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// A hand-made cloud with a known answer: points spread ±3 along one
// direction and ±1 along another, both rotated off the coordinate axes
// and moved away from the origin. The covariance has eigenvalues 4.5 and
// 0.5 (each spread's square times 2/4 points) along those directions.
func TestPrincipalPlaneKnownCloud(t *testing.T) {
	s := 1 / math.Sqrt2
	u := []float64{s, s, 0}  // the long direction
	w := []float64{0, 0, -1} // the short one
	mean := []float64{1, -2, 5}
	var rows []float64
	for _, p := range []struct{ a, b float64 }{{3, 0}, {-3, 0}, {0, 1}, {0, -1}} {
		for f := range mean {
			rows = append(rows, mean[f]+p.a*u[f]+p.b*w[f])
		}
	}
	pl, err := PrincipalPlane(rows, 3)
	if err != nil {
		t.Fatal(err)
	}
	for f := range mean {
		if math.Abs(pl.Mean[f]-mean[f]) > 1e-12 {
			t.Fatalf("mean %v, want %v", pl.Mean, mean)
		}
	}
	// The signs: the largest entry of each axis is positive.
	wantAxes := [2][]float64{u, {0, 0, 1}}
	wantVar := [2]float64{4.5, 0.5}
	for a := range 2 {
		if math.Abs(pl.Variance[a]-wantVar[a]) > 1e-12 {
			t.Fatalf("variance along axis %d: %v, want %v", a, pl.Variance[a], wantVar[a])
		}
		for f := range 3 {
			if math.Abs(pl.Axes[a][f]-wantAxes[a][f]) > 1e-12 {
				t.Fatalf("axis %d = %v, want %v", a, pl.Axes[a], wantAxes[a])
			}
		}
	}
	if math.Abs(pl.Total-5) > 1e-12 {
		t.Fatalf("total variance %v, want 5", pl.Total)
	}
	// The first point lies 3 along the long axis, the third 1 along the
	// short one, whose positive side is +z, away from w.
	if got := pl.Project(rows[0:3]); math.Abs(got[0]-3) > 1e-12 || math.Abs(got[1]) > 1e-12 {
		t.Fatalf("first point projects to %v, want (3, 0)", got)
	}
	if got := pl.Project(rows[6:9]); math.Abs(got[0]) > 1e-12 || math.Abs(got[1]+1) > 1e-12 {
		t.Fatalf("third point projects to %v, want (0, −1)", got)
	}
}

// On random clouds the plane's axes are the two leading eigenvectors that
// gonum's dense symmetric eigen-solver finds for a covariance computed
// here independently; each satisfies C v = λ v; and they are orthonormal.
func TestPrincipalPlaneMatchesDenseEigenSolve(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 9))
	for _, k := range []int{2, 3, 8, 32} {
		n := 40 + 3*k
		rows := make([]float64, n*k)
		for r := 0; r < n; r++ {
			for f := 0; f < k; f++ {
				// Unequal spreads, so the leading eigenvalues are distinct.
				rows[r*k+f] = rng.NormFloat64()*float64(f+1) + 0.3*rows[r*k+(f+k-1)%k] + 2
			}
		}
		pl, err := PrincipalPlane(rows, k)
		if err != nil {
			t.Fatal(err)
		}
		cov := mat.NewSymDense(k, nil)
		x := mat.NewDense(n, k, append([]float64(nil), rows...))
		for f := 0; f < k; f++ {
			col := mat.Col(nil, f, x)
			var m float64
			for _, v := range col {
				m += v
			}
			m /= float64(n)
			for r := range col {
				x.Set(r, f, col[r]-m)
			}
		}
		cov.SymOuterK(1/float64(n), x.T())
		var es mat.EigenSym
		if !es.Factorize(cov, true) {
			t.Fatalf("K = %d: the reference eigen-solve failed", k)
		}
		values := es.Values(nil)
		var vecs mat.Dense
		es.VectorsTo(&vecs)
		var total float64
		for _, v := range values {
			total += v
		}
		if math.Abs(pl.Total-total) > 1e-10*total {
			t.Fatalf("K = %d: total variance %v, reference %v", k, pl.Total, total)
		}
		for a := 0; a < 2; a++ {
			j := k - 1 - a // gonum orders the values ascending
			if math.Abs(pl.Variance[a]-values[j]) > 1e-10*values[k-1] {
				t.Fatalf("K = %d: variance %d = %v, reference %v", k, a, pl.Variance[a], values[j])
			}
			ref := mat.Col(nil, j, &vecs)
			if c := math.Abs(dot(pl.Axes[a], ref)); math.Abs(c-1) > 1e-8 {
				t.Fatalf("K = %d: axis %d is at |cos| %v from the reference", k, a, c)
			}
			cv := make([]float64, k)
			mat.NewVecDense(k, cv).MulVec(cov, mat.NewVecDense(k, pl.Axes[a]))
			for f := range cv {
				if math.Abs(cv[f]-pl.Variance[a]*pl.Axes[a][f]) > 1e-10*values[k-1] {
					t.Fatalf("K = %d: axis %d is not an eigenvector: (Cv)_%d = %v, λv = %v", k, a, f, cv[f], pl.Variance[a]*pl.Axes[a][f])
				}
			}
		}
		if n0, n1, d := dot(pl.Axes[0], pl.Axes[0]), dot(pl.Axes[1], pl.Axes[1]), dot(pl.Axes[0], pl.Axes[1]); math.Abs(n0-1) > 1e-12 || math.Abs(n1-1) > 1e-12 || math.Abs(d) > 1e-12 {
			t.Fatalf("K = %d: axes not orthonormal: norms² %v, %v, dot %v", k, n0, n1, d)
		}
	}
}

func TestPrincipalPlaneEdgeCases(t *testing.T) {
	if _, err := PrincipalPlane(nil, 3); err == nil {
		t.Fatal("no rows: want an error")
	}
	if _, err := PrincipalPlane([]float64{1, 2, 3, 4}, 3); err == nil {
		t.Fatal("a partial row: want an error")
	}
	if _, err := PrincipalPlane([]float64{1, math.NaN(), 3, 4}, 2); err == nil {
		t.Fatal("a NaN factor: want an error")
	}
	// K = 1: one direction, the second axis zero.
	pl, err := PrincipalPlane([]float64{1, 3}, 1)
	if err != nil {
		t.Fatal(err)
	}
	if pl.Axes[0][0] != 1 || pl.Axes[1][0] != 0 || pl.Variance[0] != 1 || pl.Project([]float64{4})[0] != 2 {
		t.Fatalf("K = 1: %+v", pl)
	}
}

// The model's plane is that of its item vectors, and its points are the
// projections of those vectors and of a user's.
func TestModelItemPlane(t *testing.T) {
	m := trainedSmall(t, 41)
	pl, err := m.ItemPlane()
	if err != nil {
		t.Fatal(err)
	}
	var rows []float64
	for i := 0; i < m.NumItems(); i++ {
		rows = append(rows, m.ItemVector(int32(i))...)
	}
	want, err := PrincipalPlane(rows, m.k)
	if err != nil {
		t.Fatal(err)
	}
	pts := m.ItemPoints(pl)
	for i, p := range pts {
		if p != want.Project(m.ItemVector(int32(i))) {
			t.Fatalf("item %d at %v, want %v", i, p, want.Project(m.ItemVector(int32(i))))
		}
	}
	u, err := m.UserPoint(pl, 2)
	if err != nil || u != want.Project(m.UserVector(2)) {
		t.Fatalf("user 2 at %v (%v), want %v", u, err, want.Project(m.UserVector(2)))
	}
	if _, err := m.UserPoint(pl, int32(m.NumUsers())); err == nil {
		t.Fatal("a user out of range: want an error")
	}
}

func TestPlaneShare(t *testing.T) {
	pl := &Plane{Variance: [2]float64{3, 1}, Total: 8}
	if got := pl.Share(); got != 0.5 {
		t.Fatalf("share %v, want 0.5", got)
	}
	if got := (&Plane{}).Share(); got != 0 {
		t.Fatalf("share of an empty plane %v, want 0", got)
	}
}
