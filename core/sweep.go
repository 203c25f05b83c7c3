package core

// scratch holds one goroutine's buffers for a coordinate sweep: the
// neighbours' vectors gathered factor-major into block, so that each
// per-factor pass reads one contiguous run, and per neighbour the weight
// difference a = w − c, the observed weight w (times r = 1), and the
// prediction p_u·q_i.
type scratch struct {
	block, a, wr, pred, old []float64
}

func (s *scratch) ensure(n, k int) {
	if cap(s.block) < n*k {
		s.block = make([]float64, n*k*5/4+k)
	}
	if cap(s.a) < n {
		m := n*5/4 + 8
		s.a, s.wr, s.pred = make([]float64, m), make([]float64, m), make([]float64, m)
	}
	if cap(s.old) < k {
		s.old = make([]float64, k)
	}
}

// gather fills the scratch for vector x against neighbours ids, whose
// vectors are rows of the row-major matrix other, observed with weights ws.
// The missing-data weight of neighbour j is cs[ids[j]] when cs is given,
// else c. It returns the number of neighbours.
//
// Predictions are recomputed here rather than kept between sweeps: the cache
// of Algorithm 1 holds exactly p_u·q_i, which is what this computes, and
// recomputing costs O(|R_u|K), the order of the sweep itself.
func (s *scratch) gather(x, other []float64, ids []int32, ws []float64, cs []float64, c float64) int {
	k, n := len(x), len(ids)
	s.ensure(n, k)
	blk, pred := s.block[:n*k], s.pred[:n]
	for j, id := range ids {
		row := other[int(id)*k : int(id)*k+k]
		for f, v := range row {
			blk[f*n+j] = v
		}
		if cs != nil {
			c = cs[id]
		}
		s.a[j] = ws[j] - c
		s.wr[j] = ws[j]
		pred[j] = 0
	}
	for f, xf := range x {
		if xf == 0 {
			continue
		}
		g := blk[f*n : f*n+n]
		for j, v := range g {
			pred[j] += xf * v
		}
	}
	return n
}

// FactorStep records one coordinate update of eq. (12) or (13):
// New = (Observed − Cached) / (ObservedDenom + CachedDenom + Lambda).
type FactorStep struct {
	Factor        int
	Old, New      float64
	Observed      float64 // Σ_{R} [w r − (w − c) r̂^f] x_f over the observed neighbours
	Cached        float64 // Σ_{k≠f} x_k s_kf, scaled by c_i on the item side
	ObservedDenom float64 // Σ_{R} (w − c) x_f²
	CachedDenom   float64 // s_ff, scaled by c_i on the item side
	Lambda        float64
}

// sweep updates every coordinate of x in turn to the exact minimiser of the
// objective with the others fixed, using the gathered neighbours and the
// cache S of the other side scaled by sScale (1 for users, c_i for items).
// If trace is not nil, each step is appended to it.
func (s *scratch) sweep(x []float64, n int, S []float64, sScale, lambda float64, trace *[]FactorStep) {
	k := len(x)
	a, wr, pred := s.a[:n], s.wr[:n], s.pred[:n]
	for f := 0; f < k; f++ {
		g := s.block[f*n : f*n+n]
		A, B, C := observedSums(g, a, wr, pred)
		srow := S[f*k : f*k+k]
		old := x[f]
		sx := (dot(x, srow) - old*srow[f]) * sScale
		observedNum := C - B + old*A
		sff := srow[f] * sScale
		denom := A + sff + lambda
		if !(denom > 0) {
			// Only λ = 0 with a vanishing column gets here: the objective
			// is flat in this coordinate, so keeping it is a minimiser.
			continue
		}
		nw := (observedNum - sx) / denom
		x[f] = nw
		if d := nw - old; d != 0 {
			for j, v := range g {
				pred[j] += d * v
			}
		}
		if trace != nil {
			*trace = append(*trace, FactorStep{Factor: f, Old: old, New: nw, Observed: observedNum,
				Cached: sx, ObservedDenom: A, CachedDenom: sff, Lambda: lambda})
		}
	}
}

// observedSums returns A = Σ a_j g_j², B = Σ a_j pred_j g_j and
// C = Σ wr_j g_j, two neighbours at a time so that the additions of
// alternate neighbours do not wait on each other.
func observedSums(g, a, wr, pred []float64) (A, B, C float64) {
	var A1, B1, C1 float64
	n := len(g)
	a, wr, pred = a[:n], wr[:n], pred[:n]
	j := 0
	for ; j+1 < n; j += 2 {
		v0, v1 := g[j], g[j+1]
		av0, av1 := a[j]*v0, a[j+1]*v1
		A += av0 * v0
		A1 += av1 * v1
		B += av0 * pred[j]
		B1 += av1 * pred[j+1]
		C += wr[j] * v0
		C1 += wr[j+1] * v1
	}
	if j < n {
		v := g[j]
		av := a[j] * v
		A += av * v
		B += av * pred[j]
		C += wr[j] * v
	}
	return A + A1, B + B1, C + C1
}

func dot(x, y []float64) float64 {
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
	return (s0 + s1) + (s2 + s3)
}
