package core

import "testing"

// BenchmarkFromInteractions builds the Phoenix 10-core from dense ids, as
// a page does with every pack it decodes.
func BenchmarkFromInteractions(b *testing.B) {
	d := yelp10core(b)
	users := make([]string, d.NumUsers())
	for u := range users {
		users[u] = d.UserKey(int32(u))
	}
	items := make([]string, d.NumItems())
	for i := range items {
		items[i] = d.ItemKey(int32(i))
	}
	inter := d.Interactions()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := FromInteractions(users, items, inter); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLeaveOneOut splits the Phoenix 10-core, as every training job
// on the page does first.
func BenchmarkLeaveOneOut(b *testing.B) {
	d := yelp10core(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := d.LeaveOneOut(); err != nil {
			b.Fatal(err)
		}
	}
}
