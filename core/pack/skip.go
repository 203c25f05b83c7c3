package pack

import (
	"encoding/binary"
	"fmt"
	"io"
)

// skipValue steps over one msgpack value at the reader's position without
// decoding it: DecodeCatalog's way past the interactions, the bulk of a
// pack. The decoder's own Skip takes three times as long, and in a browser
// page every millisecond of the page's thread counts. Every declared length
// is checked against the bytes that remain.
func (r *reader) skipValue(l loc) error {
	b := r.rest()
	pos := 0
	need := func(n uint64) error {
		if n > uint64(len(b)-pos) {
			return fmt.Errorf("pack: the input ends inside %s: %w", l, ErrTruncated)
		}
		return nil
	}
	// size reads a big-endian length of w bytes after the code.
	size := func(w int) (uint64, error) {
		if err := need(uint64(w)); err != nil {
			return 0, err
		}
		var n uint64
		switch w {
		case 1:
			n = uint64(b[pos])
		case 2:
			n = uint64(binary.BigEndian.Uint16(b[pos:]))
		case 4:
			n = uint64(binary.BigEndian.Uint32(b[pos:]))
		}
		pos += w
		return n, nil
	}
	for left := uint64(1); left > 0; left-- {
		if err := need(1); err != nil {
			return err
		}
		c := b[pos]
		pos++
		var skip, values uint64 // bytes to step over, values that follow
		var err error
		switch {
		case c <= 0x7f || c >= 0xe0 || c == 0xc0 || c == 0xc2 || c == 0xc3:
		case c <= 0x8f:
			values = 2 * uint64(c&0x0f)
		case c <= 0x9f:
			values = uint64(c & 0x0f)
		case c <= 0xbf:
			skip = uint64(c & 0x1f)
		case c == 0xc4 || c == 0xd9: // bin8, str8
			skip, err = size(1)
		case c == 0xc5 || c == 0xda: // bin16, str16
			skip, err = size(2)
		case c == 0xc6 || c == 0xdb: // bin32, str32
			skip, err = size(4)
		case c == 0xc7: // ext8: length, type, data
			skip, err = size(1)
			skip++
		case c == 0xc8:
			skip, err = size(2)
			skip++
		case c == 0xc9:
			skip, err = size(4)
			skip++
		case c == 0xca:
			skip = 4
		case c == 0xcb:
			skip = 8
		case c == 0xcc || c == 0xd0:
			skip = 1
		case c == 0xcd || c == 0xd1:
			skip = 2
		case c == 0xce || c == 0xd2:
			skip = 4
		case c == 0xcf || c == 0xd3:
			skip = 8
		case c >= 0xd4 && c <= 0xd8: // fixext 1, 2, 4, 8, 16, after a type byte
			skip = 1 + 1<<(c-0xd4)
		case c == 0xdc:
			values, err = size(2)
		case c == 0xdd:
			values, err = size(4)
		case c == 0xde:
			values, err = size(2)
			values *= 2
		case c == 0xdf:
			values, err = size(4)
			values *= 2
		default: // 0xc1 is never used
			return invalid("%s holds the unused msgpack code 0x%02x", l, c)
		}
		if err != nil {
			return err
		}
		if err := need(skip); err != nil {
			return err
		}
		pos += int(skip)
		// Every value takes at least a byte: more than remain is a
		// truncated or forged input.
		if err := need(values); err != nil {
			return err
		}
		left += values
	}
	_, err := r.src.Seek(int64(pos), io.SeekCurrent)
	return err
}

// rest returns the bytes the reader has not read yet.
func (r *reader) rest() []byte { return r.all[len(r.all)-r.src.Len():] }
