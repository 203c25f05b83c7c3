package pack

import (
	"bytes"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/vmihailenco/msgpack/v5"
)

// skipValue ends where the msgpack decoder's own Skip ends, for every kind
// of value, and on every prefix of one it reports truncation, never a
// position past the end.
func TestSkipValue(t *testing.T) {
	type ext struct{ A int }
	values := []any{
		nil, true, false, 0, 127, -1, -32, -33, 200, 70000, int64(math.MaxInt64), uint64(math.MaxUint64), int64(math.MinInt64),
		float32(1.5), 2.25, "", "short", strings.Repeat("x", 40), strings.Repeat("y", 300), strings.Repeat("z", 70000),
		[]byte{}, []byte("bin"), bytes.Repeat([]byte{7}, 300), bytes.Repeat([]byte{8}, 70000),
		[]int{}, []int{1, 2, 3}, make([]int, 20), make([]int, 70000),
		map[string]int{}, map[string]int{"a": 1}, map[string]any{"user": []int{1, 2}, "day": []any{nil, 1.5, "x"}},
		map[int]int{1: 2, 3: 4, 5: 6, 7: 8, 9: 10, 11: 12, 13: 14, 15: 16, 17: 18, 19: 20, 21: 22, 23: 24, 25: 26, 27: 28, 29: 30, 31: 32, 33: 34},
		[]any{[]any{[]any{1, "a"}, map[string]any{"b": []int{2}}}},
	}
	var exts [][]byte
	for _, n := range []int{1, 2, 4, 8, 16, 3, 300, 70000} { // fixext sizes, then ext8, ext16, ext32
		var buf bytes.Buffer
		e := msgpack.NewEncoder(&buf)
		if err := e.EncodeExtHeader(5, n); err != nil {
			t.Fatal(err)
		}
		buf.Write(make([]byte, n))
		exts = append(exts, buf.Bytes())
	}
	var encoded [][]byte
	for _, v := range values {
		b, err := msgpack.Marshal(v)
		if err != nil {
			t.Fatalf("%v: %v", v, err)
		}
		encoded = append(encoded, b)
	}
	encoded = append(encoded, exts...)
	for k, b := range encoded {
		tail := append(append([]byte(nil), b...), 0xc0, 0x01)
		r := newReader(tail)
		if err := r.skipValue(at("v")); err != nil {
			t.Errorf("value %d (% .8x…): %v", k, b, err)
			continue
		}
		if got := len(tail) - r.src.Len(); got != len(b) {
			t.Errorf("value %d: skipValue ends at %d, the value has %d bytes", k, got, len(b))
		}
		for n := 0; n < len(b); n += 1 + n/7 {
			r := newReader(b[:n])
			if err := r.skipValue(at("v")); !errors.Is(err, ErrTruncated) {
				t.Errorf("value %d cut to %d of %d bytes: err = %v, want truncated", k, n, len(b), err)
			}
		}
	}
	if err := newReader([]byte{0xc1}).skipValue(at("v")); !errors.Is(err, ErrInvalid) {
		t.Errorf("the unused code 0xc1: err = %v", err)
	}
	// A forged length far beyond the input is truncation, found before
	// anything is read.
	for _, forged := range [][]byte{{0xdd, 0xff, 0xff, 0xff, 0xff}, {0xdf, 0xff, 0xff, 0xff, 0xff}, {0xdb, 0xff, 0xff, 0xff, 0xff, 'a'}} {
		if err := newReader(forged).skipValue(at("v")); !errors.Is(err, ErrTruncated) {
			t.Errorf("% x: err = %v", forged, err)
		}
	}
}
