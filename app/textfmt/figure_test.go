package textfmt

import (
	"math"
	"strconv"
	"strings"
	"testing"
)

func TestSigFigure(t *testing.T) {
	for _, tc := range []struct {
		v      float64
		digits int
		text   string
	}{
		{0, 4, "0"},
		{1234.5678, 4, "1235"},
		{123456, 4, "1.235×10⁵"},
		{0.5, 4, "0.5"},
		{0.01, 4, "0.01"},
		{0.0015, 4, "0.0015"},
		{-0.000123456, 4, "−1.235×10⁻⁴"},
		{9.99996, 4, "10"},
		{-2.71828, 3, "−2.72"},
		{0.3162278, 6, "0.316228"},
		{99999.6, 5, "1×10⁵"},
	} {
		f := Sig(tc.v, tc.digits)
		if got := superscripts(f.Text()); got != tc.text {
			t.Errorf("Sig(%v, %d) reads %q, want %q", tc.v, tc.digits, got, tc.text)
		}
		// The value it stands for is v to within half a unit of its last
		// digit.
		if tc.v != 0 {
			ulp := math.Pow(10, math.Floor(math.Log10(math.Abs(tc.v)))-float64(tc.digits-1))
			if d := math.Abs(f.Value() - tc.v); d > ulp/2*(1+1e-9) {
				t.Errorf("Sig(%v, %d) stands for %v, off by %v (half a unit is %v)", tc.v, tc.digits, f.Value(), d, ulp/2)
			}
		}
	}
}

// superscripts writes an exponent as the page's <sup> shows it, for
// compact test tables.
func superscripts(s string) string {
	at := strings.Index(s, "×10")
	if at < 0 {
		return s
	}
	sup := strings.NewReplacer("−", "⁻", "0", "⁰", "1", "¹", "2", "²", "3", "³", "4", "⁴", "5", "⁵", "6", "⁶", "7", "⁷", "8", "⁸", "9", "⁹")
	return s[:at+len("×10")] + sup.Replace(s[at+len("×10"):])
}

func TestSigned(t *testing.T) {
	for _, tc := range []struct {
		v    float64
		want string
	}{
		{0.1234, "+0.123"},
		{-0.0041, "−0.004"},
		{-0.0001, "0.000"},
		{0.0002, "0.000"},
		{0, "0.000"},
		{1.9996, "+2.000"},
	} {
		got := Signed(tc.v)
		if got != tc.want {
			t.Errorf("Signed(%v) = %q, want %q", tc.v, got, tc.want)
		}
		back, err := strconv.ParseFloat(strings.ReplaceAll(got, "−", "-"), 64)
		if err != nil || math.Abs(back-tc.v) > 0.0005+1e-12 {
			t.Errorf("Signed(%v) = %q reads back as %v (%v)", tc.v, got, back, err)
		}
	}
}
