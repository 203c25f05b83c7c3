package pack

import "fmt"

// Field names of the body map. They are part of the schema.
const (
	fieldSource       = "source"
	fieldLicense      = "license"
	fieldFormat       = "format"
	fieldSubset       = "subset"
	fieldUsers        = "users"
	fieldCategories   = "categories"
	fieldCities       = "cities"
	fieldItems        = "items"
	fieldInteractions = "interactions"

	fieldK         = "k"
	fieldCategory  = "category"
	fieldCity      = "city"
	fieldMax       = "max"
	fieldMinRating = "min_rating"

	fieldID    = "id"
	fieldName  = "name"
	fieldLat   = "lat"
	fieldLon   = "lon"
	fieldStars = "stars"

	fieldUser = "user"
	fieldItem = "item"
	fieldDay  = "day"
)

// Encoder writes msgpack values; *msgpack.Encoder of
// github.com/vmihailenco/msgpack/v5 is one. The package asks for the
// methods it uses rather than importing that library, so that programs
// that only decode packs, the page's among them, do not link it (see
// msgpackread.go).
type Encoder interface {
	EncodeString(string) error
	EncodeUint(uint64) error
	EncodeInt(int64) error
	EncodeFloat32(float32) error
	EncodeFloat64(float64) error
	EncodeMapLen(int) error
	EncodeArrayLen(int) error
}

// Write writes p as a pack with e. It checks p against the same rules as
// Decode, so what it writes always decodes, and writes nothing if p breaks
// one. User keys are not written: the decoded pack calls user u "u".
// Interactions are written in time order (a stable sort by time of
// p.Data's input order), and every time must be 00:00 UTC of a day. A
// column whose values are all unknown is left out (see Pack).
func Write(e Encoder, p *Pack) error {
	w, err := fromPack(p)
	if err != nil {
		return err
	}
	if err := w.validate(); err != nil {
		return err
	}
	if err := w.write(e); err != nil {
		return fmt.Errorf("pack: encoding: %v", err)
	}
	return nil
}

// write emits the pack. Keys come in a fixed order and numbers in their
// shortest msgpack form, so equal packs give identical bytes.
func (w *wire) write(e Encoder) error {
	ew := &errWriter{e: e}
	ew.str(magic)
	ew.uint(Schema)
	ew.mapLen(9)

	ew.str(fieldSource)
	ew.str(w.source)
	ew.str(fieldLicense)
	ew.str(w.license)
	ew.str(fieldFormat)
	ew.str(w.format)

	ew.str(fieldSubset)
	ew.mapLen(5)
	ew.str(fieldK)
	ew.uint(w.subset.K)
	ew.str(fieldCategory)
	ew.str(w.subset.Category)
	ew.str(fieldCity)
	ew.str(w.subset.City)
	ew.str(fieldMax)
	ew.uint(w.subset.MaxInteractions)
	ew.str(fieldMinRating)
	ew.float(w.subset.MinRating)

	ew.str(fieldUsers)
	ew.uint(w.users)
	ew.str(fieldCategories)
	ew.strs(w.categories)
	ew.str(fieldCities)
	ew.strs(w.cities)

	ew.str(fieldItems)
	ew.mapLen(3 + count(w.hasCity, w.hasCoords, w.hasCoords, w.hasStars))
	ew.str(fieldID)
	ew.strs(w.id)
	ew.str(fieldName)
	ew.strs(w.name)
	if w.hasCity {
		ew.str(fieldCity)
		ew.ints(w.city)
	}
	ew.str(fieldCategories)
	ew.arrayLen(len(w.itemCats))
	for _, c := range w.itemCats {
		ew.ints(c)
	}
	if w.hasCoords {
		ew.str(fieldLat)
		ew.floats(w.lat)
		ew.str(fieldLon)
		ew.floats(w.lon)
	}
	if w.hasStars {
		ew.str(fieldStars)
		ew.floats(w.stars)
	}

	ew.str(fieldInteractions)
	ew.mapLen(2 + count(w.hasTimes))
	ew.str(fieldUser)
	ew.ints(w.user)
	ew.str(fieldItem)
	ew.ints(w.item)
	if w.hasTimes {
		ew.str(fieldDay)
		ew.ints(w.day)
	}
	return ew.err
}

// count is the number of its arguments that are true.
func count(bs ...bool) int {
	n := 0
	for _, b := range bs {
		if b {
			n++
		}
	}
	return n
}

// errWriter keeps the first error so write reads as the layout it emits.
type errWriter struct {
	e   Encoder
	err error
}

func (w *errWriter) keep(err error) {
	if w.err == nil {
		w.err = err
	}
}

func (w *errWriter) str(s string)   { w.keep(w.e.EncodeString(s)) }
func (w *errWriter) uint(n int)     { w.keep(w.e.EncodeUint(uint64(n))) }
func (w *errWriter) mapLen(n int)   { w.keep(w.e.EncodeMapLen(n)) }
func (w *errWriter) arrayLen(n int) { w.keep(w.e.EncodeArrayLen(n)) }

func (w *errWriter) strs(ss []string) {
	w.arrayLen(len(ss))
	for _, s := range ss {
		w.str(s)
	}
}

func (w *errWriter) ints(xs []int32) {
	w.arrayLen(len(xs))
	for _, x := range xs {
		w.keep(w.e.EncodeInt(int64(x)))
	}
}

// floats writes each number as float32 when that is exact (Yelp's stars
// are), else as float64, so nothing is lost and common values stay short.
func (w *errWriter) floats(xs []float64) {
	w.arrayLen(len(xs))
	for _, x := range xs {
		w.float(x)
	}
}

func (w *errWriter) float(x float64) {
	if f := float32(x); float64(f) == x {
		w.keep(w.e.EncodeFloat32(f))
	} else {
		w.keep(w.e.EncodeFloat64(x))
	}
}
