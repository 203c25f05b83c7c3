package core

// scratch holds one goroutine's buffers for a coordinate sweep: the
// neighbours' vectors gathered factor-major into block, so that each
// per-factor pass reads one contiguous run, and per neighbour the weight
// difference a = w − c, the observed weight w (times r = 1), and (for a user
// sweep; an item sweep works in the model's prediction cache) the prediction
// p_u·q_i.
type scratch struct {
	block, a, wr, pred []float64
	old, outer         []float64 // an online update's old vector, addOuterBuf's buffer
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
		s.old, s.outer = make([]float64, k), make([]float64, 2*k)
	}
}

// gather fills the scratch for vector x against neighbours ids, whose
// vectors are rows of the row-major matrix other, observed with weights ws,
// and sets pred[j] to the prediction x·other_j. The missing-data weight of
// neighbour j is cs[ids[j]] when cs is given, else c. It returns the number
// of neighbours.
//
// Predictions are recomputed here rather than read from the model's cache:
// the cache holds exactly p_u·q_i, which is what this computes while it
// gathers the rows anyway, so recomputing costs little and makes each sweep
// independent of the cache's state (the user pass of an epoch leaves it
// stale until the item pass).
func (s *scratch) gather(x, other []float64, ids []int32, ws []float64, cs []float64, c float64, pred []float64) int {
	k, n := len(x), len(ids)
	s.ensure(n, k)
	blk := s.block[:n*k]
	x = x[:k]
	pred = pred[:n]
	for j, id := range ids {
		row := other[int(id)*k : int(id)*k+k]
		// Four partial sums keep the prediction's additions independent.
		var d0, d1, d2, d3 float64
		f := 0
		for ; f+3 < k; f += 4 {
			v0, v1, v2, v3 := row[f], row[f+1], row[f+2], row[f+3]
			blk[f*n+j] = v0
			blk[(f+1)*n+j] = v1
			blk[(f+2)*n+j] = v2
			blk[(f+3)*n+j] = v3
			d0 += x[f] * v0
			d1 += x[f+1] * v1
			d2 += x[f+2] * v2
			d3 += x[f+3] * v3
		}
		for ; f < k; f++ {
			blk[f*n+j] = row[f]
			d0 += x[f] * row[f]
		}
		pred[j] = (d0 + d1) + (d2 + d3)
		if cs != nil {
			c = cs[id]
		}
		s.a[j] = ws[j] - c
		s.wr[j] = ws[j]
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
	// The objective restricted to the terms that hold this side's vector
	// (see restrictedLoss), before and after the step: everything else in
	// the objective stays fixed while the vector moves, so the step being
	// an exact minimiser shows as LossAfter ≤ LossBefore. Recorded only in
	// a trace.
	LossBefore, LossAfter float64
}

// Fall is how much the step lowered the restricted objective: exactly
// (ObservedDenom + CachedDenom + Lambda)·(New − Old)² in exact arithmetic,
// as for any quadratic moved to its minimum.
func (s FactorStep) Fall() float64 { return s.LossBefore - s.LossAfter }

// sweep updates every coordinate of x in turn to the exact minimiser of the
// objective with the others fixed, using the gathered neighbours, their
// predictions pred (as gather left them), and the cache S of the other side
// scaled by sScale (1 for users, c_i for items). Each step moves pred with
// it, as Algorithm 1 moves r̂ (lines 8 and 10), so pred ends holding the
// predictions of the new x. If trace is not nil, each step is appended to it.
func (s *scratch) sweep(x []float64, n int, pred, S []float64, sScale, lambda float64, trace *[]FactorStep) {
	k := len(x)
	a, wr, pred := s.a[:n], s.wr[:n], pred[:n]
	A, B, C := observedSums(s.block[:n], a, wr, pred)
	// A trace computes the restricted loss once, O(K² + n); each step, an
	// exact minimiser of a quadratic, then lowers it by denom·(new − old)²
	// (tests hold this to a recomputation from scratch), so a click with a
	// trace costs hardly more than one without.
	var loss float64
	if trace != nil {
		loss = restrictedLoss(x, pred, a, wr, S, sScale, lambda)
	}
	for f := 0; f < k; f++ {
		g := s.block[f*n : f*n+n]
		srow := S[f*k : f*k+k]
		old := x[f]
		sx := (dot(x, srow) - old*srow[f]) * sScale
		observedNum := C - B + old*A
		sff := srow[f] * sScale
		denom := A + sff + lambda
		nw := old
		if denom > 0 {
			nw = (observedNum - sx) / denom
		}
		// Otherwise λ = 0 and the column vanishes: the objective is flat in
		// this coordinate, so keeping it is a minimiser.
		x[f] = nw
		d := nw - old
		if trace != nil {
			before := loss
			if d != 0 {
				loss -= denom * d * d
			}
			*trace = append(*trace, FactorStep{Factor: f, Old: old, New: nw, Observed: observedNum,
				Cached: sx, ObservedDenom: A, CachedDenom: sff, Lambda: lambda, LossBefore: before, LossAfter: loss})
		}
		if f+1 < k {
			// Moving the predictions by this step and summing for the next
			// factor share one pass over the neighbours.
			A, B, C = shiftAndSum(d, g, s.block[(f+1)*n:(f+2)*n], a, wr, pred)
		} else if d != 0 {
			for j, v := range g {
				pred[j] += d * v
			}
		}
	}
}

// observedSums returns A = Σ a_j g_j², B = Σ a_j pred_j g_j and
// C = Σ wr_j g_j, two neighbours at a time so that the additions of
// alternate neighbours do not wait on each other.
func observedSums(g, a, wr, pred []float64) (A, B, C float64) {
	return shiftAndSum(0, g, g, a, wr, pred)
}

// shiftAndSum adds d·prev to pred, then returns the sums of observedSums
// for the factor whose gathered column is g.
func shiftAndSum(d float64, prev, g, a, wr, pred []float64) (A, B, C float64) {
	var A1, B1, C1 float64
	n := len(g)
	prev, a, wr, pred = prev[:n], a[:n], wr[:n], pred[:n]
	j := 0
	for ; j+1 < n; j += 2 {
		p0 := pred[j] + d*prev[j]
		p1 := pred[j+1] + d*prev[j+1]
		pred[j], pred[j+1] = p0, p1
		v0, v1 := g[j], g[j+1]
		av0, av1 := a[j]*v0, a[j+1]*v1
		A += av0 * v0
		A1 += av1 * v1
		B += av0 * p0
		B1 += av1 * p1
		C += wr[j] * v0
		C1 += wr[j+1] * v1
	}
	if j < n {
		p := pred[j] + d*prev[j]
		pred[j] = p
		v := g[j]
		av := a[j] * v
		A += av * v
		B += av * p
		C += wr[j] * v
	}
	return A + A1, B + B1, C + C1
}

// restrictedLoss is the part of the objective that holds x, a user's
// vector p_u (sScale 1, S = S^q) or an item's q_i (sScale c_i, S = S^p):
//
//	Σ_{j∈R} [w_j (1 − r̂_j)² − c_j r̂_j²] + sScale·xᵀS x + λ‖x‖²,
//
// the missing-data sum over every partner taken through the cache, as
// eq. (12) does, and the observed partners' share of it taken back out.
// pred holds the observed partners' predictions x·y_j, a and wr their
// w − c and w.
func restrictedLoss(x, pred, a, wr, S []float64, sScale, lambda float64) float64 {
	var observed float64
	for j, r := range pred {
		e := 1 - r
		observed += wr[j]*e*e - (wr[j]-a[j])*r*r
	}
	k := len(x)
	var quad float64
	for f := 0; f < k; f++ {
		quad += x[f] * dot(x, S[f*k:f*k+k])
	}
	return observed + sScale*quad + lambda*dot(x, x)
}
