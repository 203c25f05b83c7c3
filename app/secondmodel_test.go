package app

import (
	"slices"
	"testing"

	"github.com/ealslive/ealslive/core"
)

func secondFixture(t *testing.T) (*core.Dataset, core.Config) {
	t.Helper()
	d, err := core.Synthetic(80, 60, 900, 0.8, 5)
	if err != nil {
		t.Fatal(err)
	}
	cfg := pageConfig()
	cfg.K, cfg.Epochs, cfg.Alpha = 6, 3, 0
	return d, cfg
}

// The second model's list is what core gives the same trained model for a
// new user with the same likes, in the same order, and it follows your
// likes as they grow and shrink.
func TestSecondModelFollowsYourLikes(t *testing.T) {
	d, cfg := secondFixture(t)
	train := func() *core.Model {
		m, err := core.Train(d, cfg, nil)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	var s secondModel
	s.adopt(train(), []int32{4, 9})
	s.sync([]int32{4, 9, 13})

	ref := train()
	u := ref.AddUser()
	for _, i := range []int32{4, 9, 13} {
		if err := ref.Update(u, i); err != nil {
			t.Fatal(err)
		}
	}
	want, err := ref.Recommend(u, listLength, true)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(s.list, want) || s.err != "" {
		t.Fatalf("the second model lists %v (%s), core %v", s.list, s.err, want)
	}

	// Take back 9: both drop it, the second model by Remove as yours does.
	s.sync([]int32{4, 13})
	if err := ref.Remove(u, 13); err != nil {
		t.Fatal(err)
	}
	if err := ref.Remove(u, 9); err != nil {
		t.Fatal(err)
	}
	if err := ref.Update(u, 13); err != nil {
		t.Fatal(err)
	}
	want, _ = ref.Recommend(u, listLength, true)
	if !slices.Equal(s.liked, []int32{4, 13}) || !slices.Equal(s.list, want) {
		t.Errorf("after taking back 9: likes %v, list %v, want %v", s.liked, s.list, want)
	}
	s.sync(nil)
	if len(s.liked) != 0 || len(s.list) != listLength {
		t.Errorf("after starting over: likes %v, %d listed", s.liked, len(s.list))
	}
}
