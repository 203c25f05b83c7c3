package pack

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"

	"github.com/vmihailenco/msgpack/v5/msgpcode"
)

// Decode validates and decodes a pack. Every problem is an error whose text
// a page can show as it is; errors.Is tells ErrNotPack, ErrTruncated and
// ErrInvalid apart, and a *VersionError reports another schema version.
// A length the input declares is checked against the bytes that remain
// before anything is allocated for it, so memory follows what the input
// holds, not what it claims: at most 25 bytes per input byte, reached by
// a column of one-byte entries (each decodes to a 24-byte slice header).
func Decode(b []byte) (*Pack, error) {
	w, err := decodeWire(b)
	if err != nil {
		return nil, err
	}
	if err := w.validate(); err != nil {
		return nil, err
	}
	return w.toPack()
}

// decodeWire reads a pack's columns.
func decodeWire(b []byte) (*wire, error) {
	head := magicBytes()
	switch {
	case len(b) == 0:
		return nil, fmt.Errorf("pack: the input is empty: %w", ErrTruncated)
	case len(b) < len(head) && bytes.HasPrefix(head, b):
		return nil, fmt.Errorf("pack: the input stops after %d bytes, inside the magic bytes: %w", len(b), ErrTruncated)
	case !IsPack(b):
		return nil, fmt.Errorf("pack: %w: it does not start with the magic bytes %q", ErrNotPack, magic)
	}
	r := newReader(b[len(head):])
	version, err := r.int(at("the schema version"))
	if err != nil {
		return nil, err
	}
	if version != Schema {
		return nil, &VersionError{Found: version}
	}
	w, err := r.body()
	if err != nil {
		return nil, err
	}
	if n := r.src.Len(); n > 0 {
		return nil, invalid("%d bytes of unexpected data after the end of the pack", n)
	}
	return w, nil
}

// loc names where in the pack a value sits, formatted only on error: a
// decode reads hundreds of thousands of values and formats none of them.
type loc struct {
	field string
	index int // -1 for a field that is not a column
}

func at(field string) loc { return loc{field: field, index: -1} }

func (l loc) String() string {
	if l.index < 0 {
		return l.field
	}
	return fmt.Sprintf("%s[%d]", l.field, l.index)
}

// reader reads msgpack values with the checks a hostile input needs: the
// type of each value, and declared lengths against the bytes that remain.
type reader struct {
	b   []byte // all of the input src reads
	src *bytes.Reader
}

func newReader(b []byte) *reader {
	src := bytes.NewReader(b)
	// src.Len() is exactly what is left: the integer columns
	// (intcolumn.go) read the bytes themselves and move src past them.
	return &reader{b: b, src: src}
}

// failed turns a decoder error into a pack error.
func (r *reader) failed(l loc, err error) error {
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return fmt.Errorf("pack: the input ends inside %s: %w", l, ErrTruncated)
	}
	return invalid("%s: %v", l, err)
}

func (r *reader) peek(l loc) (byte, error) {
	c, err := r.peekCode()
	if err != nil {
		return 0, r.failed(l, err)
	}
	return c, nil
}

func (r *reader) wrongType(l loc, want string, c byte) error {
	return invalid("%s should be %s but is %s", l, want, describe(c))
}

func isInt(c byte) bool {
	return msgpcode.IsFixedNum(c) || (c >= msgpcode.Uint8 && c <= msgpcode.Int64)
}

func (r *reader) int(l loc) (int64, error) {
	c, err := r.peek(l)
	if err != nil {
		return 0, err
	}
	if !isInt(c) {
		return 0, r.wrongType(l, "an integer", c)
	}
	if c == msgpcode.Uint64 {
		v, err := r.decodeUint64()
		if err != nil {
			return 0, r.failed(l, err)
		}
		if v > math.MaxInt64 {
			return 0, invalid("%s = %d is out of range", l, v)
		}
		return int64(v), nil
	}
	v, err := r.decodeInt64()
	if err != nil {
		return 0, r.failed(l, err)
	}
	return v, nil
}

func (r *reader) int32(l loc) (int32, error) {
	v, err := r.int(l)
	if err != nil {
		return 0, err
	}
	if v < math.MinInt32 || v > math.MaxInt32 {
		return 0, invalid("%s = %d is out of range", l, v)
	}
	return int32(v), nil
}

func (r *reader) float(l loc) (float64, error) {
	c, err := r.peek(l)
	if err != nil {
		return 0, err
	}
	if c != msgpcode.Float && c != msgpcode.Double && !isInt(c) {
		return 0, r.wrongType(l, "a number", c)
	}
	v, err := r.decodeFloat64()
	if err != nil {
		return 0, r.failed(l, err)
	}
	return v, nil
}

// str reads a string's bytes only once the input is known to hold them,
// so a declared length of 4 GB in a short input costs nothing.
func (r *reader) str(l loc) (string, error) {
	c, err := r.peek(l)
	if err != nil {
		return "", err
	}
	if !msgpcode.IsFixedString(c) && c != msgpcode.Str8 && c != msgpcode.Str16 && c != msgpcode.Str32 {
		return "", r.wrongType(l, "a string", c)
	}
	n, err := r.decodeLen(stringHeader)
	if err != nil {
		return "", r.failed(l, err)
	}
	if n > r.src.Len() {
		return "", fmt.Errorf("pack: %s declares %d bytes of text but only %d remain: %w", l, n, r.src.Len(), ErrTruncated)
	}
	b := make([]byte, n)
	if _, err := io.ReadFull(r.src, b); err != nil {
		return "", r.failed(l, err)
	}
	return string(b), nil
}

// arrayLen reads an array header. Every element takes at least one byte,
// so a length beyond the remaining bytes is a truncated (or forged) input.
func (r *reader) arrayLen(l loc) (int, error) {
	c, err := r.peek(l)
	if err != nil {
		return 0, err
	}
	if !msgpcode.IsFixedArray(c) && c != msgpcode.Array16 && c != msgpcode.Array32 {
		return 0, r.wrongType(l, "an array", c)
	}
	n, err := r.decodeLen(arrayHeader)
	if err != nil {
		return 0, r.failed(l, err)
	}
	if n > r.src.Len() {
		return 0, fmt.Errorf("pack: %s declares %d entries but only %d bytes remain: %w", l, n, r.src.Len(), ErrTruncated)
	}
	return n, nil
}

func (r *reader) strs(field string) ([]string, error) {
	n, err := r.arrayLen(at(field))
	if err != nil {
		return nil, err
	}
	out := make([]string, n)
	for k := range out {
		if out[k], err = r.str(loc{field, k}); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func (r *reader) int32s(field string) ([]int32, error) {
	n, err := r.arrayLen(at(field))
	if err != nil {
		return nil, err
	}
	out := make([]int32, n)
	if err := r.int32Column(out, func(k int) loc { return loc{field, k} }); err != nil {
		return nil, err
	}
	return out, nil
}

func (r *reader) floats(field string) ([]float64, error) {
	n, err := r.arrayLen(at(field))
	if err != nil {
		return nil, err
	}
	out := make([]float64, n)
	for k := range out {
		if out[k], err = r.float(loc{field, k}); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// int32Lists reads an array of integer arrays into one backing array.
func (r *reader) int32Lists(field string) ([][]int32, error) {
	n, err := r.arrayLen(at(field))
	if err != nil {
		return nil, err
	}
	out := make([][]int32, n)
	var all []int32
	for k := range out {
		l := loc{field, k}
		m, err := r.arrayLen(l)
		if err != nil {
			return nil, err
		}
		start := len(all)
		all = slices.Grow(all, m)[:start+m]
		if err := r.int32Column(all[start:], func(int) loc { return l }); err != nil {
			return nil, err
		}
		out[k] = all[start:len(all):len(all)]
	}
	return out, nil
}

// fields reads a map whose keys must be exactly the required names and
// any of the optional ones, in any order, hands each value to read, and
// returns the names it found.
func (r *reader) fields(where string, required, optional []string, read func(name, path string) error) (map[string]bool, error) {
	c, err := r.peek(at(where))
	if err != nil {
		return nil, err
	}
	if !msgpcode.IsFixedMap(c) && c != msgpcode.Map16 && c != msgpcode.Map32 {
		return nil, r.wrongType(at(where), "a map", c)
	}
	n, err := r.decodeLen(mapHeader)
	if err != nil {
		return nil, r.failed(at(where), err)
	}
	if n > r.src.Len() {
		return nil, fmt.Errorf("pack: %s declares %d fields but only %d bytes remain: %w", where, n, r.src.Len(), ErrTruncated)
	}
	got := make(map[string]bool, len(required)+len(optional))
	for k := 0; k < n; k++ {
		name, err := r.str(at("a field name in " + where))
		if err != nil {
			return nil, err
		}
		switch {
		case !slices.Contains(required, name) && !slices.Contains(optional, name):
			return nil, invalid("%s has an unknown field %q (schema %d has %q)", where, name, Schema, append(slices.Clone(required), optional...))
		case got[name]:
			return nil, invalid("%s has the field %q twice", where, name)
		}
		got[name] = true
		path := name
		if where != "the pack" {
			path = where + "." + name
		}
		if err := read(name, path); err != nil {
			return nil, err
		}
	}
	for _, want := range required {
		if !got[want] {
			return nil, invalid("%s lacks the field %q", where, want)
		}
	}
	return got, nil
}

// body reads the map that follows the magic bytes and the schema version.
func (r *reader) body() (*wire, error) {
	w := &wire{}
	_, err := r.fields("the pack", []string{
		fieldSource, fieldLicense, fieldFormat, fieldSubset, fieldUsers,
		fieldCategories, fieldCities, fieldItems, fieldInteractions,
	}, nil, func(name, path string) (err error) {
		switch name {
		case fieldSource:
			w.source, err = r.str(at(path))
		case fieldLicense:
			w.license, err = r.str(at(path))
		case fieldFormat:
			w.format, err = r.str(at(path))
		case fieldSubset:
			err = r.subset(w)
		case fieldUsers:
			var n int32
			n, err = r.int32(at(path))
			w.users = int(n)
		case fieldCategories:
			w.categories, err = r.strs(path)
		case fieldCities:
			w.cities, err = r.strs(path)
		case fieldItems:
			err = r.items(w)
		case fieldInteractions:
			err = r.interactions(w)
		}
		return err
	})
	return w, err
}

func (r *reader) subset(w *wire) error {
	_, err := r.fields(fieldSubset, []string{fieldK, fieldCategory, fieldCity, fieldMax, fieldMinRating}, nil, func(name, path string) (err error) {
		var n int32
		switch name {
		case fieldK:
			n, err = r.int32(at(path))
			w.subset.K = int(n)
		case fieldCategory:
			w.subset.Category, err = r.str(at(path))
		case fieldCity:
			w.subset.City, err = r.str(at(path))
		case fieldMax:
			n, err = r.int32(at(path))
			w.subset.MaxInteractions = int(n)
		case fieldMinRating:
			w.subset.MinRating, err = r.float(at(path))
		}
		return err
	})
	return err
}

// items reads the item columns. A city, coordinates (latitude and
// longitude together) and stars are each optional.
func (r *reader) items(w *wire) error {
	got, err := r.fields(fieldItems, []string{fieldID, fieldName, fieldCategories},
		[]string{fieldCity, fieldLat, fieldLon, fieldStars}, func(name, path string) (err error) {
			switch name {
			case fieldID:
				w.id, err = r.strs(path)
			case fieldName:
				w.name, err = r.strs(path)
			case fieldCity:
				w.city, err = r.int32s(path)
			case fieldCategories:
				w.itemCats, err = r.int32Lists(path)
			case fieldLat:
				w.lat, err = r.floats(path)
			case fieldLon:
				w.lon, err = r.floats(path)
			case fieldStars:
				w.stars, err = r.floats(path)
			}
			return err
		})
	if err != nil {
		return err
	}
	if got[fieldLat] != got[fieldLon] {
		have, lacks := fieldLat, fieldLon
		if got[fieldLon] {
			have, lacks = lacks, have
		}
		return invalid("items has the field %q but not %q: coordinates come in pairs", have, lacks)
	}
	w.hasCity, w.hasCoords, w.hasStars = got[fieldCity], got[fieldLat], got[fieldStars]
	return nil
}

// interactions reads the interaction columns; the days are optional.
func (r *reader) interactions(w *wire) error {
	got, err := r.fields(fieldInteractions, []string{fieldUser, fieldItem}, []string{fieldDay}, func(name, path string) (err error) {
		switch name {
		case fieldUser:
			w.user, err = r.int32s(path)
		case fieldItem:
			w.item, err = r.int32s(path)
		case fieldDay:
			w.day, err = r.int32s(path)
		}
		return err
	})
	w.hasTimes = got[fieldDay]
	return err
}

// describe names the kind of msgpack value a code starts, for messages.
func describe(c byte) string {
	switch {
	case isInt(c):
		return "an integer"
	case c == msgpcode.Float || c == msgpcode.Double:
		return "a floating-point number"
	case msgpcode.IsFixedString(c) || c == msgpcode.Str8 || c == msgpcode.Str16 || c == msgpcode.Str32:
		return "a string"
	case msgpcode.IsFixedArray(c) || c == msgpcode.Array16 || c == msgpcode.Array32:
		return "an array"
	case msgpcode.IsFixedMap(c) || c == msgpcode.Map16 || c == msgpcode.Map32:
		return "a map"
	case c == msgpcode.Nil:
		return "nil"
	case c == msgpcode.True || c == msgpcode.False:
		return "a boolean"
	case c == msgpcode.Bin8 || c == msgpcode.Bin16 || c == msgpcode.Bin32:
		return "binary data"
	case msgpcode.IsExt(c):
		return "an extension value"
	}
	return fmt.Sprintf("the unused msgpack code 0x%02x", c)
}
