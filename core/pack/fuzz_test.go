package pack

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

// FuzzDecode feeds Decode damaged packs. It must never panic, and whatever
// it accepts must pass the independent check of consistent. The committed
// corpus in testdata/fuzz/FuzzDecode holds only synthetic packs, one
// Yelp-shaped and one of a log without coordinates or days; the real
// seed, made from Yelp data, is built here at run time and never written
// (and left out only when EALS_SKIP_DATA says the data may be missing).
func FuzzDecode(f *testing.F) {
	var seeds [][]byte
	for _, p := range []*Pack{tiny(f), logPack(f)} {
		b, err := encode(p)
		if err != nil {
			f.Fatal(err)
		}
		seeds = append(seeds, b)
	}
	if _, err := findData(); err == nil || !skipData() {
		reviews, businesses := phoenixData(f)
		small, err := Build(reviews, businesses, Subset{K: 10, City: "Tempe", MaxInteractions: 50})
		if err != nil {
			f.Fatal(err)
		}
		real, err := encode(small)
		if err != nil {
			f.Fatal(err)
		}
		seeds = append(seeds, real)
	}
	for _, b := range seeds {
		f.Add(b)
		for _, n := range []int{1, len(magic) + 1, len(magic) + 2, len(b) / 3, len(b) / 2, len(b) - 1} {
			f.Add(b[:n])
		}
		for _, at := range []int{len(magic) + 1, len(magic) + 2, len(b) / 4, len(b) / 2, len(b) - 3, len(b) - 1} {
			flipped := bytes.Clone(b)
			flipped[at] ^= 0x41
			f.Add(flipped)
		}
		f.Add(append(bytes.Clone(b), 0xc0))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		p, err := Decode(b)
		if err != nil {
			if p != nil {
				t.Fatalf("Decode returned a pack and the error %v", err)
			}
			var v *VersionError
			if !strings.HasPrefix(err.Error(), "pack: ") ||
				!(errors.Is(err, ErrNotPack) || errors.Is(err, ErrTruncated) || errors.Is(err, ErrInvalid) || errors.As(err, &v)) {
				t.Fatalf("error %q is not one of the pack's kinds", err)
			}
			return
		}
		if err := consistent(p); err != nil {
			t.Fatalf("Decode accepted an inconsistent pack: %v", err)
		}
	})
}
