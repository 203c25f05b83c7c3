package core

import (
	"errors"
	"fmt"
	"math"
)

// Plane is the plane of the two leading principal directions of a set of
// vectors: the two orthonormal directions along which the vectors, centred
// on their mean, vary most. Projecting the items' vectors onto it is the
// most faithful flat picture of the factor space there is, in the
// least-squares sense; it is what the page's factor map draws.
type Plane struct {
	Mean     []float64
	Axes     [2][]float64 // unit and orthogonal; with K = 1 the second is zero
	Variance [2]float64   // the variance along each axis (eigenvalues of the covariance)
	Total    float64      // the variance summed over all K directions
}

// Project returns x's coordinates in the plane: (x − Mean)·Axes[0] and
// (x − Mean)·Axes[1]. A user's vector lives in the same space as the
// items' (their dot product is the score), so it projects the same way.
func (p *Plane) Project(x []float64) [2]float64 {
	var xy [2]float64
	for a, axis := range p.Axes {
		for f, v := range axis {
			xy[a] += (x[f] - p.Mean[f]) * v
		}
	}
	return xy
}

// PrincipalPlane returns the plane of the two leading principal
// directions of the n rows of the row-major n×k matrix rows: the two
// leading eigenvectors of their covariance (1/n) Σ (x − μ)(x − μ)ᵀ, found by
// a cyclic Jacobi eigen-solve of that k×k matrix. Each axis's sign is
// chosen so that its largest entry in absolute value is positive, so the
// same vectors always give the same picture.
func PrincipalPlane(rows []float64, k int) (*Plane, error) {
	if k < 1 {
		return nil, fmt.Errorf("core: a principal plane needs vectors of at least one factor, got K = %d", k)
	}
	if len(rows) == 0 || len(rows)%k != 0 {
		return nil, fmt.Errorf("core: a principal plane needs whole rows of %d factors, got %d numbers", k, len(rows))
	}
	n := len(rows) / k
	mean := make([]float64, k)
	for r := 0; r < n; r++ {
		axpy(mean, 1, rows[r*k:r*k+k])
	}
	for f := range mean {
		mean[f] /= float64(n)
	}
	cov := make([]float64, k*k)
	d := make([]float64, k)
	for r := 0; r < n; r++ {
		for f := range d {
			d[f] = rows[r*k+f] - mean[f]
		}
		for f := 0; f < k; f++ {
			for g := f; g < k; g++ {
				cov[f*k+g] += d[f] * d[g]
			}
		}
	}
	for f := 0; f < k; f++ {
		for g := f; g < k; g++ {
			cov[f*k+g] /= float64(n)
			cov[g*k+f] = cov[f*k+g]
		}
	}
	values, vectors, err := jacobiEigen(cov, k)
	if err != nil {
		return nil, err
	}
	p := &Plane{Mean: mean}
	for _, v := range values {
		p.Total += v
	}
	order := leadingTwo(values)
	for a, j := range order {
		axis := make([]float64, k)
		if j >= 0 {
			for f := range axis {
				axis[f] = vectors[f*k+j]
			}
			orient(axis)
			p.Variance[a] = values[j]
		}
		p.Axes[a] = axis
	}
	return p, nil
}

// leadingTwo returns the indices of the two largest values, largest first
// (the first index on ties); -1 for a second when there is only one.
func leadingTwo(values []float64) [2]int {
	best := [2]int{-1, -1}
	for j, v := range values {
		switch {
		case best[0] < 0 || v > values[best[0]]:
			best[1], best[0] = best[0], j
		case best[1] < 0 || v > values[best[1]]:
			best[1] = j
		}
	}
	return best
}

// orient flips v so that its entry largest in absolute value is positive.
func orient(v []float64) {
	big := 0
	for f, x := range v {
		if math.Abs(x) > math.Abs(v[big]) {
			big = f
		}
	}
	if v[big] < 0 {
		for f := range v {
			v[f] = -v[f]
		}
	}
}

// errNoConvergence is returned if the Jacobi sweeps do not diagonalise
// the matrix, which for a symmetric matrix of finite numbers does not
// happen within the sweeps allowed.
var errNoConvergence = errors.New("core: the eigen-solve did not converge (is a factor not finite?)")

// jacobiEigen diagonalises the symmetric k×k matrix a (row-major; it is
// overwritten) by cyclic Jacobi rotations, each zeroing one off-diagonal
// entry, until the off-diagonal part is negligible against the diagonal.
// It returns the eigenvalues and the eigenvectors as the columns of a
// row-major k×k matrix. Jacobi is slower than a QR method but short,
// accurate for symmetric matrices, and needs no library; K is at most a
// few hundred here.
func jacobiEigen(a []float64, k int) (values, vectors []float64, err error) {
	v := make([]float64, k*k)
	for f := 0; f < k; f++ {
		v[f*k+f] = 1
	}
	const maxSweeps = 100
	for sweep := 0; sweep < maxSweeps; sweep++ {
		var off, diag float64
		for f := 0; f < k; f++ {
			diag += a[f*k+f] * a[f*k+f]
			for g := f + 1; g < k; g++ {
				off += a[f*k+g] * a[f*k+g]
			}
		}
		if math.IsNaN(off) || math.IsInf(off, 0) || math.IsNaN(diag) {
			return nil, nil, errNoConvergence
		}
		if off <= 1e-30*diag || off == 0 {
			values = make([]float64, k)
			for f := range values {
				values[f] = a[f*k+f]
			}
			return values, v, nil
		}
		for p := 0; p < k; p++ {
			for q := p + 1; q < k; q++ {
				if a[p*k+q] != 0 {
					rotate(a, v, k, p, q)
				}
			}
		}
	}
	return nil, nil, errNoConvergence
}

// rotate applies the Jacobi rotation that zeroes a[p][q] to a (Jᵀ A J)
// and accumulates it into the eigenvectors v (V J), with the stable
// choice of angle of Numerical Recipes (the smaller rotation).
func rotate(a, v []float64, k, p, q int) {
	apq := a[p*k+q]
	theta := (a[q*k+q] - a[p*k+p]) / (2 * apq)
	t := 1 / (math.Abs(theta) + math.Sqrt(theta*theta+1))
	if theta < 0 {
		t = -t
	}
	c := 1 / math.Sqrt(t*t+1)
	s := t * c
	for r := 0; r < k; r++ {
		arp, arq := a[r*k+p], a[r*k+q]
		a[r*k+p] = c*arp - s*arq
		a[r*k+q] = s*arp + c*arq
	}
	for r := 0; r < k; r++ {
		apr, aqr := a[p*k+r], a[q*k+r]
		a[p*k+r] = c*apr - s*aqr
		a[q*k+r] = s*apr + c*aqr
	}
	for r := 0; r < k; r++ {
		vrp, vrq := v[r*k+p], v[r*k+q]
		v[r*k+p] = c*vrp - s*vrq
		v[r*k+q] = s*vrp + c*vrq
	}
}

// ItemPlane is the principal plane of the model's item vectors Q.
func (f *factors) ItemPlane() (*Plane, error) { return PrincipalPlane(f.q, f.k) }

// ItemPoints returns every item's coordinates in pl, in item order.
func (f *factors) ItemPoints(pl *Plane) [][2]float64 {
	pts := make([][2]float64, f.NumItems())
	for i := range pts {
		pts[i] = pl.Project(f.item(int32(i)))
	}
	return pts
}

// UserPoint returns user u's coordinates in pl.
func (f *factors) UserPoint(pl *Plane, u int32) ([2]float64, error) {
	if err := f.checkUser(u); err != nil {
		return [2]float64{}, err
	}
	return pl.Project(f.user(u)), nil
}

// Share is the fraction of the total variance the plane shows: how much
// of the spread of the vectors a flat picture of them keeps.
func (p *Plane) Share() float64 {
	if p.Total <= 0 {
		return 0
	}
	return (p.Variance[0] + p.Variance[1]) / p.Total
}
