package pack

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/vmihailenco/msgpack/v5"
)

// checkedInt32s reads a column the way every other field is read, one
// checked value at a time: the reference for int32Column.
func checkedInt32s(r *reader, field string) ([]int32, error) {
	n, err := r.arrayLen(at(field))
	if err != nil {
		return nil, err
	}
	out := make([]int32, n)
	for k := range out {
		if out[k], err = r.int32(loc{field, k}); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// TestInt32ColumnMatchesCheckedReads writes columns in every integer form
// msgpack has, with values at each form's edges and beyond int32, some
// other values among them, and cuts some short; reading them straight
// from the bytes must give what the checked reads give, errors included,
// and leave the input at the same place.
func TestInt32ColumnMatchesCheckedReads(t *testing.T) {
	values := []int64{0, 1, 127, 128, 255, 256, 65535, 65536, math.MaxInt32, math.MaxInt32 + 1, math.MaxUint32,
		-1, -32, -33, -128, -129, -32768, -32769, math.MinInt32, math.MinInt32 - 1, math.MinInt64, math.MaxInt64}
	write := func(e *msgpack.Encoder, v int64, form int) error {
		switch form {
		case 0:
			return e.EncodeInt(v) // the shortest form
		case 1:
			return e.EncodeInt64(v)
		case 2:
			return e.EncodeInt32(int32(v))
		case 3:
			return e.EncodeInt16(int16(v))
		case 4:
			return e.EncodeInt8(int8(v))
		case 5:
			return e.EncodeUint32(uint32(v))
		case 6:
			return e.EncodeUint16(uint16(v))
		case 7:
			return e.EncodeUint8(uint8(v))
		case 8:
			return e.EncodeUint64(uint64(v))
		case 9:
			return e.EncodeFloat64(float64(v)) // not an integer at all
		}
		return e.EncodeString(fmt.Sprint(v))
	}
	rng := rand.New(rand.NewPCG(3, 5))
	for trial := 0; trial < 3000; trial++ {
		var buf bytes.Buffer
		e := msgpack.NewEncoder(&buf)
		n := rng.IntN(12)
		if err := e.EncodeArrayLen(n); err != nil {
			t.Fatal(err)
		}
		for k := 0; k < n; k++ {
			form := rng.IntN(9)
			if rng.IntN(40) == 0 {
				form = 9 + rng.IntN(2)
			}
			if err := write(e, values[rng.IntN(len(values))], form); err != nil {
				t.Fatal(err)
			}
		}
		b := buf.Bytes()
		b = append(b, 0xc0) // a value after the column must stay unread
		if trial%5 == 0 {
			b = b[:rng.IntN(len(b)+1)]
		}
		fast, slow := newReader(b), newReader(b)
		got, gotErr := fast.int32s("column")
		want, wantErr := checkedInt32s(slow, "column")
		if fmt.Sprint(gotErr) != fmt.Sprint(wantErr) {
			t.Fatalf("% x: error %v, want %v", b, gotErr, wantErr)
		}
		if wantErr == nil && (fmt.Sprint(got) != fmt.Sprint(want) || fast.src.Len() != slow.src.Len()) {
			t.Fatalf("% x: read %v leaving %d bytes, want %v leaving %d", b, got, fast.src.Len(), want, slow.src.Len())
		}
	}
}
