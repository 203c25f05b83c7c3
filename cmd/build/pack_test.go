//go:build !wasm

package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

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
		{[]string{"-data", missing}, "no Yelp data folder at " + missing},
		{[]string{"-data", missing}, "pass -data DIR, set EALS_DATA=DIR, or run make DATA=DIR"},
		{[]string{"-data", filepath.Join(data, pack.ReviewsFile)}, "is a file, not the Yelp data folder"},
		{[]string{"-data", onlyBusinesses}, "lacks " + pack.ReviewsFile},
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
