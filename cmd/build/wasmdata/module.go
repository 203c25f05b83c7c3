package wasmdata

import (
	"errors"
	"fmt"
	"math"
)

// The first bytes of every WebAssembly module of the binary format's
// version 1: the magic number, then the version.
const header = "\x00asm\x01\x00\x00\x00"

// Section ids of the binary format.
const (
	dataSection      = 11
	dataCountSection = 12
)

// ErrNotModule is returned for bytes that are not a WebAssembly module.
var ErrNotModule = errors.New("not a WebAssembly module")

// section is one section of a module, its body a slice of the module.
type section struct {
	id   byte
	body []byte
}

// sections splits a module into its sections, checking only the framing
// (the header, and that each section's length stays within the module).
func sections(module []byte) ([]section, error) {
	if len(module) < len(header) || string(module[:len(header)]) != header {
		return nil, fmt.Errorf("%w: no version 1 header", ErrNotModule)
	}
	var out []section
	r := reader{b: module, at: len(header)}
	for r.at < len(module) {
		id := module[r.at]
		r.at++
		n, err := r.u32()
		var body []byte
		if err == nil {
			body, err = r.bytes(n)
		}
		if err != nil {
			return nil, fmt.Errorf("%w: section %d: %v", ErrNotModule, id, err)
		}
		out = append(out, section{id: id, body: body})
	}
	return out, nil
}

// reader reads the binary format's numbers (LEB128) and byte strings.
type reader struct {
	b  []byte
	at int
}

var (
	errTruncated = errors.New("truncated")
	errTooLong   = errors.New("a number longer than its type")
)

// leb reads a LEB128 number of at most five bytes (enough for 32 bits):
// its groups of seven bits as one value, and how many bits that holds.
func (r *reader) leb() (v uint64, bits int, err error) {
	for shift := 0; ; shift += 7 {
		if r.at >= len(r.b) {
			return 0, 0, errTruncated
		}
		c := r.b[r.at]
		r.at++
		v |= uint64(c&0x7f) << shift
		if c&0x80 == 0 {
			return v, shift + 7, nil
		}
		if shift == 28 {
			return 0, 0, errTooLong
		}
	}
}

// u32 reads an unsigned 32-bit LEB128 number.
func (r *reader) u32() (uint32, error) {
	v, _, err := r.leb()
	if err != nil {
		return 0, err
	}
	if v > math.MaxUint32 {
		return 0, errTooLong
	}
	return uint32(v), nil
}

// s32 reads a signed 32-bit LEB128 number: the top bit read is its sign.
func (r *reader) s32() (int32, error) {
	v, bits, err := r.leb()
	if err != nil {
		return 0, err
	}
	s := int64(v)
	if v&(1<<(bits-1)) != 0 {
		s -= 1 << bits
	}
	if s < math.MinInt32 || s > math.MaxInt32 {
		return 0, errTooLong
	}
	return int32(s), nil
}

// skip moves past the next byte if it is op, and reports whether it was.
func (r *reader) skip(op byte) bool {
	if r.at >= len(r.b) || r.b[r.at] != op {
		return false
	}
	r.at++
	return true
}

// bytes reads the next n bytes, as a slice of the module.
func (r *reader) bytes(n uint32) ([]byte, error) {
	if uint64(n) > uint64(len(r.b)-r.at) {
		return nil, errTruncated
	}
	b := r.b[r.at : r.at+int(n) : r.at+int(n)]
	r.at += int(n)
	return b, nil
}

// appendU32 appends v as unsigned LEB128.
func appendU32(b []byte, v uint32) []byte {
	for v >= 0x80 {
		b = append(b, byte(v)|0x80)
		v >>= 7
	}
	return append(b, byte(v))
}

// appendS32 appends v as signed LEB128.
func appendS32(b []byte, v int32) []byte {
	for {
		c := byte(v & 0x7f)
		v >>= 7
		if (v == 0 && c&0x40 == 0) || (v == -1 && c&0x40 != 0) {
			return append(b, c)
		}
		b = append(b, c|0x80)
	}
}
