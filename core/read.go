package core

import "io"

// ReadEvents reads the rows of an interaction log as events, in the file's
// order, none left out: the raw log that NewDataset, or a packer choosing
// a subset first, builds on. The layout is f's, or detected for
// FormatAuto or "", as ReadLog has it; name is used in errors, which give
// the line and column of the first problem.
func ReadEvents(r io.Reader, name string, f Format) ([]Event, error) {
	s, err := newLogScanner(r, name, f)
	if err != nil {
		return nil, err
	}
	var events []Event
	err = s.each(func(row logRow) error {
		events = append(events, Event{User: row.user, Item: row.item, Time: row.time})
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(events) == 0 {
		return nil, emptyLog(name)
	}
	return events, nil
}

// ReadFile reads the log in a file, every row an interaction, and returns
// its data set: ReadLogFile with only a format. With format "" or
// FormatAuto it detects the layout from the file's first lines.
func ReadFile(path string, f Format) (*Dataset, error) {
	l, err := ReadLogFile(path, LogOptions{Format: f})
	if err != nil {
		return nil, err
	}
	return l.Data, nil
}
