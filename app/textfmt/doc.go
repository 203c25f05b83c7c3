// Package textfmt writes the page's numbers and words as a reader expects
// them: thousands separators, durations and sizes with the precision they
// deserve, plurals, "a" or "an", and significant figures that add up when a
// reader redoes the sum.
package textfmt
