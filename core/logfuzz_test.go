package core

import (
	"encoding/csv"
	"errors"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzReadLog feeds ReadLog arbitrary bytes in every format, with and
// without a threshold and a k-core. It must never panic; an error must be
// a LogError naming the file; and a log it accepts must account for every
// row and read back, written as a plain CSV, to the very same
// interactions. The corpus in testdata/fuzz/FuzzReadLog holds a log of
// each layout and the mistakes the errors speak of.
func FuzzReadLog(f *testing.F) {
	f.Fuzz(func(t *testing.T, b []byte, format uint8, minRating int8, kcore uint8) {
		formats := Formats()
		opts := LogOptions{Format: formats[int(format)%len(formats)], MinRating: float64(minRating) / 2, KCore: int(kcore % 8)}
		l, err := ReadLog(strings.NewReader(string(b)), "fuzz.log", opts)
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
			if k == "" || k != strings.TrimSpace(k) || !utf8.ValidString(k) {
				t.Fatalf("key %q is empty, untrimmed or not UTF-8", k)
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
// hold UTF-8 text only (Latin-1 lines converted), each id once and found
// by Lookup, and categories that are neither blank nor repeated within an
// item, as a pack requires of them.
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
			if it.ID == "" || it.ID != strings.TrimSpace(it.ID) || !utf8.ValidString(it.ID) || !utf8.ValidString(it.Name) {
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
