package core

import (
	"strings"
	"testing"
)

func TestDetectLayout(t *testing.T) {
	for _, c := range []struct {
		name, text string
		format     Format
		want       string // the layout's name
		delim      string
	}{
		{"phoenix.tsv", yelpHead + "ann\tpizza\t5\t2011-01-26\t1296000000\n", "", "Yelp reviews TSV", "\t"},
		{"ratings.csv", "userId,movieId,rating,timestamp\n1,31,2.5,1260759144\n", "", "MovieLens ratings.csv", ","},
		{"ratings.dat", "1::1193::5::978300760\n1::661::3::978302109\n", "", "MovieLens ratings.dat", "::"},
		{"ml-100k/u.data", "196\t242\t3\t881250949\n186\t302\t3\t891717742\n", "", "MovieLens u.data", whitespace},
		{"ml-100k/u1.base", "1\t1\t5\t874965758\n", "", "MovieLens u.data", whitespace},
		{"yelp.rating", "0\t12\t1\t1000\n1\t7\t5\t999\n", "", "the paper's layout (user item rating time)", whitespace},
		{"spaced.rating", "0 12 1 1000\n1 7 5 999\n", "", "the paper's layout (user item rating time)", whitespace},
		// A tab-separated row whose fields hold spaces is not the paper's.
		{"names.tsv", "ann lee\tpizza\t5\t1000\n", "", "tab-separated without header", "\t"},
		{"log.csv", "user,item\nann,pizza\n", "", "comma-separated with header", ","},
		{"log.csv", "ann,pizza,4\nbob,tacos,5\n", "", "comma-separated without header", ","},
		{"log.tsv", "User ID\tProduct\tScore\n", "", "tab-separated with header", "\t"},
		{"log.txt", "ann;pizza;4,5\nbob;tacos;3\n", "", "semicolon-separated without header", ";"},
		{"log.txt", "user item\nann pizza\n", "", "space-separated with header", whitespace},
		{"log.txt", "ann pizza 4\n", "", "space-separated without header", whitespace},
		{"log.txt", "user::item\nann::pizza\n", "", "::-separated with header", "::"},
		{"log.txt", "ann::pizza\n", "", "::-separated without header", "::"},
		// Commas inside quotes are not delimiters; tabs recurring on every
		// line beat commas that do not.
		{"q.csv", "\"lee, ann\",pizza\n", "", "comma-separated without header", ","},
		{"mixed.tsv", "ann\tpizza, hot\t4\nbob\ttacos\t5\n", "", "tab-separated without header", "\t"},
		{"blank.csv", "\n\n user_id , item_id \nann,pizza\n", "", "comma-separated with header", ","},
		// A named format skips detection.
		{"x", "1,2,3,4\n", FormatMovieLensDat, "MovieLens ratings.dat", "::"},
		{"x", "user;item\n", FormatSemicolon, "semicolon-separated with header", ";"},
		{"x", "a;b\n", FormatSemicolon, "semicolon-separated without header", ";"},
		{"x", "", FormatAuto, "the paper's layout (user item rating time)", whitespace},
	} {
		got, err := detectLayout([]byte(c.text), true, c.name, c.format)
		if err != nil {
			t.Errorf("%s %q: %v", c.name, c.text, err)
			continue
		}
		if got.Name() != c.want || got.delim != c.delim {
			t.Errorf("%s %q: detected %q split by %q, want %q split by %q", c.name, c.text, got.Name(), got.delim, c.want, c.delim)
		}
	}
}

func TestDetectLayoutErrors(t *testing.T) {
	for _, c := range []struct {
		text string
		f    Format
		want string
	}{
		{"\n\nann\n", "", `x:3: "ann" has one column: want a user and an item`},
		{"ann,pizza\tfresh\n", "", "x:1: mixed delimiters: the line has tabs and commas"},
		{"a,b;c\nd,e;f\n", "", "x:1: mixed delimiters: the line has commas and semicolons"},
		{"a,b\n", "json", `x: unknown format "json"`},
	} {
		_, err := detectLayout([]byte(c.text), true, "x", c.f)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: got %v, want an error containing %q", c.text, err, c.want)
		}
	}
}

// Detection reads only the first bytes of a large file: a line cut short
// at their end is not taken for a line with fewer columns.
func TestDetectLayoutIgnoresACutLine(t *testing.T) {
	// Tabs recur on every whole line and commas do not: tabs win. Were the
	// cut "f" a line, neither would recur and the delimiters would be mixed.
	head := []byte("a\tb,c\nd\te\nf")
	if got, err := detectLayout(head, false, "x", ""); err != nil || got.delim != "\t" {
		t.Errorf("a head cut after \"f\": %v, %v; want tabs", got, err)
	}
	if _, err := detectLayout(head, true, "x", ""); err == nil || !strings.Contains(err.Error(), "mixed delimiters") {
		t.Errorf("a whole file ending in the line \"f\": %v, want mixed delimiters", err)
	}
	if got := headLines([]byte("one long line cut"), false); len(got) != 1 {
		t.Errorf("headLines dropped the only line of a cut head")
	}
}

func TestFormatsAndNames(t *testing.T) {
	seen := map[Format]bool{}
	for _, f := range Formats() {
		if seen[f] {
			t.Errorf("%q listed twice", f)
		}
		seen[f] = true
		if f.Name() == "" || f.Name() == string(f) {
			t.Errorf("%q has no name of its own: %q", f, f.Name())
		}
	}
	if Formats()[0] != FormatAuto || Format("xml").Name() != "xml" {
		t.Errorf("Formats()[0] = %q, xml's name %q", Formats()[0], Format("xml").Name())
	}
}
