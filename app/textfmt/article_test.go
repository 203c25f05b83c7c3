package textfmt

import "testing"

func TestWithArticle(t *testing.T) {
	for in, want := range map[string]string{
		"877 kB": "an 877 kB", "8 MB": "an 8 MB", "11 MB": "an 11 MB", "18,000 kB": "an 18,000 kB",
		"110 kB": "a 110 kB", "1.2 MB": "a 1.2 MB", "482 kB": "a 482 kB", "1,100 kB": "a 1,100 kB",
		"11.5 MB": "an 11.5 MB", "apple": "an apple", "pack": "a pack",
	} {
		if got := WithArticle(in); got != want {
			t.Errorf("WithArticle(%q) = %q, want %q", in, got, want)
		}
	}
}
