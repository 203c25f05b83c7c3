package core

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
)

// Format names a text layout of interaction logs.
type Format string

const (
	// FormatYelp is the tab-separated layout of the Phoenix Yelp files, with
	// the header "user_id business_id stars date timestamp".
	FormatYelp Format = "yelp"
	// FormatPaper is the paper's layout: "user item rating timestamp" per
	// line, separated by tabs or spaces, with no header.
	FormatPaper Format = "paper"
)

var yelpHeader = []string{"user_id", "business_id", "stars", "date", "timestamp"}

// detectFormat guesses the format of a log from its first bytes: the Yelp
// layout starts with its header (after any blank lines, which the readers
// skip too), anything else is taken as the paper's.
func detectFormat(head []byte) Format {
	for len(head) > 0 {
		var line []byte
		line, head, _ = bytes.Cut(head, []byte("\n"))
		text := strings.TrimSpace(string(line))
		if text == "" {
			continue
		}
		if strings.HasPrefix(text, strings.Join(yelpHeader[:2], "\t")) {
			return FormatYelp
		}
		break
	}
	return FormatPaper
}

// ReadEvents reads an interaction log in the given format. name is used in
// error messages, which give the line of the first problem.
func ReadEvents(r io.Reader, name string, f Format) ([]Event, error) {
	if f != FormatYelp && f != FormatPaper {
		return nil, fmt.Errorf("%s: unknown format %q (want %q or %q)", name, f, FormatYelp, FormatPaper)
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 16*1024*1024)
	var events []Event
	line := 0
	header := f == FormatYelp // still to be read
	for sc.Scan() {
		line++
		text := strings.TrimRight(sc.Text(), "\r")
		if strings.TrimSpace(text) == "" {
			continue
		}
		var e Event
		var err error
		switch f {
		case FormatYelp:
			if header {
				header = false
				if err := checkYelpHeader(text); err != nil {
					return nil, fmt.Errorf("%s:%d: %v", name, line, err)
				}
				continue
			}
			e, err = parseYelp(text)
		default:
			e, err = parsePaper(text)
		}
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", name, line, err)
		}
		events = append(events, e)
	}
	if err := sc.Err(); err != nil {
		if line == 0 {
			return nil, fmt.Errorf("%s: %v", name, err)
		}
		return nil, fmt.Errorf("%s:%d: %v", name, line+1, err)
	}
	if len(events) == 0 {
		return nil, &emptyFileError{name}
	}
	return events, nil
}

// emptyFileError is a log with no interactions: errors.Is finds ErrEmpty
// in it, and its text names the file without repeating ErrEmpty's.
type emptyFileError struct{ name string }

func (e *emptyFileError) Error() string { return e.name + ": no interactions in the file" }
func (e *emptyFileError) Unwrap() error { return ErrEmpty }

func checkYelpHeader(text string) error {
	got := strings.Split(text, "\t")
	if len(got) != len(yelpHeader) {
		return fmt.Errorf("header has %d columns, want %d (%s)", len(got), len(yelpHeader), strings.Join(yelpHeader, ", "))
	}
	for k := range got {
		if got[k] != yelpHeader[k] {
			return fmt.Errorf("header column %d is %q, want %q", k+1, got[k], yelpHeader[k])
		}
	}
	return nil
}

func parseYelp(text string) (Event, error) {
	f := strings.Split(text, "\t")
	if len(f) != len(yelpHeader) {
		return Event{}, fmt.Errorf("%d tab-separated columns, want %d (%s)", len(f), len(yelpHeader), strings.Join(yelpHeader, ", "))
	}
	return event(f[0], f[1], f[4])
}

func parsePaper(text string) (Event, error) {
	f := strings.Fields(text)
	if len(f) != 4 {
		return Event{}, fmt.Errorf("%d columns, want 4 (user item rating timestamp)", len(f))
	}
	return event(f[0], f[1], f[3])
}

func event(user, item, ts string) (Event, error) {
	if user == "" || item == "" {
		return Event{}, fmt.Errorf("empty user or item")
	}
	t, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return Event{}, fmt.Errorf("timestamp %q is not an integer number of seconds", ts)
	}
	return Event{User: user, Item: item, Time: t}, nil
}

// ReadFile reads a log from a file. With format "" or "auto" it detects the
// layout from the file's first line.
func ReadFile(path string, f Format) (*Dataset, error) {
	file, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer file.Close()
	if st, err := file.Stat(); err == nil && st.IsDir() {
		return nil, fmt.Errorf("%s is a directory, not an interaction log", path)
	}
	br := bufio.NewReader(file)
	if f == "" || f == "auto" {
		head, _ := br.Peek(256)
		f = detectFormat(head)
	}
	events, err := ReadEvents(br, path, f)
	if err != nil {
		return nil, err
	}
	return NewDataset(events)
}
