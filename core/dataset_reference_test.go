package core

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"sort"
	"testing"
)

// referenceRows indexes distinct pairs the obvious way: append, then sort
// each row. build's counting passes must give exactly this.
func referenceRows(n int, inter []Interaction, key func(Interaction) (row, col int32)) [][]int32 {
	out := make([][]int32, n)
	for _, x := range inter {
		row, col := key(x)
		out[row] = append(out[row], col)
	}
	for _, r := range out {
		slices.Sort(r)
	}
	return out
}

// referenceLeaveOneOut holds out the last interaction of each user in a
// stable sort by time, as the paper's protocol reads.
func referenceLeaveOneOut(d *Dataset) (kept, test []Interaction) {
	sorted := slices.Clone(d.Interactions())
	sort.SliceStable(sorted, func(a, b int) bool { return sorted[a].Time < sorted[b].Time })
	last := map[int32]Interaction{}
	count := map[int32]int{}
	for _, x := range sorted {
		last[x.User] = x
		count[x.User]++
	}
	held := map[Interaction]bool{}
	for u := int32(0); int(u) < d.NumUsers(); u++ {
		if count[u] >= 2 {
			test = append(test, last[u])
			held[last[u]] = true
		}
	}
	for _, x := range d.Interactions() {
		if !held[x] {
			kept = append(kept, x)
		}
	}
	return kept, test
}

func TestBuildAndLeaveOneOutMatchReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for trial := 0; trial < 200; trial++ {
		users, items := 1+rng.IntN(30), 1+rng.IntN(20)
		// Few distinct times make ties; a small id space makes repeats,
		// and some trials have none, the path a decoded pack takes.
		inter := make([]Interaction, 1+rng.IntN(300))
		distinct := trial%3 == 0
		seen := map[[2]int32]bool{}
		for k := range inter {
			x := Interaction{User: int32(rng.IntN(users)), Item: int32(rng.IntN(items)), Time: int64(rng.IntN(8))}
			for distinct && seen[[2]int32{x.User, x.Item}] && len(seen) < users*items {
				x.User, x.Item = int32(rng.IntN(users)), int32(rng.IntN(items))
			}
			seen[[2]int32{x.User, x.Item}] = true
			inter[k] = x
		}
		if distinct && len(seen) < len(inter) {
			inter = inter[:len(seen)]
		}
		userKeys, itemKeys := keysOf("u", users), keysOf("i", items)
		d, err := FromInteractions(userKeys, itemKeys, inter)
		if err != nil {
			t.Fatal(err)
		}
		if want := collapse(slices.Clone(inter)); !reflect.DeepEqual(d.Interactions(), want) {
			t.Fatalf("trial %d: interactions %v, want %v", trial, d.Interactions(), want)
		}
		checkRows(t, d)

		kept, test := referenceLeaveOneOut(d)
		train, gotTest, err := d.LeaveOneOut()
		if len(test) == 0 {
			if err == nil {
				t.Fatalf("trial %d: no user with two interactions, but no error", trial)
			}
			continue
		}
		if err != nil {
			t.Fatalf("trial %d: %v", trial, err)
		}
		if !reflect.DeepEqual(gotTest, test) || !reflect.DeepEqual(train.Interactions(), kept) {
			t.Fatalf("trial %d: leave-one-out held out %v, want %v", trial, gotTest, test)
		}
		checkRows(t, train)
	}
}

func checkRows(t *testing.T, d *Dataset) {
	t.Helper()
	byUser := referenceRows(d.NumUsers(), d.Interactions(), func(x Interaction) (int32, int32) { return x.User, x.Item })
	for u, want := range byUser {
		if got := d.UserItems(int32(u)); !slices.Equal(got, want) {
			t.Fatalf("user %d's items %v, want %v", u, got, want)
		}
	}
	byItem := referenceRows(d.NumItems(), d.Interactions(), func(x Interaction) (int32, int32) { return x.Item, x.User })
	for i, want := range byItem {
		if got := d.ItemUsers(int32(i)); !slices.Equal(got, want) {
			t.Fatalf("item %d's users %v, want %v", i, got, want)
		}
	}
}

func keysOf(prefix string, n int) []string {
	out := make([]string, n)
	for k := range out {
		out[k] = prefix + string(rune('A'+k%26)) + string(rune('a'+k/26))
	}
	return out
}
