package core

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
)

// A model file holds a trained model exactly, bit for bit, so that it can be
// evaluated, replayed or updated later without training again: the page
// keeps one in the browser for a returning visitor, and the command line
// saves and loads them (-save, -load). Its layout, all little-endian:
//
//	magic    "eALS Live model\n"       16 bytes
//	version  uint16                    ModelFileVersion
//	kind     uint8 length, then bytes  "eals", ...: which model the body is
//	body     the kind's own layout     (see marshalModel for eALS)
//
// Nothing may follow the body. LoadModel checks every length against what
// remains before it allocates, every number for being finite, every id for
// being in range, and the caches against the factors, so a damaged file is
// an error that says what is wrong, never a panic or a model that computes
// nonsense.
const (
	modelMagic = "eALS Live model\n"
	// ModelFileVersion is the layout version this package writes and reads.
	ModelFileVersion = 1
)

// Errors a model file's problems wrap; errors.Is tells them apart.
var (
	ErrNotModel       = errors.New("not an eALS Live model file")
	ErrModelTruncated = errors.New("the model file is truncated")
	ErrModelInvalid   = errors.New("the model file is damaged")
)

// ModelVersionError reports a model file of another layout version.
type ModelVersionError struct{ Found int }

func (e *ModelVersionError) Error() string {
	return fmt.Sprintf("core: the model file has layout version %d, but this program reads version %d (train and save the model again)", e.Found, ModelFileVersion)
}

// The kinds of model a file can hold.
const kindEALS = "eals"

// MarshalBinary writes m as a model file. A model inside an epoch (its
// caches stale) cannot be written.
func (m *Model) MarshalBinary() ([]byte, error) {
	if m.midEpoch {
		return nil, errors.New("core: a model cannot be saved inside an epoch; finish the epoch first")
	}
	w := newFileWriter(kindEALS)
	m.marshal(w)
	return w.bytes(), nil
}

// LoadModel reads an eALS model file written by Model.MarshalBinary.
func LoadModel(b []byte) (*Model, error) { return loadModel(b, true) }

// LoadModelTrusted is LoadModel for a file this program wrote itself, or
// has read with LoadModel already: it makes every check but the
// comparison of the caches with the factors, which costs O(|R|K + (M+N)K²)
// and can only fail on a file damaged after it was checked. The page uses
// it for the model its own workers trained or checked, to keep its thread
// free.
func LoadModelTrusted(b []byte) (*Model, error) { return loadModel(b, false) }

func loadModel(b []byte, checkCaches bool) (*Model, error) {
	r, kind, err := openModelFile(b)
	if err != nil {
		return nil, err
	}
	if kind != kindEALS {
		return nil, fmt.Errorf("core: the model file holds a %q model, not eALS: %w", kind, ErrModelInvalid)
	}
	m, err := unmarshalModel(r, checkCaches)
	if err != nil {
		return nil, err
	}
	return m, r.end()
}

// openModelFile checks the magic and version and returns a reader at the
// body with the file's kind.
func openModelFile(b []byte) (*fileReader, string, error) {
	switch {
	case len(b) < len(modelMagic) && bytes.HasPrefix([]byte(modelMagic), b):
		return nil, "", fmt.Errorf("core: the model file stops after %d bytes: %w", len(b), ErrModelTruncated)
	case !bytes.HasPrefix(b, []byte(modelMagic)):
		return nil, "", fmt.Errorf("core: %w: it does not start with %q", ErrNotModel, modelMagic)
	}
	r := &fileReader{b: b, pos: len(modelMagic)}
	v := r.u16("the layout version")
	if r.err == nil && v != ModelFileVersion {
		return nil, "", &ModelVersionError{Found: int(v)}
	}
	kind := r.str("the model kind")
	if r.err != nil {
		return nil, "", r.err
	}
	return r, kind, nil
}

// marshal writes the eALS body: the configuration, the factors, the item
// weights, both caches, the observed entries with their weights, the
// prediction cache, and the random generator's state, so that a loaded
// model continues exactly as this one would (a new user draws the same
// vector).
func (m *Model) marshal(w *fileWriter) {
	c := m.cfg
	w.u32(uint32(c.K))
	w.f64s([]float64{c.C0, c.Alpha, c.Lambda, c.WNew})
	w.u32(uint32(c.Epochs))
	w.u32(uint32(c.OnlineIters))
	w.u64(c.Seed)
	w.f64s([]float64{c.InitStd})
	w.u32(uint32(c.Threads))
	w.u32(uint32(m.NumUsers()))
	w.u32(uint32(m.NumItems()))
	w.f64s(m.p)
	w.f64s(m.q)
	w.f64s(m.c)
	w.f64s(m.sp)
	w.f64s(m.sq)
	// User rows with their weights, then item rows: an item row's weights
	// are its users' for the same pairs.
	for _, row := range m.users.idx {
		w.u32(uint32(len(row)))
	}
	for u, row := range m.users.idx {
		w.i32s(row)
		w.f64s(m.users.w[u])
	}
	for _, row := range m.items.idx {
		w.u32(uint32(len(row)))
	}
	for i, row := range m.items.idx {
		w.i32s(row)
		w.f64s(m.pred.r[i])
	}
	rng, _ := m.pcg.MarshalBinary() // a PCG cannot fail to marshal
	w.bytesField(rng)
}

// unmarshalModel reads and checks an eALS body.
func unmarshalModel(r *fileReader, checkCaches bool) (*Model, error) {
	var cfg Config
	cfg.K = int(r.u32("K"))
	hyper := r.f64s("the hyper-parameters", 4)
	cfg.Epochs = int(r.u32("epochs"))
	cfg.OnlineIters = int(r.u32("online-iters"))
	cfg.Seed = r.u64("seed")
	initStd := r.f64s("init-std", 1)
	cfg.Threads = int(r.u32("threads"))
	if r.err != nil {
		return nil, r.err
	}
	cfg.C0, cfg.Alpha, cfg.Lambda, cfg.WNew = hyper[0], hyper[1], hyper[2], hyper[3]
	cfg.InitStd = initStd[0]
	if err := cfg.Validate(); err != nil {
		return nil, fmt.Errorf("core: the model file's configuration is invalid (%v): %w", err, ErrModelInvalid)
	}
	k := cfg.K
	users, items := int(r.u32("the number of users")), int(r.u32("the number of items"))
	if r.err != nil {
		return nil, r.err
	}
	if items == 0 {
		return nil, invalidModel("holds no items: there is nothing to recommend")
	}
	m := &Model{factors: factors{cfg: cfg, k: k}}
	m.p = r.f64s("P", r.count(users, k, 8))
	m.q = r.f64s("Q", r.count(items, k, 8))
	m.c = r.f64s("the item weights", items)
	m.sp = r.f64s("S^p", k*k)
	m.sq = r.f64s("S^q", k*k)
	if r.err != nil {
		return nil, r.err
	}
	for _, v := range [][]float64{m.p, m.q, m.c} {
		if err := bounded(v); err != nil {
			return nil, err
		}
	}
	for _, v := range [][]float64{m.sp, m.sq} {
		if err := finite(v); err != nil {
			return nil, err
		}
	}
	for i, c := range m.c {
		if c < 0 {
			return nil, invalidModel("item %d has the negative weight %g", i, c)
		}
	}
	m.users = r.rows("user", users, items, true)
	if r.err != nil {
		return nil, r.err
	}
	m.items = r.rows("item", items, users, false)
	pred := make([][]float64, items)
	if r.err == nil {
		// rows put the item rows' predictions where the weights go;
		// linkModelRows gives them their weights.
		pred, m.items.w = m.items.w, make([][]float64, items)
	}
	rng := r.bytesField("the random generator's state")
	if r.err != nil {
		return nil, r.err
	}
	m.pcg = new(rand.PCG)
	if err := m.pcg.UnmarshalBinary(rng); err != nil {
		return nil, invalidModel("the random generator's state cannot be read (%v)", err)
	}
	m.rng = rand.New(m.pcg)
	for _, row := range pred {
		if err := bounded(row); err != nil {
			return nil, err
		}
	}
	var err error
	if m.pred, err = linkModelRows(&m.users, &m.items, pred); err != nil {
		return nil, err
	}
	if checkCaches {
		if err := m.checkCaches(); err != nil {
			return nil, err
		}
	}
	return m, nil
}

// checkCaches compares the stored caches with the factors: a file whose
// caches disagree with its factors would update and score wrongly.
// Rounding over many online updates stays far inside the tolerance.
func (m *Model) checkCaches() error {
	const tol = 1e-6
	k := m.k
	sp, sq := make([]float64, k*k), make([]float64, k*k)
	gram(sp, m.p, k, nil, 1)
	gram(sq, m.q, k, m.c, 1)
	for _, c := range []struct {
		name        string
		stored, now []float64
	}{{"S^p", m.sp, sp}, {"S^q", m.sq, sq}} {
		scale := 1.0
		for _, v := range c.now {
			scale = math.Max(scale, math.Abs(v))
		}
		for j, v := range c.stored {
			// The model keeps its caches exactly symmetric (see addOuterBuf).
			if f, g := j/k, j%k; v != c.stored[g*k+f] {
				return invalidModel("the cache %s is not symmetric at (%d, %d)", c.name, f, g)
			}
			if math.Abs(v-c.now[j]) > tol*scale {
				return invalidModel("the cache %s disagrees with the factors at entry (%d, %d): %g stored, %g computed", c.name, j/k, j%k, v, c.now[j])
			}
		}
	}
	for i, us := range m.items.idx {
		q := m.item(int32(i))
		for n, u := range us {
			want := dot(m.user(u), q)
			if got := m.pred.r[i][n]; math.Abs(got-want) > tol*math.Max(1, math.Abs(want)) {
				return invalidModel("the prediction of user %d for item %d is %g, but their vectors give %g", u, i, got, want)
			}
		}
	}
	return nil
}

func invalidModel(format string, args ...any) error {
	return fmt.Errorf("core: the model file "+format+": %w", append(args, ErrModelInvalid)...)
}

// maxModelValue bounds a factor, weight or prediction: far beyond any
// trained model's, and small enough that the objective's squares and sums
// cannot overflow.
const maxModelValue = 1e12

func bounded(v []float64) error {
	for j, x := range v {
		if !(math.Abs(x) <= maxModelValue) {
			return invalidModel("holds the number %g (entry %d of a block), beyond the ±%g a model holds", x, j, maxModelValue)
		}
	}
	return nil
}

func finite(v []float64) error {
	for j, x := range v {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return invalidModel("holds the number %g (entry %d of a block), which is not finite", x, j)
		}
	}
	return nil
}

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
	if r.err != nil {
		return nil
	}
	return out
}

// f64sInto reads len(out) numbers into out.
func (r *fileReader) f64sInto(what string, out []float64) {
	b := r.take(what, 8*len(out))
	if b == nil {
		return
	}
	for j := range out {
		out[j] = math.Float64frombits(binary.LittleEndian.Uint64(b[8*j:]))
	}
}

// i32sInto reads len(out) ids into out.
func (r *fileReader) i32sInto(what string, out []int32) {
	b := r.take(what, 4*len(out))
	if b == nil {
		return
	}
	for j := range out {
		out[j] = int32(binary.LittleEndian.Uint32(b[4*j:]))
	}
}

func (r *fileReader) bytesField(what string) []byte {
	n := r.u32(what)
	return r.take(what, int(n))
}

// rows reads n rows of ids in [0, width): their lengths, then each row's ids
// followed by its numbers (the weights of a user row, the predictions of an
// item row), into one backing array each, the rows capped as observed's
// are. No row may name an id twice.
func (r *fileReader) rows(side string, n, width int, weights bool) observed {
	lens := make([]int, 0, min(n, (len(r.b)-r.pos)/4))
	total := 0
	for j := 0; j < n && r.err == nil; j++ {
		l := int(r.u32(side + " row lengths"))
		total += l
		// Every entry takes 12 bytes: a total beyond what remains is
		// truncation, found before allocating for it.
		if total < 0 || total > (len(r.b)-r.pos)/12 {
			r.take(side+" rows", -1)
		}
		lens = append(lens, l)
	}
	if r.err != nil {
		return observed{}
	}
	// Each row goes straight into one backing array per column.
	idx, nums := make([]int32, total), make([]float64, total)
	o := observed{idx: make([][]int32, n), w: make([][]float64, n)}
	seen := make([]int32, width) // the row that last named each id, plus one
	a := 0
	for j, l := range lens {
		b := a + l
		ids, vals := idx[a:b:b], nums[a:b:b]
		r.i32sInto(side+" row", ids)
		r.f64sInto(side+" row", vals)
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
		if weights {
			for _, v := range vals {
				if !(v > 0 && v <= maxModelValue) {
					r.err = invalidModel("%s %d has the weight %g; weights are positive and at most %g", side, j, v, maxModelValue)
					return observed{}
				}
			}
		}
		o.idx[j], o.w[j] = ids, vals
		a = b
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
