package core

import "fmt"

// Shard is one worker's share of every epoch of a model that several
// workers each hold a copy of, as Web Workers must: they share no memory.
// An epoch on P parts runs, in every part,
//
//	SolveUsers, then exchange UserRows so every copy has all of P, EndUsers;
//	SolveItems, then exchange ItemRows and Predictions, EndEpoch.
//
// A user's update reads only Q, S^q and its own row, and an item's only P,
// S^p and its own row (section 4.2), and EndUsers and EndEpoch compute the
// caches from the whole matrices exactly as Trainer does, so after each
// epoch every copy is bit for bit the model Trainer gives on one thread.
type Shard struct {
	m          *Model
	users      [2]int // rows [lo, hi) of P this part solves
	items      [2]int
	s          scratch
	userBounds []int
	itemBounds []int
}

// NewShard returns part (0-based) of parts of every epoch of m. Every part
// must be made from a copy of the same model.
func NewShard(m *Model, part, parts int) (*Shard, error) {
	if parts < 1 || part < 0 || part >= parts {
		return nil, fmt.Errorf("core: shard %d of %d does not exist", part, parts)
	}
	sh := &Shard{m: m,
		userBounds: splitRows(m.users.idx, m.k, parts),
		itemBounds: splitRows(m.items.idx, m.k, parts)}
	sh.users = [2]int{sh.userBounds[part], sh.userBounds[part+1]}
	sh.items = [2]int{sh.itemBounds[part], sh.itemBounds[part+1]}
	return sh, nil
}

// splitRows cuts rows into parts contiguous runs of about equal cost, a
// row costing its entries plus K (as in Trainer.pass), and returns the
// parts+1 boundaries.
func splitRows(idx [][]int32, k, parts int) []int {
	total := 0
	for _, r := range idx {
		total += len(r) + k
	}
	bounds := make([]int, parts+1)
	row, cost := 0, 0
	for p := 1; p < parts; p++ {
		target := total * p / parts
		for row < len(idx) && cost < target {
			cost += len(idx[row]) + k
			row++
		}
		bounds[p] = row
	}
	bounds[parts] = len(idx)
	return bounds
}

// Model returns the model this part trains.
func (sh *Shard) Model() *Model { return sh.m }

// UserRange returns the users [lo, hi) that part p of the split solves.
func (sh *Shard) UserRange(p int) (lo, hi int) { return sh.userBounds[p], sh.userBounds[p+1] }

// ItemRange returns the items [lo, hi) that part p of the split solves.
func (sh *Shard) ItemRange(p int) (lo, hi int) { return sh.itemBounds[p], sh.itemBounds[p+1] }

// SolveUsers updates this part's users with eq. (12). It starts an epoch:
// the caches are stale until EndEpoch.
func (sh *Shard) SolveUsers() {
	sh.m.midEpoch = true
	for u := sh.users[0]; u < sh.users[1]; u++ {
		sh.m.solveUser(&sh.s, int32(u), nil)
	}
}

// UserRows returns rows [lo, hi) of P, row-major: the model's own, not a
// copy, which the next SolveUsers changes. Sending them as they are saves
// copying P on every epoch.
func (sh *Shard) UserRows(lo, hi int) []float64 {
	k := sh.m.k
	return sh.m.p[lo*k : hi*k : hi*k]
}

// SetUserRows writes rows of P starting at row lo, as another part solved
// them.
func (sh *Shard) SetUserRows(lo int, v []float64) error {
	k := sh.m.k
	if len(v)%k != 0 || lo < 0 || lo*k+len(v) > len(sh.m.p) {
		return fmt.Errorf("core: %d values from user %d do not fit the model's %d users of %d factors", len(v), lo, sh.m.NumUsers(), k)
	}
	copy(sh.m.p[lo*k:], v)
	return nil
}

// EndUsers recomputes S^p = PᵀP once every copy has all of P.
func (sh *Shard) EndUsers() { gram(sh.m.sp, sh.m.p, sh.m.k, nil, 1) }

// SolveItems updates this part's items with eq. (13), and with them their
// rows of the prediction cache.
func (sh *Shard) SolveItems() {
	for i := sh.items[0]; i < sh.items[1]; i++ {
		sh.m.solveItem(&sh.s, int32(i), nil)
	}
}

// ItemRows returns rows [lo, hi) of Q, row-major: the model's own, not a
// copy, which the next SolveItems changes.
func (sh *Shard) ItemRows(lo, hi int) []float64 {
	k := sh.m.k
	return sh.m.q[lo*k : hi*k : hi*k]
}

// SetItemRows writes rows of Q starting at row lo.
func (sh *Shard) SetItemRows(lo int, v []float64) error {
	k := sh.m.k
	if len(v)%k != 0 || lo < 0 || lo*k+len(v) > len(sh.m.q) {
		return fmt.Errorf("core: %d values from item %d do not fit the model's %d items of %d factors", len(v), lo, sh.m.NumItems(), k)
	}
	copy(sh.m.q[lo*k:], v)
	return nil
}

// Predictions returns the prediction cache's rows of items [lo, hi), one
// after the other.
func (sh *Shard) Predictions(lo, hi int) []float64 {
	n := 0
	for _, row := range sh.m.pred.r[lo:hi] {
		n += len(row)
	}
	out := make([]float64, 0, n)
	for _, row := range sh.m.pred.r[lo:hi] {
		out = append(out, row...)
	}
	return out
}

// SetPredictions writes the prediction cache's rows of items from lo on,
// as Predictions returned them.
func (sh *Shard) SetPredictions(lo int, v []float64) error {
	at := 0
	for i := lo; at < len(v); i++ {
		if i >= len(sh.m.pred.r) || at+len(sh.m.pred.r[i]) > len(v) {
			return fmt.Errorf("core: %d predictions from item %d do not fit the model's rows", len(v), lo)
		}
		at += copy(sh.m.pred.r[i], v[at:])
	}
	return nil
}

// EndEpoch recomputes S^q = Qᵀ diag(c) Q once every copy has all of Q and
// the prediction cache; the model's caches are current again.
func (sh *Shard) EndEpoch() {
	gram(sh.m.sq, sh.m.q, sh.m.k, sh.m.c, 1)
	sh.m.midEpoch = false
}
