package core

import (
	"fmt"
	"strings"
	"unicode"
)

// logColumns says which column of a log holds what: indices into a row's
// fields, -1 for a column the log lacks.
type logColumns struct {
	user, item, rating, time int
	width                    int // the number of columns every row has
}

// The roles of a log's columns, in the order a headerless log has them.
const (
	roleUser   = "user"
	roleItem   = "item"
	roleRating = "rating"
	roleTime   = "time"
)

// columnNames are the names a header may give a role's column, most
// preferred first, as normalName leaves them.
type columnNames struct {
	role  string
	names []string
}

// logColumnNames are the header names of a log's columns. The Yelp files
// have both a date and a timestamp; the timestamp, the finer, wins.
var logColumnNames = []columnNames{
	{roleUser, []string{"user", "userid", "uid", "customer", "customerid", "reviewerid", "visitorid"}},
	{roleItem, []string{"item", "itemid", "iid", "movie", "movieid", "business", "businessid", "product", "productid",
		"asin", "isbn", "book", "bookid", "track", "trackid", "song", "songid"}},
	{roleRating, []string{"rating", "stars", "score"}},
	{roleTime, []string{"timestamp", "ts", "time", "datetime", "date"}},
}

// normalName lower-cases a header name and drops all but letters and
// digits, so that userId, user_id and "User ID" are one name.
func normalName(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return unicode.ToLower(r)
		}
		return -1
	}, s)
}

// isHeader reports whether a first row is a header: whether it names a
// column of one of the roles.
func isHeader(fields []string, roles []columnNames) bool {
	for _, c := range roles {
		if findColumn(fields, c.names) >= 0 {
			return true
		}
	}
	return false
}

// columnsByName finds each role's column in a header.
func columnsByName(header []string) (logColumns, error) {
	found := make([]int, len(logColumnNames))
	for k, c := range logColumnNames {
		found[k] = findColumn(header, c.names)
	}
	cols := logColumns{user: found[0], item: found[1], rating: found[2], time: found[3], width: len(header)}
	for k, role := range []string{roleUser, roleItem} {
		if found[k] < 0 {
			return logColumns{}, fmt.Errorf("the header (%s) names no %s column: want one named %s",
				strings.Join(header, ", "), role, strings.Join(logColumnNames[k].names[:3], ", "))
		}
	}
	return cols, nil
}

// findColumn returns the index of the first header field that is the most
// preferred of names, or -1.
func findColumn(header []string, names []string) int {
	for _, name := range names {
		for k, h := range header {
			if normalName(h) == name {
				return k
			}
		}
	}
	return -1
}

// columnsByPosition is a headerless log's columns: user, item, then a
// rating and a time if there are that many; more columns are left unread.
func columnsByPosition(width int) (logColumns, error) {
	if width < 2 {
		return logColumns{}, fmt.Errorf("%s: want at least a user and an item", plural(width, "column"))
	}
	cols := logColumns{user: 0, item: 1, rating: -1, time: -1, width: width}
	if width >= 3 {
		cols.rating = 2
	}
	if width >= 4 {
		cols.time = 3
	}
	return cols, nil
}

// role names what column k holds, for messages.
func (c logColumns) role(k int) string {
	switch k {
	case c.user:
		return roleUser
	case c.item:
		return roleItem
	case c.rating:
		return roleRating
	case c.time:
		return roleTime
	}
	return "unread"
}
