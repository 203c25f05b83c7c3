package core

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"path"
	"path/filepath"
	"slices"
	"strings"
)

// Format names a layout of interaction logs. ReadLog detects the layout
// when given FormatAuto or ""; naming one skips detection, for a file whose
// first lines mislead it.
type Format string

const (
	// FormatAuto detects the layout from the first lines of the log.
	FormatAuto Format = "auto"
	// FormatYelp is the tab-separated layout of the Phoenix Yelp files, with
	// the header "user_id business_id stars date timestamp".
	FormatYelp Format = "yelp"
	// FormatPaper is the paper's layout: "user item rating timestamp" per
	// line, separated by tabs or spaces, with no header.
	FormatPaper Format = "paper"
	// FormatMovieLens is MovieLens's ratings.csv, with the header
	// "userId,movieId,rating,timestamp".
	FormatMovieLens Format = "movielens"
	// FormatMovieLensDat is MovieLens 1M's ratings.dat:
	// "user::movie::rating::timestamp", with no header.
	FormatMovieLensDat Format = "movielens-dat"
	// FormatMovieLensUData is MovieLens 100K's u.data, the paper's layout
	// under another name.
	FormatMovieLensUData Format = "movielens-udata"

	// The generic layouts fix the delimiter only: a header is detected, and
	// the columns are found by name in it or, without one, by position.

	FormatCSV       Format = "csv"       // commas, quoted fields as encoding/csv reads them
	FormatTSV       Format = "tsv"       // tabs, quoted fields as encoding/csv reads them
	FormatSemicolon Format = "semicolon" // semicolons, quoted fields as encoding/csv reads them
	FormatSpaces    Format = "spaces"    // runs of spaces or tabs
	FormatColons    Format = "colons"    // "::"
)

// whitespace stands for runs of spaces and tabs as a delimiter, the way
// strings.Fields splits.
const whitespace = " "

// layout is a way a log can be laid out.
type layout struct {
	format Format
	name   string   // shown to people; a generic layout adds whether it has a header
	delim  string   // ",", "\t", ";", "::" or whitespace
	header []string // a named layout's header, exactly; nil if it has none or it is detected
	width  int      // a named headerless layout's number of columns; 0 if it has a header or is generic
}

var (
	yelpHeader      = []string{"user_id", "business_id", "stars", "date", "timestamp"}
	movieLensHeader = []string{"userId", "movieId", "rating", "timestamp"}
)

// layouts lists every layout a Format names, named ones first.
var layouts = []layout{
	{format: FormatYelp, name: "Yelp reviews TSV", delim: "\t", header: yelpHeader},
	{format: FormatMovieLens, name: "MovieLens ratings.csv", delim: ",", header: movieLensHeader},
	{format: FormatMovieLensDat, name: "MovieLens ratings.dat", delim: "::", width: 4},
	{format: FormatMovieLensUData, name: "MovieLens u.data", delim: whitespace, width: 4},
	{format: FormatPaper, name: "the paper's layout (user item rating time)", delim: whitespace, width: 4},
	{format: FormatCSV, name: "comma-separated", delim: ","},
	{format: FormatTSV, name: "tab-separated", delim: "\t"},
	{format: FormatSemicolon, name: "semicolon-separated", delim: ";"},
	{format: FormatSpaces, name: "space-separated", delim: whitespace},
	{format: FormatColons, name: "::-separated", delim: "::"},
}

// Formats lists the formats ReadLog accepts, FormatAuto first.
func Formats() []Format {
	fs := []Format{FormatAuto}
	for _, l := range layouts {
		fs = append(fs, l.format)
	}
	return fs
}

// Name is the format as a person reads it ("MovieLens ratings.dat"); a
// generic format's name is its delimiter ("comma-separated").
func (f Format) Name() string {
	if l, ok := layoutOf(f); ok {
		return l.name
	}
	if f == FormatAuto || f == "" {
		return "detected from the first lines"
	}
	return string(f)
}

func layoutOf(f Format) (layout, bool) {
	for _, l := range layouts {
		if l.format == f {
			return l, true
		}
	}
	return layout{}, false
}

func unknownFormat(name string, f Format) error {
	names := make([]string, 0, len(layouts)+1)
	for _, g := range Formats() {
		names = append(names, string(g))
	}
	return &LogError{Name: name, Msg: fmt.Sprintf("unknown format %q (want one of %s)", f, strings.Join(names, ", "))}
}

// fileLayout is a layout as found in one file: with a header or not.
type fileLayout struct {
	layout
	hasHeader bool
}

// Name says what was read, e.g. "comma-separated with header".
func (l fileLayout) Name() string {
	switch {
	case l.header != nil || l.width > 0:
		return l.name
	case l.hasHeader:
		return l.name + " with header"
	}
	return l.name + " without header"
}

// headLine is a non-blank line of a log's first bytes and its number.
type headLine struct {
	text string
	n    int
}

// maxHeadLines is how many lines detection looks at: enough to see that a
// delimiter recurs, few enough to stay in the first bytes.
const maxHeadLines = 16

// headLines returns the first non-blank lines of head. Unless head is the
// whole file, its last line may be cut short and is left out, so long as
// another line remains.
func headLines(head []byte, whole bool) []headLine {
	var out []headLine
	for n := 1; len(head) > 0 && len(out) < maxHeadLines; n++ {
		line, rest, found := bytes.Cut(head, []byte("\n"))
		head = rest
		if !found && !whole && len(out) > 0 {
			break
		}
		text := strings.TrimRight(string(line), "\r")
		if strings.TrimSpace(text) != "" {
			out = append(out, headLine{text, n})
		}
	}
	return out
}

// detectLayout chooses the layout of the log whose first bytes are head
// (the whole file if whole), as f names it or, for FormatAuto, as the
// first lines show it. name is the file's name: it tells MovieLens's u.data
// from other logs in the paper's layout, and it goes into errors.
func detectLayout(head []byte, whole bool, name string, f Format) (fileLayout, error) {
	lines := headLines(head, whole)
	if f != FormatAuto && f != "" {
		l, ok := layoutOf(f)
		if !ok {
			return fileLayout{}, unknownFormat(name, f)
		}
		fl := fileLayout{layout: l, hasHeader: l.header != nil}
		if l.header == nil && l.width == 0 && len(lines) > 0 {
			fl.hasHeader = isHeader(splitLine(lines[0].text, l.delim), logColumnNames)
		}
		return fl, nil
	}
	if len(lines) == 0 {
		// Nothing to detect: the reader finds no rows and says so.
		pl, _ := layoutOf(FormatPaper)
		return fileLayout{layout: pl}, nil
	}
	delim, err := sniffDelimiter(lines, name)
	if err != nil {
		return fileLayout{}, err
	}
	if delim == "" {
		return fileLayout{}, &LogError{Name: name, Line: lines[0].n, Msg: fmt.Sprintf("%q has one column: want a user and an item on each line, separated by commas, tabs, semicolons, spaces or ::", clip(lines[0].text))}
	}
	first := splitLine(lines[0].text, delim)
	header := isHeader(first, logColumnNames)
	for _, l := range layouts {
		// A headerless line with tabs may be in the paper's layout (or
		// u.data's), which splits on any run of spaces and tabs.
		if l.delim != delim && !(l.width > 0 && l.delim == whitespace && delim == "\t") {
			continue
		}
		switch {
		case l.header != nil && header && slices.Equal(first, l.header):
			return fileLayout{layout: l, hasHeader: true}, nil
		case l.width > 0 && !header && fitsWidth(l, delim, first, lines[0].text):
			if l.format == FormatMovieLensUData && !isUData(name) {
				continue
			}
			return fileLayout{layout: l}, nil
		case l.header == nil && l.width == 0:
			return fileLayout{layout: l, hasHeader: header}, nil
		}
	}
	// Every delimiter sniffDelimiter returns has a generic layout.
	return fileLayout{}, &LogError{Name: name, Line: lines[0].n, Msg: fmt.Sprintf("no layout for the delimiter %q", delim)}
}

// fitsWidth reports whether a headerless first line is a row of a
// fixed-width layout: four columns, a rating and a time last. A line
// with tabs is split on every run of spaces and tabs, as the paper's
// reader always split it.
func fitsWidth(l layout, delim string, first []string, text string) bool {
	if delim == "\t" && l.delim == whitespace {
		first = strings.Fields(text)
	}
	if len(first) != l.width || l.width != 4 {
		return false
	}
	_, rerr := parseRating(strings.TrimSpace(first[2]))
	_, terr := parseTime(strings.TrimSpace(first[3]))
	return rerr == nil && terr == nil
}

// isUData reports whether a file is named as MovieLens 100K names its
// logs: u.data, and the splits u1.base … u5.test, ua.base, ub.test.
func isUData(name string) bool {
	base := path.Base(filepath.ToSlash(name))
	return base == "u.data" || len(base) == 7 && base[0] == 'u' && (strings.HasSuffix(base, ".base") || strings.HasSuffix(base, ".test"))
}

// sniffDelimiter finds what separates the columns: "::" if the first line
// has it; else the one of tab, comma and semicolon the first line has
// (outside quotes), or if it has several, the one that recurs as often on
// every line; else runs of spaces, if the first line has them, or "".
func sniffDelimiter(lines []headLine, name string) (string, error) {
	first := lines[0]
	if strings.Contains(first.text, "::") {
		return "::", nil
	}
	var found []string
	for _, d := range []string{"\t", ",", ";"} {
		if countOutsideQuotes(first.text, d[0]) > 0 {
			found = append(found, d)
		}
	}
	switch len(found) {
	case 0:
		if len(strings.Fields(first.text)) >= 2 {
			return whitespace, nil
		}
		return "", nil
	case 1:
		return found[0], nil
	}
	var steady []string
	for _, d := range found {
		n := countOutsideQuotes(first.text, d[0])
		same := true
		for _, l := range lines[1:] {
			same = same && countOutsideQuotes(l.text, d[0]) == n
		}
		if same {
			steady = append(steady, d)
		}
	}
	if len(steady) == 1 && len(lines) > 1 {
		return steady[0], nil
	}
	words := make([]string, len(found))
	for k, d := range found {
		words[k] = delimiterWord(d)
	}
	return "", &LogError{Name: name, Line: first.n, Msg: fmt.Sprintf("mixed delimiters: the line has %s; choose the format (csv, tsv, semicolon) that separates the columns", strings.Join(words, " and "))}
}

// delimiterWord names a delimiter in the plural, for messages.
func delimiterWord(d string) string {
	switch d {
	case "\t":
		return "tabs"
	case ",":
		return "commas"
	case ";":
		return "semicolons"
	case "::":
		return `"::"`
	}
	return "spaces"
}

// countOutsideQuotes counts c in line outside double-quoted stretches.
func countOutsideQuotes(line string, c byte) int {
	n, quoted := 0, false
	for k := 0; k < len(line); k++ {
		switch line[k] {
		case '"':
			quoted = !quoted
		case c:
			if !quoted {
				n++
			}
		}
	}
	return n
}

// splitLine splits one line by delim, reading quotes as encoding/csv does
// for the delimiters it reads, for detection only.
func splitLine(line, delim string) []string {
	switch delim {
	case whitespace:
		return strings.Fields(line)
	case "::":
		return strings.Split(line, "::")
	}
	r := csv.NewReader(strings.NewReader(line))
	r.Comma = rune(delim[0])
	r.LazyQuotes = true
	if f, err := r.Read(); err == nil {
		return f
	}
	return strings.Split(line, delim)
}

// clip shortens s for a message.
func clip(s string) string {
	const most = 60
	if len(s) <= most {
		return s
	}
	return s[:most] + "…"
}
