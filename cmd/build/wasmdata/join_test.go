package wasmdata

import (
	"bytes"
	"errors"
	"maps"
	"testing"
)

// module frames sections after the header, as the binary format does.
func module(secs ...section) []byte {
	b := []byte(header)
	for _, s := range secs {
		b = append(b, s.id)
		b = appendU32(b, uint32(len(s.body)))
		b = append(b, s.body...)
	}
	return b
}

// memory is what a module's memory starts with: its nonzero bytes by
// address (the rest is zeros), read back from the module Join wrote.
func memory(t testing.TB, mod []byte) map[uint64]byte {
	t.Helper()
	secs, err := sections(mod)
	if err != nil {
		t.Fatal(err)
	}
	mem := map[uint64]byte{}
	for _, s := range secs {
		if s.id != dataSection {
			continue
		}
		segs, err := readSegments(s.body)
		if err != nil {
			t.Fatal(err)
		}
		for _, sg := range segs {
			for k, c := range sg.data {
				if c != 0 {
					mem[uint64(sg.offset)+uint64(k)] = c
				}
			}
		}
	}
	return mem
}

// Two segments 9 bytes apart, between a custom section and the code
// section, spelt out byte by byte.
var (
	custom      = section{id: 0, body: []byte("\x04name\x01\x02")}
	code        = section{id: 10, body: []byte{0x01, 0x02, 0x00, 0x0b}}
	twoSegments = section{id: dataSection, body: []byte{
		0x02,
		0x00, 0x41, 0x10, 0x0b, 0x03, 'a', 'b', 'c', // "abc" at 16
		0x00, 0x41, 0x1c, 0x0b, 0x01, 'z', // "z" at 28: a gap of 9
	}}
)

func TestJoinFillsShortGaps(t *testing.T) {
	in := module(custom, code, twoSegments)
	got, st, err := Join(in, 9)
	if err != nil {
		t.Fatal(err)
	}
	want := module(custom, code, section{id: dataSection, body: []byte{
		0x01,
		0x00, 0x41, 0x10, 0x0b, 0x0d, 'a', 'b', 'c', 0, 0, 0, 0, 0, 0, 0, 0, 0, 'z',
	}})
	if !bytes.Equal(got, want) {
		t.Errorf("Join(gap 9) =\n% x\nwant\n% x", got, want)
	}
	if st != (Stats{Before: 2, After: 1}) {
		t.Errorf("stats %+v, want 2 segments joined into 1", st)
	}
	if !maps.Equal(memory(t, got), memory(t, in)) {
		t.Error("the joined module starts with another memory")
	}
}

func TestJoinKeepsLongGaps(t *testing.T) {
	in := module(custom, code, twoSegments)
	got, st, err := Join(in, 8)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, in) {
		t.Errorf("Join(gap 8) changed the module:\n% x\nwas\n% x", got, in)
	}
	if st != (Stats{Before: 2, After: 2}) {
		t.Errorf("stats %+v, want 2 segments kept", st)
	}
}

func TestJoinRuns(t *testing.T) {
	// Runs of segments: 0–2 close together, 3 far, 4–5 close.
	segs := []segment{
		{offset: 100, data: []byte{1, 2}},
		{offset: 110, data: []byte{3}},
		{offset: 111, data: []byte{4, 0, 5}}, // touching: a gap of 0
		{offset: 5000, data: []byte{6}},
		{offset: 70000, data: []byte{7, 8}},
		{offset: 70064, data: []byte{9}},
	}
	in := module(code, section{id: dataSection, body: appendSegments(nil, segs)})
	got, st, err := Join(in, 64)
	if err != nil {
		t.Fatal(err)
	}
	if st != (Stats{Before: 6, After: 3}) {
		t.Errorf("stats %+v, want 6 segments joined into 3", st)
	}
	if !maps.Equal(memory(t, got), memory(t, in)) {
		t.Error("the joined module starts with another memory")
	}
	again, st2, err := Join(got, 64)
	if err != nil || !bytes.Equal(again, got) || st2.Before != 3 || st2.After != 3 {
		t.Errorf("joining again changed the module (%+v, %v)", st2, err)
	}
}

// Go's linker writes its data sections' segments in address order within
// each section, but not always the sections so: the joined module has its
// segments in address order.
func TestJoinOutOfOrder(t *testing.T) {
	in := module(section{id: dataSection, body: []byte{
		0x03,
		0x00, 0x41, 0x20, 0x0b, 0x01, 'c', // "c" at 32
		0x00, 0x41, 0x10, 0x0b, 0x01, 'a', // "a" at 16
		0x00, 0x41, 0x12, 0x0b, 0x01, 'b', // "b" at 18
	}})
	got, st, err := Join(in, 4)
	if err != nil {
		t.Fatal(err)
	}
	want := module(section{id: dataSection, body: []byte{
		0x02,
		0x00, 0x41, 0x10, 0x0b, 0x03, 'a', 0, 'b',
		0x00, 0x41, 0x20, 0x0b, 0x01, 'c',
	}})
	if !bytes.Equal(got, want) || st != (Stats{Before: 3, After: 2}) {
		t.Errorf("Join = % x, %+v; want % x", got, st, want)
	}
}

func TestJoinModuleWithoutData(t *testing.T) {
	in := module(custom, code)
	got, st, err := Join(in, DefaultGap)
	if err != nil || !bytes.Equal(got, in) || st != (Stats{}) {
		t.Errorf("Join of a module without data = % x, %+v, %v", got, st, err)
	}
}

func TestJoinRefuses(t *testing.T) {
	data := func(b ...byte) section { return section{id: dataSection, body: b} }
	for _, tc := range []struct {
		name string
		mod  []byte
		want error
	}{
		{"empty", nil, ErrNotModule},
		{"another magic", []byte("\x00wat\x01\x00\x00\x00"), ErrNotModule},
		{"version 2", []byte("\x00asm\x02\x00\x00\x00"), ErrNotModule},
		{"section past the end", append([]byte(header), 10, 5, 0), ErrNotModule},
		{"section length too long", append([]byte(header), 10, 0x80, 0x80, 0x80, 0x80, 0x80, 0x00), ErrNotModule},
		{"segment past the section", module(data(0x01, 0x00, 0x41, 0x00, 0x0b, 0x05, 'a')), ErrNotModule},
		{"more segments than bytes", module(data(0xff, 0xff, 0x03)), ErrNotModule},
		{"bytes after the segments", module(data(0x01, 0x00, 0x41, 0x00, 0x0b, 0x01, 'a', 'b')), ErrNotModule},
		{"two data sections", module(twoSegments, twoSegments), ErrNotModule},
		{"passive segment", module(data(0x01, 0x01, 0x01, 'a')), ErrNotJoinable},
		{"second memory", module(data(0x01, 0x02, 0x01, 0x41, 0x00, 0x0b, 0x01, 'a')), ErrNotJoinable},
		{"offset from a global", module(data(0x01, 0x00, 0x23, 0x00, 0x0b, 0x01, 'a')), ErrNotJoinable},
		{"offset an expression", module(data(0x01, 0x00, 0x41, 0x00, 0x41, 0x01, 0x6a, 0x0b, 0x01, 'a')), ErrNotJoinable},
		{"overlapping", module(data(0x02, 0x00, 0x41, 0x10, 0x0b, 0x02, 'a', 'b', 0x00, 0x41, 0x11, 0x0b, 0x01, 'c')), ErrNotJoinable},
		{"overlapping out of order", module(data(0x02, 0x00, 0x41, 0x11, 0x0b, 0x01, 'c', 0x00, 0x41, 0x10, 0x0b, 0x02, 'a', 'b')), ErrNotJoinable},
		{"data count", module(section{id: dataCountSection, body: []byte{0x02}}, twoSegments), ErrNotJoinable},
	} {
		got, _, err := Join(tc.mod, DefaultGap)
		if !errors.Is(err, tc.want) {
			t.Errorf("%s: error %v, want %v", tc.name, err, tc.want)
		}
		if got != nil {
			t.Errorf("%s: a module came back with the error", tc.name)
		}
	}
}

func TestLEB128(t *testing.T) {
	for _, v := range []uint32{0, 1, 63, 64, 127, 128, 16383, 16384, 1<<31 - 1, 1 << 31, 1<<32 - 1} {
		r := reader{b: appendU32(nil, v)}
		if got, err := r.u32(); err != nil || got != v || r.at != len(r.b) {
			t.Errorf("u32 round trip of %d: %d, %v", v, got, err)
		}
	}
	for _, v := range []int32{0, 1, -1, 63, 64, -64, -65, 8191, -8192, 1<<31 - 1, -1 << 31} {
		r := reader{b: appendS32(nil, v)}
		if got, err := r.s32(); err != nil || got != v || r.at != len(r.b) {
			t.Errorf("s32 round trip of %d: %d, %v", v, got, err)
		}
	}
	// The binary format's own examples: 624485 unsigned, -123456 signed.
	if b := appendU32(nil, 624485); !bytes.Equal(b, []byte{0xe5, 0x8e, 0x26}) {
		t.Errorf("624485 = % x", b)
	}
	if b := appendS32(nil, -123456); !bytes.Equal(b, []byte{0xc0, 0xbb, 0x78}) {
		t.Errorf("-123456 = % x", b)
	}
	for _, b := range [][]byte{{0x80, 0x80, 0x80, 0x80, 0x10}, {0x80, 0x80, 0x80, 0x80, 0x80, 0x00}} {
		r := reader{b: b}
		if _, err := r.u32(); !errors.Is(err, errTooLong) {
			t.Errorf("u32 of % x: %v, want too long", b, err)
		}
	}
	for _, b := range [][]byte{{0x80, 0x80, 0x80, 0x80, 0x08}, {0xff, 0xff, 0xff, 0xff, 0x77}} {
		r := reader{b: b}
		if _, err := r.s32(); !errors.Is(err, errTooLong) {
			t.Errorf("s32 of % x: %v, want too long", b, err)
		}
	}
}

func FuzzJoin(f *testing.F) {
	f.Add(module(custom, code, twoSegments), uint16(9))
	f.Add(module(twoSegments), uint16(0))
	f.Add(module(section{id: dataSection, body: appendSegments(nil, []segment{{0, []byte{1}}, {3, []byte{0, 2}}, {9, nil}})}), uint16(4))
	f.Fuzz(func(t *testing.T, mod []byte, gap uint16) {
		got, st, err := Join(mod, int(gap))
		if err != nil {
			if !errors.Is(err, ErrNotModule) && !errors.Is(err, ErrNotJoinable) {
				t.Fatalf("an error of neither kind: %v", err)
			}
			return
		}
		if st.After > st.Before {
			t.Fatalf("%d segments became %d", st.Before, st.After)
		}
		if !maps.Equal(memory(t, got), memory(t, mod)) {
			t.Fatal("the joined module starts with another memory")
		}
		again, st2, err := Join(got, int(gap))
		if err != nil || st2.After != st.After {
			t.Fatalf("joining the joined module: %+v, %v", st2, err)
		}
		if st.Before == st.After && len(again) != len(got) {
			t.Fatal("a module with nothing to join changed size twice")
		}
	})
}
