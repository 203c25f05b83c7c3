package pack

import (
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ealslive/ealslive/core"
)

// findData finds the shared Yelp files: $EALS_DATA, else ../shared/data/yelp
// beside the checkout.
func findData() (string, error) {
	dir := os.Getenv("EALS_DATA")
	if dir == "" {
		dir = filepath.Join("..", "..", "..", "shared", "data", "yelp")
	}
	_, err := os.Stat(filepath.Join(dir, ReviewsFile))
	return dir, err
}

// skipData reports whether the data tests were explicitly turned off.
func skipData() bool { return os.Getenv("EALS_SKIP_DATA") != "" }

// dataDir returns the data directory. Missing data fails the test, since
// CI always has it; EALS_SKIP_DATA=1 turns that into an explicit skip.
func dataDir(t testing.TB) string {
	t.Helper()
	dir, err := findData()
	if err != nil {
		if skipData() {
			t.Skipf("EALS_SKIP_DATA is set and the Yelp data is missing: %v", err)
		}
		t.Fatalf("the Yelp data is missing: %v\n"+
			"The tests read %s and %s from ../shared/data/yelp beside the checkout; "+
			"set EALS_DATA to another directory, or EALS_SKIP_DATA=1 to skip these tests on purpose.",
			err, ReviewsFile, BusinessFile)
	}
	return dir
}

var phoenix struct {
	once       sync.Once
	reviews    []core.Event
	businesses []Item
	err        error
}

// phoenixData reads the review and business files once per test binary.
func phoenixData(t testing.TB) ([]core.Event, []Item) {
	t.Helper()
	dir := dataDir(t)
	phoenix.once.Do(func() {
		phoenix.businesses, phoenix.err = readBusinessFile(filepath.Join(dir, BusinessFile))
		if phoenix.err == nil {
			phoenix.reviews, phoenix.err = readReviewFile(filepath.Join(dir, ReviewsFile))
		}
	})
	if phoenix.err != nil {
		t.Fatal(phoenix.err)
	}
	return phoenix.reviews, phoenix.businesses
}

// phoenixPack builds subset s, encodes it and decodes it again, so the
// checks see what the page sees.
func phoenixPack(t testing.TB, s Subset) (*Pack, []byte) {
	t.Helper()
	reviews, businesses := phoenixData(t)
	p, err := Build(reviews, businesses, s)
	if err != nil {
		t.Fatal(err)
	}
	return roundTrip(t, p)
}

func dayOf(t int64) string { return time.Unix(t, 0).UTC().Format("2006-01-02") }

// The default pack reproduces the figures of PROVENANCE.md.
func TestPhoenixPackStatistics(t *testing.T) {
	p, b := phoenixPack(t, Subset{K: 10})
	d := p.Data
	if d.NumUsers() != 3536 || d.NumItems() != 2841 || d.Len() != 103976 {
		t.Errorf("10-core: %d users, %d businesses, %d interactions; PROVENANCE.md has 3,536, 2,841, 103,976", d.NumUsers(), d.NumItems(), d.Len())
	}
	inter := d.Interactions()
	if first, last := dayOf(inter[0].Time), dayOf(inter[len(inter)-1].Time); first != "2005-10-08" || last != "2013-01-05" {
		t.Errorf("time range %s .. %s, want 2005-10-08 .. 2013-01-05", first, last)
	}
	perYear := map[int]int{}
	for _, x := range inter {
		perYear[time.Unix(x.Time, 0).UTC().Year()]++
	}
	wantYear := map[int]int{2005: 31, 2006: 721, 2007: 4087, 2008: 10538, 2009: 15386, 2010: 21983, 2011: 27250, 2012: 23511, 2013: 469}
	for y, n := range wantYear {
		if perYear[y] != n {
			t.Errorf("%d interactions in %d, want %d", perYear[y], y, n)
		}
	}
	restaurants, withCats, named := 0, 0, 0
	cities := map[string]int{}
	for _, it := range p.Items {
		if slices.Contains(it.Categories, "Restaurants") {
			restaurants++
		}
		if len(it.Categories) > 0 {
			withCats++
		}
		if it.Name != "" {
			named++
		}
		if strings.Contains(it.Name, `\u`) {
			t.Errorf("item %s: name %q still holds a \\u escape", it.ID, it.Name)
		}
		cities[it.City]++
	}
	if restaurants != 1929 || withCats != 2839 || named != 2841 {
		t.Errorf("%d Restaurants, %d with categories, %d named; want 1,929, 2,839, 2,841", restaurants, withCats, named)
	}
	for city, n := range map[string]int{"Phoenix": 1175, "Scottsdale": 627, "Tempe": 379, "Chandler": 215, "Mesa": 143} {
		if cities[city] != n {
			t.Errorf("%d businesses in %s, want %d", cities[city], city, n)
		}
	}
	if p.Subset != (Subset{K: 10}) || p.Source != YelpSource || p.License != YelpLicense {
		t.Errorf("notes: subset %+v, source %q, license %q", p.Subset, p.Source, p.License)
	}
	if err := consistent(p); err != nil {
		t.Error(err)
	}
	// A row of phoenix2013_business.tsv, copied by hand.
	i, ok := d.ItemID("9yKzy9PApeiPPOUJEtnvkg")
	if !ok {
		t.Fatal("Morning Glory Cafe, of the log's first review, is not in the pack")
	}
	got := p.Items[i]
	if got.Name != "Morning Glory Cafe" || got.City != "Phoenix" || got.Lat != 33.390792 || got.Lon != -112.012504 || got.Stars != 4 ||
		!slices.Equal(got.Categories, []string{"Breakfast & Brunch", "Restaurants"}) {
		t.Errorf("item %d = %+v, want Morning Glory Cafe as in the business table", i, got)
	}
	t.Logf("default pack: %d bytes", len(b))
}

// The default pack must stay within the page's budget of 1.5 MB gzipped.
func TestPhoenixPackSize(t *testing.T) {
	_, b := phoenixPack(t, Subset{K: 10})
	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		t.Fatal(err)
	}
	zw.Write(b)
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if buf.Len() > 1_500_000 {
		t.Errorf("the pack is %d bytes gzipped, over the budget of 1,500,000", buf.Len())
	}
	t.Logf("%d bytes raw, %d gzip -9", len(b), buf.Len())
}

// Other subsets a teacher may build reproduce PROVENANCE.md too.
func TestPhoenixSubsets(t *testing.T) {
	for _, c := range []struct {
		s                          Subset
		users, items, interactions int
	}{
		{Subset{K: 10, Category: "restaurants"}, 2820, 1880, 73554},
		{Subset{K: 5}, 8555, 5474, 152619},
		{Subset{K: 20}, 1071, 1051, 46784},
		{Subset{}, 45981, 11537, 229906},
	} {
		t.Run(c.s.String(), func(t *testing.T) {
			p, _ := phoenixPack(t, c.s)
			d := p.Data
			if d.NumUsers() != c.users || d.NumItems() != c.items || d.Len() != c.interactions {
				t.Errorf("%d users, %d businesses, %d interactions; want %d, %d, %d", d.NumUsers(), d.NumItems(), d.Len(), c.users, c.items, c.interactions)
			}
			if c.s.Category != "" {
				if p.Subset.Category != "Restaurants" {
					t.Errorf("recorded category %q, want the table's spelling Restaurants", p.Subset.Category)
				}
				for i, it := range p.Items {
					if !slices.Contains(it.Categories, "Restaurants") {
						t.Fatalf("item %d (%s) is not a restaurant: %q", i, it.Name, it.Categories)
					}
				}
			}
		})
	}
}

// -max keeps exactly the latest interactions of the k-core, in order.
func TestPhoenixLatest(t *testing.T) {
	full, _ := phoenixPack(t, Subset{K: 10, City: "phoenix"})
	const n = 20000
	p, _ := phoenixPack(t, Subset{K: 10, City: "phoenix", MaxInteractions: n})
	if p.Subset.City != "Phoenix" {
		t.Errorf("recorded city %q, want Phoenix", p.Subset.City)
	}
	all, got := full.Data.Interactions(), p.Data.Interactions()
	if len(got) != n {
		t.Fatalf("%d interactions, want %d", len(got), n)
	}
	want := all[len(all)-n:]
	userOf := map[int32]int32{}
	for k := range got {
		if got[k].Time != want[k].Time || p.Data.ItemKey(got[k].Item) != full.Data.ItemKey(want[k].Item) {
			t.Fatalf("interaction %d is (%s, %s), want (%s, %s)", k,
				p.Data.ItemKey(got[k].Item), dayOf(got[k].Time), full.Data.ItemKey(want[k].Item), dayOf(want[k].Time))
		}
		if u, seen := userOf[want[k].User]; seen && u != got[k].User {
			t.Fatalf("interaction %d: user %d of the full pack is both %d and %d here", k, want[k].User, u, got[k].User)
		}
		userOf[want[k].User] = got[k].User
	}
	if len(userOf) != p.Data.NumUsers() {
		t.Errorf("%d users in the window, %d in the pack", len(userOf), p.Data.NumUsers())
	}
	for i, it := range p.Items {
		if it.City != "Phoenix" {
			t.Fatalf("item %d is in %q", i, it.City)
		}
	}
}

// The decoded pack is the 10-core TSV, interaction for interaction, so the
// page and the command line evaluate the very same split.
func TestPhoenixPackMatchesTSV(t *testing.T) {
	p, _ := phoenixPack(t, Subset{K: 10})
	tsv, err := core.ReadFile(filepath.Join(dataDir(t), "phoenix2013_reviews_10core.tsv"), core.FormatYelp)
	if err != nil {
		t.Fatal(err)
	}
	if tsv.NumUsers() != p.Data.NumUsers() || tsv.NumItems() != p.Data.NumItems() {
		t.Fatalf("TSV %d×%d, pack %d×%d", tsv.NumUsers(), tsv.NumItems(), p.Data.NumUsers(), p.Data.NumItems())
	}
	for i := int32(0); int(i) < tsv.NumItems(); i++ {
		if tsv.ItemKey(i) != p.Data.ItemKey(i) {
			t.Fatalf("item %d is %s in the TSV, %s in the pack", i, tsv.ItemKey(i), p.Data.ItemKey(i))
		}
	}
	// User n of the pack is the n-th distinct user of the TSV.
	sorted := slices.Clone(tsv.Interactions())
	core.SortByTime(sorted)
	if !slices.Equal(sorted, p.Data.Interactions()) {
		t.Fatal("the pack's interactions are not the TSV's in stable time order")
	}

	trainA, testA, err := tsv.LeaveOneOut()
	if err != nil {
		t.Fatal(err)
	}
	trainB, testB, err := p.Data.LeaveOneOut()
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(testA, testB) {
		t.Errorf("leave-one-out holds out different pairs: %d vs %d cases", len(testA), len(testB))
	}
	if len(testA) != 3536 || trainA.Len() != trainB.Len() || trainA.Len() != 103976-3536 {
		t.Errorf("%d held out, train %d vs %d", len(testA), trainA.Len(), trainB.Len())
	}
	// The keys agree too, which is what the two front ends print.
	for k, x := range testB {
		if p.Data.ItemKey(x.Item) != tsv.ItemKey(testA[k].Item) {
			t.Fatalf("held-out %d: item %s vs %s", k, p.Data.ItemKey(x.Item), tsv.ItemKey(testA[k].Item))
		}
	}
}

// The same files give the same bytes, read twice and packed twice.
func TestPhoenixDeterministic(t *testing.T) {
	_, once := phoenixPack(t, Subset{K: 10})
	p, err := BuildDir(dataDir(t), Subset{K: 10})
	if err != nil {
		t.Fatal(err)
	}
	twice, err := encode(p)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(once, twice) {
		t.Errorf("two builds of the same data differ (%d vs %d bytes)", len(once), len(twice))
	}
	again, err := encode(p)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(twice, again) {
		t.Error("encoding the same pack twice gave different bytes")
	}
}

func TestBuildRejects(t *testing.T) {
	reviews, businesses := phoenixData(t)
	for _, c := range []struct {
		s    Subset
		want string
	}{
		{Subset{K: 10, Category: "Lunar Bakeries"}, `no business has the category "Lunar Bakeries"`},
		{Subset{K: 10, City: "Atlantis"}, `no business is in the city "Atlantis"`},
		{Subset{K: -1}, "k = -1"},
		{Subset{K: 10, MaxInteractions: -5}, "max = -5"},
		{Subset{K: 500}, "the 500-core is empty"},
	} {
		if _, err := Build(reviews, businesses, c.s); err == nil || !bytes.Contains([]byte(err.Error()), []byte(c.want)) {
			t.Errorf("Build(%+v): %v, want an error mentioning %q", c.s, err, c.want)
		}
	}
	orphan := []core.Event{{User: "u", Item: "no-such-business", Time: 0}}
	if _, err := Build(orphan, businesses, Subset{}); err == nil || !bytes.Contains([]byte(err.Error()), []byte(`"no-such-business", which is not in the business table`)) {
		t.Errorf("Build with an unknown business: %v", err)
	}
}

func BenchmarkDecode(b *testing.B) {
	_, data := phoenixPack(b, Subset{K: 10})
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Decode(data); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkWrite(b *testing.B) {
	p, data := phoenixPack(b, Subset{K: 10})
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := encode(p); err != nil {
			b.Fatal(err)
		}
	}
}
