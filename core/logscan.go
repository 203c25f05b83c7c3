package core

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// logRow is one row of a log with its columns read. A log without a
// rating or time column has 0 there.
type logRow struct {
	user, item string
	rating     float64
	time       int64
}

// logScanner reads the rows of a log in a layout it detects or is given.
type logScanner struct {
	name    string
	enc     string // the encoding the file is written in, encUTF8 or a UTF-16
	layout  fileLayout
	cols    logColumns // width 0 until the first row settles them
	recs    records
	rows    int // data rows read
	topLine int // the line of the first row, header or data
}

// headSize is how much of a log detection looks at.
const headSize = 64 * 1024

func newLogScanner(r io.Reader, name string, f Format) (*logScanner, error) {
	text, enc := newTextReader(r)
	br := bufio.NewReaderSize(text, headSize)
	head, err := br.Peek(headSize)
	lay, derr := detectLayout(head, err != nil, name, f)
	if derr != nil {
		return nil, derr
	}
	return &logScanner{name: name, enc: enc, layout: lay, recs: newRecords(br, lay.delim, name)}, nil
}

// next returns the next data row; io.EOF after the last.
func (s *logScanner) next() (logRow, error) {
	for {
		fields, line, err := s.recs.next()
		if err != nil {
			return logRow{}, err
		}
		if s.cols.width == 0 {
			s.topLine = line
			if err := s.settle(fields, line); err != nil {
				return logRow{}, err
			}
			if s.layout.hasHeader {
				continue
			}
		}
		row, err := s.parse(fields, line)
		if err != nil {
			return logRow{}, err
		}
		s.rows++
		return row, nil
	}
}

// each hands every data row to f in turn, and returns the first error of
// the reading or of f.
func (s *logScanner) each(f func(logRow) error) error {
	for {
		row, err := s.next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if err := f(row); err != nil {
			return err
		}
	}
}

// settle finds the columns from the first row: a header, or the first
// row of data.
func (s *logScanner) settle(fields []string, line int) error {
	var err error
	switch l := s.layout; {
	case l.header != nil:
		if err = checkHeader(fields, l.header); err == nil {
			s.cols, err = columnsByName(fields)
		}
	case l.hasHeader:
		s.cols, err = columnsByName(fields)
	case l.width > 0:
		s.cols, err = columnsByPosition(l.width)
	default:
		s.cols, err = columnsByPosition(len(fields))
	}
	if err != nil {
		return &LogError{Name: s.name, Line: line, Msg: err.Error()}
	}
	return nil
}

// checkHeader holds a named layout to its header, word for word.
func checkHeader(got, want []string) error {
	if len(got) != len(want) {
		return fmt.Errorf("the header has %s, want %d (%s)", plural(len(got), "column"), len(want), strings.Join(want, ", "))
	}
	for k := range got {
		if got[k] != want[k] {
			return fmt.Errorf("header column %d is %q, want %q", k+1, got[k], want[k])
		}
	}
	return nil
}

// parse reads one data row.
func (s *logScanner) parse(fields []string, line int) (logRow, error) {
	c := s.cols
	if len(fields) != c.width {
		return logRow{}, &LogError{Name: s.name, Line: line, Msg: s.widthMismatch(fields)}
	}
	var row logRow
	var err error
	fail := func(k int, msg string) error {
		if s.rows == 0 && !s.layout.hasHeader && s.layout.width == 0 {
			msg += fmt.Sprintf("; if line %d is a header, name its columns user, item, rating and time", line)
		}
		return &LogError{Name: s.name, Line: line, Column: k + 1, Role: c.role(k), Msg: msg}
	}
	for _, k := range []int{c.user, c.item} {
		v := strings.TrimSpace(fields[k])
		if v == "" {
			return logRow{}, fail(k, "empty, want an id")
		}
		if msg := checkKey(v, s.enc); msg != "" {
			return logRow{}, fail(k, msg)
		}
		if k == c.user {
			row.user = v
		} else {
			row.item = v
		}
	}
	if c.rating >= 0 {
		if row.rating, err = parseRating(strings.TrimSpace(fields[c.rating])); err != nil {
			return logRow{}, fail(c.rating, err.Error())
		}
	}
	if c.time >= 0 {
		if row.time, err = parseTime(strings.TrimSpace(fields[c.time])); err != nil {
			return logRow{}, fail(c.time, err.Error())
		}
	}
	return row, nil
}

// widthMismatch says how a row's width differs from the log's, and
// whether another delimiter in it suggests the file mixes them.
func (s *logScanner) widthMismatch(fields []string) string {
	l, c := s.layout, s.cols
	var want string
	switch {
	case l.header != nil:
		want = fmt.Sprintf("want %d (%s)", c.width, strings.Join(l.header, ", "))
	case l.width > 0:
		want = fmt.Sprintf("want %d (user item rating time)", c.width)
	case l.hasHeader:
		want = fmt.Sprintf("want %d as in the header on line %d", c.width, s.topLine)
	default:
		want = fmt.Sprintf("want %d as on line %d", c.width, s.topLine)
	}
	msg := plural(len(fields), "column") + ", " + want
	for _, d := range []string{"\t", ",", ";"} {
		if d == l.delim {
			continue
		}
		for _, f := range fields {
			if strings.Contains(f, d) {
				return msg + fmt.Sprintf(" (the file is %s but this line has %s: are the delimiters mixed?)", l.name, delimiterWord(d))
			}
		}
	}
	return msg
}
