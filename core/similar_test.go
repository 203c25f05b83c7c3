package core_test

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/ealslive/ealslive/core"
)

// referenceSimilar is Similar written out: every cosine from plain sums,
// sorted by cosine, then by id, the item left out.
func referenceSimilar(vec func(i int32) []float64, items int, item int32, n int) []core.Ranked {
	norm := func(v []float64) float64 {
		s := 0.0
		for _, x := range v {
			s += x * x
		}
		return math.Sqrt(s)
	}
	x := vec(item)
	var all []core.Ranked
	for i := 0; i < items; i++ {
		if int32(i) == item {
			continue
		}
		y := vec(int32(i))
		c := 0.0
		if nx, ny := norm(x), norm(y); nx > 0 && ny > 0 {
			d := 0.0
			for f := range x {
				d += x[f] * y[f]
			}
			c = d / (nx * ny)
		}
		all = append(all, core.Ranked{Item: int32(i), Score: c})
	}
	slices.SortStableFunc(all, func(a, b core.Ranked) int {
		switch {
		case a.Score > b.Score:
			return -1
		case a.Score < b.Score:
			return 1
		}
		return int(a.Item - b.Item)
	})
	return all[:min(n, len(all))]
}

// Every model with item vectors lists the items nearest by cosine, as the
// reference does: the same items in the same order, cosines within
// rounding, the item itself never among them.
func TestSimilarMatchesReference(t *testing.T) {
	d, err := core.Synthetic(80, 60, 1200, 0.8, 5)
	if err != nil {
		t.Fatal(err)
	}
	cfg := core.DefaultConfig()
	cfg.K, cfg.Epochs = 8, 3
	eals, err := core.Train(d, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	als, err := core.TrainALS(d, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	bcfg := core.DefaultBPRConfig()
	bcfg.K, bcfg.Epochs = 8, 3
	bpr, err := core.TrainBPR(d, bcfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	rcfg := core.DefaultRCDConfig()
	rcfg.K, rcfg.Epochs = 8, 3
	rcd, err := core.TrainRCD(d, rcfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	gcfg := core.DefaultCGConfig()
	gcfg.K, gcfg.Epochs = 8, 3
	cg, err := core.TrainCG(d, gcfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	for name, m := range map[string]struct {
		s   core.ItemSimilarity
		vec func(int32) []float64
	}{
		"eALS": {eals, eals.ItemVector}, "ALS": {als, als.ItemVector}, "BPR": {bpr, bpr.ItemVector},
		"RCD": {rcd, rcd.ItemVector}, "CG": {cg, cg.ItemVector},
	} {
		for item := int32(0); item < int32(d.NumItems()); item++ {
			for _, n := range []int{1, 10, d.NumItems() + 5} {
				got, err := m.s.Similar(item, n)
				if err != nil {
					t.Fatal(err)
				}
				want := referenceSimilar(m.vec, d.NumItems(), item, n)
				if len(got) != min(n, d.NumItems()-1) || len(got) != len(want) {
					t.Fatalf("%s, item %d, n %d: %d similar, want %d", name, item, n, len(got), len(want))
				}
				for k := range got {
					if got[k].Item != want[k].Item && math.Abs(got[k].Score-want[k].Score) > 1e-12 {
						t.Fatalf("%s, item %d: rank %d is %+v, the reference's %+v", name, item, k+1, got[k], want[k])
					}
					if math.Abs(got[k].Score-want[k].Score) > 1e-12 || got[k].Item == item || math.Abs(got[k].Score) > 1 {
						t.Fatalf("%s, item %d: rank %d is %+v, the reference's %+v", name, item, k+1, got[k], want[k])
					}
					if k > 0 && (got[k].Score > got[k-1].Score || (got[k].Score == got[k-1].Score && got[k].Item < got[k-1].Item)) {
						t.Fatalf("%s, item %d: ranks %d and %d are out of order: %+v", name, item, k, k+1, got[k-1:k+1])
					}
				}
			}
		}
	}
}

// Items with the same vector tie at cosine 1, listed by id; an item with a
// zero vector has cosine 0 with all; bad arguments are errors.
func TestSimilarTiesAndErrors(t *testing.T) {
	d, err := core.FromInteractions([]string{"a", "b", "c"}, []string{"x", "y", "z", "w"},
		[]core.Interaction{{User: 0, Item: 0}, {User: 1, Item: 1}, {User: 2, Item: 2}, {User: 0, Item: 3}})
	if err != nil {
		t.Fatal(err)
	}
	cfg := core.DefaultConfig()
	cfg.K = 2
	m, err := core.NewModel(d, cfg)
	if err != nil {
		t.Fatal(err)
	}
	m.SetItemVector(0, []float64{1, 2})
	m.SetItemVector(1, []float64{2, 4})
	m.SetItemVector(2, []float64{1, 2})
	m.SetItemVector(3, []float64{0, 0})
	got, err := m.Similar(0, 3)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 3 || got[0].Item != 1 || got[1].Item != 2 || got[2].Item != 3 || got[2].Score != 0 ||
		math.Abs(got[0].Score-1) > 1e-15 || math.Abs(got[1].Score-1) > 1e-15 {
		t.Errorf("similar to item 0: %+v, want items 1 and 2 at cosine 1, then 3 at 0", got)
	}
	if zero, _ := m.Similar(3, 3); zero[0].Score != 0 || zero[0].Item != 0 {
		t.Errorf("similar to a zero vector: %+v, want every cosine 0, by id", zero)
	}
	for _, bad := range []struct {
		item int32
		n    int
		want string
	}{{4, 1, "item"}, {-1, 1, "item"}, {0, 0, "n = 0"}} {
		if _, err := m.Similar(bad.item, bad.n); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("Similar(%d, %d): %v, want an error naming %q", bad.item, bad.n, err, bad.want)
		}
	}
}
