package app

import (
	"slices"
	"strings"
	"testing"

	"github.com/ealslive/ealslive/app/lesson"
	"github.com/ealslive/ealslive/app/runs"
	"github.com/ealslive/ealslive/app/visitor"
	"github.com/ealslive/ealslive/app/webworker"
	"github.com/ealslive/ealslive/core"
)

// lessonSession is the page's owners on in-process workers, opened at
// step k of the lesson as a link opens it.
func lessonSession(t *testing.T, k int) (*session, *recorder) {
	t.Helper()
	s, rec := testSession()
	s.runs.pool = webworker.NewLocalPool(2, nil)
	src, cfg := s.guide.openFromLink(k, false)
	s.runs.inUse.Config = cfg
	s.runs.source = src
	s.runs.load(src, nil, false)
	s.runs.Train(cfg)
	rec.run(t, "the lesson's step", func() bool { return lessonNow(rec).Entered && stageNow(rec) == stageReady })
	return s, rec
}

func lessonNow(rec *recorder) lessonShown { l, _ := rec.values[keyLesson].(lessonShown); return l }
func stageNow(rec *recorder) stage        { st, _ := rec.values[keyStage].(stage); return st }

// plantedReference is core's model of the lesson's planted world, as the
// page trains it, with you a new user of it.
func plantedReference(t *testing.T) (*core.Model, int32) {
	t.Helper()
	w, err := core.Planted(core.DefaultPlanted())
	if err != nil {
		t.Fatal(err)
	}
	train, _, err := w.Data.LeaveOneOut()
	if err != nil {
		t.Fatal(err)
	}
	m, err := core.Train(train, runs.PageConfig(), nil)
	if err != nil {
		t.Fatal(err)
	}
	return m, m.AddUser()
}

// Next alone walks the planted world's steps: each step's list is core's
// for the likes the path has made, and each answer is the one its
// question computes from the page as it is.
func TestLessonNextAloneOnThePlantedWorld(t *testing.T) {
	s, rec := lessonSession(t, 1)
	cmd := s.commands()
	ref, u := plantedReference(t)
	var liked []int32
	for k := 0; k < 7; k++ {
		l := lessonNow(rec)
		if l.Step != k || l.Title != lesson.Steps[k].Title {
			t.Fatalf("at step %d the card shows step %d, %q", k+1, l.Step+1, l.Title)
		}
		y := rec.values[keyYou].(visitor.You)
		if !slices.Equal(y.Liked, liked) {
			t.Fatalf("step %d opens with likes %v, the path's %v", k+1, y.Liked, liked)
		}
		want, _ := ref.Recommend(u, visitor.ListLength, true)
		if !slices.Equal(y.List, want) {
			t.Fatalf("step %d: your list %v, core's %v", k+1, y.List, want)
		}
		if f := rec.values[keyFocus].(focusRequest); f.To != "#lesson-title" {
			t.Errorf("step %d: the focus goes to %+v", k+1, f)
		}
		// The first Next finishes the step: its action, then its answer.
		cmd.LessonNext()
		rec.run(t, "the step's action", func() bool { l := lessonNow(rec); return l.Entered && l.Waits == "" })
		card := lessonNow(rec).Card
		if card.Problem != "" {
			t.Fatalf("step %d: %s", k+1, card.Problem)
		}
		st := lesson.Steps[k]
		if st.Do.Act != lesson.Look && !strings.HasPrefix(card.Did, "Next did it for you: ") {
			t.Errorf("step %d: Next did %q", k+1, card.Did)
		}
		if st.Ask != nil {
			a, err := st.Ask.Answer(s.guide.facts())
			if card.Answer == nil || err != nil || card.Answer.Value != a.Value || card.Right {
				t.Errorf("step %d: revealed %+v, the question computes %+v (%v)", k+1, card.Answer, a, err)
			}
		}
		if k < 7 {
			cmd.LessonNext()
			if l := lessonNow(rec); l.Step != k+1 {
				t.Fatalf("the second Next leaves step %d at %d", k+1, l.Step+1)
			}
		}
		if d := lesson.Steps[k].Do; d.Act == lesson.Like {
			i, _ := d.Pick.In(s.runs.data.Cat)
			liked = append(liked, i)
			if err := ref.Update(u, i); err != nil {
				t.Fatal(err)
			}
		}
	}
	if st := stageNow(rec); st != stageReady {
		t.Errorf("the page is at stage %s", st)
	}
}

// A link to a step opens the state the path reaches there: the step's
// likes on a fresh model, as core learns them.
func TestLessonLinkOpensThePathsState(t *testing.T) {
	s, rec := lessonSession(t, 4)
	if l := lessonNow(rec); l.Step != 3 || !l.On {
		t.Fatalf("the link to step 4 shows %+v", l)
	}
	ref, u := plantedReference(t)
	items, ok := lesson.Steps[3].State.Items(s.runs.data.Cat)
	if !ok || len(items) != 2 {
		t.Fatalf("step 4's likes: %v", items)
	}
	for _, i := range items {
		if err := ref.Update(u, i); err != nil {
			t.Fatal(err)
		}
	}
	want, _ := ref.Recommend(u, visitor.ListLength, true)
	if y := rec.values[keyYou].(visitor.You); !slices.Equal(y.Liked, items) || !slices.Equal(y.List, want) {
		t.Errorf("step 4 opens with %v and %v; the path reaches %v and core lists %v", y.Liked, y.List, items, want)
	}
	// The guess is held to the answer once the step is done by hand.
	s.commands().LessonGuess("Thai kitchen 1")
	s.commands().LessonCheck()
	c := s.guide.cards[3]
	if c.Answer == nil || c.Right != (c.Answer.Value == "Thai kitchen 1") {
		t.Errorf("checked: %+v", c)
	}
}
