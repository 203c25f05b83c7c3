package eval

import "github.com/ealslive/ealslive/core"

// Frozen hides the Update method of a core.Learner, so that the online
// protocol replays the stream on it without learning: the paper's "no
// updates" reference.
func Frozen(r core.Recommender) core.Recommender { return frozen{r} }

type frozen struct{ r core.Recommender }

func (f frozen) NumItems() int                           { return f.r.NumItems() }
func (f frozen) Scores(u int32, dst []float64) []float64 { return f.r.Scores(u, dst) }

// NumUsers forwards the wrapped recommender's user count when it has one,
// so the protocols' range checks still apply.
func (f frozen) NumUsers() int {
	if uc, ok := f.r.(userCounter); ok {
		return uc.NumUsers()
	}
	return int(^uint32(0) >> 1)
}
