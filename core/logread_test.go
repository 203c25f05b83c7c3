package core

import (
	"bufio"
	"encoding/csv"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// logRowOut is a row of a generated log, as a writer lays it out.
type logRowOut struct {
	user, item string
	rating     float64 // a multiple of 0.5 in [0.5, 5]
	day        int64   // days since 1970
}

// genLogRows makes n rows over the given numbers of users and items,
// with repeated pairs among them, popular items and busy users.
func genLogRows(seed uint64, n, users, items int) []logRowOut {
	rng := rand.New(rand.NewPCG(seed, 1))
	rows := make([]logRowOut, n)
	for k := range rows {
		u := min(rng.IntN(users), rng.IntN(users))
		i := min(rng.IntN(items), rng.IntN(items), rng.IntN(items))
		rows[k] = logRowOut{user: "u" + strconv.Itoa(u), item: "i" + strconv.Itoa(i),
			rating: float64(1+rng.IntN(10)) / 2, day: 14000 + int64(rng.IntN(3000))}
	}
	return rows
}

// logWriter writes rows in one layout. key turns a row's item into the
// key the layout's file holds (quoting and delimiters exercised), and
// times says whether the layout has times, ratings whether it has ratings.
type logWriter struct {
	file, format   string
	times, ratings bool
	item           func(string) string
	write          func(w *strings.Builder, rows []logRowOut, item func(string) string)
}

func date(day int64) time.Time { return time.Unix(day*86400, 0).UTC() }

var logWriters = []logWriter{
	{file: "phoenix.tsv", format: "Yelp reviews TSV", times: true, ratings: true,
		write: func(w *strings.Builder, rows []logRowOut, item func(string) string) {
			w.WriteString(strings.Join(yelpHeader, "\t") + "\n")
			for _, r := range rows {
				fmt.Fprintf(w, "%s\t%s\t%g\t%s\t%d\n", r.user, item(r.item), r.rating, date(r.day).Format("2006-01-02"), r.day*86400)
			}
		}},
	{file: "ratings.csv", format: "MovieLens ratings.csv", times: true, ratings: true,
		write: func(w *strings.Builder, rows []logRowOut, item func(string) string) {
			w.WriteString("userId,movieId,rating,timestamp\r\n")
			for _, r := range rows {
				fmt.Fprintf(w, "%s,%s,%.1f,%d\r\n", r.user, item(r.item), r.rating, r.day*86400)
			}
		}},
	{file: "ratings.dat", format: "MovieLens ratings.dat", times: true, ratings: true,
		write: func(w *strings.Builder, rows []logRowOut, item func(string) string) {
			for _, r := range rows {
				fmt.Fprintf(w, "%s::%s::%g::%d\n", r.user, item(r.item), r.rating, r.day*86400)
			}
		}},
	{file: "ml-100k/u.data", format: "MovieLens u.data", times: true, ratings: true,
		write: func(w *strings.Builder, rows []logRowOut, item func(string) string) {
			for _, r := range rows {
				fmt.Fprintf(w, "%s\t%s\t%g\t%d\n", r.user, item(r.item), r.rating, r.day*86400)
			}
		}},
	{file: "yelp.rating", format: "the paper's layout (user item rating time)", times: true, ratings: true,
		write: func(w *strings.Builder, rows []logRowOut, item func(string) string) {
			for _, r := range rows {
				fmt.Fprintf(w, "%s  %s\t%g %d\n", r.user, item(r.item), r.rating, r.day*86400)
			}
		}},
	// Item keys with commas and quotes, in quoted fields; ISO dates.
	{file: "reviews.csv", format: "comma-separated with header", times: true, ratings: true,
		item: func(i string) string { return `Café "` + i + `", Main St` },
		write: func(w *strings.Builder, rows []logRowOut, item func(string) string) {
			cw := csv.NewWriter(w)
			cw.Write([]string{"date", "User_ID", "Business ID", "stars"})
			for _, r := range rows {
				cw.Write([]string{date(r.day).Format("2006-01-02"), r.user, item(r.item), strconv.FormatFloat(r.rating, 'g', -1, 64)})
			}
			cw.Flush()
		}},
	// Milliseconds, with a remainder the reader drops.
	{file: "clicks.tsv", format: "the paper's layout (user item rating time)", times: true, ratings: true,
		write: func(w *strings.Builder, rows []logRowOut, item func(string) string) {
			for _, r := range rows {
				fmt.Fprintf(w, "%s\t%s\t%g\t%d\n", r.user, item(r.item), r.rating, r.day*86400_000+999)
			}
		}},
	// Columns in another order, decimal commas, no times, a byte-order mark.
	{file: "notes.csv", format: "semicolon-separated with header", ratings: true,
		write: func(w *strings.Builder, rows []logRowOut, item func(string) string) {
			w.WriteString("\ufeffproduct;score;customer\n")
			for _, r := range rows {
				fmt.Fprintf(w, "%s;%s;%s\n", item(r.item), strings.Replace(strconv.FormatFloat(r.rating, 'g', -1, 64), ".", ",", 1), r.user)
			}
		}},
	{file: "pairs.txt", format: "space-separated without header",
		write: func(w *strings.Builder, rows []logRowOut, item func(string) string) {
			for _, r := range rows {
				fmt.Fprintf(w, "%s %s\n", r.user, item(r.item))
			}
		}},
	{file: "stream.log", format: "::-separated with header", times: true,
		write: func(w *strings.Builder, rows []logRowOut, item func(string) string) {
			w.WriteString("time::user::item\n")
			for _, r := range rows {
				fmt.Fprintf(w, "%s::%s::%s\n", date(r.day).Add(time.Duration(r.day%7)*time.Hour).Format(time.RFC3339), r.user, item(r.item))
			}
		}},
}

// keyed is an interaction by its keys, to compare data sets whose ids
// may differ.
type keyed struct {
	user, item string
	time       int64
}

func keyedOf(d *Dataset) []keyed {
	out := make([]keyed, d.Len())
	for k, x := range d.Interactions() {
		out[k] = keyed{d.UserKey(x.User), d.ItemKey(x.Item), x.Time}
	}
	return out
}

// TestReadLogMatchesReference writes generated logs in every layout and
// reads them back: the data set must be NewDataset of the rows kept,
// thresholded by rating here, cut to the k-core by kcoreReference, with
// every row accounted for.
func TestReadLogMatchesReference(t *testing.T) {
	rows := genLogRows(5, 3000, 120, 90)
	for _, w := range logWriters {
		item := w.item
		if item == nil {
			item = func(i string) string { return i }
		}
		var b strings.Builder
		w.write(&b, rows, item)
		text := b.String()
		for _, opts := range []LogOptions{{}, {MinRating: 3}, {KCore: 4}, {MinRating: 2.5, KCore: 3}} {
			if opts.MinRating != 0 && !w.ratings {
				continue
			}
			t.Run(fmt.Sprintf("%s/min%g/core%d", w.file, opts.MinRating, opts.KCore), func(t *testing.T) {
				l, err := ReadLog(strings.NewReader(text), w.file, opts)
				if err != nil {
					t.Fatal(err)
				}
				var events []Event
				below := 0
				pairs := map[[2]string]bool{}
				for _, r := range rows {
					if opts.MinRating != 0 && r.rating < opts.MinRating {
						below++
						continue
					}
					e := Event{User: r.user, Item: item(r.item)}
					if w.times {
						e.Time = r.day * 86400
						if w.file == "stream.log" {
							e.Time += r.day % 7 * 3600
						}
					}
					events = append(events, e)
					pairs[[2]string{e.User, e.Item}] = true
				}
				ref, err := NewDataset(events)
				if err != nil {
					t.Fatal(err)
				}
				want := keyedOf(ref)
				outside := 0
				if opts.KCore > 1 {
					alive := kcoreReference(ref.Interactions(), opts.KCore)
					want = want[:0]
					for _, x := range ref.Interactions() {
						if alive[x] {
							want = append(want, keyed{ref.UserKey(x.User), ref.ItemKey(x.Item), x.Time})
						}
					}
					outside = ref.Len() - len(want)
				}
				if got := keyedOf(l.Data); !slices.Equal(got, want) {
					t.Fatalf("%d interactions, want %d; first %v, want %v", len(got), len(want), got[:min(3, len(got))], want[:min(3, len(want))])
				}
				if l.Format != w.format || l.HasTimes != w.times || l.HasRatings != w.ratings {
					t.Errorf("format %q times %v ratings %v, want %q %v %v", l.Format, l.HasTimes, l.HasRatings, w.format, w.times, w.ratings)
				}
				if l.Rows != len(rows) || l.BelowMinRating != below || l.Repeats != len(events)-len(pairs) || l.OutsideKCore != outside {
					t.Errorf("rows %d below %d repeats %d outside %d, want %d %d %d %d",
						l.Rows, l.BelowMinRating, l.Repeats, l.OutsideKCore, len(rows), below, len(events)-len(pairs), outside)
				}
				if l.Rows != l.BelowMinRating+l.Repeats+l.OutsideKCore+l.Data.Len() {
					t.Errorf("%d rows, but %d + %d + %d + %d accounted for", l.Rows, l.BelowMinRating, l.Repeats, l.OutsideKCore, l.Data.Len())
				}
				checkFirstAppearance(t, l.Data, events)
			})
		}
	}
}

// checkFirstAppearance checks that d numbers users and items in the order
// they first appear in events, the rows kept.
func checkFirstAppearance(t *testing.T, d *Dataset, events []Event) {
	t.Helper()
	firstUser, firstItem := map[string]int{}, map[string]int{}
	for k, e := range events {
		if _, ok := firstUser[e.User]; !ok {
			firstUser[e.User] = k
		}
		if _, ok := firstItem[e.Item]; !ok {
			firstItem[e.Item] = k
		}
	}
	for u := int32(1); int(u) < d.NumUsers(); u++ {
		if firstUser[d.UserKey(u-1)] >= firstUser[d.UserKey(u)] {
			t.Fatalf("user %d (%s) first appears after user %d (%s)", u-1, d.UserKey(u-1), u, d.UserKey(u))
		}
	}
	for i := int32(1); int(i) < d.NumItems(); i++ {
		if firstItem[d.ItemKey(i-1)] >= firstItem[d.ItemKey(i)] {
			t.Fatalf("item %d (%s) first appears after item %d (%s)", i-1, d.ItemKey(i-1), i, d.ItemKey(i))
		}
	}
}

// The Phoenix 10-core reads as a plain split of its lines reads it (the
// reader of the first version, in a few lines), and so does the same log
// rewritten in the paper's layout, under either name of that layout.
func TestReadLogPhoenixAsPlainSplit(t *testing.T) {
	path := filepath.Join(yelpDir(), "phoenix2013_reviews_10core.tsv")
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("the Phoenix 10-core (set EALS_DATA to the yelp folder): %v", err)
	}
	defer f.Close()
	var events []Event
	var paper strings.Builder
	sc := bufio.NewScanner(f)
	for n := 0; sc.Scan(); n++ {
		if n == 0 {
			continue // the header
		}
		c := strings.Split(sc.Text(), "\t")
		ts, err := strconv.ParseInt(c[4], 10, 64)
		if err != nil {
			t.Fatal(err)
		}
		events = append(events, Event{User: c[0], Item: c[1], Time: ts})
		fmt.Fprintf(&paper, "%s\t%s\t%s\t%s\n", c[0], c[1], c[2], c[4])
	}
	want, err := NewDataset(events)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, name := range []string{"yelp.rating", "u.data"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(paper.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct{ path, format string }{
		{path, "Yelp reviews TSV"},
		{filepath.Join(dir, "yelp.rating"), FormatPaper.Name()},
		{filepath.Join(dir, "u.data"), "MovieLens u.data"},
	} {
		l, err := ReadLogFile(c.path, LogOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if l.Format != c.format || !l.HasTimes || l.Rows != len(events) {
			t.Errorf("%s: format %q, times %v, %d rows", c.path, l.Format, l.HasTimes, l.Rows)
		}
		sameDataset(t, c.path, l.Data, want)
	}
}

// sameDataset fails unless a and b have the same keys and interactions.
func sameDataset(t *testing.T, what string, a, b *Dataset) {
	t.Helper()
	if a.NumUsers() != b.NumUsers() || a.NumItems() != b.NumItems() || !slices.Equal(a.Interactions(), b.Interactions()) {
		t.Fatalf("%s: %d users, %d items, %d interactions; want %d, %d, %d, the same",
			what, a.NumUsers(), a.NumItems(), a.Len(), b.NumUsers(), b.NumItems(), b.Len())
	}
	for u := int32(0); int(u) < a.NumUsers(); u++ {
		if a.UserKey(u) != b.UserKey(u) {
			t.Fatalf("%s: user %d is %q, want %q", what, u, a.UserKey(u), b.UserKey(u))
		}
	}
	for i := int32(0); int(i) < a.NumItems(); i++ {
		if a.ItemKey(i) != b.ItemKey(i) {
			t.Fatalf("%s: item %d is %q, want %q", what, i, a.ItemKey(i), b.ItemKey(i))
		}
	}
}

func TestReadLogTimes(t *testing.T) {
	day := time.Date(2011, 1, 26, 0, 0, 0, 0, time.UTC).Unix()
	for _, c := range []struct {
		cell string
		want int64
	}{
		{"1296000000", 1296000000},
		{"-5", -5},
		{"1296000000123", 1296000000},
		{"-1500", -1500},              // seconds: under the milliseconds' threshold
		{"-100000000001", -100000001}, // milliseconds before 1970, rounded down
		{"2011-01-26", day},
		{"2011-01-26T10:30:00Z", day + 10*3600 + 30*60},
		{"2011-01-26T10:30:00+02:00", day + 8*3600 + 30*60},
		{"2011-01-26T10:30:00.75Z", day + 10*3600 + 30*60},
		{"2011-01-26T10:30:00", day + 10*3600 + 30*60},
		{"2011-01-26 10:30:00", day + 10*3600 + 30*60},
	} {
		text := "user,item,time\na,x," + c.cell + "\nb,y,0\n"
		l, err := ReadLog(strings.NewReader(text), "t.csv", LogOptions{})
		if err != nil {
			t.Errorf("%s: %v", c.cell, err)
			continue
		}
		if got := l.Data.Interactions()[0].Time; got != c.want {
			t.Errorf("%s read as %d, want %d", c.cell, got, c.want)
		}
	}
}

func TestReadLogErrors(t *testing.T) {
	const head = "user,item,rating,time\n"
	for _, c := range []struct {
		name, text string
		opts       LogOptions
		want       string
		line, col  int
		empty      bool // errors.Is ErrEmpty
	}{
		{"empty.csv", "", LogOptions{}, "empty.csv: no interactions in the file", 0, 0, true},
		{"blank.csv", "\n \r\n\t\n", LogOptions{}, "blank.csv: no interactions in the file", 0, 0, true},
		{"header.csv", head, LogOptions{}, "header.csv: no interactions in the file", 0, 0, true},
		{"one.csv", head + "ann,x,5,1\nann,y,4,2\n", LogOptions{}, `one.csv: every interaction is by one user ("ann")`, 0, 0, false},
		{"one.csv", head + "ann,x,5,1\nbob,x,4,2\n", LogOptions{}, `one.csv: every interaction is with one item ("x")`, 0, 0, false},
		{"low.csv", head + "ann,x,2,1\nbob,y,3.5,2\n", LogOptions{MinRating: 4}, "low.csv: no row is rated 4 or more (the ratings run from 2 to 3.5)", 0, 0, true},
		{"pairs.csv", "ann,x\nbob,y\n", LogOptions{MinRating: 4}, "pairs.csv: a minimum rating of 4 needs a rating column, and this log (comma-separated without header, 2 columns) has none", 0, 0, false},
		{"core.csv", head + "ann,x,5,1\nbob,y,4,2\n", LogOptions{KCore: 2}, "core.csv: the 2-core of its 2 pairs is empty", 0, 0, true},
		{"x.csv", "a,b\n", LogOptions{KCore: -1}, "x.csv: k-core -1 is invalid", 0, 0, false},
		{"x.csv", "a,b\n", LogOptions{MinRating: math.NaN()}, "x.csv: minimum rating NaN is not a number", 0, 0, false},
		{"ratings.csv", head + "ann,x,5,1\nbob,y,x,2\n", LogOptions{}, `ratings.csv:3: column 3 (rating): "x" is not a number`, 3, 3, false},
		{"time.csv", head + "ann,x,5,1\nbob,y,4,yesterday\n", LogOptions{}, `time.csv:3: column 4 (time): "yesterday" is not a time: want Unix seconds or milliseconds, or a date`, 3, 4, false},
		{"time.csv", head + "ann,x,5,1\nbob,y,4,4.5\n", LogOptions{}, `time.csv:3: column 4 (time): "4.5" is not a time`, 3, 4, false},
		{"utf.csv", head + "ann,x,5,1\nJos\xe9,y,4,2\n", LogOptions{}, `utf.csv:3: column 1 (user): "Jos\xe9" is not UTF-8 text (save the file as UTF-8)`, 3, 1, false},
		{"gap.csv", head + "ann,x,5,1\n  ,y,4,2\n", LogOptions{}, "gap.csv:3: column 1 (user): empty, want an id", 3, 1, false},
		// Keys with control characters, which no one types in an id.
		{"nul.csv", head + "ann,x,5,1\nb\x00b,y,4,2\n", LogOptions{}, `nul.csv:3: column 1 (user): "b\x00b" holds a control character (U+0000), which an id cannot hold (a file saved as UTF-16 without a byte-order mark reads so: save it as UTF-8)`, 3, 1, false},
		{"ctl.csv", head + "ann,x,5,1\nbob,y\x01z,4,2\n", LogOptions{}, `ctl.csv:3: column 2 (item): "y\x01z" holds a control character (U+0001), which an id cannot hold`, 3, 2, false},
		{"del.tsv", "user\titem\nann\tx\x7f\nbob\ty\n", LogOptions{}, `del.tsv:2: column 2 (item): "x\x7f" holds a control character (U+007F)`, 2, 2, false},
		{"c1.csv", "ann,x\u0085y\nbob,y\n", LogOptions{}, `c1.csv:1: column 2 (item): "x\u0085y" holds a control character (U+0085), which an id cannot hold; if line 1 is a header`, 1, 2, false},
		{"tab.csv", "user,item\n\"ann\tlee\",x\nbob,y\n", LogOptions{}, `tab.csv:2: column 1 (user): "ann\tlee" holds a control character (U+0009)`, 2, 1, false},
		{"break.csv", "user,item\nann,\"x\ny\"\nbob,y\n", LogOptions{}, `break.csv:2: column 2 (item): "x\ny" holds a control character (U+000A)`, 2, 2, false},
		{"bell.txt", "ann x\nbob y\a\n", LogOptions{}, `bell.txt:2: column 2 (item): "y\a" holds a control character (U+0007)`, 2, 2, false},
		{"short.csv", head + "ann,x,5,1\nbob,y,4\n", LogOptions{}, "short.csv:3: 3 columns, want 4 as in the header on line 1", 3, 0, false},
		{"mixed.csv", "ann,x,5\nbob\ty\t4\n", LogOptions{}, "mixed.csv:2: 1 column, want 3 as on line 1 (the file is comma-separated but this line has tabs: are the delimiters mixed?)", 2, 0, false},
		{"mixed.csv", "ann,x\tfresh,5\n", LogOptions{}, "mixed.csv:1: mixed delimiters: the line has tabs and commas", 1, 0, false},
		{"quote.csv", head + "ann,x,5,1\nb\"ob,y,4,2\n", LogOptions{}, `quote.csv:3: at byte 2: bare " in non-quoted-field (a field with a quote in it must be quoted whole`, 3, 0, false},
		{"named.csv", "from,to,weight\nann,x,5\nbob,y,4\n", LogOptions{}, `named.csv:1: column 3 (rating): "weight" is not a number; if line 1 is a header, name its columns user, item, rating and time`, 1, 3, false},
		{"named.csv", "visitor,item\nann,x\n", LogOptions{}, "named.csv:1: the header (visitor, item) names no user column: want one named user, userid, uid", 1, 0, false},
		{"single.csv", "ann\nbob\n", LogOptions{}, `single.csv:1: "ann" has one column`, 1, 0, false},
		{"forced.csv", head + "ann,x,5,1\n", LogOptions{Format: FormatMovieLens}, `forced.csv:1: header column 1 is "user", want "userId"`, 1, 0, false},
		{"forced.csv", "a b c d\n", LogOptions{Format: FormatMovieLensDat}, "forced.csv:1: 1 column, want 4 (user item rating time)", 1, 0, false},
	} {
		_, err := ReadLog(strings.NewReader(c.text), c.name, c.opts)
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s %q: got %v, want an error starting %q", c.name, c.text, err, c.want)
			continue
		}
		var le *LogError
		if !errors.As(err, &le) || le.Name != c.name || le.Line != c.line || le.Column != c.col {
			t.Errorf("%s: %#v, want a LogError at line %d column %d", c.name, err, c.line, c.col)
		}
		if errors.Is(err, ErrEmpty) != c.empty {
			t.Errorf("%s: errors.Is(err, ErrEmpty) = %v, want %v", c.name, !c.empty, c.empty)
		}
	}
}

// Without times, leave-one-out holds out each user's last row in the
// file, and a repeated pair keeps its first place.
func TestReadLogWithoutTimesSplitsByInputOrder(t *testing.T) {
	text := "ann,x\nbob,y\nann,z\nbob,x\nann,x\ncat,y\n"
	l, err := ReadLog(strings.NewReader(text), "pairs.csv", LogOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if l.HasTimes || l.Repeats != 1 || len(l.Notes()) != 2 || !strings.HasPrefix(l.Notes()[0], "no times: split by input order") {
		t.Fatalf("times %v, repeats %d, notes %q", l.HasTimes, l.Repeats, l.Notes())
	}
	_, test, err := l.Data.LeaveOneOut()
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, x := range test {
		got = append(got, l.Data.UserKey(x.User)+" "+l.Data.ItemKey(x.Item))
	}
	if want := []string{"ann z", "bob x"}; !slices.Equal(got, want) {
		t.Errorf("held out %q, want %q", got, want)
	}
}

func TestReadLogNamesItems(t *testing.T) {
	items, err := ReadItems(strings.NewReader("id,name,category\nx,Cafe X,Coffee|Bakery\nz,Zest,\nw,Unused,Bar\n"), "items.csv")
	if err != nil {
		t.Fatal(err)
	}
	l, err := ReadLog(strings.NewReader("ann,x\nbob,y\nann,z\n"), "pairs.csv", LogOptions{Items: items})
	if err != nil {
		t.Fatal(err)
	}
	want := []ItemInfo{{ID: "x", Name: "Cafe X", Categories: []string{"Coffee", "Bakery"}}, {ID: "y"}, {ID: "z", Name: "Zest"}}
	if len(l.Items) != len(want) || l.Unnamed != 1 || l.ItemFormat != "comma-separated items with header" {
		t.Fatalf("items %+v, unnamed %d, format %q", l.Items, l.Unnamed, l.ItemFormat)
	}
	for i, w := range want {
		got := l.Items[i]
		if got.ID != w.ID || got.Name != w.Name || !slices.Equal(got.Categories, w.Categories) {
			t.Errorf("item %d: %+v, want %+v", i, got, w)
		}
	}
	if l.ItemLabel(0) != "Cafe X" || l.ItemLabel(1) != "y" {
		t.Errorf("labels %q, %q", l.ItemLabel(0), l.ItemLabel(1))
	}
	if notes := l.Notes(); notes[len(notes)-1] != "1 item not in the item file: shown by id" {
		t.Errorf("notes %q", notes)
	}
}

func TestReadLogFile(t *testing.T) {
	dir := t.TempDir()
	if _, err := ReadLogFile(dir, LogOptions{}); err == nil || !strings.Contains(err.Error(), "is a directory, not an interaction log") {
		t.Errorf("reading a directory: %v", err)
	}
	if _, err := ReadLogFile(filepath.Join(dir, "missing.csv"), LogOptions{}); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("reading a missing file: %v", err)
	}
	path := filepath.Join(dir, "ratings.dat")
	if err := os.WriteFile(path, []byte("1::10::5::978300760\n2::20::3::978300761\n2::10::4::978300762\n1::30::4::978300763\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	l, err := ReadLogFile(path, LogOptions{MinRating: 4})
	if err != nil {
		t.Fatal(err)
	}
	if l.Name != path || l.Format != "MovieLens ratings.dat" || l.Data.Len() != 3 || l.BelowMinRating != 1 {
		t.Errorf("%+v", l)
	}
}
