package core

import (
	"bufio"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strings"
)

// records yields the rows of a text file split into fields, skipping
// blank ones, each with the line it starts on.
type records interface {
	// next returns the next row; io.EOF after the last. The slice is
	// reused by the call after; the strings are not.
	next() (fields []string, line int, err error)
}

// newRecords reads r's rows split by delim: commas, tabs and semicolons
// as encoding/csv reads them (quoted fields may hold delimiters, doubled
// quotes and line breaks), runs of whitespace as strings.Fields splits,
// and "::" and "|" literally.
func newRecords(r io.Reader, delim, name string) records {
	switch delim {
	case whitespace, "::", "|":
		sc := bufio.NewScanner(r)
		sc.Buffer(make([]byte, 64*1024), maxLine)
		return &lineRecords{sc: sc, delim: delim, name: name}
	}
	c := csv.NewReader(r)
	c.Comma = rune(delim[0])
	c.FieldsPerRecord = -1 // the reader checks widths itself, with better words
	c.ReuseRecord = true
	return &csvRecords{r: c, name: name}
}

// maxLine bounds a line of the literal layouts, so a file without line
// breaks is an error rather than all of memory.
const maxLine = 16 * 1024 * 1024

type csvRecords struct {
	r    *csv.Reader
	name string
}

func (c *csvRecords) next() ([]string, int, error) {
	for {
		fields, err := c.r.Read()
		if err != nil {
			var pe *csv.ParseError
			if errors.As(err, &pe) {
				msg := fmt.Sprintf("at byte %d: %v", pe.Column, pe.Err)
				if errors.Is(pe.Err, csv.ErrBareQuote) || errors.Is(pe.Err, csv.ErrQuote) {
					msg += ` (a field with a quote in it must be quoted whole, and the quote doubled: "a ""b"" c")`
				}
				return nil, pe.Line, &LogError{Name: c.name, Line: pe.Line, Msg: msg, Err: pe.Err}
			}
			return nil, 0, readError(c.name, err)
		}
		if !blank(fields) {
			line, _ := c.r.FieldPos(0)
			return fields, line, nil
		}
	}
}

// readError passes io.EOF on and names the file in any other error.
func readError(name string, err error) error {
	if err == io.EOF {
		return err
	}
	return &LogError{Name: name, Msg: err.Error(), Err: err}
}

// blank reports whether a row holds nothing but whitespace: a spreadsheet
// writes an empty row as ",,".
func blank(fields []string) bool {
	for _, f := range fields {
		if strings.TrimSpace(f) != "" {
			return false
		}
	}
	return true
}

type lineRecords struct {
	sc     *bufio.Scanner
	delim  string
	name   string
	line   int
	fields []string
}

func (l *lineRecords) next() ([]string, int, error) {
	for l.sc.Scan() {
		l.line++
		text := strings.TrimRight(l.sc.Text(), "\r")
		switch l.delim {
		case whitespace:
			l.fields = appendFields(l.fields[:0], text)
		default:
			l.fields = appendSplit(l.fields[:0], text, l.delim)
		}
		if !blank(l.fields) {
			return l.fields, l.line, nil
		}
	}
	err := l.sc.Err()
	switch {
	case err == nil:
		return nil, 0, io.EOF
	case errors.Is(err, bufio.ErrTooLong):
		return nil, l.line + 1, &LogError{Name: l.name, Line: l.line + 1, Msg: fmt.Sprintf("the line is longer than %d MiB", maxLine>>20), Err: err}
	}
	return nil, 0, readError(l.name, err)
}

// appendFields appends the fields strings.Fields finds in s to dst,
// without allocating a slice per line for ASCII text.
func appendFields(dst []string, s string) []string {
	start := -1
	for k := 0; k < len(s); k++ {
		c := s[k]
		if c >= 0x80 {
			return append(dst[:0], strings.Fields(s)...) // Unicode spaces split too
		}
		space := c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'
		switch {
		case space && start >= 0:
			dst = append(dst, s[start:k])
			start = -1
		case !space && start < 0:
			start = k
		}
	}
	if start >= 0 {
		dst = append(dst, s[start:])
	}
	return dst
}

// appendSplit appends the pieces of s between each sep to dst.
func appendSplit(dst []string, s, sep string) []string {
	for {
		k := strings.Index(s, sep)
		if k < 0 {
			return append(dst, s)
		}
		dst = append(dst, s[:k])
		s = s[k+len(sep):]
	}
}
