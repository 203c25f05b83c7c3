package textfmt

import (
	"strconv"
	"strings"
)

// Figure is a number as the page shows it, rounded to some significant
// digits: Mant, or Mant × 10^Exp when Exp is not 0. Mant uses a true minus
// sign.
type Figure struct {
	Mant string
	Exp  int
}

// Sig rounds v to digits significant digits, in plain decimals when
// that stays short (10⁻³ ≤ |v| < 10⁵) and in scientific notation otherwise.
func Sig(v float64, digits int) Figure {
	digits = max(digits, 1)
	if v == 0 {
		return Figure{Mant: "0"}
	}
	// 'e' first: rounding can carry into the next power of ten.
	e := strconv.FormatFloat(v, 'e', digits-1, 64)
	at := strings.LastIndexByte(e, 'e')
	exp, _ := strconv.Atoi(e[at+1:])
	if exp >= -3 && exp < 5 {
		return Figure{Mant: Minus(trimZeros(strconv.FormatFloat(v, 'f', max(digits-1-exp, 0), 64)))}
	}
	return Figure{Mant: Minus(trimZeros(e[:at])), Exp: exp}
}

// trimZeros drops the zeros that end a decimal fraction, which say nothing
// of the value: λ = 0.01 reads better than 0.01000.
func trimZeros(s string) string {
	if !strings.Contains(s, ".") {
		return s
	}
	return strings.TrimSuffix(strings.TrimRight(s, "0"), ".")
}

// Value is the number the Figure shows.
func (f Figure) Value() float64 {
	v, _ := strconv.ParseFloat(strings.ReplaceAll(f.Mant, "−", "-")+"e"+strconv.Itoa(f.Exp), 64)
	return v
}

// Text is the figure as plain text, as it reads on the page.
func (f Figure) Text() string {
	if f.Exp == 0 {
		return f.Mant
	}
	return f.Mant + "×10" + Minus(strconv.Itoa(f.Exp))
}

// HTML writes the figure as HTML, marked with its role in the equation,
// in parentheses if it is negative and follows an operator.
func (f Figure) HTML(role string, operand bool) string {
	num := f.Mant
	if f.Exp != 0 {
		num += "×10<sup>" + Minus(strconv.Itoa(f.Exp)) + "</sup>"
	}
	span := `<span class="num" data-term="` + role + `">` + num + `</span>`
	if operand && strings.HasPrefix(f.Mant, "−") {
		return "(" + span + ")"
	}
	return span
}

// Minus swaps ASCII hyphens for the minus sign, which lines up with plus
// and reads as a sign.
func Minus(s string) string { return strings.ReplaceAll(s, "-", "−") }

// Signed writes a share of a score with its sign and three decimals:
// "+0.123", "−0.004", and "0.000" for what rounds to zero either way.
func Signed(v float64) string {
	s := strconv.FormatFloat(v, 'f', 3, 64)
	if s == "-0.000" || s == "0.000" {
		return "0.000"
	}
	if !strings.HasPrefix(s, "-") {
		s = "+" + s
	}
	return Minus(s)
}
