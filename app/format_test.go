package app

import "testing"

func TestFormat(t *testing.T) {
	for _, tc := range []struct{ got, want string }{
		{thousands(0), "0"},
		{thousands(999), "999"},
		{thousands(1000), "1,000"},
		{thousands(103976), "103,976"},
		{thousands(1234567), "1,234,567"},
		{thousands(-4500), "-4,500"},
		{millis(0.0456), "0.05 ms"},
		{millis(0.994), "0.99 ms"},
		{millis(0.996), "1.0 ms"},
		{millis(12.4), "12 ms"},
		{byteSize(512), "512 bytes"},
		{byteSize(877439), "877 kB"},
		{byteSize(8654816), "8.65 MB"},
		{compact(61234.5), "61.2k"},
		{compact(2.5e6), "2.5M"},
		{compact(512), "512"},
		{compact(0.264), "0.264"},
		{plural(1, "click", "clicks"), "1 click"},
		{plural(1200, "click", "clicks"), "1,200 clicks"},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
}
