package eval_test

import (
	"math"
	"testing"

	"github.com/ealslive/ealslive/core"
	"github.com/ealslive/ealslive/core/eval"
)

// handData builds a data set over fixed keys from (user, item) index pairs,
// timed in the order given.
func handData(t *testing.T, users, items int, pairs [][2]int32) *core.Dataset {
	t.Helper()
	var uk, ik []string
	for u := 0; u < users; u++ {
		uk = append(uk, "u"+string(rune('0'+u)))
	}
	for i := 0; i < items; i++ {
		ik = append(ik, "i"+string(rune('0'+i)))
	}
	inter := make([]core.Interaction, len(pairs))
	for n, p := range pairs {
		inter[n] = core.Interaction{User: p[0], Item: p[1], Time: int64(n)}
	}
	d, err := core.FromInteractions(uk, ik, inter)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// fixedScores is a recommender with a hand-written score table.
type fixedScores [][]float64

func (f fixedScores) NumItems() int { return len(f[0]) }
func (f fixedScores) NumUsers() int { return len(f) }
func (f fixedScores) Scores(u int32, dst []float64) []float64 {
	return append(dst[:0], f[u]...)
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-12 }

func sameMetrics(a, b eval.Metrics) bool {
	return a.Count == b.Count && near(a.HR, b.HR) && near(a.NDCG, b.NDCG)
}

// mustStep steps s and reports whether that completed its phase, failing
// the test on an error.
func mustStep(t testing.TB, s core.Stepper, budget int) bool {
	t.Helper()
	done, err := s.Step(budget)
	if err != nil {
		t.Fatal(err)
	}
	return done
}
