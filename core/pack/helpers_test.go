package pack

import (
	"bytes"
	"fmt"
	"math"
	"slices"
	"strconv"
	"testing"
	"unicode/utf8"

	"github.com/vmihailenco/msgpack/v5"

	"github.com/ealslive/ealslive/core"
)

const day = 86400

// encode is packfile.Encode, which this package's tests cannot import
// (packfile imports pack).
func encode(p *Pack) ([]byte, error) {
	var buf bytes.Buffer
	if err := Write(msgpack.NewEncoder(&buf), p); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// decoded encodes p and decodes it again, and returns what the page would
// see of it and its bytes.
func decoded(t testing.TB, p *Pack) (*Pack, []byte) {
	t.Helper()
	b, err := encode(p)
	if err != nil {
		t.Fatal(err)
	}
	q, err := Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	return q, b
}

// roundTrip is decoded, failing unless the decoded pack is p.
func roundTrip(t testing.TB, p *Pack) (*Pack, []byte) {
	t.Helper()
	q, b := decoded(t, p)
	if err := samePack(p, q); err != nil {
		t.Fatalf("the decoded pack differs from the encoded one: %v", err)
	}
	return q, b
}

// makePack builds a pack from items and (user, item, day) triples, with
// users named by their numbers as a decoded pack names them.
func makePack(t testing.TB, users int, items []Item, triples [][3]int64) *Pack {
	t.Helper()
	keys := make([]string, users)
	for u := range keys {
		keys[u] = strconv.Itoa(u)
	}
	ids := make([]string, len(items))
	for i, it := range items {
		ids[i] = it.ID
	}
	inter := make([]core.Interaction, len(triples))
	for k, x := range triples {
		inter[k] = core.Interaction{User: int32(x[0]), Item: int32(x[1]), Time: x[2] * day}
	}
	d, err := core.FromInteractions(keys, ids, inter)
	if err != nil {
		t.Fatal(err)
	}
	return &Pack{
		Source:    "synthetic test data",
		License:   "public domain",
		Format:    "Yelp reviews TSV",
		Subset:    Subset{K: 2, Category: "Food", City: "Tempe", MaxInteractions: 100},
		Items:     items,
		Data:      d,
		HasCoords: true,
		HasTimes:  true,
	}
}

// logPack is a small pack of a log without coordinates, cities, stars or
// times, as BuildLog makes of a MovieLens file: names and categories only,
// every time 0, the interactions in the log's order.
func logPack(t testing.TB) *Pack {
	items := []Item{
		{ID: "1", Name: "Toy Story (1995)", Categories: []string{"Animation", "Children's", "Comedy"}},
		{ID: "2", Name: "Café au lait (1993)", Categories: []string{"Comedy"}},
		{ID: "3"},
	}
	p := makePack(t, 3, items, [][3]int64{{0, 0, 0}, {1, 1, 0}, {0, 2, 0}, {2, 0, 0}, {1, 0, 0}})
	p.Source, p.License, p.Format = "u.data and u.item", "see the data's own terms", "MovieLens u.data"
	p.Subset = Subset{K: 1, MinRating: 3.5}
	p.HasCoords, p.HasTimes = false, false
	return p
}

// tiny is a small synthetic pack with every feature of the schema: shared
// and unshared categories and cities, an item without categories, unicode,
// coordinates that need float64, same-day interactions.
func tiny(t testing.TB) *Pack {
	items := []Item{
		{ID: "biz-a", Name: "Café Ünïcode ☕", Categories: []string{"Food", "Coffee & Tea"}, City: "Tempe", Lat: 33.425, Lon: -111.94, Stars: 4.5},
		{ID: "biz-b", Name: "Bob's Bikes", Categories: []string{"Shopping", "Bikes"}, City: "Phoenix", Lat: 33.604054, Lon: -112.105933, Stars: 3},
		{ID: "biz-c", Name: "", Categories: nil, City: "Tempe", Lat: 0, Lon: 0, Stars: 0},
		{ID: "biz-d", Name: "寿司 Place", Categories: []string{"Food", "Sushi Bars", "Japanese"}, City: "Scottsdale", Lat: -33.9, Lon: 151.2, Stars: 5},
	}
	return makePack(t, 3, items, [][3]int64{
		{0, 0, 13000}, {1, 0, 13000}, {0, 1, 13001}, {2, 3, 13001}, {1, 2, 13005}, {0, 3, 13005}, {2, 0, 13400},
	})
}

// samePack says how a and b differ, or returns nil. Empty and nil category
// lists are the same.
func samePack(a, b *Pack) error {
	if a.Source != b.Source || a.License != b.License {
		return fmt.Errorf("notes differ: %q/%q vs %q/%q", a.Source, a.License, b.Source, b.License)
	}
	if a.Subset != b.Subset || a.Format != b.Format || a.HasCoords != b.HasCoords || a.HasTimes != b.HasTimes {
		return fmt.Errorf("subset %+v, format %q, coordinates %v, times %v vs %+v, %q, %v, %v",
			a.Subset, a.Format, a.HasCoords, a.HasTimes, b.Subset, b.Format, b.HasCoords, b.HasTimes)
	}
	if len(a.Items) != len(b.Items) {
		return fmt.Errorf("%d items vs %d", len(a.Items), len(b.Items))
	}
	for i := range a.Items {
		x, y := a.Items[i], b.Items[i]
		if !slices.Equal(x.Categories, y.Categories) {
			return fmt.Errorf("item %d categories %q vs %q", i, x.Categories, y.Categories)
		}
		if x.ID != y.ID || x.Name != y.Name || x.City != y.City || x.Lat != y.Lat || x.Lon != y.Lon || x.Stars != y.Stars {
			return fmt.Errorf("item %d: %+v vs %+v", i, x, y)
		}
	}
	da, db := a.Data, b.Data
	if da.NumUsers() != db.NumUsers() || da.NumItems() != db.NumItems() {
		return fmt.Errorf("data set %d×%d vs %d×%d", da.NumUsers(), da.NumItems(), db.NumUsers(), db.NumItems())
	}
	for u := int32(0); int(u) < da.NumUsers(); u++ {
		if da.UserKey(u) != db.UserKey(u) {
			return fmt.Errorf("user %d key %q vs %q", u, da.UserKey(u), db.UserKey(u))
		}
	}
	for i := int32(0); int(i) < da.NumItems(); i++ {
		if da.ItemKey(i) != db.ItemKey(i) {
			return fmt.Errorf("item %d key %q vs %q", i, da.ItemKey(i), db.ItemKey(i))
		}
	}
	if !slices.Equal(da.Interactions(), db.Interactions()) {
		return fmt.Errorf("interactions differ")
	}
	return nil
}

// consistent checks a decoded pack against the schema's promises through
// the public API only, independently of validate.
func consistent(p *Pack) error {
	if p == nil || p.Data == nil {
		return fmt.Errorf("nil pack or data set")
	}
	d := p.Data
	if d.Len() == 0 {
		return fmt.Errorf("empty data set")
	}
	if len(p.Items) != d.NumItems() {
		return fmt.Errorf("%d items of metadata, %d in the data set", len(p.Items), d.NumItems())
	}
	for _, s := range []string{p.Source, p.License, p.Format, p.Subset.Category, p.Subset.City} {
		if !utf8.ValidString(s) {
			return fmt.Errorf("note %q is not UTF-8", s)
		}
	}
	if p.Subset.K < 0 || p.Subset.MaxInteractions < 0 || math.IsNaN(p.Subset.MinRating) || math.IsInf(p.Subset.MinRating, 0) {
		return fmt.Errorf("subset parameter out of range: %+v", p.Subset)
	}
	ids := map[string]bool{}
	for i, it := range p.Items {
		if it.ID == "" || ids[it.ID] || it.ID != d.ItemKey(int32(i)) {
			return fmt.Errorf("item %d id %q empty, repeated or not the item key %q", i, it.ID, d.ItemKey(int32(i)))
		}
		ids[it.ID] = true
		for _, s := range append([]string{it.Name, it.City}, it.Categories...) {
			if !utf8.ValidString(s) {
				return fmt.Errorf("item %d: %q is not UTF-8", i, s)
			}
		}
		for k, c := range it.Categories {
			if c == "" || slices.Contains(it.Categories[:k], c) {
				return fmt.Errorf("item %d: category %q empty or repeated", i, c)
			}
		}
		if math.IsNaN(it.Lat) || math.Abs(it.Lat) > 90 || math.IsNaN(it.Lon) || math.Abs(it.Lon) > 180 || !p.HasCoords && (it.Lat != 0 || it.Lon != 0) {
			return fmt.Errorf("item %d: bad coordinates %v, %v (the pack has coordinates: %v)", i, it.Lat, it.Lon, p.HasCoords)
		}
		if math.IsNaN(it.Stars) || it.Stars < 0 || it.Stars > 5 {
			return fmt.Errorf("item %d: bad stars %v", i, it.Stars)
		}
	}
	total := 0
	for u := int32(0); int(u) < d.NumUsers(); u++ {
		row := d.UserItems(u)
		if d.UserKey(u) != strconv.Itoa(int(u)) || len(row) == 0 {
			return fmt.Errorf("user %d: key %q, %d items", u, d.UserKey(u), len(row))
		}
		for k := 1; k < len(row); k++ {
			if row[k] <= row[k-1] {
				return fmt.Errorf("user %d: items not strictly ascending (a repeated pair?)", u)
			}
		}
		total += len(row)
	}
	if total != d.Len() {
		return fmt.Errorf("%d pairs by user, %d interactions", total, d.Len())
	}
	prev := int64(0)
	for k, x := range d.Interactions() {
		if x.Time < prev || x.Time%day != 0 || !p.HasTimes && x.Time != 0 {
			return fmt.Errorf("interaction %d: time %d after %d, not a whole day, or in a pack without times", k, x.Time, prev)
		}
		prev = x.Time
	}
	b, err := encode(p)
	if err != nil {
		return fmt.Errorf("re-encoding a decoded pack: %v", err)
	}
	q, err := Decode(b)
	if err != nil {
		return fmt.Errorf("decoding a re-encoded pack: %v", err)
	}
	return samePack(p, q)
}

func nan() float64 { return math.NaN() }
