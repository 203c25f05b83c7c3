package pack

import (
	"bytes"
	"errors"
	"math"
	"runtime"
	"strings"
	"testing"

	"github.com/vmihailenco/msgpack/v5"
)

// rawWire encodes w without validating it, as a damaged or hostile
// producer might.
func rawWire(t *testing.T, w *wire) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := w.write(msgpack.NewEncoder(&buf)); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func tinyWire(t *testing.T) *wire {
	t.Helper()
	w, err := fromPack(tiny(t))
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// withTree decodes the tiny pack's body into plain Go maps and slices,
// lets f change it, and encodes the result: the way to write values of
// the wrong type, or fields that are missing or unknown.
func withTree(t *testing.T, f func(body map[string]any)) []byte {
	t.Helper()
	b := rawWire(t, tinyWire(t))
	head := len(magicBytes()) + 1
	body, err := msgpack.NewDecoder(bytes.NewReader(b[head:])).DecodeInterface()
	if err != nil {
		t.Fatal(err)
	}
	m := body.(map[string]any)
	f(m)
	var buf bytes.Buffer
	buf.Write(b[:head])
	e := msgpack.NewEncoder(&buf)
	e.SetSortMapKeys(true)
	if err := e.Encode(m); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func sub(m map[string]any, key string) map[string]any { return m[key].(map[string]any) }
func col(m map[string]any, key string) []any          { return m[key].([]any) }

// withMagic returns the magic bytes, the schema version and then rest.
func withMagic(rest ...byte) []byte {
	return append(append(magicBytes(), Schema), rest...)
}

func TestDecodeRejects(t *testing.T) {
	good := rawWire(t, tinyWire(t))
	// The body map's header sits right after the magic bytes and the
	// version; the "source" field (key and value) follows it.
	mapAt := len(magicBytes()) + 1
	sourceLen := 1 + len(fieldSource) + 1 + len("synthetic test data")
	sourceText := mapAt + 1 + 1 + len(fieldSource) // the source value's header
	patch := func(f func(b []byte) []byte) []byte { return f(bytes.Clone(good)) }
	mutate := func(f func(w *wire)) func(*testing.T) []byte {
		return func(t *testing.T) []byte { w := tinyWire(t); f(w); return rawWire(t, w) }
	}
	fixed := func(b []byte) func(*testing.T) []byte { return func(*testing.T) []byte { return b } }
	tree := func(f func(body map[string]any)) func(*testing.T) []byte {
		return func(t *testing.T) []byte { return withTree(t, f) }
	}

	for _, c := range []struct {
		name  string
		input func(*testing.T) []byte
		is    error    // the sentinel the error wraps
		want  []string // what the message must mention
	}{
		// Not a pack at all.
		{"wrong magic", fixed([]byte("PK\x03\x04 a zip file, not a pack")), ErrNotPack, []string{"magic bytes"}},
		{"json", fixed([]byte(`{"source": "x"}`)), ErrNotPack, []string{"not an eALS Live data pack"}},
		{"tsv", fixed([]byte("user_id\tbusiness_id\tstars\tdate\ttimestamp\n")), ErrNotPack, []string{"magic"}},
		// Schema version.
		{"version 1", fixed(append(magicBytes(), 1, 0x88)), nil, []string{"schema version 1", "only version 2"}},
		{"version 3", fixed(append(magicBytes(), 3, 0x80)), nil, []string{"schema version 3", "only version 2"}},
		{"version 0", fixed(append(magicBytes(), 0)), nil, []string{"schema version 0", "only version 2"}},
		{"version is text", fixed(append(magicBytes(), 0xa1, '1')), ErrInvalid, []string{"schema version should be an integer but is a string"}},
		// Truncation.
		{"empty", fixed(nil), ErrTruncated, []string{"empty"}},
		{"inside magic", fixed(magicBytes()[:5]), ErrTruncated, []string{"after 5 bytes", "magic"}},
		{"no version", fixed(magicBytes()), ErrTruncated, []string{"ends inside the schema version"}},
		{"no body", fixed(withMagic()), ErrTruncated, []string{"ends inside the pack"}},
		{"cut in the last column", fixed(good[:len(good)-2]), ErrTruncated, []string{"ends inside interactions.day[6]"}},
		{"cut in a string", fixed(good[:sourceText+1+5]), ErrTruncated, []string{"source declares 19 bytes of text but only 5 remain"}},
		// Trailing garbage.
		{"trailing garbage", fixed(append(bytes.Clone(good), 0x00, 0x01)), ErrInvalid, []string{"2 bytes of unexpected data after the end"}},
		{"two packs", fixed(append(bytes.Clone(good), good...)), ErrInvalid, []string{"unexpected data after the end"}},
		// Fields.
		{"missing field", tree(func(m map[string]any) { delete(m, fieldCities) }), ErrInvalid, []string{`lacks the field "cities"`}},
		{"missing column", tree(func(m map[string]any) { delete(sub(m, fieldItems), fieldName) }), ErrInvalid, []string{`items lacks the field "name"`}},
		{"missing user column", tree(func(m map[string]any) { delete(sub(m, fieldInteractions), fieldUser) }), ErrInvalid, []string{`interactions lacks the field "user"`}},
		{"latitude alone", tree(func(m map[string]any) { delete(sub(m, fieldItems), fieldLon) }), ErrInvalid, []string{`items has the field "lat" but not "lon": coordinates come in pairs`}},
		{"longitude alone", tree(func(m map[string]any) { delete(sub(m, fieldItems), fieldLat) }), ErrInvalid, []string{`items has the field "lon" but not "lat"`}},
		{"cities without a city column", tree(func(m map[string]any) { delete(sub(m, fieldItems), fieldCity) }), ErrInvalid, []string{"the cities table lists 3 names, but the items have no city column"}},
		{"missing format", tree(func(m map[string]any) { delete(m, fieldFormat) }), ErrInvalid, []string{`lacks the field "format"`}},
		{"missing min rating", tree(func(m map[string]any) { delete(sub(m, fieldSubset), fieldMinRating) }), ErrInvalid, []string{`subset lacks the field "min_rating"`}},
		{"missing source", fixed(patch(func(b []byte) []byte {
			b[mapAt]--
			return append(b[:mapAt+1], b[mapAt+1+sourceLen:]...)
		})), ErrInvalid, []string{`lacks the field "source"`}},
		{"unknown field", tree(func(m map[string]any) { m["extra"] = 1 }), ErrInvalid, []string{`unknown field "extra"`}},
		{"unknown column", tree(func(m map[string]any) { sub(m, fieldItems)["phone"] = []any{} }), ErrInvalid, []string{`items has an unknown field "phone"`}},
		{"duplicate field", fixed(patch(func(b []byte) []byte {
			b[mapAt]++
			return append(b, good[mapAt+1:mapAt+1+sourceLen]...)
		})), ErrInvalid, []string{`the field "source" twice`}},
		// Types.
		{"body is an array", fixed(withMagic(0x90)), ErrInvalid, []string{"the pack should be a map but is an array"}},
		{"nil user", tree(func(m map[string]any) { col(sub(m, fieldInteractions), fieldUser)[0] = nil }), ErrInvalid, []string{"interactions.user[0] should be an integer but is nil"}},
		{"text latitude", tree(func(m map[string]any) { col(sub(m, fieldItems), fieldLat)[2] = "33.4" }), ErrInvalid, []string{"items.lat[2] should be a number but is a string"}},
		{"binary name", tree(func(m map[string]any) { col(sub(m, fieldItems), fieldName)[0] = []byte("x") }), ErrInvalid, []string{"items.name[0] should be a string but is binary data"}},
		{"map for array", tree(func(m map[string]any) { sub(m, fieldItems)[fieldID] = map[string]any{} }), ErrInvalid, []string{"items.id should be an array but is a map"}},
		{"float day", tree(func(m map[string]any) { col(sub(m, fieldInteractions), fieldDay)[1] = 0.5 }), ErrInvalid, []string{"interactions.day[1] should be an integer but is a floating-point number"}},
		{"huge uint64", tree(func(m map[string]any) { sub(m, fieldSubset)[fieldK] = uint64(1) << 63 }), ErrInvalid, []string{"subset.k = 9223372036854775808 is out of range"}},
		{"users beyond int32", tree(func(m map[string]any) { m[fieldUsers] = int64(1) << 40 }), ErrInvalid, []string{"users = 1099511627776 is out of range"}},
		{"negative k", mutate(func(w *wire) { w.subset.K = -1 }), ErrInvalid, []string{"subset.k", "out of range"}},
		{"NaN min rating", mutate(func(w *wire) { w.subset.MinRating = math.NaN() }), ErrInvalid, []string{"subset min_rating = NaN is not a number"}},
		{"text min rating", tree(func(m map[string]any) { sub(m, fieldSubset)[fieldMinRating] = "4" }), ErrInvalid, []string{"subset.min_rating should be a number but is a string"}},
		// Column lengths.
		{"interaction columns", mutate(func(w *wire) { w.item = w.item[:5] }), ErrInvalid, []string{"interaction columns disagree", "user has 7 entries, item 5, day 7"}},
		{"item columns", mutate(func(w *wire) { w.lat = w.lat[:3] }), ErrInvalid, []string{"item columns disagree", "id has 4 entries but lat has 3"}},
		{"category lists", mutate(func(w *wire) { w.itemCats = w.itemCats[:1] }), ErrInvalid, []string{"categories has 1"}},
		// Ids out of range.
		{"user too big", mutate(func(w *wire) { w.user[2] = 3 }), ErrInvalid, []string{"interaction 2: user 3 is out of range [0, 3)"}},
		{"user negative", mutate(func(w *wire) { w.user[0] = -1 }), ErrInvalid, []string{"interaction 0: user -1 is out of range"}},
		{"item too big", mutate(func(w *wire) { w.item[4] = 4 }), ErrInvalid, []string{"interaction 4: item 4 is out of range [0, 4)"}},
		{"city number", mutate(func(w *wire) { w.city[1] = 9 }), ErrInvalid, []string{"item 1 (biz-b): city number 9 is out of range [0, 3)"}},
		{"category number", mutate(func(w *wire) { w.itemCats[3][1] = 7 }), ErrInvalid, []string{"item 3 (biz-d): category number 7 is out of range [0, 6)"}},
		{"users over-declared", mutate(func(w *wire) { w.users = 8 }), ErrInvalid, []string{"8 users declared for 7 interactions"}},
		{"no users", mutate(func(w *wire) { w.users = 0 }), ErrInvalid, []string{"0 users declared"}},
		{"user without interaction", mutate(func(w *wire) { w.users = 4 }), ErrInvalid, []string{"user 3 has no interaction"}},
		// Time.
		{"days backwards", mutate(func(w *wire) { w.day[3] = -2 }), ErrInvalid, []string{"interaction 3: days go backwards", "day 12999 comes after day 13001"}},
		{"before 1970", mutate(func(w *wire) { w.day[0] = -5 }), ErrInvalid, []string{"interaction 0: day -5 is not a day in 1970..9999"}},
		{"after 9999", mutate(func(w *wire) { w.day[6] = maxDay }), ErrInvalid, []string{"interaction 6", "past the year 9999"}},
		// Numbers.
		{"NaN latitude", mutate(func(w *wire) { w.lat[0] = math.NaN() }), ErrInvalid, []string{"item 0 (biz-a): latitude NaN"}},
		{"latitude 91", mutate(func(w *wire) { w.lat[1] = 91 }), ErrInvalid, []string{"item 1 (biz-b): latitude 91 is not a number in [-90, 90]"}},
		{"infinite longitude", mutate(func(w *wire) { w.lon[2] = math.Inf(-1) }), ErrInvalid, []string{"item 2 (biz-c): longitude -Inf"}},
		{"longitude 181", mutate(func(w *wire) { w.lon[3] = 181 }), ErrInvalid, []string{"longitude 181 is not a number in [-180, 180]"}},
		{"stars 5.5", mutate(func(w *wire) { w.stars[0] = 5.5 }), ErrInvalid, []string{"item 0 (biz-a): stars 5.5 is not a number in [0, 5]"}},
		{"negative stars", mutate(func(w *wire) { w.stars[1] = -1 }), ErrInvalid, []string{"stars -1"}},
		{"NaN stars", mutate(func(w *wire) { w.stars[2] = math.NaN() }), ErrInvalid, []string{"stars NaN"}},
		// Text.
		{"name not UTF-8", mutate(func(w *wire) { w.name[1] = "Bob\xff" }), ErrInvalid, []string{"item 1 (biz-b): name", "not valid UTF-8"}},
		{"id not UTF-8", mutate(func(w *wire) { w.id[2] = "biz\xc3" }), ErrInvalid, []string{"item 2: business id", "not valid UTF-8"}},
		{"category not UTF-8", mutate(func(w *wire) { w.categories[1] = "Caf\xe9" }), ErrInvalid, []string{"category 1", "not valid UTF-8"}},
		{"city not UTF-8", mutate(func(w *wire) { w.cities[0] = "\xfe" }), ErrInvalid, []string{"city 0", "not valid UTF-8"}},
		{"source not UTF-8", mutate(func(w *wire) { w.source = "\x80" }), ErrInvalid, []string{"source note is not valid UTF-8"}},
		{"subset city not UTF-8", mutate(func(w *wire) { w.subset.City = "Temp\xe9" }), ErrInvalid, []string{"subset city note is not valid UTF-8"}},
		{"format not UTF-8", mutate(func(w *wire) { w.format = "TSV\xff" }), ErrInvalid, []string{"format note is not valid UTF-8"}},
		// Emptiness and repeats.
		{"no interactions", mutate(func(w *wire) { w.user, w.item, w.day = nil, nil, nil }), ErrInvalid, []string{"no interactions (empty data set)"}},
		{"duplicate pair", mutate(func(w *wire) { w.user[1] = 0 }), ErrInvalid, []string{"interaction 1 repeats the pair (user 0, item 0) of interaction 0"}},
		{"duplicate business", mutate(func(w *wire) { w.id[1] = "biz-a" }), ErrInvalid, []string{`business id "biz-a" is listed twice (items 0 and 1)`}},
		{"empty business id", mutate(func(w *wire) { w.id[3] = "" }), ErrInvalid, []string{"item 3 has an empty business id"}},
		{"duplicate category", mutate(func(w *wire) { w.categories[2] = w.categories[0] }), ErrInvalid, []string{`category "Food" is listed twice`}},
		{"empty category", mutate(func(w *wire) { w.categories[1] = "" }), ErrInvalid, []string{"category 1 is empty"}},
		{"category twice in an item", mutate(func(w *wire) { w.itemCats[0] = []int32{0, 0} }), ErrInvalid, []string{`item 0 (biz-a): category "Food" is given twice`}},
		{"duplicate city", mutate(func(w *wire) { w.cities[1] = w.cities[0] }), ErrInvalid, []string{`city "Tempe" is listed twice`}},
		// Absurd declared lengths in tiny inputs.
		{"map of 4G fields", fixed(withMagic(0xdf, 0xff, 0xff, 0xff, 0xff)), ErrTruncated, []string{"declares 4294967295 fields but only 0 bytes remain"}},
		{"4 GB field name", fixed(withMagic(0x81, 0xdb, 0xff, 0xff, 0xff, 0xff, 'a')), ErrTruncated, []string{"declares 4294967295 bytes of text but only 1 remain"}},
		{"array of 4G entries", fixed(withMagic(append([]byte{0x81, 0xaa}, append([]byte(fieldCategories), 0xdd, 0xff, 0xff, 0xff, 0xff)...)...)), ErrTruncated, []string{"categories declares 4294967295 entries but only 0 bytes remain"}},
		{"array of 64K entries", fixed(withMagic(append([]byte{0x81, 0xa6}, append([]byte(fieldCities), 0xdc, 0xff, 0xff, 0xa1, 'x')...)...)), ErrTruncated, []string{"cities declares 65535 entries but only 2 bytes remain"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			in := c.input(t)
			p, err := Decode(in)
			if err == nil {
				t.Fatalf("Decode accepted the input: %d users, %d items", p.Data.NumUsers(), p.Data.NumItems())
			}
			msg := err.Error()
			if !strings.HasPrefix(msg, "pack: ") {
				t.Errorf("error %q does not say it comes from the pack", msg)
			}
			for _, w := range c.want {
				if !strings.Contains(msg, w) {
					t.Errorf("error %q does not mention %q", msg, w)
				}
			}
			if c.is != nil && !errors.Is(err, c.is) {
				t.Errorf("error %q does not wrap %q", msg, c.is)
			}
			if c.is == nil {
				var v *VersionError
				if !errors.As(err, &v) {
					t.Errorf("error %q is not a *VersionError", msg)
				}
			}
		})
	}
}

// Encode applies the same rules, so it never writes what Decode rejects.
func TestWriteValidates(t *testing.T) {
	p := tiny(t)
	p.Subset.K = -1
	if _, err := encode(p); err == nil || !strings.Contains(err.Error(), "subset k = -1") {
		t.Errorf("Encode with k = -1: %v", err)
	}
	p = withItem(tiny(t), 2, func(it *Item) { it.Name = "\xff" })
	if _, err := encode(p); err == nil || !strings.Contains(err.Error(), "not valid UTF-8") {
		t.Errorf("Encode with a bad name: %v", err)
	}
	p = withItem(tiny(t), 0, func(it *Item) { it.Categories = []string{"Food", ""} })
	if _, err := encode(p); err == nil || !strings.Contains(err.Error(), "is empty") {
		t.Errorf("Encode with an empty category: %v", err)
	}
}

// Every prefix of a pack is truncated, and Decode says so.
func TestDecodeEveryTruncation(t *testing.T) {
	b, err := encode(tiny(t))
	if err != nil {
		t.Fatal(err)
	}
	for n := 0; n < len(b); n++ {
		_, err := Decode(b[:n])
		if !errors.Is(err, ErrTruncated) {
			t.Fatalf("Decode of the first %d of %d bytes: %v, want a truncation error", n, len(b), err)
		}
	}
}

// A column that is really there costs memory per entry, but never more than
// a slice header (24 bytes) per input byte: a megabyte column of one-byte
// entries, the worst case, stays within the documented bound.
func TestDecodeMemoryStaysProportional(t *testing.T) {
	const n = 1 << 20
	lists := make([][]int32, n)
	for k := range lists {
		lists[k] = []int32{}
	}
	for name, col := range map[string]any{
		"categories": lists,                // 1 byte (an empty array) each
		"name":       make([]string, n),    // 1 byte (an empty string) each
		"lat":        make([]float64, n/8), // 9 bytes each
	} {
		b, err := msgpack.Marshal(map[string]any{fieldItems: map[string]any{name: col}})
		if err != nil {
			t.Fatal(err)
		}
		in := withMagic(b...)
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		_, err = Decode(in)
		runtime.ReadMemStats(&after)
		if err == nil {
			t.Fatalf("%s: a pack with one column was accepted", name)
		}
		if grew := after.TotalAlloc - before.TotalAlloc; grew > maxAllocPerByte*uint64(len(in)) {
			t.Errorf("%s: Decode of %d bytes allocated %d (%.1f per byte, documented bound %d)",
				name, len(in), grew, float64(grew)/float64(len(in)), maxAllocPerByte)
		}
	}
}

// maxAllocPerByte is the bound the package documentation states.
const maxAllocPerByte = 25

// A forged length must not make Decode allocate what it declares.
func TestDecodeAbsurdLengthsAllocateLittle(t *testing.T) {
	inputs := [][]byte{
		withMagic(0xdf, 0xff, 0xff, 0xff, 0xff),
		withMagic(0x81, 0xdb, 0xff, 0xff, 0xff, 0xff, 'a'),
		withMagic(append([]byte{0x81, 0xaa}, append([]byte(fieldCategories), 0xdd, 0xff, 0xff, 0xff, 0xfe, 0xa0)...)...),
		withMagic(append([]byte{0x81, 0xa5}, append([]byte(fieldItems), 0x81, 0xaa)...)...),
	}
	for _, in := range inputs {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		_, err := Decode(in)
		runtime.ReadMemStats(&after)
		if err == nil {
			t.Errorf("Decode(% x) accepted a forged input", in)
		}
		if grew := after.TotalAlloc - before.TotalAlloc; grew > 64<<10 {
			t.Errorf("Decode of a %d-byte input allocated %d bytes", len(in), grew)
		}
	}
}
