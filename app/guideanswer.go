package app

import (
	"errors"
	"slices"

	"github.com/ealslive/ealslive/app/lesson"
	"github.com/ealslive/ealslive/app/visitor"
	"github.com/ealslive/ealslive/core"
)

// What the guide tells the learner: the step's answer, computed from what
// the page shows now.

// reveal computes the step's answer from what the page shows now, and
// holds the guess to it.
func (g *guide) reveal() {
	s, c := lesson.Steps[g.step], &g.cards[g.step]
	if s.Ask == nil || c.Answer != nil {
		return
	}
	a, err := s.Ask.Answer(g.facts())
	if err != nil {
		c.Problem = "The answer comes once the step is done: do it, or press Do it for me."
		if !errors.Is(err, lesson.ErrNotYet) {
			c.Problem = "The answer cannot be computed here: " + err.Error() + "."
		}
		return
	}
	c.Problem = ""
	c.Answer, c.Right = &a, a.Right(c.Guess)
}

// facts are what the page shows now, for an answer.
func (g *guide) facts() lesson.Facts {
	y := g.you.shown
	f := lesson.Facts{Cat: y.Cat, You: y, Model: y.Model(), Asked: g.asked,
		Replay: g.runs.replay, Compare: g.runs.compare}
	if r := g.runs.retrain; r.Result != nil && slices.Equal(r.Likes, y.Liked) {
		f.Retrain = &lesson.Retrain{Overlap: r.Result.VsRetrained.Overlap, Of: r.Result.TopN}
	}
	if sr := g.runs.second; sr.Model != nil && sr.Data == y.Cat {
		if sr.Models != g.models || g.second == nil {
			if m, err := core.LoadModelTrusted(sr.Model); err == nil {
				g.second, g.models = visitor.NewFollower(m, y.Liked), sr.Models
			}
		}
		if g.second != nil {
			g.second.Follow(y.Liked)
			f.Second = g.second.List()
		}
	}
	return f
}

// capture keeps the scores the step's question watches, as they are now.
func (g *guide) capture() {
	s := lesson.Steps[g.step]
	y := g.you.shown
	m := y.Model()
	if s.Ask == nil || len(s.Ask.Watch) == 0 || m == nil {
		return
	}
	scores := m.Scores(y.User, nil)
	g.asked = map[int32]float64{}
	for _, p := range s.Ask.Watch {
		if i, ok := p.In(y.Cat); ok {
			g.asked[i] = scores[i]
		}
	}
}
