package core

import (
	"fmt"
	"io"
	"math"
	"os"
)

// LogOptions say how ReadLog reads a log and what it keeps of it.
type LogOptions struct {
	// Format is the log's layout; FormatAuto or "" detects it.
	Format Format
	// MinRating, if not 0, keeps only the rows rated at least this much.
	// By default every row is an interaction, as in the paper.
	MinRating float64
	// KCore, if above 1, keeps the iterative k-core of the distinct
	// (user, item) pairs: pairs are dropped until every user and item left
	// has at least KCore of them.
	KCore int
	// Items, if not nil, names the log's items and gives their categories.
	Items *ItemTable
}

// maxKCore bounds LogOptions.KCore to what a data set's degrees can reach.
const maxKCore = math.MaxInt32

// Log is an interaction log as ReadLog read it: the data set and what
// became of the rows on the way.
//
// Rows = BelowMinRating + Repeats + OutsideKCore + Data.Len().
type Log struct {
	Data   *Dataset
	Name   string // the file's name, as given
	Format string // the layout read, e.g. "MovieLens ratings.csv"

	// HasTimes is false for a log without a time column: every time is 0,
	// so leave-one-out holds out each user's last row in the file and the
	// online protocol replays the file's order.
	HasTimes   bool
	HasRatings bool // the log has a rating column

	Rows           int     // data rows read (not counting a header or blank lines)
	BelowMinRating int     // rows rated below MinRating, left out
	Repeats        int     // rows repeating an earlier row's (user, item) pair, which count once
	OutsideKCore   int     // distinct pairs the k-core left out
	MinRating      float64 // the threshold applied, or 0
	KCore          int     // the k-core taken, or 0

	// Items holds, by item id, what the item file says of each item, when
	// LogOptions.Items was given; an item the file does not list has only
	// its ID. ItemFormat is the item file's layout, and Unnamed counts the
	// items it does not list.
	Items      []ItemInfo
	ItemFormat string
	Unnamed    int
}

// ReadLog reads an interaction log from r; name is the file's name, used
// in errors (which give the line and column of the first problem) and to
// tell MovieLens 100K's u.data by its name. Users and items get dense ids
// in order of first appearance among the rows kept, as NewDataset gives
// them, and a repeated pair keeps its latest time.
//
// The layout is detected from the first lines unless opts.Format names
// one: the delimiter (comma, tab, semicolon, spaces or "::"), whether the
// first row is a header, and the columns, found by their names in the
// header (user, userId, user_id; item, movieId, business_id, product;
// rating, stars, score; timestamp, time, date) or, without one, by
// position: user, item, then a rating and a time if there are more.
// Times are Unix seconds or milliseconds, or dates. The text is UTF-8, or
// UTF-16 with a byte-order mark, and its lines end in LF, CRLF or CR; a
// user or item holding control characters is refused.
func ReadLog(r io.Reader, name string, opts LogOptions) (*Log, error) {
	if err := opts.check(name); err != nil {
		return nil, err
	}
	s, err := newLogScanner(r, name, opts.Format)
	if err != nil {
		return nil, err
	}
	l := &Log{Name: name, MinRating: opts.MinRating}
	keys := newKeys()
	var inter []Interaction
	lo, hi := math.Inf(1), math.Inf(-1) // the ratings seen, for a message
	err = s.each(func(row logRow) error {
		if opts.MinRating != 0 {
			if s.cols.rating < 0 {
				return &LogError{Name: name, Msg: fmt.Sprintf("a minimum rating of %g needs a rating column, and this log (%s, %s) has none",
					opts.MinRating, s.layout.Name(), plural(s.cols.width, "column"))}
			}
			lo, hi = min(lo, row.rating), max(hi, row.rating)
			if row.rating < opts.MinRating {
				l.BelowMinRating++
				return nil
			}
		}
		inter = append(inter, Interaction{User: keys.user(row.user), Item: keys.item(row.item), Time: row.time})
		return nil
	})
	if err != nil {
		return nil, err
	}
	l.Rows = s.rows
	l.Format, l.HasTimes, l.HasRatings = s.layout.Name(), s.cols.time >= 0, s.cols.rating >= 0
	switch {
	case l.Rows == 0:
		return nil, emptyLog(name)
	case len(inter) == 0:
		return nil, &LogError{Name: name, Msg: fmt.Sprintf("no row is rated %g or more (the ratings run from %g to %g)", opts.MinRating, lo, hi), Err: ErrEmpty}
	}
	d := build(keys, inter)
	l.Repeats = len(inter) - d.Len()
	if opts.KCore > 1 {
		c, err := d.KCore(opts.KCore)
		if err != nil {
			return nil, &LogError{Name: name, Msg: fmt.Sprintf("the %d-core of its %s is empty: no set of users and items has %d pairs each (a smaller k keeps more)",
				opts.KCore, plural(d.Len(), "pair"), opts.KCore), Err: ErrEmpty}
		}
		l.KCore, l.OutsideKCore = opts.KCore, d.Len()-c.Len()
		d = c
	}
	if err := checkLearnable(d, name); err != nil {
		return nil, err
	}
	l.Data = d
	if opts.Items != nil {
		l.nameItems(opts.Items)
	}
	return l, nil
}

func (o LogOptions) check(name string) error {
	switch {
	case math.IsNaN(o.MinRating) || math.IsInf(o.MinRating, 0):
		return &LogError{Name: name, Msg: fmt.Sprintf("minimum rating %v is not a number", o.MinRating)}
	case o.KCore < 0 || o.KCore > maxKCore:
		return &LogError{Name: name, Msg: fmt.Sprintf("k-core %d is invalid: want 0 or 1 (none) or more", o.KCore)}
	}
	return nil
}

// emptyLog is the error of a log with no rows.
func emptyLog(name string) error {
	return &LogError{Name: name, Msg: "no interactions in the file", Err: ErrEmpty}
}

// checkLearnable refuses a data set that a recommender cannot learn from
// or be judged on: a single user leaves nobody to learn from, a single
// item nothing to rank.
func checkLearnable(d *Dataset, name string) error {
	switch {
	case d.NumUsers() < 2:
		return &LogError{Name: name, Msg: fmt.Sprintf("every interaction is by one user (%q): a recommender learns from many users' tastes, so a log needs at least two", d.UserKey(0))}
	case d.NumItems() < 2:
		return &LogError{Name: name, Msg: fmt.Sprintf("every interaction is with one item (%q): there is nothing to rank, so a log needs at least two", d.ItemKey(0))}
	}
	return nil
}

// nameItems gives every item of the data what t says of it.
func (l *Log) nameItems(t *ItemTable) {
	l.ItemFormat = t.Format
	l.Items = make([]ItemInfo, l.Data.NumItems())
	for i := range l.Items {
		key := l.Data.ItemKey(int32(i))
		info, ok := t.Lookup(key)
		if !ok {
			info = ItemInfo{ID: key}
			l.Unnamed++
		}
		l.Items[i] = info
	}
}

// NoTimesNote is what Notes says of a log without times, for a caller
// that has a data set without times from elsewhere (a pack) to say it too.
const NoTimesNote = "no times: split by input order (each user's last row is held out, and the replay follows the file)"

// ItemLabel is what to show for item i: its name, or its id when the item
// file gave none (or there is no item file).
func (l *Log) ItemLabel(i int32) string {
	if int(i) < len(l.Items) && l.Items[i].Name != "" {
		return l.Items[i].Name
	}
	return l.Data.ItemKey(i)
}

// Notes says, a sentence each, what a reader of the results should know
// about how the log was read: no times, rows left out and why, items
// without names.
func (l *Log) Notes() []string {
	var notes []string
	if !l.HasTimes {
		notes = append(notes, NoTimesNote)
	}
	if l.BelowMinRating > 0 {
		notes = append(notes, fmt.Sprintf("%s rated below %g left out", plural(l.BelowMinRating, "row"), l.MinRating))
	}
	if l.Repeats > 0 {
		notes = append(notes, fmt.Sprintf("%s repeating a (user, item) pair counted once", plural(l.Repeats, "row")))
	}
	if l.OutsideKCore > 0 {
		notes = append(notes, fmt.Sprintf("%s outside the %d-core left out", plural(l.OutsideKCore, "pair"), l.KCore))
	}
	if l.Items != nil && l.Unnamed > 0 {
		notes = append(notes, fmt.Sprintf("%s not in the item file: shown by id", plural(l.Unnamed, "item")))
	}
	return notes
}

// ReadLogFile reads the log in the file at path, as ReadLog does.
func ReadLogFile(path string, opts LogOptions) (*Log, error) {
	f, err := openText(path, "an interaction log")
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadLog(f, path, opts)
}

// openText opens a file to read, saying so when it is a directory, which
// os.Open does not.
func openText(path, what string) (*os.File, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	if st, err := f.Stat(); err == nil && st.IsDir() {
		f.Close()
		return nil, fmt.Errorf("%s is a directory, not %s", path, what)
	}
	return f, nil
}
