package eval_test

import (
	"reflect"
	"testing"

	"github.com/ealslive/ealslive/core"
	"github.com/ealslive/ealslive/core/eval"
)

func TestNewcomersByHand(t *testing.T) {
	train, stream := onlineCase(t)
	if got, want := eval.Newcomers(train, stream), []eval.Newcomer{{User: 2, Reviews: 3}}; !reflect.DeepEqual(got, want) {
		t.Fatalf("newcomers %v, want %v", got, want)
	}
}

// Following user 2 of onlineCase with the memo, whose learnt items score
// 10 above their base, ranks worked out by hand: item 0 (nothing learnt),
// item 4 (item 0 learnt, which does not move it), item 1 (item 4 learnt,
// which passes it). Review counts from training are 1, 2, 1, 1, 0, and
// grow by the user's own reviews.
func TestFollowByHand(t *testing.T) {
	for _, c := range []struct {
		name string
		opts eval.Options
		want []eval.FollowStep
	}{
		{"all items", eval.Options{}, []eval.FollowStep{
			{Item: 0, Learnt: -1, Before: 0, After: 0, Popularity: 1},
			{Item: 4, Learnt: 0, Before: 4, After: 4, Popularity: 4},
			{Item: 1, Learnt: 4, Before: 1, After: 2, Popularity: 1},
		}},
		{"seen left out", eval.Options{ExcludeSeen: true}, []eval.FollowStep{
			{Item: 0, Learnt: -1, Before: 0, After: 0, Popularity: 1},
			{Item: 4, Learnt: 0, Before: 4, After: 3, Popularity: 3},
			{Item: 1, Learnt: 4, Before: 0, After: 0, Popularity: 0},
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			train, stream := onlineCase(t)
			pop, err := core.NewPopularity(train)
			if err != nil {
				t.Fatal(err)
			}
			m := newMemo(onlineBase)
			got, err := eval.Follow(m, pop, train, stream, 2, c.opts)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, c.want) {
				t.Fatalf("steps %+v, want %+v", got, c.want)
			}
			if want := [][2]int32{{2, 0}, {2, 4}}; !reflect.DeepEqual(*m.log, want) {
				t.Fatalf("updates %v, want %v: the last review is judged, not learnt", *m.log, want)
			}
		})
	}
}

func TestFollowRejectsBadInput(t *testing.T) {
	train, stream := onlineCase(t)
	pop, _ := core.NewPopularity(train)
	if _, err := eval.Follow(newMemo(onlineBase), pop, train, stream, 7, eval.Options{}); err == nil {
		t.Fatal("a user with no stream interaction: want an error")
	}
	if _, err := eval.Follow(nil, pop, train, stream, 2, eval.Options{}); err == nil {
		t.Fatal("no model: want an error")
	}
	bad := append(stream, core.Interaction{User: 2, Item: 9})
	if _, err := eval.Follow(newMemo(onlineBase), pop, train, bad, 2, eval.Options{}); err == nil {
		t.Fatal("an item beyond the model: want an error")
	}
}

// On a trained eALS model, the ranks of following a newcomer are those the
// online protocol gives on the stream cut down to that newcomer: After on
// their reviews so far, Before on their reviews with the previous one
// left out, Popularity on review counts.
func TestFollowMatchesOnlineProtocol(t *testing.T) {
	d, err := core.Synthetic(150, 80, 2500, 0.8, 4)
	if err != nil {
		t.Fatal(err)
	}
	train, stream, err := d.TimeSplit(0.5)
	if err != nil {
		t.Fatal(err)
	}
	newcomers := eval.Newcomers(train, stream)
	// The count and the reviews, independently.
	reviews := map[int32]int{}
	for _, x := range stream {
		if len(train.UserItems(x.User)) == 0 {
			reviews[x.User]++
		}
	}
	if len(newcomers) != len(reviews) || len(newcomers) == 0 {
		t.Fatalf("%d newcomers, want %d (and some)", len(newcomers), len(reviews))
	}
	for _, n := range newcomers {
		if reviews[n.User] != n.Reviews {
			t.Fatalf("newcomer %d: %d reviews, want %d", n.User, n.Reviews, reviews[n.User])
		}
	}
	cfg := core.DefaultConfig()
	cfg.K, cfg.Epochs, cfg.C0 = 8, 5, 50
	m, err := core.Train(train, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	best := newcomers[0]
	for _, n := range newcomers {
		if n.Reviews > best.Reviews {
			best = n
		}
	}
	if best.Reviews < 3 {
		t.Fatalf("the most active newcomer has %d reviews, want 3 or more to follow", best.Reviews)
	}
	var own []core.Interaction
	for _, x := range stream {
		if x.User == best.User {
			own = append(own, x)
		}
	}
	opts := eval.Options{}
	ranks := func(r core.Recommender, s []core.Interaction) []int32 {
		o := eval.NewOnline(r, train, s, opts)
		if _, err := o.Step(-1); err != nil {
			t.Fatal(err)
		}
		return o.Ranks()
	}
	pop, _ := core.NewPopularity(train)
	steps, err := eval.Follow(m.Clone(), pop, train, stream, best.User, opts)
	if err != nil {
		t.Fatal(err)
	}
	after := ranks(m.Clone(), own)
	popPop, _ := core.NewPopularity(train)
	popular := ranks(popPop, own)
	if len(steps) != len(own) {
		t.Fatalf("%d steps for %d reviews", len(steps), len(own))
	}
	for n, s := range steps {
		if s.Item != own[n].Item || s.After != int(after[n]) || s.Popularity != int(popular[n]) {
			t.Fatalf("step %d: %+v, want item %d, after %d, popularity %d", n, s, own[n].Item, after[n], popular[n])
		}
		wantBefore := int(after[0])
		if n > 0 {
			cut := append(append([]core.Interaction(nil), own[:n-1]...), own[n])
			wantBefore = int(ranks(m.Clone(), cut)[n-1])
			if s.Learnt != own[n-1].Item {
				t.Fatalf("step %d learnt %d, want the previous review %d", n, s.Learnt, own[n-1].Item)
			}
		}
		if s.Before != wantBefore {
			t.Fatalf("step %d: before %d, want %d", n, s.Before, wantBefore)
		}
	}
}
