package textfmt

import "testing"

func TestFormat(t *testing.T) {
	for _, tc := range []struct{ got, want string }{
		{Thousands(0), "0"},
		{Thousands(999), "999"},
		{Thousands(1000), "1,000"},
		{Thousands(103976), "103,976"},
		{Thousands(1234567), "1,234,567"},
		{Thousands(-4500), "-4,500"},
		{Millis(0.0456), "0.05 ms"},
		{Millis(0.994), "0.99 ms"},
		{Millis(0.996), "1.0 ms"},
		{Millis(12.4), "12 ms"},
		{Bytes(512), "512 bytes"},
		{Bytes(877439), "877 kB"},
		{Bytes(8654816), "8.65 MB"},
		{Compact(61234.5), "61.2k"},
		{Compact(2.5e6), "2.5M"},
		{Compact(512), "512"},
		{Compact(0.264), "0.264"},
		{Plural(1, "click", "clicks"), "1 click"},
		{Plural(1200, "click", "clicks"), "1,200 clicks"},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
}

func TestPercentOf(t *testing.T) {
	if got := PercentOf(1429, 10398); got != "13.7%" {
		t.Errorf("PercentOf(1429, 10398) = %q", got)
	}
	if got := PercentOf(3, 0); got != "0%" {
		t.Errorf("PercentOf(3, 0) = %q", got)
	}
}
