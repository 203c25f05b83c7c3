package pack

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/ealslive/ealslive/core"
)

// ratingsCSV is a MovieLens-like ratings.csv: several ratings a day, some
// days before others in the file, a repeated pair.
func ratingsCSV(seed uint64, rows int) string {
	rng := rand.New(rand.NewPCG(seed, 3))
	var b strings.Builder
	b.WriteString("userId,movieId,rating,timestamp\n")
	for range rows {
		fmt.Fprintf(&b, "%d,%d,%d.%d,%d\n", 1+rng.IntN(40), 1+min(rng.IntN(30), rng.IntN(30)), 1+rng.IntN(5), 5*rng.IntN(2),
			1_000_000_000+rng.IntN(20)*day+rng.IntN(day))
	}
	return b.String()
}

// packNumbers numbers a data set's users as BuildLog does: by first
// appearance among its interactions.
func packNumbers(d *core.Dataset) map[int32]string {
	num := map[string]int32{}
	for _, x := range d.Interactions() {
		if _, ok := num[d.UserKey(x.User)]; !ok {
			num[d.UserKey(x.User)] = int32(len(num))
		}
	}
	out := map[int32]string{}
	for k, n := range num {
		out[n] = k
	}
	return out
}

// asLogged lists a data set's interactions by user key, item key and day,
// sorted, with users renamed by names if it is not nil.
func asLogged(d *core.Dataset, names map[int32]string) []string {
	var out []string
	for _, x := range d.Interactions() {
		u := d.UserKey(x.User)
		if names != nil {
			u = names[x.User]
		}
		out = append(out, fmt.Sprintf("%s %s %d", u, d.ItemKey(x.Item), x.Time-mod(x.Time, day)))
	}
	slices.Sort(out)
	return out
}

// heldOut is each user's held-out item under leave-one-out, by user key.
func heldOut(t *testing.T, d *core.Dataset, names map[int32]string) map[string]string {
	t.Helper()
	_, test, err := d.LeaveOneOut()
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, x := range test {
		u := d.UserKey(x.User)
		if names != nil {
			u = names[x.User]
		}
		out[u] = d.ItemKey(x.Item)
	}
	return out
}

func TestBuildLogKeepsTheLog(t *testing.T) {
	items, err := core.ReadItems(strings.NewReader("movieId,title,genres\n1,Toy Story (1995),Animation|Comedy\n2,Jumanji (1995),Adventure\n"), "movies.csv")
	if err != nil {
		t.Fatal(err)
	}
	for _, opts := range []core.LogOptions{{Items: items}, {Items: items, MinRating: 3, KCore: 3}} {
		l, err := core.ReadLog(strings.NewReader(ratingsCSV(1, 600)), "ratings.csv", opts)
		if err != nil {
			t.Fatal(err)
		}
		p, err := BuildLog(l, "ratings.csv", "test terms", 0)
		if err != nil {
			t.Fatal(err)
		}
		q, _ := roundTrip(t, p)
		want := Subset{K: l.KCore, MinRating: opts.MinRating}
		if q.Format != "MovieLens ratings.csv" || q.Subset != want || q.HasCoords || !q.HasTimes || q.Source != "ratings.csv" {
			t.Errorf("%+v: format %q, subset %+v, coordinates %v, times %v, source %q", opts, q.Format, q.Subset, q.HasCoords, q.HasTimes, q.Source)
		}
		names := packNumbers(l.Data)
		if got, want := asLogged(q.Data, names), asLogged(l.Data, nil); !slices.Equal(got, want) {
			t.Fatalf("%+v: the pack holds other interactions than the log (to the day)", opts)
		}
		// Interactions are in time order, so cutting times to the day moves
		// no user's last interaction.
		if got, want := heldOut(t, q.Data, names), heldOut(t, l.Data, nil); !mapsEqual(got, want) {
			t.Errorf("%+v: leave-one-out holds out other items of the pack than of the log", opts)
		}
		for i, it := range q.Items {
			info, named := items.Lookup(it.ID)
			if it.ID != q.Data.ItemKey(int32(i)) || it.Name != info.Name || !slices.Equal(it.Categories, info.Categories) ||
				named != (it.Name != "") || it.City != "" || it.Stars != 0 {
				t.Errorf("%+v: item %d is %+v; the item file says %+v", opts, i, it, info)
			}
		}
	}
}

func mapsEqual(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// A log without times packs without them, in its own order, and splits
// as the log does.
func TestBuildLogWithoutTimes(t *testing.T) {
	var text strings.Builder
	rng := rand.New(rand.NewPCG(2, 2))
	for range 300 {
		fmt.Fprintf(&text, "user%d\titem%d\n", rng.IntN(30), min(rng.IntN(25), rng.IntN(25)))
	}
	l, err := core.ReadLog(strings.NewReader(text.String()), "pairs.tsv", core.LogOptions{KCore: 2})
	if err != nil {
		t.Fatal(err)
	}
	p, err := BuildLog(l, "pairs", "", 0)
	if err != nil {
		t.Fatal(err)
	}
	q, _ := roundTrip(t, p)
	if q.HasTimes || q.HasCoords || q.Format != "tab-separated without header" {
		t.Errorf("times %v, coordinates %v, format %q", q.HasTimes, q.HasCoords, q.Format)
	}
	names := packNumbers(l.Data)
	for k, x := range q.Data.Interactions() {
		y := l.Data.Interactions()[k]
		if x.Time != 0 || names[x.User] != l.Data.UserKey(y.User) || q.Data.ItemKey(x.Item) != l.Data.ItemKey(y.Item) {
			t.Fatalf("interaction %d of the pack is not the log's", k)
		}
	}
	if got, want := heldOut(t, q.Data, names), heldOut(t, l.Data, nil); !mapsEqual(got, want) {
		t.Errorf("leave-one-out holds out other items of the pack than of the log")
	}
}

func TestBuildLogWindowAndErrors(t *testing.T) {
	l, err := core.ReadLog(strings.NewReader(ratingsCSV(3, 400)), "ratings.csv", core.LogOptions{})
	if err != nil {
		t.Fatal(err)
	}
	p, err := BuildLog(l, "", "", 50)
	if err != nil {
		t.Fatal(err)
	}
	if p.Data.Len() != 50 || p.Subset.MaxInteractions != 50 {
		t.Errorf("a window of 50 kept %d, subset %+v", p.Data.Len(), p.Subset)
	}
	// The window holds the latest pairs: none left out is later than the
	// earliest kept.
	earliest := p.Data.Interactions()[0].Time
	later := 0
	for _, x := range l.Data.Interactions() {
		if x.Time-mod(x.Time, day) > earliest {
			later++
		}
	}
	if later > 50 {
		t.Errorf("%d pairs are on days after the window's first, more than the 50 it keeps", later)
	}

	early, err := core.ReadLog(strings.NewReader("a,x,1,-86401\nb,y,1,5\n"), "old.csv", core.LogOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		l    *core.Log
		max  int
		want string
	}{
		{nil, 0, "pack: no log to pack"},
		{l, -1, "pack: max = -1"},
		{early, 0, "time -172800 is not 00:00 UTC of a day in 1970..9999"},
	} {
		p, err := BuildLog(c.l, "", "", c.max)
		if err == nil {
			_, err = encode(p)
		}
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("max %d: %v, want an error mentioning %q", c.max, err, c.want)
		}
	}
}

func TestLogSource(t *testing.T) {
	for _, c := range []struct{ log, items, source, back string }{
		{"ratings.csv", "movies.csv", "ratings.csv with movies.csv", "movies.csv"},
		{"u.data", "u.item", "u.data with u.item", "u.item"},
		{"ratings.csv", "", "ratings.csv", ""},
	} {
		got := LogSource(c.log, c.items)
		if got != c.source {
			t.Errorf("LogSource(%q, %q) = %q, want %q", c.log, c.items, got, c.source)
		}
		if back := LogItems(got); back != c.back {
			t.Errorf("LogItems(%q) = %q, want %q", got, back, c.back)
		}
	}
}
