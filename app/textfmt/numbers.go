package textfmt

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Thousands writes n with thousands separators: 103976 -> "103,976".
func Thousands(n int) string {
	s := strconv.Itoa(n)
	neg := strings.HasPrefix(s, "-")
	if neg {
		s = s[1:]
	}
	var b strings.Builder
	for k, r := range s {
		if k > 0 && (len(s)-k)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}

// Millis writes a duration in milliseconds with the precision it deserves.
func Millis(ms float64) string {
	switch {
	case ms < 0.995:
		return fmt.Sprintf("%.2f ms", ms)
	case ms < 9.95:
		return fmt.Sprintf("%.1f ms", ms)
	default:
		return fmt.Sprintf("%.0f ms", ms)
	}
}

// DurationMillis is d in milliseconds.
func DurationMillis(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// Bytes writes a size in kB or MB (powers of 1000, as browsers show).
func Bytes(n int) string {
	switch {
	case n < 1000:
		return fmt.Sprintf("%d bytes", n)
	case n < 1000*1000:
		return fmt.Sprintf("%.0f kB", float64(n)/1e3)
	default:
		return fmt.Sprintf("%.2f MB", float64(n)/1e6)
	}
}

// Compact writes a large objective value briefly: 61234.5 -> "61.2k".
func Compact(v float64) string {
	switch a := max(v, -v); {
	case a >= 1e9:
		return fmt.Sprintf("%.3gG", v/1e9)
	case a >= 1e6:
		return fmt.Sprintf("%.3gM", v/1e6)
	case a >= 1e4:
		return fmt.Sprintf("%.3gk", v/1e3)
	case a >= 100:
		return fmt.Sprintf("%.0f", v)
	default:
		return fmt.Sprintf("%.3g", v)
	}
}

// Plural writes n and the noun that goes with it: "1 click", "1,200 clicks".
func Plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return Thousands(n) + " " + many
}

// Percent writes a rate as a percentage to one decimal: "13.7%".
func Percent(v float64) string { return fmt.Sprintf("%.1f%%", 100*v) }

// PercentOf writes n as a share of total: "13.7%"; "0%" of nothing.
func PercentOf(n, total int) string {
	if total == 0 {
		return "0%"
	}
	return Percent(float64(n) / float64(total))
}

// Points writes a difference of two rates in percentage points.
func Points(v float64) string { return fmt.Sprintf("%.1f points", 100*v) }
