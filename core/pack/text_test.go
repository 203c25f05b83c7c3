package pack

import "testing"

func TestUnescapeUnicode(t *testing.T) {
	for in, want := range map[string]string{
		`Havana Caf\u00e9`:          "Havana Café",
		`Se\u00f1or Taco`:           "Señor Taco",
		`F\u00e0n Boy \u00e0 Go`:    "Fàn Boy à Go",
		`plain`:                     "plain",
		`C:\users`:                  `C:\users`,
		`half \u00e`:                `half \u00e`,
		`bad \uzzzz then \u00fc`:    `bad \uzzzz then ü`,
		`surrogate \ud83d alone`:    `surrogate \ud83d alone`,
		`\u0041\u0042 back to back`: "AB back to back",
	} {
		if got := unescapeUnicode(in); got != want {
			t.Errorf("unescapeUnicode(%q) = %q, want %q", in, got, want)
		}
	}
}
