// A program whose output depends on its initial memory: string and table
// literals, a map, Unicode's tables and fmt's state, which the linker
// writes as data segments with runs of zeros between them.
package main

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
)

var table = [...]struct {
	name  string
	count int64
	rate  float64
}{
	{"Phoenix", 2841, 0.2602},
	{"Scottsdale", 0, 1e-9},
	{"Tempe", -7, 0},
	{"Mesa", 1 << 40, 3.5},
}

var digits = map[string]int{"one": 1, "two": 2, "three": 3, "ten": 10}

func main() {
	for _, r := range table {
		fmt.Printf("%-12s %14d %g\n", r.name, r.count, r.rate)
	}
	keys := make([]string, 0, len(digits))
	for k := range digits {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		fmt.Println(k, digits[k])
	}
	fmt.Println(strings.ToUpper("café ÿ ǆ ﬀ"), unicode.IsUpper('Ǆ'), unicode.In('λ', unicode.Greek))
}
