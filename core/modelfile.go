package core

import (
	"bytes"
	"errors"
	"fmt"
	"math"
)

// A model file holds a trained model exactly, bit for bit, so that it can be
// evaluated, replayed or updated later without training again: the page
// keeps one in the browser for a returning visitor, and the command line
// saves and loads them (-save, -load). Its layout, all little-endian:
//
//	magic    "eALS Live model\n"       16 bytes
//	version  uint16                    ModelFileVersion
//	kind     uint8 length, then bytes  which model the body is: KindEALS, …
//	body     the kind's own layout     (see each kind's MarshalBinary)
//
// Nothing may follow the body. Version 1 first held eALS only; the other
// kinds joined it without changing eALS's layout, so files saved before
// still load. Load (and LoadModel, for eALS) checks every length against
// what remains before it allocates, every number for being finite, every id
// for being in range, and the caches against the factors, so a damaged file
// is an error that says what is wrong, never a panic or a model that
// computes nonsense.
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

// MarshalBinary writes m as a model file. A model inside an epoch (its
// caches stale) cannot be written.
func (m *Model) MarshalBinary() ([]byte, error) {
	if m.midEpoch {
		return nil, errMidEpoch
	}
	w := newFileWriter(KindEALS)
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
	if kind != KindEALS {
		return nil, fmt.Errorf("core: the model file holds a %q model, not eALS: %w", kind, ErrModelInvalid)
	}
	m, err := unmarshalModel(r, checkCaches)
	if err != nil {
		return nil, err
	}
	// A file with more after the model is damaged: no model with the error.
	if err := r.end(); err != nil {
		return nil, err
	}
	return m, nil
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

// marshal writes the eALS body: the configuration and the factor body
// (see writeFactors), whose item rows carry the prediction cache.
func (m *Model) marshal(w *fileWriter) {
	writeConfig(w, m.cfg)
	writeFactors(w, &m.factors, m.pred.r)
}

// unmarshalModel reads and checks an eALS body; the caches are compared
// with the factors only with checkCaches.
func unmarshalModel(r *fileReader, checkCaches bool) (*Model, error) {
	cfg, err := readConfig(r)
	if err != nil {
		return nil, err
	}
	if err := cfg.Validate(); err != nil {
		return nil, invalidConfig(err)
	}
	f, pred, err := readFactors(r, cfg, true)
	if err != nil {
		return nil, err
	}
	m := &Model{factors: f}
	for _, row := range pred {
		if err := bounded(row); err != nil {
			return nil, err
		}
	}
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

// checkCaches compares the stored caches with the factors (see
// factors.checkCaches) and every stored prediction with its vectors.
func (m *Model) checkCaches() error {
	if err := m.factors.checkCaches(); err != nil {
		return err
	}
	for i, us := range m.items.idx {
		q := m.item(int32(i))
		for n, u := range us {
			want := dot(m.user(u), q)
			if got := m.pred.r[i][n]; math.Abs(got-want) > cacheTol*math.Max(1, math.Abs(want)) {
				return invalidModel("the prediction of user %d for item %d is %g, but their vectors give %g", u, i, got, want)
			}
		}
	}
	return nil
}

func invalidConfig(err error) error {
	return fmt.Errorf("core: the model file's configuration is invalid (%v): %w", err, ErrModelInvalid)
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
