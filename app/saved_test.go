package app

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

func lookupIn(ids ...string) func(string) (int32, bool) {
	return func(key string) (int32, bool) {
		k := slices.Index(ids, key)
		return int32(k), k >= 0
	}
}

func TestClicksRoundTrip(t *testing.T) {
	raw := encodeClicks([]string{"b", "a", "c"})
	got, note := decodeClicks(raw, lookupIn("a", "b", "c"))
	if note != "" || !slices.Equal(got, []int32{1, 0, 2}) {
		t.Errorf("decode(encode) = %v, %q; want [1 0 2] and no note", got, note)
	}
}

func TestClicksDiscarded(t *testing.T) {
	many := make([]string, maxSavedClicks+3)
	ids := make([]string, len(many))
	for k := range many {
		many[k] = fmt.Sprint("id", k)
		ids[k] = many[k]
	}
	for _, tc := range []struct {
		name, raw string
		lookup    func(string) (int32, bool)
		want      []int32
		note      string
	}{
		{"not json", `{"schema":1,"clicks":["a"`, lookupIn("a"), nil, "damaged"},
		{"not an object", `"a"`, lookupIn("a"), nil, "damaged"},
		{"wrong types", `{"schema":"1","clicks":["a"]}`, lookupIn("a"), nil, "damaged"},
		{"old schema", `{"schema":0,"clicks":["a"]}`, lookupIn("a"), nil, "format 0; this page reads format 1"},
		{"no schema", `{"clicks":["a"]}`, lookupIn("a"), nil, "another version"},
		{"newer schema", `{"schema":2,"clicks":["a"]}`, lookupIn("a"), nil, "format 2"},
		{"one unknown", `{"schema":1,"clicks":["a","x"]}`, lookupIn("a"), []int32{0}, "1 of your saved clicks is not"},
		{"two unknown", `{"schema":1,"clicks":["x","a","y"]}`, lookupIn("a"), []int32{0}, "2 of your saved clicks are not"},
		{"repeats kept once", `{"schema":1,"clicks":["a","b","a"]}`, lookupIn("a", "b"), []int32{0, 1}, ""},
		{"empty", `{"schema":1,"clicks":[]}`, lookupIn("a"), nil, ""},
		{"too many", encodeClicks(many), lookupIn(ids...), nil, fmt.Sprintf("first %d", maxSavedClicks)},
	} {
		got, note := decodeClicks(tc.raw, tc.lookup)
		if tc.name == "too many" {
			if len(got) != maxSavedClicks || got[0] != 0 || got[len(got)-1] != maxSavedClicks-1 {
				t.Errorf("%s: kept %d clicks", tc.name, len(got))
			}
		} else if !slices.Equal(got, tc.want) {
			t.Errorf("%s: clicks = %v, want %v", tc.name, got, tc.want)
		}
		if tc.note == "" && note != "" || !strings.Contains(note, tc.note) {
			t.Errorf("%s: note = %q, want it to contain %q", tc.name, note, tc.note)
		}
	}
}
