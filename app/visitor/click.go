package visitor

import "github.com/ealslive/ealslive/core"

// Click is what one like cost, measured around the core calls, with the
// update's trace for the teaching views.
type Click struct {
	Item      int32
	Trace     *core.UpdateTrace
	UpdateMs  float64 // Model.UpdateTraced (Algorithm 2)
	RankMs    float64 // scoring every business and keeping the top ones
	ExplainMs float64 // splitting the listed scores by your clicks
	// Replayed: the like was learnt when the model arrived (a reload, a
	// link), not clicked now; its trace is the update it made then, and
	// its costs are not a click's.
	Replayed bool
}
