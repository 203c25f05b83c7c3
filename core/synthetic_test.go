package core_test

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/ealslive/ealslive/core"
)

func TestSyntheticShape(t *testing.T) {
	for _, c := range []struct {
		users, items, inter int
		zipf                float64
	}{
		{200, 150, 3000, 1},
		{50, 40, 2000, 1.5}, // every pair: the heavy-user path must fill whole rows
		{300, 100, 120, 0},  // fewer interactions than users
		{1, 1, 1, 0},
	} {
		d, err := core.Synthetic(c.users, c.items, c.inter, c.zipf, 9)
		if err != nil {
			t.Fatalf("%+v: %v", c, err)
		}
		// Len counts distinct pairs, so this also says none was repeated.
		if d.NumUsers() != c.users || d.NumItems() != c.items || d.Len() != c.inter {
			t.Errorf("%+v: %d users, %d items, %d pairs", c, d.NumUsers(), d.NumItems(), d.Len())
		}
		inter := d.Interactions()
		for n := 1; n < len(inter); n++ {
			if inter[n].Time <= inter[n-1].Time {
				t.Fatalf("%+v: time goes from %d to %d at %d", c, inter[n-1].Time, inter[n].Time, n)
			}
		}
		if c.inter >= c.users {
			for u := int32(0); int(u) < c.users; u++ {
				if len(d.UserItems(u)) == 0 {
					t.Fatalf("%+v: user %d has no interaction", c, u)
				}
			}
		}
		again, _ := core.Synthetic(c.users, c.items, c.inter, c.zipf, 9)
		if !reflect.DeepEqual(again.Interactions(), inter) {
			t.Errorf("%+v: the same seed gave another data set", c)
		}
	}
}

// topShare is the share of interactions held by the most popular tenth of
// the items.
func topShare(d *core.Dataset) float64 {
	c := d.ItemCounts()
	slices.Sort(c)
	slices.Reverse(c)
	top := 0
	for _, n := range c[:len(c)/10] {
		top += n
	}
	return float64(top) / float64(d.Len())
}

func TestSyntheticPopularityFollowsZipf(t *testing.T) {
	flat, _ := core.Synthetic(2000, 1000, 20000, 0, 1)
	steep, _ := core.Synthetic(2000, 1000, 20000, 1, 1)
	// Uniform popularity: the top tenth holds little more than a tenth (the
	// excess is sampling noise). Zipf 1 over 1000 items: about 39%.
	if s := topShare(flat); s > 0.14 {
		t.Errorf("zipf 0: the top 10%% of items hold %.2f of interactions", s)
	}
	if s := topShare(steep); s < 0.3 {
		t.Errorf("zipf 1: the top 10%% of items hold only %.2f of interactions", s)
	}
	// Activity varies: the busiest user has several times the median.
	counts := make([]int, steep.NumUsers())
	for u := range counts {
		counts[u] = len(steep.UserItems(int32(u)))
	}
	slices.Sort(counts)
	if counts[len(counts)-1] < 4*counts[len(counts)/2] {
		t.Errorf("user activity hardly varies: median %d, max %d", counts[len(counts)/2], counts[len(counts)-1])
	}
	other, _ := core.Synthetic(2000, 1000, 20000, 1, 2)
	if reflect.DeepEqual(other.Interactions(), steep.Interactions()) {
		t.Error("another seed gave the same data set")
	}
}

func TestSyntheticRejectsBadArguments(t *testing.T) {
	for _, c := range []struct {
		users, items, inter int
		zipf                float64
		want                string
	}{
		{0, 10, 10, 1, "users = 0"},
		{10, -1, 10, 1, "items = -1"},
		{10, 10, 0, 1, "interactions = 0"},
		{10, 10, 101, 1, "only 100 distinct pairs"},
		{10, 10, 10, -1, "zipf = -1"},
		{10, 10, 10, 11, "zipf = 11"},
		{10, 10, core.MaxSynthetic + 1, 1, "interactions"},
	} {
		_, err := core.Synthetic(c.users, c.items, c.inter, c.zipf, 1)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: error %v, want one mentioning %q", c, err, c.want)
		}
	}
}
