package core

import (
	"encoding/binary"
	"errors"
	"io"
	"slices"
	"strings"
	"testing"
	"testing/iotest"
	"unicode/utf16"
)

// utf16Text writes s as UTF-16 in the given byte order, after its
// byte-order mark, as Excel's "Unicode Text" saves a sheet.
func utf16Text(s string, order binary.AppendByteOrder) string {
	b := order.AppendUint16(nil, 0xfeff)
	for _, u := range utf16.Encode([]rune(s)) {
		b = order.AppendUint16(b, u)
	}
	return string(b)
}

// withLineEnds rewrites a text whose lines end in LF to end them in end.
func withLineEnds(s, end string) string { return strings.ReplaceAll(s, "\n", end) }

// logTwins are logs written in UTF-8 with LF line ends: each must read the
// same, rewritten in another encoding, with other line ends, or without
// its final line end.
var logTwins = []struct{ name, text string }{
	// Excel's "Unicode Text": tabs, a header, the sheet's cells as typed.
	{"sheet.txt", "user\titem\trating\nAnn\tCafé Roma\t5\nBob\tTaquería 🌮\t4\nAnn\tTaquería 🌮\t3\nCy\tCafé Roma\t4\n"},
	// The pairs a CSV export holds, the shape UTF-16 once read as NULs.
	{"pairs.csv", "user,item\nann,x\nbob,y\nann,y\ncat,x\n"},
	// Quoted fields with delimiters and quotes in them; ISO dates.
	{"quoted.csv", "customer,product,date\n\"Lee, Ann\",\"Pizza \"\"Nord\"\"\",2011-01-26\nbob,\"Pizza \"\"Nord\"\"\",2011-01-27\nbob,Sushi,2011-01-28\n"},
	{"yelp.rating", "1 10 5 978300760\n2 20 3 978300761\n2 10 4 978300762\n1 30 4 978300763\n"},
	{"ratings.dat", "1::10::5::978300760\n2::20::3::978300761\n2::10::4::978300762\n"},
}

// Each twin reads the same in UTF-16 LE and BE (with its byte-order mark)
// and with a UTF-8 one, with LF, CRLF or CR line ends, with or without a
// final line end, and fed a byte at a time, which splits every
// surrogate pair and every CRLF across reads.
func TestReadLogEncodingsAndLineEnds(t *testing.T) {
	type variant struct {
		name string
		text func(string) string
	}
	encodings := []variant{
		{"UTF-8", func(s string) string { return s }},
		{"UTF-8 BOM", func(s string) string { return "\ufeff" + s }},
		{"UTF-16LE", func(s string) string { return utf16Text(s, binary.LittleEndian) }},
		{"UTF-16BE", func(s string) string { return utf16Text(s, binary.BigEndian) }},
	}
	for _, tw := range logTwins {
		want, err := ReadLog(strings.NewReader(tw.text), tw.name, LogOptions{})
		if err != nil {
			t.Fatalf("%s: the UTF-8 twin: %v", tw.name, err)
		}
		for _, enc := range encodings {
			for _, end := range []string{"\n", "\r\n", "\r"} {
				for _, final := range []bool{true, false} {
					text := withLineEnds(tw.text, end)
					if !final {
						text = strings.TrimSuffix(text, end)
					}
					text = enc.text(text)
					for _, oneByte := range []bool{false, true} {
						var r io.Reader = strings.NewReader(text)
						if oneByte {
							r = iotest.OneByteReader(r)
						}
						what := tw.name + " in " + enc.name + " ending lines in " + strings.NewReplacer("\r", "CR", "\n", "LF").Replace(end)
						if !final {
							what += ", no final line end"
						}
						if oneByte {
							what += ", a byte at a time"
						}
						got, err := ReadLog(r, tw.name, LogOptions{})
						if err != nil {
							t.Errorf("%s: %v", what, err)
							continue
						}
						if !slices.Equal(keyedOf(got.Data), keyedOf(want.Data)) {
							t.Errorf("%s: read as %v, its UTF-8 twin as %v", what, keyedOf(got.Data), keyedOf(want.Data))
						}
						if got.Format != want.Format || got.Rows != want.Rows || got.HasTimes != want.HasTimes || got.HasRatings != want.HasRatings {
							t.Errorf("%s: %s, %d rows, times %v, ratings %v; its UTF-8 twin %s, %d, %v, %v",
								what, got.Format, got.Rows, got.HasTimes, got.HasRatings, want.Format, want.Rows, want.HasTimes, want.HasRatings)
						}
					}
				}
			}
		}
	}
}

// A problem in a UTF-16 or CR-only file is told in the words and at the
// line of its UTF-8 twin; what is not UTF-16 is refused as not UTF-16.
func TestReadLogEncodingErrors(t *testing.T) {
	const bad = "user,item,rating\na,b,1\nc,d,x\n"
	const badSays = `bad.csv:3: column 3 (rating): "x" is not a number`
	le, be := binary.LittleEndian, binary.BigEndian
	// A high surrogate followed by a letter, and a low one alone.
	lone := func(order binary.AppendByteOrder, unit uint16) string {
		s := utf16Text("user,item\na", order)
		return s + string(order.AppendUint16(order.AppendUint16(nil, unit), 'b')) + utf16Text(",x\nc,y\n", order)[2:]
	}
	for _, c := range []struct {
		what, text string
		want       string
		line, col  int
	}{
		{"UTF-16LE", utf16Text(bad, le), badSays, 3, 3},
		{"UTF-16BE", utf16Text(withLineEnds(bad, "\r\n"), be), badSays, 3, 3},
		{"CR-only", withLineEnds(bad, "\r"), badSays, 3, 3},
		{"CR-only UTF-16LE", utf16Text(withLineEnds(bad, "\r"), le), badSays, 3, 3},
		{"a lone high surrogate", lone(le, 0xd800), `bad.csv:2: column 1 (user): "a\xffb" is not UTF-16LE text`, 2, 1},
		{"a lone low surrogate", lone(be, 0xdc00), `bad.csv:2: column 1 (user): "a\xffb" is not UTF-16BE text`, 2, 1},
		{"a last byte alone", utf16Text("user,item\na,x\nc,y", le) + "z", `bad.csv:3: column 2 (item): "y\xff" is not UTF-16LE text`, 3, 2},
		{"UTF-16 without a byte-order mark", utf16Text("user,item\na,x\nc,y\n", le)[2:],
			`bad.csv:2: column 1 (user): "\x00a\x00" holds a control character (U+0000), which an id cannot hold (a file saved as UTF-16 without a byte-order mark reads so`, 2, 1},
	} {
		_, err := ReadLog(strings.NewReader(c.text), "bad.csv", LogOptions{})
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s: got %v, want an error starting %q", c.what, err, c.want)
			continue
		}
		var le *LogError
		if !errors.As(err, &le) || le.Line != c.line || le.Column != c.col {
			t.Errorf("%s: %#v, want a LogError at line %d column %d", c.what, err, c.line, c.col)
		}
	}
}

// An item file reads the same in UTF-16 and with CR line ends as in
// UTF-8 with LF.
func TestReadItemsEncodingsAndLineEnds(t *testing.T) {
	const text = "movieId,title,genres\n1,Amélie (2001),Comedy|Romance\n2,\"Crouching Tiger, Hidden Dragon (2000)\",Action|Drama\n3,Spirited Away 千と千尋の神隠し (2001),Animation\n"
	want, err := ReadItems(strings.NewReader(text), "movies.csv")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ what, text string }{
		{"CR", withLineEnds(text, "\r")},
		{"CRLF without a final one", strings.TrimSuffix(withLineEnds(text, "\r\n"), "\r\n")},
		{"UTF-16LE", utf16Text(withLineEnds(text, "\r\n"), binary.LittleEndian)},
		{"UTF-16BE with CR", utf16Text(withLineEnds(text, "\r"), binary.BigEndian)},
	} {
		got, err := ReadItems(iotest.OneByteReader(strings.NewReader(c.text)), "movies.csv")
		if err != nil {
			t.Errorf("%s: %v", c.what, err)
			continue
		}
		if got.Format != want.Format || got.Latin1 != 0 || len(got.Items) != len(want.Items) {
			t.Errorf("%s: %s, %d Latin-1 lines, %d items; want %s, 0, %d", c.what, got.Format, got.Latin1, len(got.Items), want.Format, len(want.Items))
			continue
		}
		for k, w := range want.Items {
			if g := got.Items[k]; g.ID != w.ID || g.Name != w.Name || !slices.Equal(g.Categories, w.Categories) {
				t.Errorf("%s: item %d is %+v, want %+v", c.what, k, g, w)
			}
		}
	}
}
