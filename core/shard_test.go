package core

import (
	"testing"
)

// trainShards runs epochs on parts copies of one new model, exchanging
// rows between the phases as the page's workers do, and returns part 0's.
func trainShards(t *testing.T, d *Dataset, cfg Config, parts, epochs int) *Model {
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
			sh.SolveUsers()
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
			sh.SolveItems()
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
		got := trainShards(t, d, cfg, parts, cfg.Epochs)
		assertSameModel(t, want, got)
		assertCachesFresh(t, got, 1e-12)
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
