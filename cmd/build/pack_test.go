//go:build !wasm

package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ealslive/ealslive/core"
	"github.com/ealslive/ealslive/core/pack"
)

// syntheticData writes a tiny data directory in the layout of the shared
// Yelp one: three users who reviewed all three businesses, and one user
// with a single review that a 2-core drops.
func syntheticData(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	var reviews strings.Builder
	reviews.WriteString("user_id\tbusiness_id\tstars\tdate\ttimestamp\n")
	for k, u := range []string{"ua", "ub", "uc"} {
		for j, b := range []string{"b1", "b2", "b3"} {
			ts := int64(15000+k+j) * 86400
			fmt.Fprintf(&reviews, "%s\t%s\t4\tx\t%d\n", u, b, ts)
		}
	}
	reviews.WriteString("lonely\tb1\t5\tx\t1296000000\n")
	business := "business_id\tname\tcategories\tcity\tstate\tlatitude\tlongitude\tstars\treview_count\topen\n" +
		"b1\tOne\tFood|Coffee & Tea\tTempe\tAZ\t33.4\t-111.9\t4.5\t10\t1\n" +
		"b2\tTwo\t\tPhoenix\tAZ\t33.5\t-112.0\t3.0\t3\t1\n" +
		"b3\tThree\tFood\tTempe\tAZ\t33.6\t-112.1\t5.0\t7\t0\n"
	for name, text := range map[string]string{pack.ReviewsFile: reviews.String(), pack.BusinessFile: business} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestPackCommand(t *testing.T) {
	data := syntheticData(t)
	out := filepath.Join(t.TempDir(), "new", "dir", "yelp.msgpack")
	var stdout, stderr bytes.Buffer
	if err := packCommand([]string{"-data", data, "-out", out, "-k", "2"}, &stdout, &stderr); err != nil {
		t.Fatalf("%v\n%s", err, stderr.String())
	}
	first, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	summary := stdout.String()
	for _, want := range []string{out, "2-core", "3 users, 3 items, 9 interactions", fmt.Sprintf("%d bytes raw", len(first)), "gzip -9"} {
		if !strings.Contains(summary, want) {
			t.Errorf("summary %q does not mention %q", summary, want)
		}
	}
	if strings.Count(summary, "\n") != 1 {
		t.Errorf("summary is not one line: %q", summary)
	}
	p, err := pack.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if p.Data.Len() != 9 || p.Subset != (pack.Subset{K: 2}) || p.Items[0].Name != "One" {
		t.Errorf("pack holds %d interactions, subset %+v, first item %+v", p.Data.Len(), p.Subset, p.Items[0])
	}

	// A second run from $EALS_DATA writes the very same bytes.
	t.Setenv("EALS_DATA", data)
	stdout.Reset()
	if err := packCommand([]string{"-out", out, "-k", "2"}, &stdout, &stderr); err != nil {
		t.Fatal(err)
	}
	second, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(first, second) {
		t.Errorf("two runs wrote different packs (%d vs %d bytes)", len(first), len(second))
	}
	if leftovers, _ := filepath.Glob(filepath.Join(filepath.Dir(out), ".pack-*")); len(leftovers) > 0 {
		t.Errorf("temporary files left behind: %q", leftovers)
	}
}

func TestPackCommandSubsets(t *testing.T) {
	data := syntheticData(t)
	out := filepath.Join(t.TempDir(), "p.msgpack")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-k", "1", "-category", "food"}, "category Food: 4 users, 2 items, 7 interactions"},
		{[]string{"-k", "0", "-city", "PHOENIX"}, "city Phoenix: 3 users, 1 items, 3 interactions"},
		{[]string{"-k", "2", "-max", "4"}, "2-core, latest 4 interactions: 2 users, 3 items, 4 interactions"},
	} {
		var stdout, stderr bytes.Buffer
		if err := packCommand(append([]string{"-data", data, "-out", out}, c.args...), &stdout, &stderr); err != nil {
			t.Fatalf("%q: %v", c.args, err)
		}
		if !strings.Contains(stdout.String(), c.want) {
			t.Errorf("%q: summary %q, want it to say %q", c.args, stdout.String(), c.want)
		}
	}
}

func TestPackCommandErrors(t *testing.T) {
	data := syntheticData(t)
	out := filepath.Join(t.TempDir(), "p.msgpack")
	missing := filepath.Join(t.TempDir(), "nowhere")
	onlyBusinesses := t.TempDir()
	b, err := os.ReadFile(filepath.Join(data, pack.BusinessFile))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(onlyBusinesses, pack.BusinessFile), b, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-data", missing}, "no Yelp data folder or log file at " + missing},
		{[]string{"-data", missing}, "pass -data DIR or FILE, set EALS_DATA=DIR, or run make DATA=DIR or DATA=FILE"},
		{[]string{"-data", filepath.Join(data, pack.BusinessFile)}, "phoenix2013_business.tsv:1: the header (business_id, name, categories, city, state, latitude, longitude, stars, review_count, open) names no user column"},
		{[]string{"-data", onlyBusinesses}, "lacks " + pack.ReviewsFile},
		{[]string{"-data", data, "-items", "movies.csv"}, "conflicting flags: -items applies to a log file"},
		{[]string{"-data", data, "-min-rating", "4"}, "conflicting flags: -min-rating applies to a log file"},
		{[]string{"-data", filepath.Join(data, pack.ReviewsFile), "-city", "Tempe"}, "conflicting flags: -category and -city choose Yelp businesses"},
		{[]string{"-data", filepath.Join(data, pack.ReviewsFile), "-format", "xml"}, `invalid value "xml" for flag -format: want one of auto, yelp,`},
		{[]string{"-data", filepath.Join(data, pack.ReviewsFile), "-min-rating", "6"}, "no row is rated 6 or more (the ratings run from 4 to 5)"},
		{[]string{"-data", data, "-k", "-1"}, "k = -1"},
		{[]string{"-data", data, "-category", "Bakeries"}, `no business has the category "Bakeries"`},
		{[]string{"-data", data, "-k", "9"}, "the 9-core is empty"},
		{[]string{"-data", data, "extra"}, `unexpected arguments ["extra"]`},
		{[]string{"-nosuchflag"}, "flag provided but not defined"},
	} {
		var stdout, stderr bytes.Buffer
		err := packCommand(append([]string{"-out", out}, c.args...), &stdout, &stderr)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want one mentioning %q", c.args, err, c.want)
		}
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("a failed run left %s behind: %v", out, err)
	}
}

// A log file packs through core's reader: its format, threshold, k-core
// and item names go into the pack, which decodes to what the reader read.
func TestPackCommandLog(t *testing.T) {
	dir := t.TempDir()
	ratings := filepath.Join(dir, "ratings.csv")
	movies := filepath.Join(dir, "movies.csv")
	var log strings.Builder
	log.WriteString("userId,movieId,rating,timestamp\n")
	for u := 1; u <= 6; u++ {
		for m := 1; m <= 5; m++ {
			fmt.Fprintf(&log, "%d,%d,%d.0,%d\n", u, 10*m, 1+(u+m)%5, 1_000_000_000+86400*(u*5+m)+u)
		}
	}
	for name, text := range map[string]string{
		ratings: log.String(),
		movies:  "movieId,title,genres\n10,Ten (1990),Drama\n20,\"Twenty, The (1991)\",Comedy|Drama\n",
	} {
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out := filepath.Join(dir, "web", "yelp.msgpack")
	var stdout, stderr bytes.Buffer
	args := []string{"-data", ratings, "-items", movies, "-min-rating", "3", "-k", "2", "-out", out, "-license", "test terms"}
	if err := packCommand(args, &stdout, &stderr); err != nil {
		t.Fatalf("%v\n%s", err, stderr.String())
	}
	want, err := core.ReadLogFile(ratings, core.LogOptions{MinRating: 3, KCore: 2, Items: mustItems(t, movies)})
	if err != nil {
		t.Fatal(err)
	}
	p, err := pack.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if p.Format != "MovieLens ratings.csv" || p.Subset != (pack.Subset{K: 2, MinRating: 3}) || p.Source != "ratings.csv with movies.csv" ||
		p.License != "test terms" || p.HasCoords || !p.HasTimes {
		t.Errorf("pack: format %q, subset %+v, source %q, license %q, coordinates %v, times %v",
			p.Format, p.Subset, p.Source, p.License, p.HasCoords, p.HasTimes)
	}
	if p.Data.NumUsers() != want.Data.NumUsers() || p.Data.NumItems() != want.Data.NumItems() || p.Data.Len() != want.Data.Len() {
		t.Errorf("pack %d×%d, %d pairs; the reader %d×%d, %d", p.Data.NumUsers(), p.Data.NumItems(), p.Data.Len(),
			want.Data.NumUsers(), want.Data.NumItems(), want.Data.Len())
	}
	for _, it := range p.Items {
		if i, _ := want.Data.ItemID(it.ID); it.Name != want.Items[i].Name {
			t.Errorf("item %s named %q, the reader says %q", it.ID, it.Name, want.Items[i].Name)
		}
	}
	summary := stdout.String()
	for _, w := range []string{out, "rated at least 3, 2-core", fmt.Sprintf("%d users, %d items, %d interactions (MovieLens ratings.csv)",
		p.Data.NumUsers(), p.Data.NumItems(), p.Data.Len())} {
		if !strings.Contains(summary, w) {
			t.Errorf("summary %q does not mention %q", summary, w)
		}
	}
	if n := strings.Count(stderr.String(), "note: "); n != len(want.Notes()) || !strings.Contains(stderr.String(), "not in the item file") {
		t.Errorf("stderr %q, want the reader's %d notes", stderr.String(), len(want.Notes()))
	}
}

func mustItems(t *testing.T, path string) *core.ItemTable {
	t.Helper()
	items, err := core.ReadItemFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return items
}
