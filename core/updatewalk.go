package core

// Replay redoes the first n steps of one side of a trace from that side's
// vector before the update (UpdateTrace.UserBefore or ItemBefore), each
// from its recorded terms alone: New = (Observed − Cached) /
// (ObservedDenom + CachedDenom + Lambda), or the old value when that
// denominator is not positive. It returns the vector after those steps, so
// a teacher can show the whole vector at any point of the walk; after all
// K steps it is, bit for bit, what Update left (with Config.OnlineIters =
// 1: a trace records the first round only).
func Replay(before []float64, steps []FactorStep, n int) []float64 {
	x := append([]float64(nil), before...)
	for _, s := range steps[:min(n, len(steps))] {
		den := s.ObservedDenom + s.CachedDenom + s.Lambda
		if den > 0 {
			x[s.Factor] = (s.Observed - s.Cached) / den
		}
	}
	return x
}
