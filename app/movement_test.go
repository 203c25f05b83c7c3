package app

import (
	"slices"
	"testing"
)

func TestMoves(t *testing.T) {
	for _, tc := range []struct {
		prev, cur []int32
		want      []move
	}{
		{nil, []int32{1, 2}, []move{{}, {}}},
		{[]int32{1, 2, 3}, []int32{1, 2, 3}, []move{{}, {}, {}}},
		{[]int32{1, 2, 3}, []int32{3, 1, 2}, []move{{By: 2}, {By: -1}, {By: -1}}},
		{[]int32{1, 2, 3}, []int32{4, 1, 5}, []move{{New: true}, {By: -1}, {New: true}}},
		{[]int32{}, []int32{7}, []move{{New: true}}},
	} {
		if got := moves(tc.prev, tc.cur); !slices.Equal(got, tc.want) {
			t.Errorf("moves(%v, %v) = %v, want %v", tc.prev, tc.cur, got, tc.want)
		}
	}
}
