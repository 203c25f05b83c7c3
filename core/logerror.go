package core

import "fmt"

// LogError is a problem at a place in a log or an item file: the file's
// name, and the line and column when the problem has one, so that a page
// can point at it and a reader can open the file there.
type LogError struct {
	Name   string // the file's name, as given to the reader
	Line   int    // 1-based line the problem is on; 0 for the file as a whole
	Column int    // 1-based column (field) the problem is in; 0 for the whole line
	Role   string // what the column holds ("user", "rating", …), when Column is set
	Msg    string // what is wrong, and what was expected
	Err    error  // the cause, for errors.Is and errors.As (ErrEmpty, a read error), or nil
}

func (e *LogError) Error() string {
	switch {
	case e.Line > 0 && e.Column > 0:
		return fmt.Sprintf("%s:%d: column %d (%s): %s", e.Name, e.Line, e.Column, e.Role, e.Msg)
	case e.Line > 0:
		return fmt.Sprintf("%s:%d: %s", e.Name, e.Line, e.Msg)
	}
	return e.Name + ": " + e.Msg
}

func (e *LogError) Unwrap() error { return e.Err }
