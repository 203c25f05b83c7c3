package core

import (
	"bytes"
	"fmt"
	"slices"
	"testing"
)

// A retrain with a visitor's clicks, WithUser then Train, is bitwise the
// model Train gives on the same data with the visitor's row appended,
// built independently: from the keys and interactions through
// FromInteractions, and for a data set read from events, through
// NewDataset with the visitor's events after the others.
func TestWithUserRetrainEqualsAppendedData(t *testing.T) {
	rich := randomDataset(t, 14, 11, 0.35, 5)
	events := func(d *Dataset) []Event {
		var out []Event
		for _, x := range d.Interactions() {
			out = append(out, Event{User: d.UserKey(x.User), Item: d.ItemKey(x.Item), Time: x.Time})
		}
		return out
	}
	read, err := NewDataset(events(rich))
	if err != nil {
		t.Fatal(err)
	}
	split, _, err := rich.TimeSplit(0.7) // users whose reviews all come later have empty rows
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		d      *Dataset
		clicks []int32
	}{
		{"three clicks", rich, []int32{4, 0, 7}},
		{"one click on an item nobody has", rich, []int32{10}},
		{"a click repeated", rich, []int32{2, 5, 2}},
		{"no clicks", rich, nil},
		{"after a time split", split, []int32{3, 9, 1, 6}},
		{"read from events", read, []int32{1, 8}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, u, err := tc.d.WithUser("you", tc.clicks)
			if err != nil {
				t.Fatal(err)
			}
			if int(u) != tc.d.NumUsers() || got.UserKey(u) != "you" {
				t.Fatalf("the new user is %d (%q), want %d", u, got.UserKey(u), tc.d.NumUsers())
			}
			var want *Dataset
			if tc.name == "read from events" {
				ev := events(tc.d)
				for k, i := range tc.clicks {
					ev = append(ev, Event{User: "you", Item: tc.d.ItemKey(i), Time: 5000 + int64(k)})
				}
				want, err = NewDataset(ev)
			} else {
				var users, items []string
				for v := 0; v < tc.d.NumUsers(); v++ {
					users = append(users, tc.d.UserKey(int32(v)))
				}
				for i := 0; i < tc.d.NumItems(); i++ {
					items = append(items, tc.d.ItemKey(int32(i)))
				}
				inter := slices.Clone(tc.d.Interactions())
				for k, i := range tc.clicks {
					inter = append(inter, Interaction{User: int32(len(users)), Item: i, Time: 5000 + int64(k)})
				}
				want, err = FromInteractions(append(users, "you"), items, inter)
			}
			if err != nil {
				t.Fatal(err)
			}
			wantRow := slices.Compact(slices.Sorted(slices.Values(tc.clicks)))
			if !slices.Equal(got.UserItems(u), wantRow) {
				t.Errorf("the new row holds %v, want %v", got.UserItems(u), wantRow)
			}
			cfg := smallConfig()
			cfg.Epochs = 4
			a, err := Train(got, cfg, nil)
			if err != nil {
				t.Fatal(err)
			}
			b, err := Train(want, cfg, nil)
			if err != nil {
				t.Fatal(err)
			}
			ab, _ := a.MarshalBinary()
			bb, _ := b.MarshalBinary()
			if !bytes.Equal(ab, bb) {
				t.Error("the retrain differs from Train on the data with the row appended")
			}
			if tc.d.NumUsers() == got.NumUsers() {
				t.Error("the original data set grew")
			}
		})
	}
}

// The clicks keep their order after the data's own interactions, and a
// sort by time keeps it too.
func TestWithUserKeepsClickOrder(t *testing.T) {
	d := randomDataset(t, 9, 8, 0.4, 2)
	clicks := []int32{6, 1, 4}
	got, u, err := d.WithUser("you", clicks)
	if err != nil {
		t.Fatal(err)
	}
	all := got.Interactions()
	tail := all[len(all)-len(clicks):]
	train, stream, err := got.TimeSplit(float64(d.Len()) / float64(got.Len()))
	if err != nil {
		t.Fatal(err)
	}
	for k, x := range tail {
		if x.User != u || x.Item != clicks[k] || stream[k] != x {
			t.Errorf("click %d is %+v (in the stream %+v), want item %d of user %d", k, x, stream[k], clicks[k], u)
		}
	}
	if train.Len() != d.Len() {
		t.Errorf("a time split at the old size trains on %d interactions, want %d", train.Len(), d.Len())
	}
}

func TestWithUserAndInteractionsErrors(t *testing.T) {
	d := randomDataset(t, 6, 5, 0.5, 3)
	for _, tc := range []struct {
		name string
		err  func() error
	}{
		{"a key already there", func() error { _, _, err := d.WithUser(d.UserKey(2), []int32{1}); return err }},
		{"an item out of range", func() error { _, _, err := d.WithUser("you", []int32{1, 5}); return err }},
		{"a negative item", func() error { _, _, err := d.WithUser("you", []int32{-1}); return err }},
		{"a user out of range", func() error { _, err := d.WithInteractions([]Interaction{{User: 6, Item: 0}}); return err }},
		{"an item out of range", func() error { _, err := d.WithInteractions([]Interaction{{User: 0, Item: 5}}); return err }},
	} {
		if err := tc.err(); err == nil {
			t.Errorf("%s: no error", tc.name)
		}
	}
}

// WithInteractions is FromInteractions over the same keys with the extra
// interactions after the data's own, repeats collapsing alike.
func TestWithInteractionsEqualsFromInteractions(t *testing.T) {
	d := randomDataset(t, 10, 9, 0.3, 8)
	users := make([]string, d.NumUsers())
	for u := range users {
		users[u] = d.UserKey(int32(u))
	}
	items := make([]string, d.NumItems())
	for i := range items {
		items[i] = d.ItemKey(int32(i))
	}
	for _, extra := range [][]Interaction{
		nil,
		{{User: 9, Item: 8, Time: 2000}, {User: 0, Item: 8, Time: 2001}},
		{{User: 3, Item: d.UserItems(3)[0], Time: 3000}, {User: 9, Item: 1, Time: 1}, {User: 9, Item: 1, Time: 4000}},
	} {
		got, err := d.WithInteractions(extra)
		if err != nil {
			t.Fatal(err)
		}
		want, err := FromInteractions(users, items, append(slices.Clone(d.Interactions()), extra...))
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got.Interactions(), want.Interactions()) {
			t.Errorf("extra %v: interactions differ", extra)
		}
		for u := int32(0); int(u) < d.NumUsers(); u++ {
			if !slices.Equal(got.UserItems(u), want.UserItems(u)) {
				t.Errorf("extra %v: user %d holds %v, want %v", extra, u, got.UserItems(u), want.UserItems(u))
			}
		}
		if fmt.Sprint(got.ItemCounts()) != fmt.Sprint(want.ItemCounts()) {
			t.Errorf("extra %v: item counts differ", extra)
		}
	}
}
