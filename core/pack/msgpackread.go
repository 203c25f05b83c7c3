package pack

import (
	"fmt"
	"io"
	"math"

	"github.com/vmihailenco/msgpack/v5/msgpcode"
)

// The reader's msgpack primitives read one value, or the header of an
// array, map or string, whose first byte the caller has already checked.
// They stand in for the Decoder of github.com/vmihailenco/msgpack/v5,
// which writes packs (see Write) and which the tests hold them to
// (FuzzReaderMatchesMsgpack). That package registers a reflection codec
// for every Go kind as it starts, so importing it linked a reflection codec
// into every program that decodes a pack, the page's app.wasm and its
// workers among them, for these eight reads. Reading
// past the end is io.EOF or io.ErrUnexpectedEOF, as with that Decoder.

func (r *reader) peekCode() (byte, error) {
	c, err := r.src.ReadByte()
	if err != nil {
		return 0, err
	}
	r.src.UnreadByte()
	return c, nil
}

// bigEndian reads an n-byte unsigned integer.
func (r *reader) bigEndian(n int) (uint64, error) {
	switch left := r.src.Len(); {
	case left == 0:
		return 0, io.EOF
	case left < n:
		return 0, io.ErrUnexpectedEOF
	}
	var v uint64
	for range n {
		b, _ := r.src.ReadByte()
		v = v<<8 | uint64(b)
	}
	return v, nil
}

// decodeInt64 reads any integer form. A uint64 above MaxInt64 wraps, as
// the Decoder's does; int checks for it with decodeUint64.
func (r *reader) decodeInt64() (int64, error) {
	c, err := r.src.ReadByte()
	if err != nil {
		return 0, err
	}
	return r.intAfter(c)
}

func (r *reader) intAfter(c byte) (int64, error) {
	if msgpcode.IsFixedNum(c) {
		return int64(int8(c)), nil
	}
	var size int
	switch c {
	case msgpcode.Uint8, msgpcode.Int8:
		size = 1
	case msgpcode.Uint16, msgpcode.Int16:
		size = 2
	case msgpcode.Uint32, msgpcode.Int32:
		size = 4
	case msgpcode.Uint64, msgpcode.Int64:
		size = 8
	default:
		return 0, fmt.Errorf("%s is not an integer", describe(c))
	}
	v, err := r.bigEndian(size)
	if err != nil {
		return 0, err
	}
	switch c {
	case msgpcode.Int8:
		return int64(int8(v)), nil
	case msgpcode.Int16:
		return int64(int16(v)), nil
	case msgpcode.Int32:
		return int64(int32(v)), nil
	}
	return int64(v), nil
}

// decodeUint64 reads a uint64.
func (r *reader) decodeUint64() (uint64, error) {
	if _, err := r.src.ReadByte(); err != nil {
		return 0, err
	}
	return r.bigEndian(8)
}

// decodeFloat64 reads a float32, a float64 or an integer.
func (r *reader) decodeFloat64() (float64, error) {
	c, err := r.src.ReadByte()
	if err != nil {
		return 0, err
	}
	switch c {
	case msgpcode.Float:
		v, err := r.bigEndian(4)
		return float64(math.Float32frombits(uint32(v))), err
	case msgpcode.Double:
		v, err := r.bigEndian(8)
		return math.Float64frombits(v), err
	}
	v, err := r.intAfter(c)
	return float64(v), err
}

// lengthForms are the header forms of a string, an array and a map: the
// fixed form holds the length in the bits below its mask, and the 8-, 16-
// and 32-bit forms (0 where there is none) follow their codes with it.
type lengthForms struct {
	fixed, mask        byte
	len8, len16, len32 byte
}

var (
	stringHeader = lengthForms{msgpcode.FixedStrLow, 0x1f, msgpcode.Str8, msgpcode.Str16, msgpcode.Str32}
	arrayHeader  = lengthForms{msgpcode.FixedArrayLow, 0x0f, 0, msgpcode.Array16, msgpcode.Array32}
	mapHeader    = lengthForms{msgpcode.FixedMapLow, 0x0f, 0, msgpcode.Map16, msgpcode.Map32}
)

// decodeLen reads a header of the given forms and returns its length.
func (r *reader) decodeLen(f lengthForms) (int, error) {
	c, err := r.src.ReadByte()
	if err != nil {
		return 0, err
	}
	var size int
	switch {
	case c&^f.mask == f.fixed:
		return int(c & f.mask), nil
	case c == f.len8 && f.len8 != 0:
		size = 1
	case c == f.len16:
		size = 2
	case c == f.len32:
		size = 4
	default:
		return 0, fmt.Errorf("%s is not the expected header", describe(c))
	}
	n, err := r.bigEndian(size)
	return int(n), err
}
