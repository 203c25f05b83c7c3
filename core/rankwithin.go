package core

// BlockScorer is a Recommender that can also score a run of consecutive
// items, each with the bits Scores gives it, so that a ranking can stop
// scoring as soon as its answer is known (RankWithin).
type BlockScorer interface {
	Recommender
	// ScoreBlock sets dst[j] to user u's score for item from+j.
	ScoreBlock(u int32, from int, dst []float64)
}

// rankBlock is how many items RankWithin scores between two looks at its
// count: enough to keep the scoring loop fused (see dotRowsLoop), few
// enough that little is scored after the limit is reached.
const rankBlock = 64

// RankWithin returns min(Rank(scores, target, exclude), limit) for user u's
// scores from r, without scoring every item: it scores them a block at a
// time and stops once limit of them rank before the target. Hit ratio and
// NDCG at a cut-off of limit need nothing more, and a held-out item far
// down the list, as most are, costs a fraction of a full ranking. target
// must be one of r's items. buf is scratch space, returned for reuse.
func RankWithin(r BlockScorer, u, target int32, exclude []int32, limit int, buf []float64) (int, []float64) {
	limit = max(limit, 0)
	if cap(buf) < rankBlock {
		buf = make([]float64, rankBlock)
	}
	buf = buf[:rankBlock]
	r.ScoreBlock(u, int(target), buf[:1])
	t := Ranked{Item: target, Score: buf[0]}
	skip := sortedCopy(exclude)
	rank := 0
	for from, n := 0, r.NumItems(); from < n && rank < limit; from += rankBlock {
		block := buf[:min(rankBlock, n-from)]
		r.ScoreBlock(u, from, block)
		for j, s := range block {
			i := int32(from + j)
			if before(Ranked{Item: i, Score: s}, t) && !isIn(skip, i) {
				rank++
			}
		}
	}
	return min(rank, limit), buf
}
