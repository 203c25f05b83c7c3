package core

import (
	"slices"
	"testing"
)

func TestCloneIsIndependent(t *testing.T) {
	m := trainedSmall(t, 18)
	c := m.Clone()
	assertSameModel(t, m, c)
	u1, u2 := m.AddUser(), c.AddUser()
	if !slices.Equal(m.UserVector(u1), c.UserVector(u2)) {
		t.Fatal("a clone's next random user differs from the original's")
	}
	before := slices.Clone(m.p)
	items, _ := m.UserItems(0)
	n := len(items)
	var fresh int32
	for slices.Contains(items, fresh) {
		fresh++
	}
	if err := c.Update(0, fresh); err != nil {
		t.Fatal(err)
	}
	if got, _ := c.UserItems(0); len(got) != n+1 {
		t.Fatalf("the clone has %d items for user 0, want %d", len(got), n+1)
	}
	if got, _ := m.UserItems(0); len(got) != n || !slices.Equal(m.p, before) {
		t.Fatal("updating the clone changed the original")
	}
	assertCachesFresh(t, m, 1e-12)
	assertCachesFresh(t, c, 1e-9)
}
