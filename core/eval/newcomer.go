package eval

import (
	"fmt"

	"github.com/ealslive/ealslive/core"
)

// Newcomer is a reviewer of the online stream with no training history:
// someone the model meets cold.
type Newcomer struct {
	User    int32
	Reviews int // their interactions in the stream
}

// Newcomers returns the users of stream with no interaction in train, in
// the order of their first interaction in the stream. How many there are
// is how much of the stream is cold start (Figure 8's first bucket counts
// their interactions, not them).
func Newcomers(train *core.Dataset, stream []core.Interaction) []Newcomer {
	at := map[int32]int{}
	var out []Newcomer
	for _, x := range stream {
		if int(x.User) < train.NumUsers() && len(train.UserItems(x.User)) > 0 {
			continue
		}
		n, seen := at[x.User]
		if !seen {
			n = len(out)
			at[x.User] = n
			out = append(out, Newcomer{User: x.User})
		}
		out[n].Reviews++
	}
	return out
}

// FollowStep is one of a newcomer's reviews, in time order, as the model
// saw it coming.
type FollowStep struct {
	Item int32
	// Learnt is the review the model learnt just before this one (the
	// update that Before and After bracket), or -1 for the first review.
	Learnt int32
	// Before is this review's 0-based rank before that update, After its
	// rank after it: the rank the online protocol judges. For the first
	// review nothing was learnt, and Before = After.
	Before, After int
	// Popularity is its rank by review counts at the same moment.
	Popularity int
}

// Follow replays one user's interactions of stream, in stream order, as
// the online protocol does (rank the review, then learn it), on r and on
// pop (review counts, for comparison), which it updates. Only this user's
// interactions are learnt, so what moves their ranks is their own reviews.
// Ranks leave out the user's earlier reviews when opts.ExcludeSeen is set.
// The user may have training history; Newcomers says who has none.
func Follow(r, pop core.Learner, train *core.Dataset, stream []core.Interaction, user int32, opts Options) ([]FollowStep, error) {
	if r == nil || pop == nil || train == nil {
		return nil, fmt.Errorf("eval: following a user needs a model, popularity and the training data, got %v, %v, %v", r, pop, train)
	}
	if err := opts.check(); err != nil {
		return nil, err
	}
	if user < 0 || int(user) >= train.NumUsers() {
		return nil, fmt.Errorf("eval: user %d is not in the training data's %d users", user, train.NumUsers())
	}
	var steps []FollowStep
	var scores []float64
	rank := func(l core.Learner, i int32, seen []int32) int {
		var exclude []int32
		if opts.ExcludeSeen {
			exclude = seen
		}
		scores = l.Scores(user, scores)
		return core.Rank(scores, i, exclude)
	}
	seen := append([]int32(nil), train.UserItems(user)...)
	learnt := int32(-1)
	for n, x := range stream {
		if x.User != user {
			continue
		}
		for _, l := range []core.Learner{r, pop} {
			if err := checkCase(train, l, x); err != nil {
				return nil, fmt.Errorf("eval: following user %d, interaction %d: %v", user, n, err)
			}
		}
		s := FollowStep{Item: x.Item, Learnt: learnt}
		if learnt >= 0 {
			// The previous review is learnt only now that this one has
			// come, so that its rank can be taken on either side.
			s.Before = rank(r, x.Item, seen)
			if err := r.Update(user, learnt); err != nil {
				return nil, fmt.Errorf("eval: following user %d, update with item %d: %w", user, learnt, err)
			}
			if err := pop.Update(user, learnt); err != nil {
				return nil, fmt.Errorf("eval: following user %d, counting item %d: %w", user, learnt, err)
			}
			seen = append(seen, learnt)
		}
		s.After = rank(r, x.Item, seen)
		if learnt < 0 {
			s.Before = s.After
		}
		s.Popularity = rank(pop, x.Item, seen)
		steps = append(steps, s)
		learnt = x.Item
	}
	if len(steps) == 0 {
		return nil, fmt.Errorf("eval: user %d has no interaction in the stream", user)
	}
	return steps, nil
}
