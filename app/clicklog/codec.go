package clicklog

import (
	"encoding/json"
	"fmt"
)

// Schema is the stored format this package writes. It reads format 1 too,
// a list of ids in the order they were liked, which it turns into a log.
const Schema = 2

// file is the stored form: a format number and the log.
type file struct {
	Schema int             `json:"schema"`
	Reset  int64           `json:"reset,omitempty"`
	Clicks json.RawMessage `json:"clicks"`
}

// Encode writes l in the stored format.
func Encode(l Log) string {
	clicks, _ := json.Marshal(l.Clicks)
	if l.Clicks == nil {
		clicks = []byte("[]")
	}
	b, _ := json.Marshal(file{Schema: Schema, Reset: l.Reset, Clicks: clicks})
	return string(b)
}

// UnreadableError is why a stored value cannot be read: damaged, of an
// older format this page does not read, or written by a newer page (which
// must not be overwritten: the visitor may be back on it tomorrow).
type UnreadableError struct {
	Why   string
	Newer bool
}

func (u *UnreadableError) Error() string { return u.Why }

// Decode reads stored clicks: this format, or format 1 (a list of ids in
// the order they were liked), which it turns into a log.
func Decode(raw string) (Log, error) {
	var f file
	if err := json.Unmarshal([]byte(raw), &f); err != nil {
		return Log{}, &UnreadableError{Why: "the stored data is damaged"}
	}
	var l Log
	switch {
	case f.Schema == Schema:
		if err := json.Unmarshal(f.Clicks, &l.Clicks); err != nil {
			return Log{}, &UnreadableError{Why: "the stored data is damaged"}
		}
		l.Reset = f.Reset
	case f.Schema == 1:
		var ids []string
		if err := json.Unmarshal(f.Clicks, &ids); err != nil {
			return Log{}, &UnreadableError{Why: "the stored data is damaged"}
		}
		// A repeated id was one like, where it first appears.
		seen := map[string]bool{}
		for _, id := range ids {
			if !seen[id] {
				seen[id] = true
				l.Clicks = append(l.Clicks, Record{ID: id, At: int64(len(l.Clicks) + 1)})
			}
		}
	case f.Schema > Schema:
		return Log{}, &UnreadableError{Newer: true,
			Why: fmt.Sprintf("they were stored by a newer version of this page (format %d; this page reads formats 1 and %d)", f.Schema, Schema)}
	default:
		return Log{}, &UnreadableError{
			Why: fmt.Sprintf("they were stored by another version of this page (format %d; this page reads formats 1 and %d)", f.Schema, Schema)}
	}
	for _, r := range l.Clicks {
		if r.ID == "" || r.At <= 0 {
			return Log{}, &UnreadableError{Why: "the stored data is damaged"}
		}
	}
	// Merging with nothing keeps one record per business, in order.
	return l.Merge(Log{}), nil
}
