package core

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"unsafe"
)

// fileWriter appends a model file's fields.
type fileWriter struct{ buf []byte }

func newFileWriter(kind string) *fileWriter {
	w := &fileWriter{buf: append([]byte(nil), modelMagic...)}
	w.u16(ModelFileVersion)
	w.buf = append(w.buf, byte(len(kind)))
	w.buf = append(w.buf, kind...)
	return w
}

func (w *fileWriter) bytes() []byte { return w.buf }
func (w *fileWriter) u16(v uint16)  { w.buf = binary.LittleEndian.AppendUint16(w.buf, v) }
func (w *fileWriter) u32(v uint32)  { w.buf = binary.LittleEndian.AppendUint32(w.buf, v) }
func (w *fileWriter) u64(v uint64)  { w.buf = binary.LittleEndian.AppendUint64(w.buf, v) }

func (w *fileWriter) f64s(v []float64) {
	for _, x := range v {
		w.buf = binary.LittleEndian.AppendUint64(w.buf, math.Float64bits(x))
	}
}

func (w *fileWriter) i32s(v []int32) {
	for _, x := range v {
		w.buf = binary.LittleEndian.AppendUint32(w.buf, uint32(x))
	}
}

func (w *fileWriter) bytesField(b []byte) {
	w.u32(uint32(len(b)))
	w.buf = append(w.buf, b...)
}

// rows writes rows of ids: every row's length, then each row's ids
// followed by its values, if vals is given.
func (w *fileWriter) rows(idx [][]int32, vals [][]float64) {
	for _, row := range idx {
		w.u32(uint32(len(row)))
	}
	for j, row := range idx {
		w.i32s(row)
		if vals != nil {
			w.f64s(vals[j])
		}
	}
}

// rng writes a generator's state.
func (w *fileWriter) rng(pcg *rand.PCG) {
	b, _ := pcg.MarshalBinary() // a PCG cannot fail to marshal
	w.bytesField(b)
}

// fileReader reads a model file's fields, remembering the first problem:
// after it, every read returns zero values, so a caller checks err once per
// group of fields.
type fileReader struct {
	b   []byte
	pos int
	err error
}

// take returns the next n bytes, or nil after recording truncation.
func (r *fileReader) take(what string, n int) []byte {
	if r.err != nil {
		return nil
	}
	if n < 0 || n > len(r.b)-r.pos {
		r.err = fmt.Errorf("core: the model file ends inside %s: %w", what, ErrModelTruncated)
		return nil
	}
	b := r.b[r.pos : r.pos+n]
	r.pos += n
	return b
}

func (r *fileReader) u16(what string) uint16 {
	if b := r.take(what, 2); b != nil {
		return binary.LittleEndian.Uint16(b)
	}
	return 0
}

func (r *fileReader) u32(what string) uint32 {
	if b := r.take(what, 4); b != nil {
		return binary.LittleEndian.Uint32(b)
	}
	return 0
}

func (r *fileReader) u64(what string) uint64 {
	if b := r.take(what, 8); b != nil {
		return binary.LittleEndian.Uint64(b)
	}
	return 0
}

func (r *fileReader) str(what string) string {
	n := r.take(what, 1)
	if n == nil {
		return ""
	}
	return string(r.take(what, int(n[0])))
}

// count is rows×cols of a block of size-byte entries, or -1 (which take
// reports as truncation) if the block cannot fit in what remains: a forged
// count must not allocate.
func (r *fileReader) count(rows, cols, size int) int {
	left := len(r.b) - r.pos
	if rows < 0 || cols < 0 || (cols > 0 && rows > left/size/cols) {
		return -1
	}
	return rows * cols
}

func (r *fileReader) f64s(what string, n int) []float64 {
	if n < 0 || n > (len(r.b)-r.pos)/8 {
		r.take(what, -1)
		return nil
	}
	out := make([]float64, n)
	r.f64sInto(what, out)
	return out
}

// f64sInto fills out from the next 8·len(out) bytes, or records truncation.
func (r *fileReader) f64sInto(what string, out []float64) {
	b := r.take(what, 8*len(out))
	if b == nil {
		return
	}
	if littleEndian {
		copy(unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(out))), 8*len(out)), b)
		return
	}
	decodeF64s(out, b)
}

// decodeF64s reads little-endian float64s from b into out on any machine.
func decodeF64s(out []float64, b []byte) {
	for j := range out {
		out[j] = math.Float64frombits(binary.LittleEndian.Uint64(b[8*j:]))
	}
}

func (r *fileReader) i32s(what string, n int) []int32 {
	if n < 0 || n > (len(r.b)-r.pos)/4 {
		r.take(what, -1)
		return nil
	}
	out := make([]int32, n)
	r.i32sInto(what, out)
	return out
}

// i32sInto fills out from the next 4·len(out) bytes, or records truncation.
func (r *fileReader) i32sInto(what string, out []int32) {
	b := r.take(what, 4*len(out))
	if b == nil {
		return
	}
	if littleEndian {
		copy(unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(out))), 4*len(out)), b)
		return
	}
	decodeI32s(out, b)
}

// decodeI32s reads little-endian int32s from b into out on any machine.
func decodeI32s(out []int32, b []byte) {
	for j := range out {
		out[j] = int32(binary.LittleEndian.Uint32(b[4*j:]))
	}
}

// littleEndian says whether this machine stores numbers as the model file
// does, so that a block of them is one copy. WebAssembly and amd64 do; a
// model's read on the page runs before the browser has optimised its code,
// where a copy costs a fraction of a loop that converts each number.
var littleEndian = binary.NativeEndian.Uint16([]byte{1, 0}) == 1

func (r *fileReader) bytesField(what string) []byte {
	n := r.u32(what)
	return r.take(what, int(n))
}

// rng reads a generator's state written by fileWriter.rng.
func (r *fileReader) rng() *rand.PCG {
	b := r.bytesField("the random generator's state")
	if r.err != nil {
		return nil
	}
	pcg := new(rand.PCG)
	if err := pcg.UnmarshalBinary(b); err != nil {
		r.err = invalidModel("the random generator's state cannot be read (%v)", err)
		return nil
	}
	return pcg
}

// rowValues says what follows the ids of each row of a block of rows.
type rowValues int

const (
	noValues        rowValues = iota // ids only
	withWeights                      // a weight per id, positive and bounded
	withPredictions                  // a number per id, checked by the caller
)

// rows reads n rows of ids in [0, width): their lengths, then each row's ids
// followed by its values, if any, into one backing array each, the rows
// capped as observed's are. No row may name an id twice. With noValues the
// rows' values are left nil.
func (r *fileReader) rows(side string, n, width int, vals rowValues) observed {
	entry := 12 // bytes an entry takes: an id, and a number
	if vals == noValues {
		entry = 4
	}
	// The names for errors, made once: per row they were most of the
	// allocations of a model's read.
	lengths, row := side+" row lengths", side+" row"
	lens := make([]int, 0, min(n, (len(r.b)-r.pos)/4))
	total := 0
	for j := 0; j < n && r.err == nil; j++ {
		l := int(r.u32(lengths))
		total += l
		// A total beyond what remains is truncation, found before
		// allocating for it.
		if total < 0 || total > (len(r.b)-r.pos)/entry {
			r.take(side+" rows", -1)
		}
		lens = append(lens, l)
	}
	if r.err != nil {
		return observed{}
	}
	// Each row is read straight into one backing array per block, where
	// a slice per row cost two allocations and a copy.
	idx := make([]int32, total)
	var nums []float64
	if vals != noValues {
		nums = make([]float64, total)
	}
	o := observed{idx: make([][]int32, n), w: make([][]float64, n)}
	seen := make([]int32, width) // the row that last named each id, plus one
	a := 0
	for j, l := range lens {
		ids := idx[a : a+l : a+l]
		r.i32sInto(row, ids)
		var v []float64
		if vals != noValues {
			v = nums[a : a+l : a+l]
			r.f64sInto(row, v)
		}
		if r.err != nil {
			return observed{}
		}
		for _, id := range ids {
			if id < 0 || int(id) >= width {
				r.err = invalidModel("%s %d names %d, which is not in [0, %d)", side, j, id, width)
				return observed{}
			}
			if seen[id] == int32(j)+1 {
				r.err = invalidModel("%s %d names %d twice", side, j, id)
				return observed{}
			}
			seen[id] = int32(j) + 1
		}
		if vals == withWeights {
			for _, x := range v {
				if !(x > 0 && x <= maxModelValue) {
					r.err = invalidModel("%s %d has the weight %g; weights are positive and at most %g", side, j, x, maxModelValue)
					return observed{}
				}
			}
		}
		o.idx[j] = ids
		if vals != noValues {
			o.w[j] = v
		}
		a += l
	}
	return o
}

// end checks that nothing follows the body.
func (r *fileReader) end() error {
	if r.err != nil {
		return r.err
	}
	if n := len(r.b) - r.pos; n > 0 {
		return invalidModel("has %d bytes of unexpected data after the model", n)
	}
	return nil
}
