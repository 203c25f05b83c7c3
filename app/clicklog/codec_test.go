package clicklog

import (
	"slices"
	"strings"
	"testing"
)

func TestLogRoundTrip(t *testing.T) {
	l := Log{}.Like("b", 5).Like("a", 5).Like("c", 9).Remove("a", 9).Like("d", 1)
	l = l.Merge(Log{Reset: 2})
	got, err := Decode(Encode(l))
	if err != nil || !slices.Equal(got.Clicks, l.Clicks) || got.Reset != l.Reset {
		t.Errorf("decode(encode(%+v)) = %+v, %v", l, got, err)
	}
	if liked := got.Liked(); !slices.Equal(liked, []string{"b", "c", "d"}) {
		t.Errorf("liked %v, want [b c d]", liked)
	}
	if empty, err := Decode(Encode(Log{})); err != nil || len(empty.Clicks) != 0 {
		t.Errorf("an empty log reads back as %+v, %v", empty, err)
	}
}

func TestDecodeLog(t *testing.T) {
	for _, tc := range []struct {
		name, raw string
		liked     []string
		err       string
		newer     bool
	}{
		{"format 1, in order", `{"schema":1,"clicks":["b","a","c","a"]}`, []string{"b", "a", "c"}, "", false},
		{"format 2", `{"schema":2,"reset":3,"clicks":[{"id":"x","at":2},{"id":"a","at":4},{"id":"b","at":5,"removed":true}]}`, []string{"a"}, "", false},
		{"not json", `{"schema":2,"clicks":["a"`, nil, "damaged", false},
		{"not an object", `"a"`, nil, "damaged", false},
		{"wrong types", `{"schema":"2","clicks":[]}`, nil, "damaged", false},
		{"format 2 with ids", `{"schema":2,"clicks":["a"]}`, nil, "damaged", false},
		{"no id", `{"schema":2,"clicks":[{"at":1}]}`, nil, "damaged", false},
		{"no time", `{"schema":2,"clicks":[{"id":"a"}]}`, nil, "damaged", false},
		{"old format", `{"schema":0,"clicks":["a"]}`, nil, "format 0; this page reads formats 1 and 2", false},
		{"no format", `{"clicks":["a"]}`, nil, "another version", false},
		{"newer format", `{"schema":3,"clicks":"whatever"}`, nil, "newer version of this page (format 3", true},
	} {
		l, err := Decode(tc.raw)
		if tc.err == "" {
			if err != nil || !slices.Equal(l.Liked(), tc.liked) {
				t.Errorf("%s: liked %v, %v; want %v", tc.name, l.Liked(), err, tc.liked)
			}
			continue
		}
		u, ok := err.(*UnreadableError)
		if !ok || !strings.Contains(u.Why, tc.err) || u.Newer != tc.newer {
			t.Errorf("%s: error %#v, want one saying %q, newer %v", tc.name, err, tc.err, tc.newer)
		}
	}
}

// Whatever storage holds, reading it never panics, and what it reads it
// writes back the same.
func FuzzDecodeLog(f *testing.F) {
	f.Add(`{"schema":1,"clicks":["b","a","b"]}`)
	f.Add(`{"schema":2,"reset":3,"clicks":[{"id":"x","at":2},{"id":"a","at":4},{"id":"b","at":5,"removed":true}]}`)
	f.Add(`{"schema":3,"clicks":{}}`)
	f.Add(`{"schema":2,"clicks":[{"id":"","at":-1}]}`)
	f.Fuzz(func(t *testing.T, raw string) {
		l, err := Decode(raw)
		if err != nil {
			return
		}
		again, err := Decode(Encode(l))
		if err != nil || !slices.Equal(again.Clicks, l.Clicks) || again.Reset != l.Reset {
			t.Fatalf("%q reads as %+v, which reads back as %+v (%v)", raw, l, again, err)
		}
		for _, r := range l.Clicks {
			if r.At <= l.Reset {
				t.Fatalf("%q keeps a click from before its start over: %+v", raw, l)
			}
		}
	})
}
