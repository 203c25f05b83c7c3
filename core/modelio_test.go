package core

import (
	"bytes"
	"math"
	"math/rand/v2"
	"testing"
)

// The model file is read a block at a time on little-endian machines and a
// number at a time elsewhere; both must give the same bits.
func TestModelFileBlockReadsMatchNumberReads(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	raw := make([]byte, 8*257)
	for k := range raw {
		raw[k] = byte(rng.Uint32())
	}
	read := func(little bool) ([]float64, []int32) {
		defer func(was bool) { littleEndian = was }(littleEndian)
		littleEndian = little
		r := &fileReader{b: raw}
		f := make([]float64, 128)
		r.f64sInto("f", f)
		n := make([]int32, 257)
		r.i32sInto("i", n)
		if r.err != nil {
			t.Fatal(r.err)
		}
		return f, n
	}
	f0, n0 := read(false)
	f1, n1 := read(true)
	for k := range f0 {
		if math.Float64bits(f0[k]) != math.Float64bits(f1[k]) {
			t.Fatalf("float %d: %x a number at a time, %x as a block", k, math.Float64bits(f0[k]), math.Float64bits(f1[k]))
		}
	}
	for k := range n0 {
		if n0[k] != n1[k] {
			t.Fatalf("int %d: %d a number at a time, %d as a block", k, n0[k], n1[k])
		}
	}

	if !littleEndian {
		return // the block read cannot run here
	}
	b, err := modelWithHistory(t).MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	block, err := LoadModel(b)
	if err != nil {
		t.Fatal(err)
	}
	littleEndian = false
	byNumber, err := LoadModel(b)
	littleEndian = true
	if err != nil {
		t.Fatal(err)
	}
	assertSameModel(t, byNumber, block)
	again1, _ := block.MarshalBinary()
	again0, _ := byNumber.MarshalBinary()
	if !bytes.Equal(again0, again1) {
		t.Error("the two reads save different files")
	}
}
