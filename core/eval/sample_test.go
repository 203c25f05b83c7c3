package eval

import (
	"slices"
	"testing"

	"github.com/ealslive/ealslive/core"
)

func TestEvenSample(t *testing.T) {
	cases := make([]core.Interaction, 10)
	for k := range cases {
		cases[k] = core.Interaction{User: int32(k), Item: int32(100 + k)}
	}
	users := func(xs []core.Interaction) []int32 {
		var u []int32
		for _, x := range xs {
			u = append(u, x.User)
		}
		return u
	}
	for _, tc := range []struct {
		n    int
		want []int32
	}{
		{0, nil},
		{-3, nil},
		{1, []int32{0}},
		{2, []int32{0, 5}},
		{3, []int32{0, 3, 6}},
		{4, []int32{0, 2, 5, 7}},
		{10, []int32{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}},
		{25, []int32{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}},
	} {
		got := users(EvenSample(cases, tc.n))
		if !slices.Equal(got, tc.want) {
			t.Errorf("EvenSample(10 cases, %d) users = %v, want %v", tc.n, got, tc.want)
		}
	}
}

// The sample is distinct cases in their original order, and never aliases
// the input.
func TestEvenSampleProperties(t *testing.T) {
	for total := 1; total < 60; total++ {
		cases := make([]core.Interaction, total)
		for k := range cases {
			cases[k] = core.Interaction{User: int32(k)}
		}
		for n := 1; n <= total+2; n++ {
			s := EvenSample(cases, n)
			if want := min(n, total); len(s) != want {
				t.Fatalf("total %d, n %d: got %d cases, want %d", total, n, len(s), want)
			}
			for k := 1; k < len(s); k++ {
				if s[k].User <= s[k-1].User {
					t.Fatalf("total %d, n %d: not strictly increasing: %v", total, n, s)
				}
			}
			if len(s) > 0 && len(cases) > 0 {
				s[0].Item = 99
				if cases[0].Item == 99 {
					t.Fatalf("total %d, n %d: the sample aliases the input", total, n)
				}
				s[0].Item = 0
			}
		}
	}
}
