package core

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// parseRating reads a rating: a finite number, written with a decimal
// point or, as spreadsheets in much of Europe write it, a decimal comma.
func parseRating(s string) (float64, error) {
	v, err := strconv.ParseFloat(s, 64)
	if err != nil && strings.Count(s, ",") == 1 && !strings.Contains(s, ".") {
		v, err = strconv.ParseFloat(strings.Replace(s, ",", ".", 1), 64)
	}
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, fmt.Errorf("%q is not a number", s)
	}
	return v, nil
}

// millisecondsFrom is the smallest integer time read as milliseconds: as
// seconds it would be after the year 5000, as milliseconds it is after
// March 1973, so the two cannot be confused in a real log.
const millisecondsFrom = 100_000_000_000

// dateLayouts are the date forms a time column may hold, tried in order;
// a date without a zone is taken as UTC.
var dateLayouts = []string{"2006-01-02", time.RFC3339Nano, "2006-01-02T15:04:05", "2006-01-02 15:04:05"}

// parseTime reads a time as Unix seconds: an integer number of seconds or
// milliseconds (see millisecondsFrom), or a date.
func parseTime(s string) (int64, error) {
	if v, err := strconv.ParseInt(s, 10, 64); err == nil {
		if v >= millisecondsFrom || v <= -millisecondsFrom {
			return floorDiv(v, 1000), nil
		}
		return v, nil
	}
	for _, l := range dateLayouts {
		if t, err := time.Parse(l, s); err == nil {
			return t.Unix(), nil
		}
	}
	return 0, fmt.Errorf("%q is not a time: want Unix seconds or milliseconds, or a date such as 2006-01-02 or 2006-01-02T15:04:05Z", s)
}

// floorDiv is a/b rounded down, so that a millisecond before 1970 is in
// the second before it.
func floorDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}
