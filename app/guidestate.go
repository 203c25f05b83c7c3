package app

import (
	"github.com/ealslive/ealslive/app/lesson"
	"github.com/ealslive/ealslive/app/runs"
	"github.com/ealslive/ealslive/app/visitor"
	"github.com/ealslive/ealslive/core"
)

// How the guide brings the page to a step's state, and what it hears of
// the page meanwhile.

// reach brings the page to state s, then calls then: a fresh model with
// the page's settings on the state's data, which learns its likes.
func (g *guide) reach(s lesson.State, then func()) {
	g.target, g.then, g.applied = &s, then, false
	src := lessonSource(s.Data)
	same := g.runs.data.Cat != nil && sameSource(src, g.runs.source)
	g.cmd.Use(src, runs.PageConfig())
	switch {
	case same && g.runs.running(runTraining):
		g.applyLikes() // you let go of the model: the likes wait for the fresh one
	case same || g.runs.loading == nil:
		g.stuck()
	}
}

// stuck gives up reaching the state: the workers are held.
func (g *guide) stuck() {
	g.cards[g.step].Problem = hold{Reason: g.runs.busy(), Final: g.runs.failed}.says("The lesson")
	g.target, g.then = nil, nil
	g.publish()
}

// applyLikes makes the target's likes yours, before the model learns them.
func (g *guide) applyLikes() {
	if g.target == nil || g.applied || g.runs.data.Cat == nil {
		return
	}
	items, ok := g.target.Items(g.runs.data.Cat)
	if !ok {
		g.cards[g.step].Problem = "This data does not have what the step likes (a category or a city), so it cannot be shown here."
		g.target, g.then = nil, nil
		g.publish()
		return
	}
	g.applied = true
	g.cmd.Replace(items, "before the lesson")
}

// dataArrived follows new data: the target's likes are found in it.
func (g *guide) dataArrived() { g.applyLikes() }

// modelArrived follows a model handed to you: a target reached.
func (g *guide) modelArrived() {
	if g.target == nil || !g.applied {
		return
	}
	then := g.then
	g.target, g.then = nil, nil
	if then != nil {
		then()
	}
}

// runEnded follows a run's end: the answer of a step whose run it is,
// started by "Do it for me", Next or the learner.
func (g *guide) runEnded(kind runKind) {
	if g.step < 0 || kind != runOf(lesson.Steps[g.step].Do.Act) {
		return
	}
	g.waiting = ""
	c := &g.cards[g.step]
	c.Done = true
	g.reveal()
	g.publish()
}

// youChanged follows your clicks: a like the step asked for, done by
// hand, reveals its answer.
func (g *guide) youChanged(y visitor.You) {
	if g.step < 0 || g.target != nil {
		return
	}
	s, c := lesson.Steps[g.step], &g.cards[g.step]
	if s.Do.Act == lesson.Like && !c.Done && y.Last != nil {
		c.Done = true
		g.reveal()
		g.publish()
	}
}

// lessonSource is the data a step is on.
func lessonSource(d lesson.Data) dataSource {
	if d == lesson.Planted {
		w := core.DefaultPlanted()
		return dataSource{Kind: sourcePlanted, Planted: &w}
	}
	return dataSource{Kind: sourcePack}
}

// sameSource says whether a and b are the same data.
func sameSource(a, b dataSource) bool {
	switch {
	case a.Kind != b.Kind:
		return false
	case a.Kind == sourcePlanted:
		return a.Planted != nil && b.Planted != nil && *a.Planted == *b.Planted
	case a.Kind == sourceFile:
		return a.Hash == b.Hash
	}
	return true
}
