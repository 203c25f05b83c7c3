package core

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var updateGolden = flag.Bool("update", false, "rewrite testdata/golden.json from this platform")

// golden is a small training run's outcome. It is written natively and
// checked on every platform, so `make test` compares the WebAssembly build
// with the native one.
type golden struct {
	Objective []float64 // after each epoch
	P, Q      []float64
	Online    []float64 // p_u of a new user after each of three clicks
}

func goldenRun(t *testing.T) golden {
	d := randomDataset(t, 40, 30, 0.15, 21)
	cfg := smallConfig()
	cfg.K = 6
	cfg.Epochs = 5
	var g golden
	m, err := Train(d, cfg, func(m *Model, e EpochInfo) error {
		g.Objective = append(g.Objective, m.Objective().Total())
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	g.P, g.Q = m.p, m.q
	u := m.AddUser()
	for _, i := range []int32{3, 17, 3} {
		if err := m.Update(u, i); err != nil {
			t.Fatal(err)
		}
		g.Online = append(g.Online, m.UserVector(u)...)
	}
	return g
}

func TestGoldenRunAgreesAcrossPlatforms(t *testing.T) {
	path := filepath.Join("testdata", "golden.json")
	got := goldenRun(t)
	if *updateGolden {
		b, err := json.MarshalIndent(got, "", " ")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -run Golden -update natively to create it)", err)
	}
	var want golden
	if err := json.Unmarshal(b, &want); err != nil {
		t.Fatal(err)
	}
	for name, pair := range map[string][2][]float64{
		"objective": {got.Objective, want.Objective}, "P": {got.P, want.P},
		"Q": {got.Q, want.Q}, "online p_u": {got.Online, want.Online},
	} {
		if len(pair[0]) != len(pair[1]) {
			t.Fatalf("%s: %d values, golden has %d", name, len(pair[0]), len(pair[1]))
		}
		for j := range pair[0] {
			if !closeRel(pair[0][j], pair[1][j], 1e-9) {
				t.Fatalf("%s[%d] = %.17g, golden (native) %.17g", name, j, pair[0][j], pair[1][j])
			}
		}
	}
}
