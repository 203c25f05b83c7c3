package core

import (
	"math"
	"math/rand/v2"
	"testing"
)

// fixedScores is a BlockScorer over a table of scores, one row per user,
// that counts the items it is asked to score.
type fixedScores struct {
	rows   [][]float64
	scored int
}

func (f *fixedScores) NumItems() int { return len(f.rows[0]) }

func (f *fixedScores) Scores(u int32, dst []float64) []float64 {
	return append(dst[:0], f.rows[u]...)
}

func (f *fixedScores) ScoreBlock(u int32, from int, dst []float64) {
	f.scored += copy(dst, f.rows[u][from:])
}

// RankWithin is Rank cut at the limit, ties and exclusions included, over
// catalogues of one to several blocks.
func TestRankWithinIsRankCut(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for trial := 0; trial < 300; trial++ {
		n := 1 + rng.IntN(3*rankBlock+5)
		scores := make([]float64, n)
		for i := range scores {
			scores[i] = float64(rng.IntN(12)) // many ties
		}
		var exclude []int32
		for i := n - 1; i >= 0; i-- { // unsorted, as RankWithin may get it
			if rng.IntN(6) == 0 {
				exclude = append(exclude, int32(i))
			}
		}
		r := &fixedScores{rows: [][]float64{scores}}
		target := int32(rng.IntN(n))
		full := Rank(scores, target, exclude)
		for _, limit := range []int{0, 1, 2, 10, full, full + 1, n, n + 3} {
			got, _ := RankWithin(r, 0, target, exclude, limit, nil)
			if want := min(full, limit); got != want {
				t.Fatalf("n = %d, target %d, limit %d: RankWithin = %d, want min(Rank = %d, limit) = %d", n, target, limit, got, full, want)
			}
		}
	}
}

// A target ranked last is given up on after the first block when the
// limit is small: the rest of the catalogue is never scored.
func TestRankWithinStopsEarly(t *testing.T) {
	n := 10 * rankBlock
	scores := make([]float64, n)
	for i := range scores {
		scores[i] = float64(n - i)
	}
	r := &fixedScores{rows: [][]float64{scores}}
	rank, _ := RankWithin(r, 0, int32(n-1), nil, 10, nil)
	if rank != 10 {
		t.Fatalf("rank %d, want the limit 10", rank)
	}
	if r.scored > rankBlock+1 {
		t.Fatalf("scored %d items to find 10 ahead of the last of %d; want at most %d", r.scored, n, rankBlock+1)
	}
	r.scored = 0
	if rank, _ := RankWithin(r, 0, 5, nil, 10, nil); rank != 5 || r.scored != n+1 {
		t.Fatalf("a hit: rank %d after scoring %d items, want 5 after all %d and the target", rank, r.scored, n)
	}
}

// Every kind of model scores a block with the bits of its full Scores.
func TestScoreBlockHasTheBitsOfScores(t *testing.T) {
	kinds := savedKinds(t)
	d := randomDataset(t, 20, 3*rankBlock+7, 0.05, 41)
	big, err := Train(d, smallConfig(), nil)
	if err != nil {
		t.Fatal(err)
	}
	kinds["eALS, several blocks"] = big
	rng := rand.New(rand.NewPCG(5, 6))
	for name, r := range kinds {
		b, ok := r.(BlockScorer)
		if !ok {
			t.Fatalf("%s is not a BlockScorer", name)
		}
		n := r.NumItems()
		for u := int32(0); u < 4; u++ {
			all := r.Scores(u, nil)
			for range 20 {
				from := rng.IntN(n)
				dst := make([]float64, 1+rng.IntN(n-from))
				b.ScoreBlock(u, from, dst)
				for j, s := range dst {
					if math.Float64bits(s) != math.Float64bits(all[from+j]) {
						t.Fatalf("%s: user %d item %d: ScoreBlock %v, Scores %v", name, u, from+j, s, all[from+j])
					}
				}
			}
		}
	}
}
