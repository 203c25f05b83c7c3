package export

import (
	"strconv"
	"strings"
)

// Cell is a text from the data for a CSV file, made safe to open in a
// spreadsheet: a name, or a label, that begins with =, +, -, @, a tab or
// a carriage return would be read as a formula, so it gets a leading
// apostrophe, as OWASP advises against CSV injection. A number ("-0.5")
// is left as it is.
func Cell(s string) string {
	if s == "" || !strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return s
	}
	if _, err := strconv.ParseFloat(s, 64); err == nil && strings.Trim(s, "+-.0123456789eE") == "" {
		return s
	}
	return "'" + s
}

// ID is an id from the data for a CSV file: as Cell, but a leading minus
// is kept, since Yelp's ids begin with one and an id must match the data
// it names; a spreadsheet reads such an id as a failed formula, not a
// running one.
func ID(s string) string {
	if s != "" && s[0] == '-' {
		return s
	}
	return Cell(s)
}
