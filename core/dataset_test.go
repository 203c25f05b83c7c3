package core

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
)

func ev(u, i string, t int64) Event { return Event{User: u, Item: i, Time: t} }

func TestNewDatasetCollapsesRepeats(t *testing.T) {
	d, err := NewDataset([]Event{
		ev("ann", "pizza", 5), ev("bob", "tacos", 6), ev("ann", "tacos", 7),
		ev("ann", "pizza", 9), ev("bob", "tacos", 2), ev("ann", "pizza", 9),
	})
	if err != nil {
		t.Fatal(err)
	}
	// ann/pizza keeps its latest time and moves to the first event with
	// it; bob/tacos keeps time 6 and its place.
	want := []Interaction{{1, 1, 6}, {0, 1, 7}, {0, 0, 9}}
	if !reflect.DeepEqual(d.Interactions(), want) {
		t.Fatalf("interactions %v, want %v", d.Interactions(), want)
	}
	if d.NumUsers() != 2 || d.NumItems() != 2 || d.Len() != 3 {
		t.Fatalf("%d users, %d items, %d pairs; want 2, 2, 3", d.NumUsers(), d.NumItems(), d.Len())
	}
	if got := d.UserItems(0); !slices.Equal(got, []int32{0, 1}) {
		t.Fatalf("ann's items %v, want [0 1]", got)
	}
	if got := d.ItemUsers(1); !slices.Equal(got, []int32{0, 1}) {
		t.Fatalf("tacos' users %v, want [0 1]", got)
	}
	if u, ok := d.UserID("bob"); !ok || d.UserKey(u) != "bob" {
		t.Fatalf("bob's id %d, %v", u, ok)
	}
	if _, ok := d.ItemID("sushi"); ok {
		t.Fatal("an unknown item has an id")
	}
	if got := d.ItemCounts(); !slices.Equal(got, []int{1, 2}) {
		t.Fatalf("item counts %v", got)
	}
}

func TestDatasetRejectsBadInput(t *testing.T) {
	if _, err := NewDataset(nil); !errors.Is(err, ErrEmpty) {
		t.Fatalf("empty events: %v", err)
	}
	if _, err := FromInteractions([]string{"a"}, []string{"x"}, nil); !errors.Is(err, ErrEmpty) {
		t.Fatalf("no interactions: %v", err)
	}
	for _, c := range []struct {
		users, items []string
		inter        []Interaction
		want         string
	}{
		{[]string{"a"}, []string{"x"}, []Interaction{{1, 0, 0}}, "user id 1 out of range"},
		{[]string{"a"}, []string{"x"}, []Interaction{{0, -1, 0}}, "item id -1 out of range"},
		{[]string{"a", "a"}, []string{"x"}, []Interaction{{0, 0, 0}}, `user key "a" appears twice`},
		{[]string{"a"}, []string{"x", "x"}, []Interaction{{0, 0, 0}}, `item key "x" appears twice`},
	} {
		_, err := FromInteractions(c.users, c.items, c.inter)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("FromInteractions(%v, %v, %v) = %v, want %q", c.users, c.items, c.inter, err, c.want)
		}
	}
}

// kcoreReference removes, one at a time, any interaction whose user or item
// falls short of k, until none does.
func kcoreReference(inter []Interaction, k int) map[Interaction]bool {
	alive := map[Interaction]bool{}
	for _, x := range inter {
		alive[x] = true
	}
	for {
		ud, id := map[int32]int{}, map[int32]int{}
		for x := range alive {
			ud[x.User]++
			id[x.Item]++
		}
		removed := false
		for x := range alive {
			if ud[x.User] < k || id[x.Item] < k {
				delete(alive, x)
				removed = true
				break
			}
		}
		if !removed {
			return alive
		}
	}
}

func TestKCoreMatchesReference(t *testing.T) {
	for seed := uint64(1); seed <= 5; seed++ {
		d := randomDataset(t, 30, 25, 0.15, seed)
		for _, k := range []int{1, 2, 3, 4} {
			core, err := d.KCore(k)
			want := kcoreReference(d.Interactions(), k)
			if len(want) == 0 {
				if !errors.Is(err, ErrEmpty) {
					t.Fatalf("seed %d k %d: empty core gave %v", seed, k, err)
				}
				continue
			}
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, x := range core.Interactions() {
				got = append(got, fmt.Sprint(core.UserKey(x.User), core.ItemKey(x.Item), x.Time))
			}
			var exp []string
			for _, x := range d.Interactions() { // input order
				if want[x] {
					exp = append(exp, fmt.Sprint(d.UserKey(x.User), d.ItemKey(x.Item), x.Time))
				}
			}
			if !slices.Equal(got, exp) {
				t.Fatalf("seed %d k %d: core %v, reference %v", seed, k, got, exp)
			}
			for u := 0; u < core.NumUsers(); u++ {
				if len(core.UserItems(int32(u))) < k {
					t.Fatalf("user %d has fewer than %d", u, k)
				}
			}
		}
	}
	if _, err := randomDataset(t, 3, 3, 1, 1).KCore(0); err == nil {
		t.Fatal("k = 0 accepted")
	}
}

func TestLeaveOneOut(t *testing.T) {
	d, err := NewDataset([]Event{
		ev("ann", "a", 3), ev("ann", "b", 5), ev("ann", "c", 5), // tie at 5: c is later in the log
		ev("bob", "a", 9), ev("bob", "b", 1), // bob's latest comes first in the log
		ev("cat", "c", 4),                                        // a single interaction stays in training
		ev("dan", "a", 2), ev("dan", "b", 8), ev("dan", "a", 10), // the repeat makes a the latest
	})
	if err != nil {
		t.Fatal(err)
	}
	train, test, err := d.LeaveOneOut()
	if err != nil {
		t.Fatal(err)
	}
	key := func(x Interaction) string { return d.UserKey(x.User) + "/" + d.ItemKey(x.Item) }
	var got []string
	for _, x := range test {
		got = append(got, key(x))
	}
	if want := []string{"ann/c", "bob/a", "dan/a"}; !slices.Equal(got, want) {
		t.Fatalf("held out %v, want %v", got, want)
	}
	if train.Len() != d.Len()-3 || train.NumUsers() != d.NumUsers() || train.NumItems() != d.NumItems() {
		t.Fatalf("train has %d pairs over %d users, %d items", train.Len(), train.NumUsers(), train.NumItems())
	}
	for _, x := range train.Interactions() {
		if slices.Contains(got, key(x)) {
			t.Fatalf("held-out %s is in training", key(x))
		}
	}
	if u, _ := d.UserID("cat"); len(train.UserItems(u)) != 1 {
		t.Fatal("cat's only interaction left training")
	}
	one, _ := NewDataset([]Event{ev("a", "x", 1), ev("b", "x", 2)})
	if _, _, err := one.LeaveOneOut(); !errors.Is(err, ErrEmpty) || !strings.Contains(err.Error(), "no user has more than one of the data's 2 interactions") ||
		strings.Contains(err.Error(), ErrEmpty.Error()) {
		t.Fatalf("nobody with two interactions: %v", err)
	}
}

func TestTimeSplit(t *testing.T) {
	var events []Event
	for n := 0; n < 10; n++ {
		// Times 0,0,1,1,...: the stable sort keeps log order inside a tie.
		events = append(events, ev(fmt.Sprint("u", n%3), fmt.Sprint("i", n), int64(9-n)/2))
	}
	d, _ := NewDataset(events)
	train, stream, err := d.TimeSplit(0.9)
	if err != nil {
		t.Fatal(err)
	}
	if train.Len() != 9 || len(stream) != 1 {
		t.Fatalf("split 9/1, got %d/%d", train.Len(), len(stream))
	}
	// Times: i0 4, i1 4, i2 3, i3 3, ... i8 0, i9 0. Sorted stably:
	// i8 i9 i6 i7 i4 i5 i2 i3 i0 | i1.
	if got := d.ItemKey(stream[0].Item); got != "i1" {
		t.Fatalf("stream %s, want i1 (the later of the two latest events)", got)
	}
	train5, stream5, _ := d.TimeSplit(0.5)
	var s []string
	for _, x := range stream5 {
		s = append(s, d.ItemKey(x.Item))
	}
	if !slices.Equal(s, []string{"i4", "i5", "i2", "i3", "i0", "i1"}[1:]) || train5.Len() != 5 {
		t.Fatalf("half split stream %v (train %d)", s, train5.Len())
	}
	for _, frac := range []float64{0, 1, -0.5, 2} {
		if _, _, err := d.TimeSplit(frac); err == nil {
			t.Errorf("fraction %v accepted", frac)
		}
	}
	if _, _, err := d.TimeSplit(0.01); !errors.Is(err, ErrEmpty) || !strings.Contains(err.Error(), "of 10 interactions leaves none to train on") ||
		strings.Contains(err.Error(), ErrEmpty.Error()) {
		t.Errorf("an empty training side: %v", err)
	}
	single, _ := NewDataset([]Event{ev("a", "x", 1)})
	if _, _, err := single.TimeSplit(0.9); !errors.Is(err, ErrEmpty) || !strings.Contains(err.Error(), "of 1 interaction leaves none to train on") {
		t.Errorf("one interaction: %v", err)
	}
}

func TestRowsAreSortedAndComplete(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var events []Event
	for n := 0; n < 500; n++ {
		events = append(events, ev(fmt.Sprint(rng.IntN(40)), fmt.Sprint(rng.IntN(30)), int64(n)))
	}
	d, _ := NewDataset(events)
	total := 0
	for u := 0; u < d.NumUsers(); u++ {
		row := d.UserItems(int32(u))
		if !slices.IsSorted(row) {
			t.Fatalf("user %d row not sorted: %v", u, row)
		}
		for _, i := range row {
			if !slices.Contains(d.ItemUsers(i), int32(u)) {
				t.Fatalf("(%d, %d) missing from the item index", u, i)
			}
		}
		total += len(row)
	}
	if total != d.Len() {
		t.Fatalf("rows hold %d entries, want %d", total, d.Len())
	}
}
