package textfmt

import "strings"

// WithArticle puts "a" or "an" before s as it is read aloud: "an 877 kB
// download", "an 11 MB download", "a 1.2 MB download".
func WithArticle(s string) string {
	if anSound(s) {
		return "an " + s
	}
	return "a " + s
}

func anSound(s string) bool {
	if s == "" {
		return false
	}
	switch c := s[0]; {
	case c == '8':
		return true // eight, eighty, eight hundred…
	case c >= '0' && c <= '9':
		// Eleven and eighteen, alone or leading a group of thousands
		// ("11 kB", "18,000"), but not "110" or "1,100".
		digits := 0
		for _, r := range s {
			if r == ',' {
				continue
			}
			if r < '0' || r > '9' {
				break
			}
			digits++
		}
		return (strings.HasPrefix(s, "11") || strings.HasPrefix(s, "18")) && digits%3 == 2
	}
	return strings.ContainsRune("aeioAEIO", rune(s[0]))
}
