package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ealslive/ealslive/core"
	"github.com/ealslive/ealslive/core/eval"
	"github.com/ealslive/ealslive/core/pack"
	"github.com/ealslive/ealslive/core/pack/packfile"
)

// syntheticPack encodes a pack of a synthetic data set, and returns it
// with the data set packed.
func syntheticPack(t *testing.T) (*core.Dataset, []byte) {
	t.Helper()
	syn, err := core.Synthetic(90, 40, 1200, 1, 3)
	if err != nil {
		t.Fatal(err)
	}
	// Packs keep whole days, in time order.
	inter := append([]core.Interaction(nil), syn.Interactions()...)
	users := make([]string, syn.NumUsers())
	for u := range users {
		users[u] = syn.UserKey(int32(u))
	}
	items := make([]string, syn.NumItems())
	meta := make([]pack.Item, syn.NumItems())
	for i := range items {
		items[i] = syn.ItemKey(int32(i))
		meta[i] = pack.Item{ID: items[i], Name: "Business " + items[i], City: "Phoenix", Stars: 4}
	}
	for n := range inter {
		inter[n].Time = int64(n/10) * 86400
	}
	d, err := core.FromInteractions(users, items, inter)
	if err != nil {
		t.Fatal(err)
	}
	b, err := packfile.Encode(&pack.Pack{Source: "synthetic", License: "none", Items: meta, Data: d})
	if err != nil {
		t.Fatal(err)
	}
	return d, b
}

// writeTestPack writes the synthetic pack to path.
func writeTestPack(t *testing.T, path string) {
	t.Helper()
	_, b := syntheticPack(t)
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// A data pack is read like a log: sniffed by -format auto or named with
// -format pack, it gives exactly what the decoded pack gives in-process.
func TestPackInput(t *testing.T) {
	d, b := syntheticPack(t)
	dir := t.TempDir()
	packPath := filepath.Join(dir, "syn.msgpack")
	if err := os.WriteFile(packPath, b, 0o644); err != nil {
		t.Fatal(err)
	}
	// What the command must report: the same pipeline run in-process on the
	// decoded pack.
	p, err := pack.Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	train, test, err := p.Data.LeaveOneOut()
	if err != nil {
		t.Fatal(err)
	}
	cfg := core.DefaultConfig()
	cfg.K, cfg.Epochs = 4, 3
	m, err := core.Train(train, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	want, err := eval.EvaluateOffline(m, train, test, eval.Options{TopN: 10})
	if err != nil {
		t.Fatal(err)
	}
	for _, format := range []string{"auto", "pack"} {
		got := runJSON(t, "-data", packPath, "-format", format, "-epochs", "3", "-k", "4", "-topn", "10")
		s := got[len(got)-1]
		if s["users"] != 90.0 || s["items"] != 40.0 || s["test"] != float64(len(test)) || s["format"] != "data pack" || s["has_times"] != true ||
			s["hr"] != want.HR || s["ndcg"] != want.NDCG || s["loss"] != m.Objective().Total() {
			t.Errorf("-format %s: %v; want HR %v NDCG %v loss %v", format, s, want.HR, want.NDCG, m.Objective().Total())
		}
	}
	paperPath := filepath.Join(dir, "syn.rating")
	if err := writePaper(paperPath, d); err != nil {
		t.Fatal(err)
	}
	if err := run([]string{"-data", paperPath, "-format", "pack"}, new(nopWriter), new(nopWriter)); err == nil {
		t.Error("a text file read as a pack gave no error")
	}
	for _, format := range []string{"yelp", "paper"} {
		err := run([]string{"-data", packPath, "-format", format}, new(nopWriter), new(nopWriter))
		if err == nil || !strings.Contains(err.Error(), "is a data pack, not a "+format+" log: use -format pack") {
			t.Errorf("a pack read with -format %s: %v", format, err)
		}
	}
}

type nopWriter struct{}

func (*nopWriter) Write(p []byte) (int, error) { return len(p), nil }
