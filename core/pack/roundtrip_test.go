package pack

import (
	"bytes"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/vmihailenco/msgpack/v5"

	"github.com/ealslive/ealslive/core"
)

func TestRoundTrip(t *testing.T) {
	one := makePack(t, 1, []Item{{ID: "only", Name: "Only One", City: "Mesa", Lat: 33.4, Lon: -111.8, Stars: 2.5}}, [][3]int64{{0, 0, 0}})
	one.Subset = Subset{}
	emptyCats := makePack(t, 2, []Item{
		{ID: "x", Categories: []string{}}, {ID: "y", Categories: nil},
	}, [][3]int64{{0, 0, 5}, {1, 1, 5}, {1, 0, 7}})
	emptyCats.Source, emptyCats.License = "", ""
	unicode := makePack(t, 1, []Item{
		{ID: "ü-1", Name: "Ünïcödé 🍕 «name»\u00a0end", Categories: []string{"Pizza 🍕", "Ελληνικά"}, City: "Zürich", Lat: -90, Lon: 180, Stars: 5},
		{ID: "日本", Name: "東京ラーメン", Categories: []string{"Ramen"}, City: "東京", Lat: 90, Lon: -180, Stars: 1},
	}, [][3]int64{{0, 1, 20000}, {0, 0, 20001}})
	unicode.Subset = Subset{K: 10, Category: "Pizza 🍕", City: "Zürich", MaxInteractions: 2}
	lastDay := makePack(t, 1, []Item{{ID: "z"}}, [][3]int64{{0, 0, maxDay}})

	for name, p := range map[string]*Pack{
		"tiny": tiny(t), "one interaction": one, "empty categories": emptyCats,
		"unicode": unicode, "last day": lastDay, "log": logPack(t),
	} {
		t.Run(name, func(t *testing.T) {
			b, err := encode(p)
			if err != nil {
				t.Fatal(err)
			}
			if !IsPack(b) {
				t.Errorf("IsPack(encode(p)) = false; head % x", b[:min(len(b), 16)])
			}
			q, err := Decode(b)
			if err != nil {
				t.Fatal(err)
			}
			if err := samePack(p, q); err != nil {
				t.Error(err)
			}
			if err := consistent(q); err != nil {
				t.Error(err)
			}
			again, err := encode(q)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(b, again) {
				t.Errorf("re-encoding the decoded pack changed its bytes (%d vs %d bytes)", len(b), len(again))
			}
		})
	}
}

// Write writes interactions in time order, keeping same-day pairs in the
// data set's input order, and drops the user keys.
func TestWriteSortsStablyByDay(t *testing.T) {
	events := []core.Event{
		{User: "carol", Item: "b", Time: 3 * day},
		{User: "alice", Item: "a", Time: 1 * day},
		{User: "bob", Item: "a", Time: 3 * day},
		{User: "alice", Item: "b", Time: 2 * day},
		{User: "bob", Item: "b", Time: 1 * day},
	}
	d, err := core.NewDataset(events)
	if err != nil {
		t.Fatal(err)
	}
	q, _ := decoded(t, &Pack{Items: []Item{{ID: "b"}, {ID: "a"}}, Data: d})
	// Users carol=0, alice=1, bob=2; items b=0, a=1 (first appearance).
	want := []core.Interaction{
		{User: 1, Item: 1, Time: 1 * day}, {User: 2, Item: 0, Time: 1 * day},
		{User: 1, Item: 0, Time: 2 * day},
		{User: 0, Item: 0, Time: 3 * day}, {User: 2, Item: 1, Time: 3 * day},
	}
	got := q.Data.Interactions()
	if len(got) != len(want) {
		t.Fatalf("%d interactions, want %d", len(got), len(want))
	}
	for k := range want {
		if got[k] != want[k] {
			t.Errorf("interaction %d = %+v, want %+v", k, got[k], want[k])
		}
	}
	for u, key := range []string{"0", "1", "2"} {
		if q.Data.UserKey(int32(u)) != key {
			t.Errorf("user %d key %q, want %q", u, q.Data.UserKey(int32(u)), key)
		}
	}
	// The held-out pairs are the same on both sides: time ties go to the
	// later interaction in input order in both.
	_, testA, err := d.LeaveOneOut()
	if err != nil {
		t.Fatal(err)
	}
	_, testB, err := q.Data.LeaveOneOut()
	if err != nil {
		t.Fatal(err)
	}
	for k := range testA {
		if testA[k] != testB[k] {
			t.Errorf("held-out %d: %+v before packing, %+v after", k, testA[k], testB[k])
		}
	}
}

func TestWriteRejects(t *testing.T) {
	good := tiny(t)
	d, err := core.FromInteractions([]string{"0"}, []string{"a"}, []core.Interaction{{User: 0, Item: 0, Time: 12 * 3600}})
	if err != nil {
		t.Fatal(err)
	}
	badTime := &Pack{Items: []Item{{ID: "a"}}, Data: d}
	idle, err := core.FromInteractions([]string{"0", "1", "2"}, []string{"a", "b"}, []core.Interaction{{User: 1, Item: 0}, {User: 1, Item: 1}, {User: 2, Item: 0}})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		p    *Pack
		want string
	}{
		{"nil", nil, "nil pack"},
		{"no data", &Pack{}, "no data set"},
		{"items short", &Pack{Items: good.Items[:2], Data: good.Data}, "2 items of metadata for a data set of 4"},
		{"id mismatch", &Pack{Items: append([]Item{{ID: "other"}}, good.Items[1:]...), Data: good.Data}, `"other" differs from the data set's item key "biz-a"`},
		{"time of day", badTime, "not 00:00 UTC"},
		{"idle user", &Pack{Items: []Item{{ID: "a"}, {ID: "b"}}, Data: idle}, "user 0 has no interaction"},
		{"NaN latitude", withItem(good, 1, func(it *Item) { it.Lat = nan() }), "item 1 (biz-b): latitude NaN"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := encode(c.p)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("Encode error %v, want one mentioning %q", err, c.want)
			}
			if !errors.Is(err, ErrInvalid) {
				t.Errorf("error %v does not wrap ErrInvalid", err)
			}
		})
	}
}

// withItem returns a copy of p whose item i is changed by f.
func withItem(p *Pack, i int, f func(*Item)) *Pack {
	q := *p
	q.Items = append([]Item(nil), p.Items...)
	f(&q.Items[i])
	return &q
}

func TestIsPack(t *testing.T) {
	b, err := encode(tiny(t))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		head []byte
		want bool
	}{
		{b, true},
		{b[:len(magic)+1], true},
		{b[:len(magic)], false},
		{nil, false},
		{[]byte("user_id\tbusiness_id\tstars\tdate\ttimestamp\n"), false},
		{[]byte("\x1f\x8b\x08\x00"), false}, // a gzip stream
		{append([]byte{0xae}, "eALS Live PACK"...), false},
	} {
		if got := IsPack(c.head); got != c.want {
			t.Errorf("IsPack(%q) = %v, want %v", c.head, got, c.want)
		}
	}
}

func TestReadFile(t *testing.T) {
	b, err := encode(tiny(t))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "tiny.msgpack")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	p, err := ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := samePack(tiny(t), p); err != nil {
		t.Error(err)
	}
	bad := filepath.Join(dir, "bad.msgpack")
	if err := os.WriteFile(bad, b[:len(b)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadFile(bad); err == nil || !strings.Contains(err.Error(), bad) || !errors.Is(err, ErrTruncated) {
		t.Errorf("ReadFile of a truncated pack: %v, want a truncation error naming %s", err, bad)
	}
	if _, err := ReadFile(filepath.Join(dir, "missing.msgpack")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("ReadFile of a missing file: %v, want os.ErrNotExist", err)
	}
}

func TestSubsetString(t *testing.T) {
	for _, c := range []struct {
		s    Subset
		want string
	}{
		{Subset{}, "all interactions"},
		{Subset{K: 1}, "all interactions"},
		{Subset{K: 10}, "10-core"},
		{Subset{K: 10, Category: "Restaurants", City: "Phoenix", MaxInteractions: 5000}, "category Restaurants, city Phoenix, 10-core, latest 5000 interactions"},
		{Subset{K: 5, MinRating: 3.5}, "rated at least 3.5, 5-core"},
	} {
		if got := c.s.String(); got != c.want {
			t.Errorf("%+v.String() = %q, want %q", c.s, got, c.want)
		}
	}
}

var update = flag.Bool("update", false, "rewrite the golden seeds testdata/fuzz/FuzzDecode/synthetic-*")

// goldenSeeds are the packs in the fuzz corpus: a Yelp-shaped pack with
// every column, and a log's without coordinates, cities, stars or days.
// They also pin the byte layout: a change to one is a schema change and
// needs a new Schema.
var goldenSeeds = map[string]func(testing.TB) *Pack{"synthetic-tiny": tiny, "synthetic-log": logPack}

func TestGoldenPacks(t *testing.T) {
	for name, p := range goldenSeeds {
		path := filepath.Join("testdata", "fuzz", "FuzzDecode", name)
		b, err := encode(p(t))
		if err != nil {
			t.Fatal(err)
		}
		if *update {
			seed := "go test fuzz v1\n[]byte(" + strconv.Quote(string(b)) + ")\n"
			if err := os.WriteFile(path, []byte(seed), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		want, err := readSeed(path)
		if err != nil {
			t.Fatalf("%v (run go test ./core/pack/ -run TestGoldenPacks -update to write it)", err)
		}
		if !bytes.Equal(b, want) {
			t.Errorf("%s encodes to %d bytes that differ from the golden %d bytes in %s", name, len(b), len(want), path)
		}
	}
}

// A pack writes the columns it has: a log's pack has no coordinates,
// cities, stars or days; a Pack that does not say it has coordinates or
// times but holds some still writes them, as packs did before the flags;
// and a Pack that says it has them writes them even when they are all 0.
func TestColumnsFollowThePack(t *testing.T) {
	noFlags := tiny(t)
	noFlags.HasCoords, noFlags.HasTimes = false, false
	zeros := logPack(t)
	zeros.HasCoords, zeros.HasTimes = true, true
	for _, c := range []struct {
		name          string
		p             *Pack
		items, events []string
		coords, times bool
	}{
		{"log", logPack(t), []string{fieldID, fieldName, fieldCategories}, []string{fieldUser, fieldItem}, false, false},
		{"yelp without flags", noFlags, []string{fieldID, fieldName, fieldCity, fieldCategories, fieldLat, fieldLon, fieldStars},
			[]string{fieldUser, fieldItem, fieldDay}, true, true},
		{"flags over zeros", zeros, []string{fieldID, fieldName, fieldCategories, fieldLat, fieldLon}, []string{fieldUser, fieldItem, fieldDay}, true, true},
	} {
		b, err := encode(c.p)
		if err != nil {
			t.Fatal(err)
		}
		body, err := msgpack.NewDecoder(bytes.NewReader(b[len(magicBytes())+1:])).DecodeMap()
		if err != nil {
			t.Fatal(err)
		}
		for _, part := range []struct {
			key  string
			want []string
		}{{fieldItems, c.items}, {fieldInteractions, c.events}} {
			var got []string
			for k := range body[part.key].(map[string]any) {
				got = append(got, k)
			}
			slices.Sort(got)
			if want := slices.Sorted(slices.Values(part.want)); !slices.Equal(got, want) {
				t.Errorf("%s: %s has the columns %q, want %q", c.name, part.key, got, want)
			}
		}
		q, err := Decode(b)
		if err != nil {
			t.Fatal(err)
		}
		if q.HasCoords != c.coords || q.HasTimes != c.times {
			t.Errorf("%s: decoded with coordinates %v, times %v; want %v, %v", c.name, q.HasCoords, q.HasTimes, c.coords, c.times)
		}
	}
}

// readSeed reads a one-value []byte file of the fuzz corpus format.
func readSeed(path string) ([]byte, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	body, ok := strings.CutPrefix(string(raw), "go test fuzz v1\n[]byte(")
	body, ok2 := strings.CutSuffix(strings.TrimSpace(body), ")")
	if !ok || !ok2 {
		return nil, errors.New(path + ": not a go test fuzz v1 []byte file")
	}
	s, err := strconv.Unquote(body)
	if err != nil {
		return nil, err
	}
	return []byte(s), nil
}
