package core

import (
	"encoding/binary"
	"encoding/csv"
	"errors"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// FuzzReadLog feeds ReadLog arbitrary bytes in every format, with and
// without a threshold and a k-core. It must never panic; an error must be
// a LogError naming the file; the same text in UTF-16 (LE and BE), or
// with its lines ending in CR alone, must read the same or fail the same;
// and a log it accepts must account for every row, hold keys that are
// trimmed UTF-8 text without control characters, and read back, written
// as a plain CSV, to the very same interactions. The corpus in
// testdata/fuzz/FuzzReadLog holds a log of each layout and the mistakes
// the errors speak of.
func FuzzReadLog(f *testing.F) {
	f.Fuzz(func(t *testing.T, b []byte, format uint8, minRating int8, kcore uint8) {
		formats := Formats()
		opts := LogOptions{Format: formats[int(format)%len(formats)], MinRating: float64(minRating) / 2, KCore: int(kcore % 8)}
		l, err := ReadLog(strings.NewReader(string(b)), "fuzz.log", opts)
		for _, twin := range textTwins(b) {
			tl, terr := ReadLog(strings.NewReader(twin.text), "fuzz.log", opts)
			sameRead(t, twin.what, tl, terr, l, err)
		}
		if err != nil {
			var le *LogError
			if l != nil || !errors.As(err, &le) || le.Name != "fuzz.log" || !strings.HasPrefix(err.Error(), "fuzz.log") {
				t.Fatalf("log %v and error %#v: want no log and a LogError naming fuzz.log", l, err)
			}
			return
		}
		d := l.Data
		if l.Rows != l.BelowMinRating+l.Repeats+l.OutsideKCore+d.Len() || d.NumUsers() < 2 || d.NumItems() < 2 {
			t.Fatalf("%d rows = %d below + %d repeats + %d outside + %d kept? %d users, %d items",
				l.Rows, l.BelowMinRating, l.Repeats, l.OutsideKCore, d.Len(), d.NumUsers(), d.NumItems())
		}
		for _, k := range append(allKeys(d.NumUsers(), d.UserKey), allKeys(d.NumItems(), d.ItemKey)...) {
			if k == "" || k != strings.TrimSpace(k) || !utf8.ValidString(k) || strings.ContainsFunc(k, unicode.IsControl) {
				t.Fatalf("key %q is empty, untrimmed, not UTF-8 or holds a control character", k)
			}
		}
		var out strings.Builder
		w := csv.NewWriter(&out)
		w.Write([]string{"user", "item", "time"})
		for _, x := range d.Interactions() {
			if !l.HasTimes && x.Time != 0 {
				t.Fatalf("a log without times has the time %d", x.Time)
			}
			cell, ok := timeCell(x.Time)
			if !ok {
				return // a time no layout can write back
			}
			w.Write([]string{d.UserKey(x.User), d.ItemKey(x.Item), cell})
		}
		w.Flush()
		again, err := ReadLog(strings.NewReader(out.String()), "again.csv", LogOptions{})
		if err != nil {
			t.Fatalf("the accepted log, written back as CSV, reads as %v:\n%s", err, out.String())
		}
		if !slices.Equal(keyedOf(again.Data), keyedOf(d)) || again.Repeats != 0 {
			t.Fatalf("the log written back reads as other interactions:\n%s", out.String())
		}
	})
}

// textTwin is a log's text written otherwise, which must read the same.
type textTwin struct{ what, text string }

// textTwins writes b in UTF-16 LE and BE, when it is UTF-8 text to write
// (not starting with a byte-order mark, which would be read as text after
// UTF-16's), and with every line ending in CR alone, when its bytes are
// not UTF-16, whose line ends are not single bytes. Only when it is short
// enough that detection sees the whole of it either way.
func textTwins(b []byte) []textTwin {
	if len(b) > headSize/4 {
		return nil
	}
	s := string(b)
	var twins []textTwin
	if !strings.HasPrefix(s, "\xff\xfe") && !strings.HasPrefix(s, "\xfe\xff") {
		twins = append(twins, textTwin{"with CR line ends", strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\r"), "\n", "\r")})
	}
	if utf8.ValidString(s) && !strings.HasPrefix(s, "\ufeff") {
		twins = append(twins, textTwin{"in UTF-16LE", utf16Text(s, binary.LittleEndian)}, textTwin{"in UTF-16BE", utf16Text(s, binary.BigEndian)})
	}
	return twins
}

// sameRead fails unless a log read as its twin was: the same error, or
// the same interactions, layout and count of rows.
func sameRead(t *testing.T, what string, got *Log, gotErr error, want *Log, wantErr error) {
	t.Helper()
	switch {
	case gotErr != nil || wantErr != nil:
		if gotErr == nil || wantErr == nil || gotErr.Error() != wantErr.Error() {
			t.Fatalf("%s, the log reads with the error %v, as written with %v", what, gotErr, wantErr)
		}
	case !slices.Equal(keyedOf(got.Data), keyedOf(want.Data)) || got.Format != want.Format || got.HasTimes != want.HasTimes ||
		got.HasRatings != want.HasRatings || got.Rows != want.Rows || got.BelowMinRating != want.BelowMinRating ||
		got.Repeats != want.Repeats || got.OutsideKCore != want.OutsideKCore:
		t.Fatalf("%s, the log reads as %+v, %v; as written, %+v, %v", what, *got, keyedOf(got.Data), *want, keyedOf(want.Data))
	}
}

// allKeys lists n keys.
func allKeys(n int, key func(int32) string) []string {
	out := make([]string, n)
	for k := range out {
		out[k] = key(int32(k))
	}
	return out
}

// timeCell writes a time so that parseTime reads it back: seconds, or
// milliseconds for a time that as seconds would be read as milliseconds.
func timeCell(t int64) (string, bool) {
	if t > -millisecondsFrom && t < millisecondsFrom {
		return strconv.FormatInt(t, 10), true
	}
	if t > math.MaxInt64/1000 || t < math.MinInt64/1000 {
		return "", false
	}
	return strconv.FormatInt(t*1000, 10), true
}

// FuzzReadItems feeds ReadItems arbitrary bytes. It must never panic; an
// error must be a LogError naming the file; and a table it accepts must
// hold UTF-8 text only (Latin-1 lines converted), ids without control
// characters, each id once and found by Lookup, and categories that are
// neither blank nor repeated within an item, as a pack requires of them.
func FuzzReadItems(f *testing.F) {
	f.Fuzz(func(t *testing.T, b []byte) {
		tab, err := ReadItems(strings.NewReader(string(b)), "fuzz.items")
		if err != nil {
			var le *LogError
			if tab != nil || !errors.As(err, &le) || le.Name != "fuzz.items" {
				t.Fatalf("table %v and error %#v: want no table and a LogError naming fuzz.items", tab, err)
			}
			return
		}
		if len(tab.Items) == 0 {
			t.Fatal("an empty table was accepted")
		}
		for k, it := range tab.Items {
			if it.ID == "" || it.ID != strings.TrimSpace(it.ID) || !utf8.ValidString(it.ID) || strings.ContainsFunc(it.ID, unicode.IsControl) || !utf8.ValidString(it.Name) {
				t.Fatalf("item %d: id %q, name %q", k, it.ID, it.Name)
			}
			if found, ok := tab.Lookup(it.ID); !ok || found.Name != it.Name || !slices.Equal(found.Categories, it.Categories) {
				t.Fatalf("Lookup(%q) = %+v, %v; the table's item %d is %+v", it.ID, found, ok, k, it)
			}
			for j, c := range it.Categories {
				if strings.TrimSpace(c) == "" || !utf8.ValidString(c) || slices.Contains(it.Categories[:j], c) {
					t.Fatalf("item %q: category %q blank, not UTF-8 or repeated", it.ID, c)
				}
			}
		}
	})
}
