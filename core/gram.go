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
		gramRows(dst, m, n, k, w, 0, 1)
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
func gramRows(dst, m []float64, n, k int, w []float64, first, step int) {
	for r := 0; r < n; r++ {
		row := m[r*k : r*k+k]
		wr := 1.0
		if w != nil {
			wr = w[r]
			if wr == 0 {
				continue
			}
		}
		for f := first; f < k; f += step {
			cf := wr * row[f]
			d := dst[f*k+f : f*k+k]
			for g, v := range row[f:] {
				d[g] += cf * v
			}
		}
	}
}

// addOuter adds s·(newv newvᵀ − oldv oldvᵀ) to the k×k matrix dst: the
// change of a gram matrix when one of its rows changes.
func addOuter(dst []float64, s float64, oldv, newv []float64) {
	k := len(newv)
	for f := 0; f < k; f++ {
		a, b := s*newv[f], s*oldv[f]
		for g := f; g < k; g++ {
			v := a*newv[g] - b*oldv[g]
			dst[f*k+g] += v
			if g != f {
				dst[g*k+f] += v // the same addend keeps dst exactly symmetric
			}
		}
	}
}
