package core

import (
	"bytes"
	"slices"
	"testing"
)

// referenceRowSolver solves a row with core's own gather and sweep on a
// scratch of its own: what a host's kernel must reproduce.
func referenceRowSolver(x, other []float64, ids []int32, ws, cs []float64, c float64, pred, S []float64, sScale, lambda float64, block, a, wr []float64) bool {
	var s scratch
	n := s.gather(x, other, ids, ws, cs, c, pred)
	s.sweep(x, n, pred, S, sScale, lambda, nil)
	return true
}

func trainedFile(t *testing.T, d *Dataset, cfg Config) []byte {
	t.Helper()
	m, err := Train(d, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, err := m.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// A host's SolveRow takes every row of every epoch, on any number of
// threads and in shards, and a solver with core's arithmetic leaves the
// model bit for bit as core's own loops do; one that declines leaves the
// rows to core.
func TestHostSolvesEveryRow(t *testing.T) {
	d, err := Synthetic(80, 50, 1200, 1, 3)
	if err != nil {
		t.Fatal(err)
	}
	cfg := DefaultConfig()
	cfg.K, cfg.Epochs = 8, 3
	want := trainedFile(t, d, cfg)
	rows := int64(0)
	m0, err := NewModel(d, cfg)
	if err != nil {
		t.Fatal(err)
	}
	for u := range m0.users.idx {
		if len(m0.users.idx[u]) > 0 {
			rows++
		}
	}
	for i := range m0.items.idx {
		if len(m0.items.idx[i]) > 0 {
			rows++
		}
	}
	t.Cleanup(func() { UseKernels(Kernels{}) })
	for _, threads := range []int{1, 3} {
		c := cfg
		c.Threads = threads
		UseKernels(Kernels{})
		want := trainedFile(t, d, c)
		UseKernels(Kernels{SolveRow: referenceRowSolver})
		before := RowsSolvedByHost()
		if got := trainedFile(t, d, c); !bytes.Equal(got, want) {
			t.Fatalf("%d threads: the model trained through the row solver differs from core's", threads)
		}
		if n := RowsSolvedByHost() - before; n != rows*int64(cfg.Epochs) {
			t.Fatalf("%d threads: the row solver solved %d rows, want %d (%d a epoch)", threads, n, rows*int64(cfg.Epochs), rows)
		}
	}

	// Declining leaves the row to core; a solver that does something else
	// shows in the model, so the bits above came through it.
	UseKernels(Kernels{SolveRow: func(x, other []float64, ids []int32, ws, cs []float64, c float64, pred, S []float64, sScale, lambda float64, block, a, wr []float64) bool {
		return false
	}})
	before := RowsSolvedByHost()
	if got := trainedFile(t, d, cfg); !bytes.Equal(got, want) || RowsSolvedByHost() != before {
		t.Fatal("a row solver that declines changed the model or counted rows")
	}
	UseKernels(Kernels{SolveRow: func(x, other []float64, ids []int32, ws, cs []float64, c float64, pred, S []float64, sScale, lambda float64, block, a, wr []float64) bool {
		referenceRowSolver(x, other, ids, ws, cs, c, pred, S, sScale, lambda, block, a, wr)
		x[0] += 1e-9
		return true
	}})
	if got := trainedFile(t, d, cfg); bytes.Equal(got, want) {
		t.Fatal("a row solver that moves a factor left the model as core's: the solver is not used")
	}
}

// Sharded epochs, as the browser's workers run them, go through the row
// solver too.
func TestHostSolvesShards(t *testing.T) {
	d, err := Synthetic(60, 40, 800, 1, 4)
	if err != nil {
		t.Fatal(err)
	}
	cfg := DefaultConfig()
	cfg.K, cfg.Epochs = 4, 1
	want := trainedFile(t, d, cfg)
	t.Cleanup(func() { UseKernels(Kernels{}) })
	UseKernels(Kernels{SolveRow: referenceRowSolver})
	before := RowsSolvedByHost()
	m, err := NewModel(d, cfg)
	if err != nil {
		t.Fatal(err)
	}
	sh, err := NewShard(m, 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	sh.SolveUsers()
	sh.EndUsers()
	sh.SolveItems()
	sh.EndEpoch()
	got, err := m.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) || RowsSolvedByHost() == before {
		t.Fatalf("a shard's epoch through the row solver: same model %v, rows %d", bytes.Equal(got, want), RowsSolvedByHost()-before)
	}
}

// A host's DotRows scores for every ranking, and one that declines leaves
// the scores to core.
func TestHostScores(t *testing.T) {
	d, m := trainedForRanking(t, 40, 6)
	want := m.Scores(3, nil)
	wantRank, _ := RankWithin(m, 3, 7, d.UserItems(3), 50, nil)
	t.Cleanup(func() { UseKernels(Kernels{}) })
	calls := 0
	UseKernels(Kernels{DotRows: func(dst, p, q []float64) bool {
		calls++
		dotRowsLoop(dst, p, q)
		return true
	}})
	got := m.Scores(3, nil)
	rank, _ := RankWithin(m, 3, 7, d.UserItems(3), 50, nil)
	if calls == 0 || rank != wantRank {
		t.Fatalf("through the host's DotRows: %d calls, rank %d against %d", calls, rank, wantRank)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("score %d through the host's DotRows is %v, core's %v", i, got[i], want[i])
		}
	}
	UseKernels(Kernels{DotRows: func(dst, p, q []float64) bool { return false }})
	if got := m.Scores(3, nil); got[0] != want[0] {
		t.Fatal("a DotRows that declines changed a score")
	}
	UseKernels(Kernels{DotRows: func(dst, p, q []float64) bool {
		dotRowsLoop(dst, p, q)
		dst[0]++
		return true
	}})
	if got := m.Scores(3, nil); got[0] == want[0] {
		t.Fatal("a DotRows that moves a score left it as core's: the kernel is not used")
	}
}

// A host's Gram forms the caches S^p and S^q of the epochs one goroutine
// runs, as the browser's workers run them, with core's bits; one that
// declines leaves them to core.
func TestHostFormsCaches(t *testing.T) {
	d, err := Synthetic(70, 45, 900, 1, 5)
	if err != nil {
		t.Fatal(err)
	}
	cfg := DefaultConfig()
	cfg.K, cfg.Epochs, cfg.Threads = 7, 3, 1 // odd K: the kernel's lone last entry of a row
	want := trainedFile(t, d, cfg)
	t.Cleanup(func() { UseKernels(Kernels{}) })
	calls := 0
	UseKernels(Kernels{Gram: func(dst, m []float64, k int, w []float64) bool {
		calls++
		gramRows(dst, m, len(m)/k, k, w, 0, 1)
		return true
	}})
	if got := trainedFile(t, d, cfg); !bytes.Equal(got, want) || calls < 2*cfg.Epochs {
		t.Fatalf("through the host's Gram (%d calls for %d epochs): same model %v", calls, cfg.Epochs, bytes.Equal(got, want))
	}
	UseKernels(Kernels{Gram: func(dst, m []float64, k int, w []float64) bool { return false }})
	if got := trainedFile(t, d, cfg); !bytes.Equal(got, want) {
		t.Fatal("a Gram that declines changed the model")
	}
	UseKernels(Kernels{Gram: func(dst, m []float64, k int, w []float64) bool {
		gramRows(dst, m, len(m)/k, k, w, 0, 1)
		dst[0] *= 1 + 1e-9
		return true
	}})
	if got := trainedFile(t, d, cfg); bytes.Equal(got, want) {
		t.Fatal("a Gram that moves an entry left the model as core's: the kernel is not used")
	}
}

// referenceCounter is CountBefore in Go: dotRowsLoop's scores, counted by
// before.
func referenceCounter(dst, p, q []float64, score float64, from, item int) (int, bool) {
	dotRowsLoop(dst, p, q)
	n := 0
	for j, s := range dst {
		if before(Ranked{Item: int32(from + j), Score: s}, Ranked{Item: int32(item), Score: score}) {
			n++
		}
	}
	return n, true
}

// A host's CountBefore counts every ranking of core's models, excluded
// items left out as core leaves them, with core's ranks; one that declines
// leaves the count to core.
func TestHostCountsRanks(t *testing.T) {
	d, m := trainedForRanking(t, 30, 7)
	ranks := func() []int {
		var out []int
		for u := int32(0); u < 30; u++ {
			for _, target := range []int32{0, 63, 64, 150, 299} {
				for _, exclude := range [][]int32{nil, d.UserItems(u), {299, 0, 64, 63, 200}} {
					for _, limit := range []int{1, 10, 100, 300} {
						r, _ := RankWithin(m, u, target, exclude, limit, nil)
						out = append(out, r)
					}
				}
			}
		}
		return out
	}
	want := ranks()
	t.Cleanup(func() { UseKernels(Kernels{}) })
	calls := 0
	UseKernels(Kernels{CountBefore: func(dst, p, q []float64, score float64, from, item int) (int, bool) {
		calls++
		return referenceCounter(dst, p, q, score, from, item)
	}})
	counted := RankingsCountedByHost()
	if got := ranks(); !slices.Equal(got, want) || calls == 0 {
		t.Fatalf("through the host's CountBefore (%d calls) the ranks differ from core's", calls)
	}
	if n := RankingsCountedByHost() - counted; n != int64(len(want)) {
		t.Fatalf("the host counted %d rankings whole, want all %d", n, len(want))
	}
	UseKernels(Kernels{CountBefore: func([]float64, []float64, []float64, float64, int, int) (int, bool) { return 0, false }})
	counted = RankingsCountedByHost()
	if got := ranks(); !slices.Equal(got, want) {
		t.Fatal("a CountBefore that declines changed a rank")
	}
	if n := RankingsCountedByHost() - counted; n != 0 {
		t.Fatalf("a CountBefore that declines counted %d rankings", n)
	}
	UseKernels(Kernels{CountBefore: func(dst, p, q []float64, score float64, from, item int) (int, bool) {
		n, ok := referenceCounter(dst, p, q, score, from, item)
		return n + 1, ok
	}})
	if got := ranks(); slices.Equal(got, want) {
		t.Fatal("a CountBefore that miscounts left the ranks as core's: the kernel is not used")
	}
}

// trainedForRanking is a model of K = 8 trained 2 epochs on a synthetic
// data set of users users and 300 items (several of RankWithin's blocks),
// drawn with seed.
func trainedForRanking(t *testing.T, users int, seed uint64) (*Dataset, *Model) {
	t.Helper()
	d, err := Synthetic(users, 300, 900, 1, seed)
	if err != nil {
		t.Fatal(err)
	}
	cfg := DefaultConfig()
	cfg.K, cfg.Epochs = 8, 2
	m, err := Train(d, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	return d, m
}
