package wasmdata

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
)

// ErrNotJoinable is returned for a module whose data segments Join leaves
// alone, as they are not all the kind Go's linker writes: segments that are
// active in the first memory at constant offsets, none overlapping
// another. Joining others could change what the memory starts with (where
// segments overlap, the later wins), or which segment an instruction
// names (passive segments, counted in their own section).
var ErrNotJoinable = errors.New("data segments not joinable")

// segment is an active data segment of the first memory: data copied to
// offset when the module starts.
type segment struct {
	offset uint32
	data   []byte
}

func (s segment) end() uint64 { return uint64(s.offset) + uint64(len(s.data)) }

// The encoding of an active segment of the first memory: its mode, then
// its offset as a constant expression (i32.const n, end).
const (
	activeFirstMemory = 0x00
	i32Const          = 0x41
	exprEnd           = 0x0b
)

// readSegments reads a data section's body.
func readSegments(body []byte) ([]segment, error) {
	r := reader{b: body}
	n, err := r.u32()
	if err != nil {
		return nil, fmt.Errorf("%w: data section: %v", ErrNotModule, err)
	}
	// Each segment takes at least two bytes (a passive one, empty).
	if uint64(n)*2 > uint64(len(body)) {
		return nil, fmt.Errorf("%w: data section: %d segments in %d bytes", ErrNotModule, n, len(body))
	}
	segs := make([]segment, 0, n)
	for k := range n {
		s, err := r.segment(k)
		if err != nil {
			return nil, err
		}
		segs = append(segs, s)
	}
	if r.at != len(body) {
		return nil, fmt.Errorf("%w: %d bytes after the data segments", ErrNotModule, len(body)-r.at)
	}
	return segs, nil
}

// segment reads the k'th segment, which must be active in the first
// memory.
func (r *reader) segment(k uint32) (segment, error) {
	malformed := func(err error) (segment, error) {
		return segment{}, fmt.Errorf("%w: data segment %d: %v", ErrNotModule, k, err)
	}
	mode, err := r.u32()
	if err != nil {
		return malformed(err)
	}
	if mode != activeFirstMemory {
		return segment{}, fmt.Errorf("%w: data segment %d is of mode %d", ErrNotJoinable, k, mode)
	}
	if !r.skip(i32Const) {
		return segment{}, fmt.Errorf("%w: data segment %d's offset is not an i32.const", ErrNotJoinable, k)
	}
	offset, err := r.s32()
	if err != nil {
		return malformed(err)
	}
	if !r.skip(exprEnd) {
		return segment{}, fmt.Errorf("%w: data segment %d's offset is not a lone constant", ErrNotJoinable, k)
	}
	size, err := r.u32()
	if err != nil {
		return malformed(err)
	}
	data, err := r.bytes(size)
	if err != nil {
		return malformed(err)
	}
	return segment{offset: uint32(offset), data: data}, nil
}

// appendSegments appends segs as a data section's body.
func appendSegments(b []byte, segs []segment) []byte {
	b = appendU32(b, uint32(len(segs)))
	for _, s := range segs {
		b = append(b, activeFirstMemory, i32Const)
		b = appendS32(b, int32(s.offset))
		b = append(b, exprEnd)
		b = appendU32(b, uint32(len(s.data)))
		b = append(b, s.data...)
	}
	return b
}

// inAddressOrder returns segs sorted by offset. Since none overlaps
// another, the order they are written in does not change the memory. Go's
// linker writes each of its data sections in order, but not the sections.
func inAddressOrder(segs []segment) ([]segment, error) {
	sorted := slices.SortedStableFunc(slices.Values(segs), func(a, b segment) int { return cmp.Compare(a.offset, b.offset) })
	for k := 1; k < len(sorted); k++ {
		if uint64(sorted[k].offset) < sorted[k-1].end() {
			return nil, fmt.Errorf("%w: two data segments overlap at %#x", ErrNotJoinable, sorted[k].offset)
		}
	}
	return sorted, nil
}
