package core

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// uItemLine is a line of MovieLens 100K's u.item with the given genres set.
func uItemLine(id, title string, genres ...string) string {
	flags := make([]string, len(movieLensGenres))
	for k, g := range movieLensGenres {
		flags[k] = "0"
		if slices.Contains(genres, g) {
			flags[k] = "1"
		}
	}
	return id + "|" + title + "|01-Jan-1995||http://us.imdb.com/M/title-exact?x|" + strings.Join(flags, "|") + "\n"
}

func TestReadItems(t *testing.T) {
	for _, c := range []struct {
		name, text string
		format     string
		want       []ItemInfo
		latin1     int
	}{
		{"u.item", uItemLine("1", "Toy Story (1995)", "Animation", "Children's", "Comedy") +
			// Latin-1, as the file is written: "Café" with é as the byte 0xe9.
			uItemLine("2", "Caf\xe9 au lait (1993)", "Comedy") + uItemLine("267", "unknown", "unknown"),
			"MovieLens u.item", []ItemInfo{
				{"1", "Toy Story (1995)", []string{"Animation", "Children's", "Comedy"}},
				{"2", "Café au lait (1993)", []string{"Comedy"}},
				{"267", "unknown", []string{"unknown"}},
			}, 1},
		{"movies.csv", "movieId,title,genres\n1,Toy Story (1995),Adventure|Animation|Children\n" +
			"11,\"American President, The (1995)\",Comedy|Drama|Romance\n" + "999,Nothing (2020),(no genres listed)\n",
			"MovieLens movies.csv", []ItemInfo{
				{"1", "Toy Story (1995)", []string{"Adventure", "Animation", "Children"}},
				{"11", "American President, The (1995)", []string{"Comedy", "Drama", "Romance"}},
				{"999", "Nothing (2020)", nil},
			}, 0},
		{"movies.dat", "1::Toy Story (1995)::Animation|Children's|Comedy\n2::Jumanji (1995)::Adventure|Children's|Fantasy\n",
			"MovieLens movies.dat", []ItemInfo{
				{"1", "Toy Story (1995)", []string{"Animation", "Children's", "Comedy"}},
				{"2", "Jumanji (1995)", []string{"Adventure", "Children's", "Fantasy"}},
			}, 0},
		{"places.tsv", "\ufeffcity\tname\tbusiness_id\ttype\nTempe\tCafe X\tx\tCoffee | Coffee|Bakery\nMesa\tZest\tz\t\n",
			"tab-separated items with header", []ItemInfo{
				{"x", "Cafe X", []string{"Coffee", "Bakery"}},
				{"z", "Zest", nil},
			}, 0},
		{"names.csv", "x,Cafe X\n z , Zest \n", "comma-separated items without header",
			[]ItemInfo{{"x", "Cafe X", nil}, {"z", "Zest", nil}}, 0},
		{"cats.txt", "x;Cafe X;Coffee\nz;Zest;Bar|Food\n", "semicolon-separated items without header",
			[]ItemInfo{{"x", "Cafe X", []string{"Coffee"}}, {"z", "Zest", []string{"Bar", "Food"}}}, 0},
	} {
		tab, err := ReadItems(strings.NewReader(c.text), c.name)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if tab.Format != c.format || tab.Latin1 != c.latin1 || len(tab.Items) != len(c.want) {
			t.Errorf("%s: format %q, %d Latin-1 lines, %d items; want %q, %d, %d", c.name, tab.Format, tab.Latin1, len(tab.Items), c.format, c.latin1, len(c.want))
			continue
		}
		for k, w := range c.want {
			got := tab.Items[k]
			if got.ID != w.ID || got.Name != w.Name || !slices.Equal(got.Categories, w.Categories) {
				t.Errorf("%s: item %d is %+v, want %+v", c.name, k, got, w)
			}
			if found, ok := tab.Lookup(w.ID); !ok || found.Name != w.Name {
				t.Errorf("%s: Lookup(%q) = %+v, %v", c.name, w.ID, found, ok)
			}
		}
		if _, ok := tab.Lookup("no such id"); ok {
			t.Errorf("%s: Lookup found an item the file lacks", c.name)
		}
	}
}

func TestReadItemsErrors(t *testing.T) {
	for _, c := range []struct {
		name, text string
		want       string
		line, col  int
	}{
		{"empty.csv", "\n\n", "empty.csv: no items in the file", 0, 0},
		{"header.csv", "id,name\n", "header.csv: no items in the file", 0, 0},
		{"twice.csv", "x,A\ny,B\nx,C\n", `twice.csv:3: column 1 (id): item "x" is listed again (first on line 1)`, 3, 1},
		{"blank.csv", "x,A\n ,B\n", "blank.csv:2: column 1 (id): empty, want an item id", 2, 1},
		{"nul.csv", "x,A\ny\x00z,B\n", `nul.csv:2: column 1 (id): "y\x00z" holds a control character (U+0000), which an id cannot hold`, 2, 1},
		{"short.csv", "x,A,Bar\ny,B\n", "short.csv:2: 2 columns, want 3 as on line 1", 2, 0},
		{"u.item", uItemLine("1", "A") + strings.Replace(uItemLine("2", "B"), "|0|0|0\n", "|0|0|2\n", 1),
			`u.item:2: column 24 (Western): "2" is not a genre flag: want 0 or 1`, 2, 24},
		{"u.item", uItemLine("1", "A") + "2|B|x\n", "u.item:2: 3 columns, want 24 as MovieLens u.item has", 2, 0},
		{"noid.csv", "title,genres\nA,Comedy\n", "noid.csv:1: the header (title, genres) names no id column", 1, 0},
		{"words.txt", "Toy Story\n", `words.txt:1: "Toy Story" is not an item row: want an id and a name`, 1, 0},
		{"mixed.csv", "x,A\tB\n", "mixed.csv:1: mixed delimiters", 1, 0},
	} {
		_, err := ReadItems(strings.NewReader(c.text), c.name)
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s: got %v, want an error starting %q", c.name, err, c.want)
			continue
		}
		var le *LogError
		if !errors.As(err, &le) || le.Line != c.line || le.Column != c.col {
			t.Errorf("%s: %#v, want a LogError at line %d column %d", c.name, err, c.line, c.col)
		}
	}
}

func TestReadItemFile(t *testing.T) {
	dir := t.TempDir()
	if _, err := ReadItemFile(dir); err == nil || !strings.Contains(err.Error(), "is a directory, not an item file") {
		t.Errorf("a directory: %v", err)
	}
	path := filepath.Join(dir, "movies.dat")
	if err := os.WriteFile(path, []byte("1::Caf\xe9 (1995)::Comedy\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tab, err := ReadItemFile(path)
	if err != nil || tab.Items[0].Name != "Café (1995)" || tab.Format != "MovieLens movies.dat" {
		t.Errorf("%+v, %v", tab, err)
	}
}

// Lines that are UTF-8 stay as they are; only the others are read as
// Latin-1, byte by byte.
func TestToUTF8(t *testing.T) {
	text, n := toUTF8([]byte("Café\nCaf\xe9\r\n\xff\xfe\nplain"))
	if want := "Café\nCafé\r\nÿþ\nplain"; text != want || n != 2 {
		t.Errorf("toUTF8 = %q, %d; want %q, 2", text, n, want)
	}
}
