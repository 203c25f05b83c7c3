package pack

import (
	"bytes"
	"errors"
	"io"
	"math"
	"testing"

	"github.com/vmihailenco/msgpack/v5"
	"github.com/vmihailenco/msgpack/v5/msgpcode"
)

// msgpackSeeds are values in every form the reader reads, written by
// msgpack's Encoder, one after another.
func msgpackSeeds(t testing.TB) [][]byte {
	var all bytes.Buffer
	var seeds [][]byte
	add := func(write func(e *msgpack.Encoder) error) {
		var b bytes.Buffer
		if err := write(msgpack.NewEncoder(&b)); err != nil {
			t.Fatal(err)
		}
		seeds = append(seeds, b.Bytes())
		all.Write(b.Bytes())
	}
	for _, v := range []int64{0, 1, 127, -1, -32, -33, 128, 255, -128, 256, 65535, -32768, 65536, -65537,
		math.MaxInt32, math.MinInt32, math.MaxUint32, math.MaxInt64, math.MinInt64} {
		add(func(e *msgpack.Encoder) error { return e.EncodeInt(v) })
		add(func(e *msgpack.Encoder) error { return e.EncodeInt64(v) })
	}
	add(func(e *msgpack.Encoder) error { return e.EncodeUint64(math.MaxUint64) })
	for _, v := range []float64{0, 4.5, -0.1, math.Inf(1), math.NaN(), math.SmallestNonzeroFloat64} {
		add(func(e *msgpack.Encoder) error { return e.EncodeFloat64(v) })
		add(func(e *msgpack.Encoder) error { return e.EncodeFloat32(float32(v)) })
	}
	for _, n := range []int{0, 31, 32, 255, 256, 65536} {
		s := string(bytes.Repeat([]byte("é"), n/2)) + string(bytes.Repeat([]byte("x"), n%2))
		add(func(e *msgpack.Encoder) error { return e.EncodeString(s) })
		add(func(e *msgpack.Encoder) error { return e.EncodeArrayLen(n) })
		add(func(e *msgpack.Encoder) error { return e.EncodeMapLen(n) })
	}
	return append(seeds, all.Bytes())
}

// FuzzReaderMatchesMsgpack reads the same bytes with the reader's
// primitives and with msgpack's Decoder, value by value, choosing the read
// a pack would make of each first byte (asFloat says, step by step,
// whether an integer is read as a float, as a float column allows): both must give the same values,
// stop at the same values, leave the same bytes, and a Decoder that runs
// out of input must not be answered with anything but running out.
func FuzzReaderMatchesMsgpack(f *testing.F) {
	for _, s := range msgpackSeeds(f) {
		f.Add(s, uint8(0))
		f.Add(s, uint8(0xff))
		f.Add(s, uint8(0x55))
	}
	f.Fuzz(func(t *testing.T, b []byte, asFloat uint8) {
		theirSrc := bytes.NewReader(b)
		their := msgpack.NewDecoder(theirSrc)
		our := newReader(b)
		for step := 0; ; step++ {
			c, err := our.peekCode()
			tc, terr := their.PeekCode()
			if (err == nil) != (terr == nil) || c != tc {
				t.Fatalf("step %d: peek gives %#x, %v; msgpack %#x, %v", step, c, err, tc, terr)
			}
			if err != nil {
				return
			}
			var got, want any
			isFloat := c == msgpcode.Float || c == msgpcode.Double
			switch {
			case isFloat || isInt(c) && asFloat>>(step%8)&1 == 1:
				var v float64
				v, err = our.decodeFloat64()
				got = math.Float64bits(v)
				v, terr = their.DecodeFloat64()
				want = math.Float64bits(v)
			case c == msgpcode.Uint64:
				got, err = our.decodeUint64()
				want, terr = their.DecodeUint64()
			case isInt(c):
				got, err = our.decodeInt64()
				want, terr = their.DecodeInt64()
			case msgpcode.IsFixedString(c) || c == msgpcode.Str8 || c == msgpcode.Str16 || c == msgpcode.Str32:
				got, err = our.decodeLen(stringHeader)
				want, terr = their.DecodeBytesLen()
				if err == nil && terr == nil && got.(int) <= our.src.Len() {
					ours, theirs := make([]byte, got.(int)), make([]byte, got.(int))
					io.ReadFull(our.src, ours)
					their.ReadFull(theirs)
					if !bytes.Equal(ours, theirs) {
						t.Fatalf("step %d: string %q; msgpack %q", step, ours, theirs)
					}
				}
			case msgpcode.IsFixedArray(c) || c == msgpcode.Array16 || c == msgpcode.Array32:
				got, err = our.decodeLen(arrayHeader)
				want, terr = their.DecodeArrayLen()
			case msgpcode.IsFixedMap(c) || c == msgpcode.Map16 || c == msgpcode.Map32:
				got, err = our.decodeLen(mapHeader)
				want, terr = their.DecodeMapLen()
			default:
				return // a value no pack holds: the reader rejects its code
			}
			ended := func(err error) bool { return errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) }
			switch {
			case terr != nil && err == nil:
				t.Fatalf("step %d, code %#x: read %v where msgpack fails with %v", step, c, got, terr)
			case terr == nil && err != nil:
				t.Fatalf("step %d, code %#x: %v where msgpack reads %v", step, c, err, want)
			case ended(terr) && !ended(err):
				t.Fatalf("step %d, code %#x: %v where msgpack runs out of input (%v)", step, c, err, terr)
			case err != nil:
				return
			case got != want:
				t.Fatalf("step %d, code %#x: read %v; msgpack %v", step, c, got, want)
			case our.src.Len() != theirSrc.Len():
				t.Fatalf("step %d, code %#x: %d bytes left; msgpack %d", step, c, our.src.Len(), theirSrc.Len())
			}
		}
	})
}

// TestDecodeLenRejectsOtherHeaders: a header of one kind is not read as
// another's, whatever the caller checked.
func TestDecodeLenRejectsOtherHeaders(t *testing.T) {
	for _, tc := range []struct {
		name  string
		forms lengthForms
		b     []byte
	}{
		{"str8 as an array", arrayHeader, []byte{msgpcode.Str8, 1}},
		{"fixarray as a map", mapHeader, []byte{0x91}},
		{"fixmap as a string", stringHeader, []byte{0x81}},
		{"array16 as a string", stringHeader, []byte{msgpcode.Array16, 0, 1}},
		{"an integer as a map", mapHeader, []byte{0x05}},
	} {
		if n, err := newReader(tc.b).decodeLen(tc.forms); err == nil {
			t.Errorf("%s: read length %d, want an error", tc.name, n)
		}
	}
}
