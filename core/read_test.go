package core

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const yelpHead = "user_id\tbusiness_id\tstars\tdate\ttimestamp\n"

func TestReadEventsFormats(t *testing.T) {
	yelp := yelpHead + "ann\tpizza\t5\t2011-01-26\t1296000000\r\n\nbob\ttacos\t3\t2011-01-27\t1296086400\n"
	got, err := ReadEvents(strings.NewReader(yelp), "y.tsv", FormatYelp)
	if err != nil {
		t.Fatal(err)
	}
	want := []Event{{"ann", "pizza", 1296000000}, {"bob", "tacos", 1296086400}}
	if len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
		t.Fatalf("yelp events %v, want %v", got, want)
	}
	paper := "0\t12\t1\t1000\n1 7 5 999\n"
	got, err = ReadEvents(strings.NewReader(paper), "p.rating", FormatPaper)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[1] != (Event{"1", "7", 999}) {
		t.Fatalf("paper events %v", got)
	}
	for _, c := range []struct{ text, want string }{{yelp, "Yelp reviews TSV"}, {paper, "the paper's layout (user item rating time)"}} {
		l, err := ReadLog(strings.NewReader(c.text), "log", LogOptions{})
		if err != nil || l.Format != c.want {
			t.Errorf("detected %v, %v; want %q", l, err, c.want)
		}
	}
}

func TestReadEventsErrorsNameFileAndLine(t *testing.T) {
	for _, c := range []struct {
		name, text string
		format     Format
		want       string
	}{
		{"short.tsv", yelpHead + "a\tb\t5\t2011-01-01\t1\nc\td\t5\n", FormatYelp, "short.tsv:3: 3 columns, want 5 (user_id, business_id, stars, date, timestamp)"},
		{"ts.tsv", yelpHead + "a\tb\t5\t2011-01-01\tyesterday\n", FormatYelp, `ts.tsv:2: column 5 (time): "yesterday" is not a time`},
		{"head.tsv", "user\tbusiness\tstars\tdate\ttimestamp\n", FormatYelp, `head.tsv:1: header column 1 is "user", want "user_id"`},
		{"empty.tsv", "", FormatYelp, "empty.tsv: no interactions"},
		{"only-header.tsv", yelpHead, FormatYelp, "only-header.tsv: no interactions"},
		{"p.rating", "1 2 3 4\n1 2 3\n", FormatPaper, "p.rating:2: 3 columns, want 4 (user item rating time)"},
		{"p2.rating", "1 2 3 4.5\n", FormatPaper, `p2.rating:1: column 4 (time): "4.5" is not a time`},
		{"x", "1 2 3 4\n", "xml", `x: unknown format "xml" (want one of auto, yelp, movielens,`},
	} {
		_, err := ReadEvents(strings.NewReader(c.text), c.name, c.format)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want an error containing %q", c.name, err, c.want)
		}
	}
	_, err := ReadEvents(strings.NewReader(""), "e", FormatPaper)
	if !errors.Is(err, ErrEmpty) {
		t.Errorf("an empty file should wrap ErrEmpty: %v", err)
	}
	if err.Error() != "e: no interactions in the file" {
		t.Errorf("empty file: %q", err)
	}
	if _, err := ReadEvents(strings.NewReader(""), "e", "xml"); err == nil || !strings.Contains(err.Error(), `unknown format "xml"`) {
		t.Errorf("an unknown format with no lines: %v", err)
	}
}

// Blank lines before the header are skipped, by detection and by the
// reader alike, and later lines keep their numbers in errors.
func TestLeadingBlankLines(t *testing.T) {
	text := "\n \r\n" + yelpHead + "ann\tpizza\t5\t2011-01-26\t1296000000\nbob\ttacos\t3\n"
	for _, f := range []Format{FormatAuto, FormatYelp} {
		_, err := ReadEvents(strings.NewReader(text), "b.tsv", f)
		if err == nil || !strings.Contains(err.Error(), "b.tsv:5: 3 columns, want 5") {
			t.Errorf("format %q: got %v, want the error on line 5 of a Yelp log", f, err)
		}
	}
	l, err := ReadLog(strings.NewReader("\n\n1 2 1 5\n2 3 1 6\n"), "p", LogOptions{})
	if err != nil || l.Format != FormatPaper.Name() {
		t.Errorf("paper log after blank lines read as %v, %v", l, err)
	}
}

func TestReadFileDirectory(t *testing.T) {
	dir := t.TempDir()
	if _, err := ReadFile(dir, ""); err == nil || !strings.Contains(err.Error(), "is a directory") {
		t.Errorf("reading a directory: %v", err)
	}
}

func TestReadFileAutoDetects(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "log.tsv")
	if err := os.WriteFile(path, []byte(yelpHead+"a\tx\t5\td\t10\nb\tx\t4\td\t11\nb\ty\t4\td\t12\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	d, err := ReadFile(path, "auto")
	if err != nil {
		t.Fatal(err)
	}
	if d.NumUsers() != 2 || d.NumItems() != 2 {
		t.Fatalf("%d users %d items", d.NumUsers(), d.NumItems())
	}
	if _, err := ReadFile(filepath.Join(dir, "missing"), ""); err == nil {
		t.Fatal("a missing file read without error")
	}
}

func TestReadPhoenix10Core(t *testing.T) {
	d := yelp10core(t)
	if d.NumUsers() != 3536 || d.NumItems() != 2841 || d.Len() != 103976 {
		t.Fatalf("Phoenix 10-core: %d users, %d items, %d interactions; PROVENANCE.md says 3,536, 2,841, 103,976",
			d.NumUsers(), d.NumItems(), d.Len())
	}
	if k, err := d.KCore(10); err != nil || k.Len() != d.Len() {
		t.Fatalf("the 10-core is not its own 10-core: %v", err)
	}
}
