package core

import (
	"bytes"
	"fmt"
	"io"
	"slices"
	"strings"
	"unicode/utf8"
)

// ItemInfo is what an item file says of an item.
type ItemInfo struct {
	ID         string   // the item's key in the log
	Name       string   // "" when the file gives none
	Categories []string // in the file's order, each once, none empty
}

// ItemTable is an item file as ReadItems read it.
type ItemTable struct {
	Format string     // the layout read, e.g. "MovieLens u.item"
	Items  []ItemInfo // in the file's order
	Latin1 int        // lines that were not UTF-8, read as Latin-1
	byID   map[string]int
}

// Lookup returns what the table says of the item with the given id.
func (t *ItemTable) Lookup(id string) (ItemInfo, bool) {
	k, ok := t.byID[id]
	if !ok {
		return ItemInfo{}, false
	}
	return t.Items[k], true
}

// movieLensGenres name the genre flags that close each line of MovieLens
// 100K's u.item, in their order.
var movieLensGenres = []string{"unknown", "Action", "Adventure", "Animation", "Children's", "Comedy", "Crime",
	"Documentary", "Drama", "Fantasy", "Film-Noir", "Horror", "Musical", "Mystery", "Romance", "Sci-Fi",
	"Thriller", "War", "Western"}

// uItemWidth is the width of a u.item line: id, title, release date, video
// release date, IMDb address, and the genre flags.
var uItemWidth = 5 + len(movieLensGenres)

// itemColumnNames are the header names of an item file's columns.
var itemColumnNames = []columnNames{
	{"id", []string{"id", "itemid", "movieid", "businessid", "productid", "bookid", "trackid", "songid", "asin", "isbn",
		"item", "movie", "business", "product", "book", "track", "song"}},
	{"name", []string{"name", "title", "itemname", "moviename", "businessname", "productname", "booktitle", "tracktitle", "songtitle"}},
	{"category", []string{"categories", "category", "genres", "genre", "tags", "tag", "type"}},
}

// noGenres is how MovieLens's movies.csv says a film has no genre.
const noGenres = "(no genres listed)"

// itemLayout is the layout of an item file and the columns read from it:
// indices into a row, -1 for a column the file lacks.
type itemLayout struct {
	name                string
	delim               string
	hasHeader           bool
	id, title, category int
	genres              int  // u.item's first genre flag, or -1
	width               int  // every row's number of columns; 0 until the first row
	fixedWidth          bool // a MovieLens layout, whose width is known before any row
	topLine             int  // the first row's line
}

// ReadItems reads an item file: MovieLens 100K's u.item (with its genre
// flags), MovieLens's movies.csv or movies.dat (genres separated by "|"),
// or any file of "id,name[,category]" rows, with or without a header, its
// delimiter a comma, tab or semicolon. A category cell may list several,
// separated by "|". The file is UTF-8, or UTF-16 with a byte-order mark,
// its lines ending in LF, CRLF or CR; a line that is not UTF-8 is read as
// Latin-1, as the older MovieLens files are written. name is used in
// errors.
func ReadItems(r io.Reader, name string) (*ItemTable, error) {
	src, enc := newTextReader(r)
	b, err := io.ReadAll(src)
	if err != nil {
		return nil, &LogError{Name: name, Msg: err.Error(), Err: err}
	}
	var text string
	var latin1 int
	if enc == encUTF8 {
		text, latin1 = toUTF8(b)
	} else {
		// Latin-1 is a guess at what bytes mean, and UTF-16 leaves none to
		// guess at: what is not UTF-16 in it is shown as U+FFFD.
		text = strings.ToValidUTF8(string(b), "\ufffd")
	}
	lay, err := detectItemLayout(text, name)
	if err != nil {
		return nil, err
	}
	t := &ItemTable{Format: lay.name, Latin1: latin1, byID: map[string]int{}}
	var lines []int // the line of each item, for a repeat's message
	recs := newRecords(strings.NewReader(text), lay.delim, name)
	for {
		fields, line, err := recs.next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		if lay.width == 0 {
			if err := lay.settle(fields, line, name); err != nil {
				return nil, err
			}
			if lay.hasHeader {
				continue
			}
		}
		it, err := lay.parse(fields, line, name)
		if err != nil {
			return nil, err
		}
		if k, dup := t.byID[it.ID]; dup {
			return nil, &LogError{Name: name, Line: line, Column: lay.id + 1, Role: "id",
				Msg: fmt.Sprintf("item %q is listed again (first on line %d)", clip(it.ID), lines[k])}
		}
		t.byID[it.ID] = len(t.Items)
		t.Items = append(t.Items, it)
		lines = append(lines, line)
	}
	if len(t.Items) == 0 {
		return nil, &LogError{Name: name, Msg: "no items in the file", Err: ErrEmpty}
	}
	return t, nil
}

// ReadItemFile reads the item file at path, as ReadItems does.
func ReadItemFile(path string) (*ItemTable, error) {
	f, err := openText(path, "an item file")
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadItems(f, path)
}

// toUTF8 returns b as text, reading each line that is not valid UTF-8 as
// Latin-1 (every byte the code point of its value), and how many such
// lines there were. Lines rather than the whole file, so that a file
// already mostly UTF-8 keeps its good lines as they are.
func toUTF8(b []byte) (string, int) {
	if utf8.Valid(b) {
		return string(b), 0
	}
	var out strings.Builder
	out.Grow(len(b) + len(b)/8)
	n := 0
	for len(b) > 0 {
		line, rest, found := bytes.Cut(b, []byte("\n"))
		if utf8.Valid(line) {
			out.Write(line)
		} else {
			n++
			for _, c := range line {
				out.WriteRune(rune(c))
			}
		}
		if found {
			out.WriteByte('\n')
		}
		b = rest
	}
	return out.String(), n
}

// detectItemLayout tells the item file's layout from its first lines.
func detectItemLayout(text, name string) (*itemLayout, error) {
	lines := headLines([]byte(text), true)
	if len(lines) == 0 {
		return nil, &LogError{Name: name, Msg: "no items in the file", Err: ErrEmpty}
	}
	first := lines[0].text
	lay := &itemLayout{id: 0, title: 1, category: -1, genres: -1}
	switch pipes := strings.Split(first, "|"); {
	case strings.Contains(first, "::"):
		lay.name, lay.delim, lay.category, lay.width, lay.fixedWidth = "MovieLens movies.dat", "::", 2, 3, true
		return lay, nil
	case len(pipes) == uItemWidth && allFlags(pipes[5:]):
		lay.name, lay.delim, lay.genres, lay.width, lay.fixedWidth = "MovieLens u.item", "|", 5, uItemWidth, true
		return lay, nil
	}
	delim, err := sniffDelimiter(lines, name)
	if err != nil {
		return nil, err
	}
	if delim == "" || delim == whitespace {
		return nil, &LogError{Name: name, Line: lines[0].n, Msg: fmt.Sprintf("%q is not an item row: want an id and a name, separated by a comma, tab or semicolon (or a MovieLens u.item, movies.csv or movies.dat)", clip(first))}
	}
	fields := splitLine(first, delim)
	lay.delim, lay.hasHeader = delim, isHeader(fields, itemColumnNames)
	switch {
	case delim == "," && slices.Equal(fields, []string{"movieId", "title", "genres"}):
		lay.name = "MovieLens movies.csv"
	case lay.hasHeader:
		lay.name = delimiterName(delim) + " items with header"
	default:
		lay.name = delimiterName(delim) + " items without header"
	}
	return lay, nil
}

// delimiterName is a generic layout's name for delim, "comma-separated".
func delimiterName(delim string) string {
	for _, l := range layouts {
		if l.delim == delim && l.header == nil && l.width == 0 {
			return l.name
		}
	}
	return delim + "-separated"
}

// allFlags reports whether every field is a 0 or 1 flag.
func allFlags(fields []string) bool {
	for _, f := range fields {
		if f = strings.TrimSpace(f); f != "0" && f != "1" {
			return false
		}
	}
	return true
}

// settle finds the columns from the first row, a header or data.
func (lay *itemLayout) settle(fields []string, line int, name string) error {
	lay.topLine = line
	switch {
	case lay.hasHeader:
		lay.width = len(fields)
		lay.id = findColumn(fields, itemColumnNames[0].names)
		lay.title = findColumn(fields, itemColumnNames[1].names)
		lay.category = findColumn(fields, itemColumnNames[2].names)
		if lay.id < 0 {
			return &LogError{Name: name, Line: line, Msg: fmt.Sprintf("the header (%s) names no id column: want one named id, itemId or movieId", strings.Join(fields, ", "))}
		}
		return nil
	case len(fields) < 2:
		return &LogError{Name: name, Line: line, Msg: "one column: want an id and a name"}
	}
	lay.width = len(fields)
	if lay.width >= 3 {
		lay.category = 2
	}
	return nil
}

// parse reads one item row.
func (lay *itemLayout) parse(fields []string, line int, name string) (ItemInfo, error) {
	if len(fields) != lay.width {
		where := fmt.Sprintf("as on line %d", lay.topLine)
		if lay.fixedWidth {
			where = "as " + lay.name + " has"
		}
		return ItemInfo{}, &LogError{Name: name, Line: line, Msg: fmt.Sprintf("%s, want %d %s", plural(len(fields), "column"), lay.width, where)}
	}
	it := ItemInfo{ID: strings.TrimSpace(fields[lay.id])}
	if it.ID == "" {
		return ItemInfo{}, &LogError{Name: name, Line: line, Column: lay.id + 1, Role: "id", Msg: "empty, want an item id"}
	}
	// The text is UTF-8 by now, so only control characters are left to refuse.
	if msg := checkKey(it.ID, encUTF8); msg != "" {
		return ItemInfo{}, &LogError{Name: name, Line: line, Column: lay.id + 1, Role: "id", Msg: msg}
	}
	if lay.title >= 0 {
		it.Name = strings.TrimSpace(fields[lay.title])
	}
	if lay.category >= 0 {
		it.Categories = splitCategories(fields[lay.category])
	}
	if lay.genres >= 0 {
		for k, flag := range fields[lay.genres:] {
			switch strings.TrimSpace(flag) {
			case "1":
				it.Categories = append(it.Categories, movieLensGenres[k])
			case "0":
			default:
				return ItemInfo{}, &LogError{Name: name, Line: line, Column: lay.genres + k + 1, Role: movieLensGenres[k],
					Msg: fmt.Sprintf("%q is not a genre flag: want 0 or 1", clip(flag))}
			}
		}
	}
	return it, nil
}

// splitCategories reads a category cell: categories separated by "|",
// each kept once, blank ones and MovieLens's "(no genres listed)" left out.
func splitCategories(cell string) []string {
	var out []string
	for _, c := range strings.Split(cell, "|") {
		if c = strings.TrimSpace(c); c != "" && c != noGenres && !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	return out
}
