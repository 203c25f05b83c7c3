package app

import (
	"slices"

	"github.com/ealslive/ealslive/app/lesson"
	"github.com/ealslive/ealslive/app/runs"
	"github.com/ealslive/ealslive/app/visitor"
	"github.com/ealslive/ealslive/core"
)

// guide is the lesson's driver (package lesson has the path): the step
// shown, what the learner guessed and was told, and the state it brings
// the page to. It drives the page only through the commands a button
// sends, and publishes the step as the card draws it (keyLesson).
type guide struct {
	pub publisher
	cmd commands
	// you, runs and views are read, never changed, for what the page
	// shows now.
	you   *you
	runs  *runner
	views *views

	step  int // the step shown, -1 when the lesson is closed
	hide  bool
	cards []lessonCard // by step: what the learner did and was told
	// target is the state the page is being brought to, and then what
	// follows once it is reached; applied says its likes are in.
	target  *lesson.State
	then    func()
	applied bool
	// waiting is the run whose end reveals the step's answer.
	waiting runKind
	// asked are the scores the question watches, when it was asked.
	asked map[int32]float64
	// second is you on the second model, for its overlap with your list.
	second *visitor.Follower
	models int
}

func newGuide(pub publisher, cmd commands, y *you, r *runner, v *views) *guide {
	return &guide{pub: pub, cmd: cmd, you: y, runs: r, views: v, step: -1, cards: make([]lessonCard, len(lesson.Steps))}
}

// OpenLesson opens the lesson at step k (1 for the first), bringing the
// page to the state the path reaches there: the data, a fresh model with
// the page's settings, and the likes.
func (g *guide) OpenLesson(k int) {
	g.open(k)
	s := lesson.Steps[g.step]
	g.reach(s.State, g.entered)
	g.publish()
}

// open shows step k without changing the page.
func (g *guide) open(k int) {
	g.step = min(max(k, 1), len(lesson.Steps)) - 1
	g.cards[g.step] = lessonCard{}
	g.asked, g.waiting = nil, ""
}

// openFromLink opens step k of a link (?lesson=K), before the page has
// its data: the session starts the page on the step's data and settings,
// and the likes follow once the data is in.
func (g *guide) openFromLink(k int, hide bool) (dataSource, core.Config) {
	g.open(k)
	g.hide = hide
	s := lesson.Steps[g.step].State
	g.target, g.then, g.applied = &s, g.entered, false
	g.publish()
	return lessonSource(s.Data), runs.PageConfig()
}

// CloseLesson leaves the lesson; the page keeps its state.
func (g *guide) CloseLesson() {
	g.step, g.target, g.then = -1, nil, nil
	g.publish()
}

// LessonBack shows the step before, as the page is.
func (g *guide) LessonBack() {
	if g.step > 0 {
		g.step--
		g.asked = nil
		g.capture()
		g.show()
	}
}

// LessonNext finishes the step (its action done, by Next if the learner
// skipped it, and its answer shown), then goes on to the next, as the
// page is.
func (g *guide) LessonNext() {
	if g.step < 0 {
		return
	}
	s, c := lesson.Steps[g.step], &g.cards[g.step]
	switch {
	case g.target != nil || g.waiting != "":
		return // on its way
	case !c.Done && s.Do.Act != lesson.Look:
		g.do("Next did it for you: ")
		return
	case s.Ask != nil && c.Answer == nil:
		c.Done = true
		g.reveal()
		g.publish()
		return
	case g.step == len(lesson.Steps)-1:
		return
	}
	g.step++
	g.asked = nil
	g.capture()
	g.show()
}

// LessonDo does the step's action, as its button would.
func (g *guide) LessonDo() {
	if g.step >= 0 && g.target == nil && g.waiting == "" {
		g.do("Done for you: ")
	}
}

// LessonGuess takes the learner's prediction.
func (g *guide) LessonGuess(guess string) {
	if g.step < 0 {
		return
	}
	c := &g.cards[g.step]
	if c.Answer != nil {
		return // told already
	}
	c.Guess = guess
	g.publish()
}

// LessonCheck reveals the answer once the step's action is done.
func (g *guide) LessonCheck() {
	if g.step < 0 || g.target != nil {
		return
	}
	s, c := lesson.Steps[g.step], &g.cards[g.step]
	switch {
	case c.Done:
	case s.Do.Act == lesson.Look || s.Do.Act == lesson.OpenWhy || s.Do.Act == lesson.OpenSimilar:
		// Nothing the page can tell is done: looking is.
		c.Done = true
	case s.Do.Act == lesson.GoToSite && g.runs.source.Kind == sourcePack && len(g.you.shown.Liked) > 0 && g.you.shown.Trained:
		// Done by hand: the site's data, with likes of the learner's.
		c.Done = true
	default:
		c.Problem = "The answer comes once the step is done: " + lower(s.Do.Says) + " Or press Do it for me."
		g.publish()
		return
	}
	g.reveal()
	g.publish()
}

// runOf is the run a step's action starts, "" for none.
func runOf(a lesson.Act) runKind {
	switch a {
	case lesson.TrainSecond:
		return runSecond
	case lesson.Replay:
		return runReplay
	case lesson.Compare:
		return runCompare
	case lesson.CompareRetrain:
		return runRetrain
	}
	return ""
}

// show publishes the step and brings its section into view, with the
// keyboard's focus on the card's heading; in presenter mode the step's
// sections are the ones shown.
func (g *guide) show() {
	s := lesson.Steps[g.step]
	if g.views.present != nil {
		g.cmd.Present(s.Uses)
	}
	if v := mapViewFor([]string{s.Look}); v != "" {
		g.cmd.SetMapView(v)
	}
	g.publish()
	g.cmd.ShowView(s.Look)
	g.pub.publish(keyFocus, focusRequest{To: "#lesson-title"})
}

// entered follows the step's state reached: the page shows the step.
func (g *guide) entered() {
	g.capture()
	g.show()
}

// do does the step's action through the page's commands; what it did is
// said on the card with how.
func (g *guide) do(how string) {
	s, c := lesson.Steps[g.step], &g.cards[g.step]
	cat := g.runs.data.Cat
	y := g.you.shown
	says := s.Do.Says
	switch s.Do.Act {
	case lesson.Like:
		i, ok := s.Do.Pick.In(cat)
		if !ok {
			c.Problem = "This data has nothing for this step to like."
			g.publish()
			return
		}
		g.cmd.Like(likeClick{Item: i})
		says = "liked " + cat.Item(i).Name + "."
	case lesson.OpenWhy, lesson.OpenSimilar:
		if len(y.List) == 0 {
			c.Problem = "Your list is not there yet."
			g.publish()
			return
		}
		top := y.List[0].Item
		if s.Do.Act == lesson.OpenWhy {
			g.cmd.Open(openRequest{Item: top, Why: true})
			says = "opened “why?” of " + cat.Item(top).Name + "."
		} else {
			g.cmd.Open(openRequest{Item: top, Near: true})
			says = "opened “similar” of " + cat.Item(top).Name + "."
		}
	case lesson.TrainSecond:
		cfg := secondDefaults(g.runs.inUse.Config)
		g.start(runSecond, func() { g.cmd.TrainSecond(cfg) })
		says = "started the second model, with α = 0."
	case lesson.Replay:
		g.start(runReplay, func() { g.cmd.StartReplay(runs.ReplayChoices{}) })
		says = "started the replay."
	case lesson.Compare:
		g.start(runCompare, func() { g.cmd.StartComparison() })
		says = "started the comparison."
	case lesson.GoToSite:
		g.reach(s.Do.To, func() {
			c := &g.cards[g.step]
			c.Done = true
			g.reveal()
			g.publish()
		})
		says = "switched to the site's data and liked its three most reviewed places there."
	case lesson.CompareRetrain:
		likes := y.Liked
		g.start(runRetrain, func() { g.cmd.StartRetrain(likes) })
		says = "started the retrain with your likes."
	}
	c.Did = how + says
	if g.waiting == "" && g.target == nil {
		c.Done = true
		g.reveal()
	}
	g.publish()
}

// start starts the run of kind through its command; its end reveals the
// answer (runEnded).
func (g *guide) start(kind runKind, command func()) {
	command()
	if !g.runs.running(kind) {
		g.cards[g.step].Problem = hold{Reason: g.runs.busy(), Final: g.runs.failed}.says("This step")
		return
	}
	g.waiting = kind
}

// publish publishes the step as the card draws it.
func (g *guide) publish() {
	if g.step < 0 {
		g.pub.publish(keyLesson, lessonShown{})
		return
	}
	s := lesson.Steps[g.step]
	ls := lessonShown{On: true, Step: g.step, Of: len(lesson.Steps), Title: s.Title, Text: s.Text, Look: s.Look,
		Uses: slices.Clone(s.Uses), Hide: g.hide, Does: s.Do.Says, Card: g.cards[g.step], Entered: g.target == nil}
	if q := s.Ask; q != nil {
		a := &askShown{Text: q.Text, Kind: q.Kind, Min: q.Min, Max: q.Max}
		if q.Choices != nil {
			a.Choices = q.Choices(g.facts())
		}
		ls.Ask = a
	}
	switch {
	case g.target != nil:
		ls.Waits = "The page is getting the step ready: a model trained on " + lessonSource(g.target.Data).String() + ", and the step's likes."
	case g.waiting != "":
		ls.Waits = "Waiting for the run to finish: " + holdReasons[g.waiting] + "."
	}
	g.pub.publish(keyLesson, ls)
}
