package pack

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// unescapeUnicode turns the \uXXXX escapes that the Python 2 export left in
// some business names ("Havana Caf\u00e9") back into the characters they
// stand for, so the page shows "Havana Café". Anything that is not a
// complete escape of a valid, non-surrogate code point is kept as it is.
func unescapeUnicode(s string) string {
	if !strings.Contains(s, `\u`) {
		return s
	}
	var b strings.Builder
	for {
		k := strings.Index(s, `\u`)
		if k < 0 || len(s) < k+6 {
			b.WriteString(s)
			return b.String()
		}
		v, err := strconv.ParseUint(s[k+2:k+6], 16, 32)
		r := rune(v)
		if err != nil || !utf8.ValidRune(r) {
			b.WriteString(s[:k+2])
			s = s[k+2:]
			continue
		}
		b.WriteString(s[:k])
		b.WriteRune(r)
		s = s[k+6:]
	}
}
