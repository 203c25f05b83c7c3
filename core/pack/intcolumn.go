package pack

import (
	"encoding/binary"
	"io"
	"math"

	"github.com/vmihailenco/msgpack/v5/msgpcode"
)

// int32Column fills out with the next len(out) values of the input. The
// forms an int32 takes in msgpack are read straight from the bytes: three
// interaction columns of a hundred thousand entries each made the decoder's
// per-value calls most of a pack's decode in the page. Anything else (a
// 64-bit form, another type, the end of the input) goes through int32,
// which reads or rejects it with the same checks and words as any field;
// where names each entry for those words.
func (r *reader) int32Column(out []int32, where func(k int) loc) error {
	rest := r.b[len(r.b)-r.src.Len():]
	p := 0
	for k := range out {
		if v, size := smallInt(rest[p:]); size > 0 {
			out[k] = v
			p += size
			continue
		}
		r.skip(p)
		v, err := r.int32(where(k))
		if err != nil {
			return err
		}
		out[k] = v
		rest, p = r.b[len(r.b)-r.src.Len():], 0
	}
	r.skip(p)
	return nil
}

// skip moves the reader n bytes on, past values read from r.b directly.
func (r *reader) skip(n int) {
	if n > 0 {
		// Seeking within a bytes.Reader cannot fail for an offset inside
		// its input, which n bytes just read are.
		r.src.Seek(int64(n), io.SeekCurrent)
	}
}

// smallInt decodes an integer in one of the forms whose values all fit an
// int32, and a uint32 that does; size is 0 for anything else.
func smallInt(b []byte) (v int32, size int) {
	if len(b) == 0 {
		return 0, 0
	}
	c := b[0]
	switch {
	case msgpcode.IsFixedNum(c):
		return int32(int8(c)), 1 // positive fixints are below 0x80, negative ones above 0xdf
	case c == msgpcode.Uint8 && len(b) >= 2:
		return int32(b[1]), 2
	case c == msgpcode.Int8 && len(b) >= 2:
		return int32(int8(b[1])), 2
	case c == msgpcode.Uint16 && len(b) >= 3:
		return int32(binary.BigEndian.Uint16(b[1:])), 3
	case c == msgpcode.Int16 && len(b) >= 3:
		return int32(int16(binary.BigEndian.Uint16(b[1:]))), 3
	case c == msgpcode.Int32 && len(b) >= 5:
		return int32(binary.BigEndian.Uint32(b[1:])), 5
	case c == msgpcode.Uint32 && len(b) >= 5:
		if u := binary.BigEndian.Uint32(b[1:]); u <= math.MaxInt32 {
			return int32(u), 5
		}
	}
	return 0, 0
}
