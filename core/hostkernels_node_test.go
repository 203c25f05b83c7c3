//go:build !js

package core

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// The browser's kernels (hostkernels.wat, assembled into web/kernel.wasm)
// give core's bits, the caches' sums included: Node runs them over a
// memory laid out as the Go program's would be, on rows of every shape the
// loops branch on, and each
// result is compared, bit for bit, with core's own loops on the same
// numbers.
func TestWasmKernelsMatchCore(t *testing.T) {
	kernel, err := filepath.Abs(filepath.Join("..", "web", "kernel.wasm"))
	if err == nil {
		_, err = os.Stat(kernel)
	}
	if err != nil {
		t.Fatalf("the assembled kernels are needed (make web/kernel.wasm, with binaryen's wasm-as): %v", err)
	}
	node, err := exec.LookPath("node")
	if err != nil {
		t.Fatalf("Node runs the kernels: %v", err)
	}

	rng := rand.New(rand.NewPCG(1, 2))
	var mem memImage
	mem.alloc(64) // address 0 stays unused: it means "no cs"
	type call struct {
		Fn   string    `json:"fn"`
		Args []float64 `json:"args"`
		// Ret is where the call's i32 result is written, 0 for nowhere.
		Ret int `json:"ret,omitempty"`
		// The outputs to compare, and core's values for them.
		check func(out memImage) (string, bool)
	}
	var calls []call
	for _, k := range []int{1, 3, 4, 5, 8, 32, 33} {
		// Four rows at a time where k is a multiple of 4, and the rows
		// left one at a time.
		for _, n := range []int{1, 2, 3, 4, 5, 7, 8, 64} {
			p, q := randomVector(k, rng.Uint64()), randomVector(n*k, rng.Uint64())
			pAt, qAt, dstAt := mem.floats(p), mem.floats(q), mem.floats(make([]float64, n))
			want := make([]float64, n)
			dotRowsLoop(want, p, q)
			calls = append(calls, call{Fn: "dotRows", Args: []float64{float64(dstAt), float64(pAt), float64(qAt), float64(n), float64(k)},
				check: func(out memImage) (string, bool) { return "dotRows", sameBits(out.read(dstAt, n), want) }})
		}
	}
	for _, k := range []int{1, 2, 3, 4, 5, 8, 32, 33} {
		for _, n := range []int{1, 3, 4, 5, 7, 64} {
			for _, weighted := range []bool{false, true} {
				m := randomVector(n*k, rng.Uint64())
				var w []float64
				wAt := 0 // no weights
				if weighted {
					w = make([]float64, n)
					for r := range w {
						w[r] = 0.1 + rng.Float64()
					}
					wAt = mem.floats(w)
				}
				// dst holds a sum already: the kernel adds to it, and
				// leaves its lower triangle alone.
				dst := randomVector(k*k, rng.Uint64())
				mAt, dstAt := mem.floats(m), mem.floats(dst)
				want := append([]float64(nil), dst...)
				gramRows(want, m, n, k, w, 0, 1)
				calls = append(calls, call{Fn: "gram", Args: []float64{float64(dstAt), float64(mAt), float64(n), float64(k), float64(wAt)},
					check: func(out memImage) (string, bool) { return "gram", sameBits(out.read(dstAt, k*k), want) }})
			}
		}
	}
	for _, k := range []int{3, 4, 8, 32, 33} {
		for _, n := range []int{1, 3, 4, 5, 64} {
			// Rows 0 and n-1 copy the target's row, so its score ties
			// with theirs; the target sits before, among or after them
			// in id order.
			p, q := randomVector(k, rng.Uint64()), randomVector(n*k, rng.Uint64())
			tr := rng.IntN(n)
			copy(q[:k], q[tr*k:tr*k+k])
			copy(q[(n-1)*k:], q[tr*k:tr*k+k])
			score := make([]float64, n)
			dotRowsLoop(score, p, q)
			from := rng.IntN(100)
			for _, t := range []Ranked{{Item: int32(from + tr), Score: score[tr]}, {Item: int32(from + n), Score: score[tr]}, {Item: int32(from), Score: -1e300}, {Item: 0, Score: 1e300}} {
				want := make([]float64, n)
				wantN, _ := referenceCounter(want, p, q, t.Score, from, int(t.Item))
				pAt, qAt, dstAt, retAt := mem.floats(p), mem.floats(q), mem.floats(make([]float64, n)), mem.ints([]int32{-1})
				calls = append(calls, call{Fn: "countBefore", Ret: retAt,
					Args: []float64{float64(dstAt), float64(pAt), float64(qAt), float64(n), float64(k), t.Score, float64(from), float64(t.Item)},
					check: func(out memImage) (string, bool) {
						got := int(int32(binary.LittleEndian.Uint32(out[retAt:])))
						return fmt.Sprintf("countBefore (%d, want %d)", got, wantN), got == wantN && sameBits(out.read(dstAt, n), want)
					}})
			}
		}
	}
	for _, k := range []int{4, 8, 32} {
		for _, n := range []int{1, 2, 3, 7, 30, 301} {
			for _, perID := range []bool{false, true} {
				others := n + 5
				x := randomVector(k, rng.Uint64())
				other := randomVector(others*k, rng.Uint64())
				ids := rng.Perm(others)[:n]
				ids32 := make([]int32, n)
				ws := make([]float64, n)
				for j, id := range ids {
					ids32[j] = int32(id)
					ws[j] = 1 + 3*rng.Float64()
				}
				var cs []float64
				c := 0.3 * rng.Float64()
				if perID {
					cs = make([]float64, others)
					for i := range cs {
						cs[i] = 0.5 * rng.Float64()
					}
				}
				S := randomVector(k*k, rng.Uint64())
				for f := 0; f < k; f++ { // symmetric, with a heavy diagonal
					for g := 0; g < f; g++ {
						S[f*k+g] = S[g*k+f]
					}
					S[f*k+f] += float64(k)
				}
				sScale, lambda := 1.0, 0.01
				if !perID {
					sScale = c
				}
				xAt, otherAt, idsAt, wsAt := mem.floats(x), mem.floats(other), mem.ints(ids32), mem.floats(ws)
				csAt := 0
				if perID {
					csAt = mem.floats(cs)
				}
				predAt, sAt := mem.floats(make([]float64, n)), mem.floats(S)
				blockAt, aAt, wrAt := mem.floats(make([]float64, n*k)), mem.floats(make([]float64, n)), mem.floats(make([]float64, n))

				wantX, wantPred := append([]float64(nil), x...), make([]float64, n)
				var s scratch
				s.gather(wantX, other, ids32, ws, cs, c, wantPred)
				s.sweep(wantX, n, wantPred, S, sScale, lambda, nil)
				calls = append(calls, call{Fn: "solveRow",
					Args: []float64{float64(xAt), float64(otherAt), float64(idsAt), float64(n), float64(wsAt), float64(csAt), c,
						float64(predAt), float64(sAt), sScale, lambda, float64(blockAt), float64(aAt), float64(wrAt), float64(k)},
					check: func(out memImage) (string, bool) {
						return "solveRow", sameBits(out.read(xAt, k), wantX) && sameBits(out.read(predAt, n), wantPred)
					}})
			}
		}
	}

	dir := t.TempDir()
	in, out, ops := filepath.Join(dir, "in.bin"), filepath.Join(dir, "out.bin"), filepath.Join(dir, "calls.json")
	if err := os.WriteFile(in, mem, 0o644); err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(calls)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(ops, b, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(node, "-e", runKernelsJS, kernel, in, ops, out)
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("running the kernels: %v\n%s", err, msg)
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	for i, c := range calls {
		if what, ok := c.check(memImage(got)); !ok {
			t.Errorf("call %d, %s%v: the kernel's bits differ from core's", i, what, c.Args)
		}
	}
}

// runKernelsJS instantiates the kernels over a memory holding in.bin, makes
// the calls in order, and writes the memory out.
const runKernelsJS = `
const fs = require("fs");
const [kernel, input, calls, output] = process.argv.slice(1);
const image = fs.readFileSync(input);
const mem = new WebAssembly.Memory({ initial: Math.ceil(image.length / 65536) + 1 });
new Uint8Array(mem.buffer).set(image);
const k = new WebAssembly.Instance(new WebAssembly.Module(fs.readFileSync(kernel)), { go: { mem } }).exports;
for (const c of JSON.parse(fs.readFileSync(calls))) {
  const r = k[c.fn](...c.args);
  if (c.ret) {
    new Int32Array(mem.buffer, c.ret, 1)[0] = r;
  }
}
fs.writeFileSync(output, new Uint8Array(mem.buffer, 0, image.length));
`

// memImage is a little-endian memory, laid out as the tests need.
type memImage []byte

func (m *memImage) alloc(bytes int) int {
	at := (len(*m) + 15) &^ 15
	*m = append(*m, make([]byte, at+bytes-len(*m))...)
	return at
}

func (m *memImage) floats(v []float64) int {
	at := m.alloc(8 * len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint64((*m)[at+8*i:], math.Float64bits(x))
	}
	return at
}

func (m *memImage) ints(v []int32) int {
	at := m.alloc(4 * len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint32((*m)[at+4*i:], uint32(x))
	}
	return at
}

func (m memImage) read(at, n int) []float64 {
	v := make([]float64, n)
	for i := range v {
		v[i] = math.Float64frombits(binary.LittleEndian.Uint64(m[at+8*i:]))
	}
	return v
}

func sameBits(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if math.Float64bits(a[i]) != math.Float64bits(b[i]) {
			return false
		}
	}
	return true
}
