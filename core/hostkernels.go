package core

import "sync/atomic"

// Kernels are a host's own versions of core's innermost loops, for
// hosts whose machine code beats the Go compiler's. In the browser, Go's
// WebAssembly takes three to five times as long as native code for an
// epoch, and hand-written WebAssembly with SIMD (core/hostkernels.wat,
// which the page's workers install) does not. Each must give core's bits
// exactly, or return false to leave the work to core's loops.
type Kernels struct {
	// SolveRow solves one row of an epoch in place, as gather and then
	// sweep (without a trace) do. x is the row's vector (K values,
	// rewritten); other the other side's matrix, rows of K; ids the row's
	// n neighbours and ws their observed weights; cs the neighbours'
	// missing-data weights by id, or nil for c for all; pred n values, set
	// to the new predictions x·other_j; S the other side's K×K cache,
	// scaled by sScale; lambda the regulariser; block, a and wr scratch of
	// n·K, n and n values.
	SolveRow func(x, other []float64, ids []int32, ws, cs []float64, c float64, pred, S []float64, sScale, lambda float64, block, a, wr []float64) bool
	// DotRows sets dst[i] to p·q_i for the rows q_i of q (len(p) values
	// each), as dotLoop sums: scoring, for the rankings of the evaluation.
	DotRows func(dst, p, q []float64) bool
	// Gram adds Σ_r w_r m_r m_rᵀ over the rows of m (k values each) to
	// the upper triangle of dst (k×k), w nil meaning every weight 1, as
	// gramRows sums over every row: the caches S^p and S^q, formed after
	// each half of an epoch.
	Gram func(dst, m []float64, k int, w []float64) bool
	// CountBefore sets dst as DotRows does and returns how many of those
	// rows rank before the target, row i being item from+i: a score above
	// score, or equal with an id below item (RankWithin's order). A
	// ranking's count, without a pass of Go over the scores.
	CountBefore func(dst, p, q []float64, score float64, from, item int) (int, bool)
}

var (
	kernels    Kernels
	hostSolved atomic.Int64
	hostRanked atomic.Int64
)

// UseKernels makes core run k's loops where they are set; the zero
// Kernels restores core's own. Online updates that record their steps
// (UpdateTraced) always run core's. It must not be called while a model
// trains or ranks.
func UseKernels(k Kernels) { kernels = k }

// RowsSolvedByHost returns how many rows the host's SolveRow has solved
// so far, so that a host can tell, and say, that its kernel ran.
func RowsSolvedByHost() int64 { return hostSolved.Load() }

// RankingsCountedByHost returns how many rankings (RankWithin) the host's
// CountBefore has counted whole so far.
func RankingsCountedByHost() int64 { return hostRanked.Load() }

// hostSolve offers a row to the host's SolveRow, which the caller has
// checked is set (inline, so that an epoch without one pays nothing).
func hostSolve(x, other []float64, ids []int32, ws, cs []float64, c float64, pred, S []float64, sScale, lambda float64, s *scratch) bool {
	n, k := len(ids), len(x)
	if !kernels.SolveRow(x, other, ids, ws, cs, c, pred[:n], S, sScale, lambda, s.block[:n*k], s.a[:n], s.wr[:n]) {
		return false
	}
	hostSolved.Add(1)
	return true
}

// dotRows sets dst[i] to p·q_i for the rows q_i of q, by the host's
// DotRows or by this build's own loops (dotRowsOwn).
func dotRows(dst, p, q []float64) []float64 {
	if kernels.DotRows != nil && len(dst) > 0 && kernels.DotRows(dst, p, q[:len(dst)*len(p)]) {
		return dst
	}
	return dotRowsOwn(dst, p, q)
}

// countBefore offers the count of the rows of q ranking before t, item
// from being the first, to the host's CountBefore; dst gets their scores.
func countBefore(dst, p, q []float64, t Ranked, from int) (int, bool) {
	if kernels.CountBefore == nil || len(dst) == 0 {
		return 0, false
	}
	return kernels.CountBefore(dst, p, q[:len(dst)*len(p)], t.Score, from, int(t.Item))
}
