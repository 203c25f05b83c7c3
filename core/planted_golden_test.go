package core

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// plantedDigest hashes everything a planted world holds, so that one line
// of a golden file pins it to the bit.
func plantedDigest(w *PlantedWorld) string {
	h := sha256.New()
	for _, x := range w.Data.Interactions() {
		binary.Write(h, binary.LittleEndian, x)
	}
	for _, g := range append(append([]int(nil), w.UserGroup...), w.ItemGroup...) {
		binary.Write(h, binary.LittleEndian, int64(g))
	}
	for _, it := range w.Items {
		fmt.Fprintf(h, "%s\x00%s\x00%q\n", it.ID, it.Name, it.Categories)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// The planted worlds of a few configurations are the same to the bit
// natively and in WebAssembly: testdata/planted.json is written natively
// (go test -run PlantedSame -update) and checked on every platform.
func TestPlantedSameEverywhere(t *testing.T) {
	configs := map[string]PlantedConfig{
		"default":     DefaultPlanted(),
		"seed 7":      {Groups: 8, Users: 1000, Items: 400, PerUser: 20, Noise: 0.1, Zipf: 1, Seed: 7},
		"heavy users": {Groups: 5, Users: 200, Items: 60, PerUser: 40, Noise: 0.3, Zipf: 1.7, Seed: 3},
	}
	got := map[string]string{}
	for name, c := range configs {
		w, err := Planted(c)
		if err != nil {
			t.Fatal(err)
		}
		got[name] = plantedDigest(w)
	}
	path := filepath.Join("testdata", "planted.json")
	if *updateGolden {
		b, err := json.MarshalIndent(got, "", " ")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, append(b, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -run PlantedSame -update natively to create it)", err)
	}
	var want map[string]string
	if err := json.Unmarshal(b, &want); err != nil {
		t.Fatal(err)
	}
	for name, digest := range got {
		if want[name] != digest {
			t.Errorf("%s: the planted world hashes to %s, the native golden to %s", name, digest, want[name])
		}
	}
}
