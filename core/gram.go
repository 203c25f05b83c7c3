package core

import "sync"

// gram sets dst (k×k) to Σ_r w_r m_r m_rᵀ over the rows of the row-major
// matrix m, with w_r = 1 when w is nil: S^p = PᵀP and S^q = Qᵀ diag(c) Q.
// Each entry is summed over the rows in order whatever the number of
// goroutines, so the result does not depend on it.
func gram(dst, m []float64, k int, w []float64, threads int) {
	clear(dst)
	n := len(m) / k
	if threads > k {
		threads = k
	}
	if threads <= 1 {
		if kernels.Gram == nil || n == 0 || !kernels.Gram(dst, m[:n*k], k, w) {
			gramRows(dst, m, n, k, w, 0, 1)
		}
	} else {
		var wg sync.WaitGroup
		for t := 0; t < threads; t++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				gramRows(dst, m, n, k, w, t, threads)
			}()
		}
		wg.Wait()
	}
	for f := 0; f < k; f++ {
		for g := 0; g < f; g++ {
			dst[f*k+g] = dst[g*k+f]
		}
	}
}

// gramRows accumulates the upper triangle of rows f = first, first+step, …
// of the gram matrix; interleaving the rows evens out their lengths k−f.
// It adds four matrix rows' outer products per pass over dst, so each entry
// of dst is loaded and stored once per four rows instead of once per row.
func gramRows(dst, m []float64, n, k int, w []float64, first, step int) {
	weight := func(r int) float64 {
		if w == nil {
			return 1
		}
		return w[r]
	}
	r := 0
	for ; r+3 < n; r += 4 {
		r0, r1 := m[r*k:r*k+k], m[(r+1)*k:(r+1)*k+k]
		r2, r3 := m[(r+2)*k:(r+2)*k+k], m[(r+3)*k:(r+3)*k+k]
		w0, w1, w2, w3 := weight(r), weight(r+1), weight(r+2), weight(r+3)
		for f := first; f < k; f += step {
			c0, c1, c2, c3 := w0*r0[f], w1*r1[f], w2*r2[f], w3*r3[f]
			d := dst[f*k+f : f*k+k]
			a0, a1, a2, a3 := r0[f:], r1[f:len(r0)], r2[f:len(r0)], r3[f:len(r0)]
			for g := range d {
				d[g] += (c0*a0[g] + c1*a1[g]) + (c2*a2[g] + c3*a3[g])
			}
		}
	}
	for ; r < n; r++ {
		row := m[r*k : r*k+k]
		wr := weight(r)
		for f := first; f < k; f += step {
			cf := wr * row[f]
			d := dst[f*k+f : f*k+k]
			for g, v := range row[f:] {
				d[g] += cf * v
			}
		}
	}
}
