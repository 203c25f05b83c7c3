package visitor

import (
	"slices"
	"testing"

	"github.com/ealslive/ealslive/core"
)

// The follower's list is what core gives the same trained model for a
// new user with the same likes, in the same order, and it follows your
// likes as they grow and shrink.
func TestFollowerFollowsYourLikes(t *testing.T) {
	d, err := core.Synthetic(80, 60, 900, 0.8, 5)
	if err != nil {
		t.Fatal(err)
	}
	cfg := core.DefaultConfig()
	cfg.K, cfg.Epochs, cfg.Alpha = 6, 3, 0
	train := func() *core.Model {
		m, err := core.Train(d, cfg, nil)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	f := NewFollower(train(), []int32{4, 9})
	f.Follow([]int32{4, 9, 13})

	ref := train()
	u := ref.AddUser()
	for _, i := range []int32{4, 9, 13} {
		if err := ref.Update(u, i); err != nil {
			t.Fatal(err)
		}
	}
	want, err := ref.Recommend(u, ListLength, true)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(f.List(), want) || f.Err() != nil {
		t.Fatalf("the follower lists %v (%v), core %v", f.List(), f.Err(), want)
	}

	// Take back 9: both drop it, the follower by Remove as yours does.
	f.Follow([]int32{4, 13})
	for _, s := range []step{remove(13), remove(9), like(13)} {
		if s.like {
			err = ref.Update(u, s.item)
		} else {
			err = ref.Remove(u, s.item)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	want, _ = ref.Recommend(u, ListLength, true)
	if !slices.Equal(f.liked, []int32{4, 13}) || !slices.Equal(f.List(), want) || f.Learnt() != 2 {
		t.Errorf("after taking back 9: likes %v, list %v, want %v", f.liked, f.List(), want)
	}
	f.Follow(nil)
	if f.Learnt() != 0 || len(f.List()) != ListLength {
		t.Errorf("after starting over: likes %v, %d listed", f.liked, len(f.List()))
	}
}
