package core

import "slices"

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
	rows, _ := r.(rowScorer)
	byHost := rows != nil && kernels.CountBefore != nil
	var p, q []float64
	if byHost {
		p, q = rows.scoreRows(u)
	}
	for from, n := 0, r.NumItems(); from < n && rank < limit; from += rankBlock {
		block := buf[:min(rankBlock, n-from)]
		if byHost {
			if c, ok := countBefore(block, p, q[from*len(p):], t, from); ok {
				rank += c - excludedBefore(skip, block, from, t)
				continue
			}
			byHost = false
		}
		r.ScoreBlock(u, from, block)
		for j, s := range block {
			i := int32(from + j)
			if before(Ranked{Item: i, Score: s}, t) && !isIn(skip, i) {
				rank++
			}
		}
	}
	if byHost {
		hostRanked.Add(1)
	}
	return min(rank, limit), buf
}

// rowScorer is a BlockScorer whose score for an item is its user's row
// dotted with the item's, as dotRows sums: the models core trains. Their
// rankings can be counted by a host's CountBefore.
type rowScorer interface {
	// scoreRows returns user u's row and every item's, rows of len(p).
	scoreRows(u int32) (p, q []float64)
}

// excludedBefore is how many of the sorted ids in skip that fall in the
// block of scores starting at item from rank before t.
func excludedBefore(skip []int32, block []float64, from int, t Ranked) int {
	n := 0
	lo, _ := slices.BinarySearch(skip, int32(from))
	for _, i := range skip[lo:] {
		if int(i) >= from+len(block) {
			break
		}
		if before(Ranked{Item: i, Score: block[int(i)-from]}, t) {
			n++
		}
	}
	return n
}
