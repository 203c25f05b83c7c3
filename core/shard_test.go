package core

import (
	"testing"
)

// trainShards runs epochs on parts copies of one new model, exchanging
// rows between the phases as the page's workers do, and returns part 0's.
// Each part solves its rows in pieces of about budget observed entries
// (SolveSomeUsers, SolveSomeItems), or whole for a negative budget.
func trainShards(t *testing.T, d *Dataset, cfg Config, parts, epochs, budget int) *Model {
	t.Helper()
	m, err := NewModel(d, cfg)
	if err != nil {
		t.Fatal(err)
	}
	shards := make([]*Shard, parts)
	for p := range shards {
		if shards[p], err = NewShard(m.Clone(), p, parts); err != nil {
			t.Fatal(err)
		}
	}
	for e := 0; e < epochs; e++ {
		for _, sh := range shards {
			if budget < 0 {
				sh.SolveUsers()
				continue
			}
			for !sh.SolveSomeUsers(budget) {
			}
		}
		for p, from := range shards {
			lo, hi := from.UserRange(p)
			rows := from.UserRows(lo, hi)
			for q, to := range shards {
				if q != p {
					if err := to.SetUserRows(lo, rows); err != nil {
						t.Fatal(err)
					}
				}
			}
		}
		for _, sh := range shards {
			sh.EndUsers()
			if budget < 0 {
				sh.SolveItems()
				continue
			}
			for !sh.SolveSomeItems(budget) {
			}
		}
		for p, from := range shards {
			lo, hi := from.ItemRange(p)
			rows, pred := from.ItemRows(lo, hi), from.Predictions(lo, hi)
			for q, to := range shards {
				if q != p {
					if err := to.SetItemRows(lo, rows); err != nil {
						t.Fatal(err)
					}
					if err := to.SetPredictions(lo, pred); err != nil {
						t.Fatal(err)
					}
				}
			}
		}
		for _, sh := range shards {
			sh.EndEpoch()
		}
	}
	for p := 1; p < parts; p++ {
		assertSameModel(t, shards[0].Model(), shards[p].Model())
	}
	return shards[0].Model()
}

// Epochs split over parts that exchange rows give, in every part, exactly
// the model one thread trains.
func TestShardsEqualOneThread(t *testing.T) {
	d := randomDataset(t, 40, 30, 0.2, 5)
	cfg := smallConfig()
	cfg.Threads = 1
	cfg.Epochs = 4
	want, err := Train(d, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, parts := range []int{1, 2, 3, 7} {
		// In pieces too: of one row (budget 0), of a few, of many.
		for _, budget := range []int{-1, 0, 7, 40, 1000} {
			got := trainShards(t, d, cfg, parts, cfg.Epochs, budget)
			assertSameModel(t, want, got)
			assertCachesFresh(t, got, 1e-12)
		}
	}
}

func TestShardErrors(t *testing.T) {
	m := trainedSmall(t, 2)
	for _, c := range [][2]int{{0, 0}, {-1, 2}, {2, 2}} {
		if _, err := NewShard(m, c[0], c[1]); err == nil {
			t.Errorf("NewShard(%d of %d) was accepted", c[0], c[1])
		}
	}
	sh, err := NewShard(m, 0, 2)
	if err != nil {
		t.Fatal(err)
	}
	if err := sh.SetUserRows(m.NumUsers()-1, make([]float64, 2*m.K())); err == nil {
		t.Error("rows past the last user were accepted")
	}
	if err := sh.SetItemRows(0, make([]float64, m.K()+1)); err == nil {
		t.Error("a partial row was accepted")
	}
	if err := sh.SetPredictions(0, make([]float64, 10000)); err == nil {
		t.Error("more predictions than the rows hold were accepted")
	}
}

// A piece holds at least one row and about the budget's observed entries;
// the pass after the last piece starts the part again.
func TestShardSolvesInPieces(t *testing.T) {
	d := randomDataset(t, 40, 30, 0.2, 5)
	m, err := NewModel(d, smallConfig())
	if err != nil {
		t.Fatal(err)
	}
	sh, err := NewShard(m, 1, 3)
	if err != nil {
		t.Fatal(err)
	}
	lo, hi := sh.UserRange(1)
	for pass := 0; pass < 2; pass++ {
		calls := 0
		for done := false; !done; calls++ {
			done = sh.SolveSomeUsers(0)
		}
		if calls != hi-lo {
			t.Errorf("pass %d: %d pieces of budget 0 for %d users", pass, calls, hi-lo)
		}
	}
	entries := 0
	for u := lo; u < hi; u++ {
		entries += len(d.UserItems(int32(u)))
	}
	if calls := piecesOf(sh.SolveSomeUsers, entries); calls != 1 {
		t.Errorf("a budget of all %d entries took %d pieces", entries, calls)
	}
	if calls := piecesOf(sh.SolveSomeUsers, -1); calls != 1 {
		t.Errorf("a negative budget took %d pieces", calls)
	}
	ilo, ihi := sh.ItemRange(1)
	if calls := piecesOf(sh.SolveSomeItems, 0); calls != ihi-ilo {
		t.Errorf("%d pieces of budget 0 for %d items", calls, ihi-ilo)
	}
}

func piecesOf(step func(int) bool, budget int) int {
	calls := 0
	for done := false; !done; calls++ {
		done = step(budget)
	}
	return calls
}
