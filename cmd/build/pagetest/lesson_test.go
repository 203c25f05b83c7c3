//go:build browser

package pagetest

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/ealslive/ealslive/core"
	"github.com/ealslive/ealslive/core/eval"
	"github.com/ealslive/ealslive/core/pack"
)

// evLesson mirrors window.ealsLiveEvidence.lesson: the lesson's step as
// painted.
type evLesson struct {
	On      bool
	Step    int
	Entered bool
	Done    bool
	Waits   string
	Guess   string
	Answer  string
	Right   bool
	Did     string
	Problem string
}

// lessonData is the data of the lesson's steps as core has it: its
// businesses, the counts the finder orders them by, and a model trained
// as the page trains it, with you a new user of it who learns the same
// likes.
type lessonData struct {
	names, cats, cities []string
	counts              []int
	data, train         *core.Dataset
	test                []core.Interaction
	cfg                 core.Config
	model               *core.Model
	you                 int32
	liked               []int32 // in click order
	last                *core.UpdateTrace
}

func newLessonData(t *testing.T, d *core.Dataset, names, cats, cities []string, cfg core.Config) *lessonData {
	t.Helper()
	train, test, err := d.LeaveOneOut()
	if err != nil {
		t.Fatal(err)
	}
	w := &lessonData{names: names, cats: cats, cities: cities, counts: d.ItemCounts(), data: d, train: train, test: test, cfg: cfg}
	w.model, err = core.Train(train, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	w.you = w.model.AddUser()
	return w
}

// plantedLesson is the default planted world, the lesson's first data.
func plantedLesson(t *testing.T, cfg core.Config) *lessonData {
	t.Helper()
	pw, err := core.Planted(core.DefaultPlanted())
	if err != nil {
		t.Fatal(err)
	}
	n := len(pw.Items)
	names, cats, cities := make([]string, n), make([]string, n), make([]string, n)
	for i, it := range pw.Items {
		names[i], cats[i] = it.Name, it.Categories[0]
	}
	return newLessonData(t, pw.Data, names, cats, cities, cfg)
}

// siteLesson is the site's pack, the lesson's real data.
func siteLesson(t *testing.T, pk *pack.Pack, cfg core.Config) *lessonData {
	t.Helper()
	n := len(pk.Items)
	names, cats, cities := make([]string, n), make([]string, n), make([]string, n)
	for i, it := range pk.Items {
		names[i], cities[i] = it.Name, it.City
		if len(it.Categories) > 0 {
			cats[i] = it.Categories[0]
		}
	}
	return newLessonData(t, pk.Data, names, cats, cities, cfg)
}

// pick is the rank-th most reviewed business in category (any of its
// categories for the pack, here its main one suffices for the planted
// world) and city, ties by name as the finder orders them.
func (w *lessonData) pick(category, city string, rank int) int32 {
	var items []int32
	for i := range w.names {
		if (category == "" || w.cats[i] == category) && (city == "" || w.cities[i] == city) {
			items = append(items, int32(i))
		}
	}
	slices.SortStableFunc(items, func(a, b int32) int {
		if d := w.counts[b] - w.counts[a]; d != 0 {
			return d
		}
		return strings.Compare(strings.ToLower(w.names[a]), strings.ToLower(w.names[b]))
	})
	return items[rank]
}

func (w *lessonData) like(t *testing.T, i int32) {
	t.Helper()
	tr, err := w.model.UpdateTraced(w.you, i)
	if err != nil {
		t.Fatal(err)
	}
	w.last, w.liked = tr, append(w.liked, i)
}

func (w *lessonData) list(t *testing.T) []core.Ranked {
	t.Helper()
	l, err := w.model.Recommend(w.you, 20, true)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// mostReviewed is the n most reviewed businesses, as the finder orders
// them.
func (w *lessonData) mostReviewed(n int) map[int32]bool {
	out := map[int32]bool{}
	for r := 0; r < n; r++ {
		out[w.pick("", "", r)] = true
	}
	return out
}

func countIn(list []core.Ranked, in func(int32) bool) string {
	n := 0
	for _, r := range list {
		if in(r.Item) {
			n++
		}
	}
	return strconv.Itoa(n)
}

// lessonWalk walks the lesson from ?lesson=1 to its end, each step's list
// held to core's for the state the path reaches and each answer to the
// one core gives for it; byHand does each step's action as a learner
// would (with a guess), else Next alone does it. It returns your list's
// ids at the start of each step.
func lessonWalk(t *testing.T, ctx context.Context, srv *siteServer, pk *pack.Pack, byHand bool) [][]string {
	run(t, ctx, "opening the lesson", 30*time.Second, chromedp.Navigate(srv.base+"?lesson=1"))
	waitFor(t, ctx, "the model of the lesson's world", trainTimeout, ready)
	cfg := pageConfigShown(t, ctx)
	w := plantedLesson(t, cfg)
	var lists [][]string
	var asked []float64
	for k := 1; k <= 11; k++ {
		ev := waitEvidence(t, ctx, fmt.Sprintf("step %d", k), trainTimeout, func(ev evidenceJSON) bool {
			return ev.Lesson.Step == k && ev.Lesson.Entered && ev.Lesson.Waits == ""
		})
		waitFor(t, ctx, "the step's model", trainTimeout, ready)
		if ev.Lesson.Problem != "" {
			t.Fatalf("step %d says: %s", k, ev.Lesson.Problem)
		}
		compareList(t, ctx, k, w.model, w.you, w.list(t))
		lists = append(lists, ids(t, ctx, "#ranked-list li[data-id]"))
		if focused(t, ctx) == "" || !strings.Contains(focused(t, ctx), "lesson-title") {
			t.Errorf("step %d: the focus is on %q, not the card's heading", k, focused(t, ctx))
		}
		if !byHand {
			assertAccessible(t, ctx, fmt.Sprintf("lesson step %d", k))
		}
		if k == 3 {
			scores := w.model.Scores(w.you, nil)
			asked = []float64{scores[w.pick("Greek", "", 1)], scores[w.pick("Thai", "", 1)]}
		}
		// By hand, the guess comes first; then the action, in the page and
		// in core, and the answer core gives after it.
		guess := ""
		if byHand {
			guess = handGuesses[k]
			if k == 4 {
				guess = w.names[w.pick("Thai", "", 0)]
			}
			setGuess(t, ctx, guess)
		}
		var want string
		switch k {
		case 1:
			pop := w.mostReviewed(20)
			want = countIn(w.list(t), func(i int32) bool { return pop[i] })
		case 2, 3:
			cat := map[int]string{2: "Thai", 3: "Greek"}[k]
			i := w.pick(cat, "", 0)
			if byHand {
				likeInFinder(t, ctx, w.names[i], i)
			}
			w.like(t, i)
			if k == 2 {
				want = countIn(w.list(t)[:10], func(j int32) bool { return w.cats[j] == "Thai" })
			} else {
				scores := w.model.Scores(w.you, nil)
				want = "A"
				if scores[w.pick("Thai", "", 1)]-asked[1] > scores[w.pick("Greek", "", 1)]-asked[0] {
					want = "B"
				}
			}
		case 4:
			top := w.list(t)[0].Item
			exps, err := w.model.Explain(w.you, []int32{top})
			if err != nil {
				t.Fatal(err)
			}
			best := exps[0].Contributions[0]
			for _, c := range exps[0].Contributions {
				if c.Amount > best.Amount {
					best = c
				}
			}
			want = w.names[best.Item]
			if byHand {
				click(t, ctx, "#you-why-1")
			}
		case 5:
			want = "no"
			for _, s := range append(append([]core.FactorStep(nil), w.last.UserSteps...), w.last.ItemSteps...) {
				if s.LossAfter > s.LossBefore+1e-9*(1+s.LossBefore) {
					want = "yes"
				}
			}
			if byHand {
				click(t, ctx, "#stepper-next")
			}
		case 6:
			uniform := w.cfg
			uniform.Alpha = 0
			m, err := core.Train(w.train, uniform, nil)
			if err != nil {
				t.Fatal(err)
			}
			u := m.AddUser()
			for _, i := range []int32{w.pick("Thai", "", 0), w.pick("Greek", "", 0)} {
				if err := m.Update(u, i); err != nil {
					t.Fatal(err)
				}
			}
			second, _ := m.Recommend(u, 20, true)
			want = strconv.Itoa(core.CompareLists(w.list(t), second).Overlap)
			if byHand {
				click(t, ctx, "#second-train")
			}
		case 7:
			want = retrainOverlap(t, w)
			if byHand {
				click(t, ctx, "#full-retrain-start")
			}
		case 8:
			w = siteLesson(t, pk, cfg)
			for r := 0; r < 3; r++ {
				w.like(t, w.pick("", "Tempe", r))
			}
			if byHand {
				openDataChoice(t, ctx)
				click(t, ctx, "#data-kind-pack")
				waitFor(t, ctx, "the site's data", trainTimeout, func(m metrics) bool { return ready(m) && strings.Contains(m.Data, "Phoenix") })
				for r := 0; r < 3; r++ {
					i := w.pick("", "Tempe", r)
					likeInFinder(t, ctx, w.names[i], i)
				}
			}
			want = countIn(w.list(t), func(i int32) bool { return w.cities[i] == "Tempe" })
		case 9:
			top := w.list(t)[0].Item
			near, err := w.model.Similar(top, 10)
			if err != nil {
				t.Fatal(err)
			}
			want = countIn(near, func(i int32) bool { return w.cats[i] == w.cats[top] })
			if byHand {
				click(t, ctx, "#you-near-1")
			}
		case 10:
			want = newcomerBucket(t, pk.Data, cfg)
			if byHand {
				click(t, ctx, "#replay-start")
			}
		case 11:
			want = weightingVerdict(t, w)
			if byHand {
				click(t, ctx, "#compare-start")
			}
		}
		if byHand {
			if count(t, ctx, "#lesson-check") == 1 && k != 2 && k != 3 && k != 6 && k != 7 && k != 10 && k != 11 {
				click(t, ctx, "#lesson-check")
			}
		} else {
			click(t, ctx, "#lesson-next")
		}
		ev = waitEvidence(t, ctx, fmt.Sprintf("step %d's answer", k), 5*time.Minute, func(ev evidenceJSON) bool {
			return ev.Lesson.Step == k && ev.Lesson.Answer != "" && ev.Lesson.Waits == ""
		})
		l := ev.Lesson
		if l.Answer != want {
			t.Errorf("step %d reveals %q; core says %q", k, l.Answer, want)
		}
		if !byHand && !strings.HasPrefix(l.Did, "Next did it for you: ") && k != 1 && k != 5 {
			t.Errorf("step %d: Next did %q", k, l.Did)
		}
		if byHand && (l.Did != "" || l.Guess != guess || l.Right != (guess == want)) {
			t.Errorf("step %d by hand: did %q, guess %q (%q), right %v (answer %q)", k, l.Did, l.Guess, guess, l.Right, want)
		}
		contains(t, fmt.Sprintf("step %d's card", k), text(t, ctx, "#lesson-answer"), map[bool]string{true: "Right.", false: "ot"}[l.Right])
		if k < 11 {
			click(t, ctx, "#lesson-next")
		}
	}
	return lists
}

// handGuesses are the walk by hand's predictions, some right, some not,
// by step (step 4's is the first like's name).
var handGuesses = map[int]string{1: "7", 2: "7", 3: "A", 5: "no", 6: "15", 7: "20", 8: "3", 9: "5", 10: "1", 11: "no"}

// retrainOverlap is how many of your top 20 a model trained from scratch
// with your likes in its data keeps.
func retrainOverlap(t *testing.T, w *lessonData) string {
	t.Helper()
	d, u, err := w.train.WithUser("you", w.liked)
	if err != nil {
		t.Fatal(err)
	}
	m, err := core.Train(d, w.cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	retrained, err := m.Recommend(u, 20, true)
	if err != nil {
		t.Fatal(err)
	}
	return strconv.Itoa(core.CompareLists(w.list(t), retrained).Overlap)
}

// likeInFinder likes business i by its row in the finder, found by name.
func likeInFinder(t *testing.T, ctx context.Context, name string, i int32) {
	t.Helper()
	setFilter(t, ctx, "#search", name, "input")
	row := `#browse-list li[data-id="` + strconv.Itoa(int(i)) + `"]`
	eventually(t, name+" in the finder", 10*time.Second, func() bool { return count(t, ctx, row+" button.like") == 1 })
	start := len(readMetrics(t, ctx).ClickToScreenMs)
	run(t, ctx, "liking "+name, 10*time.Second, mouseClick(row+" button.like"))
	waitFor(t, ctx, "the like of "+name, 10*time.Second, func(m metrics) bool { return len(m.ClickToScreenMs) > start })
}

// setGuess gives the lesson's question a guess: a number typed, or a
// choice made.
func setGuess(t *testing.T, ctx context.Context, guess string) {
	t.Helper()
	if count(t, ctx, "#lesson-guess") == 1 {
		setFilter(t, ctx, "#lesson-guess", guess, "input")
		return
	}
	run(t, ctx, "choosing "+guess, 10*time.Second, chromedp.Evaluate(`(() => {
		const r = [...document.querySelectorAll('#lesson input[type=radio]')].find(e => e.value === `+jsString(guess)+`);
		r.click();
	})()`, nil))
}

// newcomerBucket is the first group of past reviews from which learning
// eALS hits more than popularity in the paper's online protocol on d.
func newcomerBucket(t *testing.T, d *core.Dataset, cfg core.Config) string {
	t.Helper()
	train, stream, err := d.TimeSplit(0.9)
	if err != nil {
		t.Fatal(err)
	}
	m, err := core.Train(train, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	learning, err := eval.EvaluateOnline(m, train, stream, eval.Options{TopN: 100})
	if err != nil {
		t.Fatal(err)
	}
	p, _ := core.NewPopularity(train)
	pop, err := eval.EvaluateOnline(p, train, stream, eval.Options{TopN: 100})
	if err != nil {
		t.Fatal(err)
	}
	for k, b := range learning.ByHistory {
		if b.Count > 0 && b.HR > pop.ByHistory[k].HR {
			return b.Label
		}
	}
	return "never"
}

// weightingVerdict is whether popularity-weighted eALS beats uniform
// weights beyond the margin, on w's held-out reviews.
func weightingVerdict(t *testing.T, w *lessonData) string {
	t.Helper()
	hr := func(alpha float64) eval.Metrics {
		cfg := w.cfg
		cfg.Alpha = alpha
		m, err := core.Train(w.train, cfg, nil)
		if err != nil {
			t.Fatal(err)
		}
		res, err := eval.EvaluateOffline(m, w.train, w.test, eval.Options{TopN: 100})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	diff, margin := eval.HRDifference(hr(w.cfg.Alpha), hr(0))
	if diff > margin {
		return "yes"
	}
	return "no"
}

// The lesson walked with Next alone and by hand: at every step your list
// is core's for the state the path reaches, every answer is core's, and
// axe finds nothing; a link to each step opens the state the path reaches
// there.
func TestLessonMatchesCore(t *testing.T) {
	pk := readBuiltPack(t).pack
	srv := serveSite(t, buildSite(t, ""), "")
	ctx := newBrowser(t)
	path := lessonWalk(t, ctx, srv, pk, false)
	screenshot(t, ctx, "70-lesson-laptop")
	run(t, ctx, "1280×720 at 150%", 10*time.Second, projector())
	time.Sleep(500 * time.Millisecond)
	screenshotOf(t, ctx, "#lesson", "71-lesson-card-projector")
	run(t, ctx, "narrow screen", 10*time.Second, phone())
	time.Sleep(500 * time.Millisecond)
	screenshotOf(t, ctx, "#lesson", "72-lesson-card-phone")
	run(t, ctx, "back to the laptop", 10*time.Second, chromedp.EmulateReset())

	for k := 1; k <= len(path); k++ {
		run(t, ctx, fmt.Sprintf("opening ?lesson=%d", k), 30*time.Second, chromedp.Navigate(srv.base+"?lesson="+strconv.Itoa(k)))
		waitEvidence(t, ctx, fmt.Sprintf("step %d from its link", k), trainTimeout, func(ev evidenceJSON) bool {
			return ev.Lesson.Step == k && ev.Lesson.Entered && ev.Lesson.Waits == ""
		})
		waitFor(t, ctx, "the step's model", trainTimeout, ready)
		if got := ids(t, ctx, "#ranked-list li[data-id]"); !slices.Equal(got, path[k-1]) {
			t.Errorf("?lesson=%d lists %v; the path reaches %v", k, got, path[k-1])
		}
	}

	hand := newBrowser(t)
	lessonWalk(t, hand, srv, pk, true)
}

// A teacher's link: in presenter mode the step's sections are the ones
// shown, and the card comes with them; with hide, the sections a step
// does not use are hidden instead of greyed.
func TestLessonLinkFlags(t *testing.T) {
	srv := serveSite(t, buildSite(t, ""), "")
	ctx := newBrowser(t)
	run(t, ctx, "opening ?lesson=2&present", 30*time.Second, chromedp.Navigate(srv.base+"?lesson=2&present"))
	waitEvidence(t, ctx, "step 2", trainTimeout, func(ev evidenceJSON) bool { return ev.Lesson.Step == 2 && ev.Lesson.Entered })
	eventually(t, "presenter mode with the step's sections", 10*time.Second, func() bool {
		return attr(t, ctx, ".page", "data-present") == "you browse tastes"
	})
	for sel, shown := range map[string]bool{"#you": true, "#browse": true, "#lesson": true, "#training": false, "#replay": false} {
		if got := count(t, ctx, sel) == 1 && visibleNow(t, ctx, sel); got != shown {
			t.Errorf("in presenter mode at step 2, %s shown %v, want %v", sel, got, shown)
		}
	}
	assertAccessible(t, ctx, "the lesson in presenter mode")
	click(t, ctx, "#lesson-next")
	click(t, ctx, "#lesson-next")
	eventually(t, "step 3's sections", 10*time.Second, func() bool {
		return attr(t, ctx, ".page", "data-present") == "you browse"
	})

	run(t, ctx, "opening ?lesson=6&hide", 30*time.Second, chromedp.Navigate(srv.base+"?lesson=6&hide"))
	waitEvidence(t, ctx, "step 6", trainTimeout, func(ev evidenceJSON) bool { return ev.Lesson.Step == 6 && ev.Lesson.Entered })
	eventually(t, "the hide flag", 10*time.Second, func() bool { return attr(t, ctx, ".page", "data-hide") == "true" })
	for sel, shown := range map[string]bool{"#weights": true, "#second": true, "#you": false, "#compare": false} {
		if got := visibleNow(t, ctx, sel); got != shown {
			t.Errorf("with hide at step 6, %s shown %v, want %v", sel, got, shown)
		}
	}
}

// visibleNow says whether the element sel takes up room on the page.
func visibleNow(t *testing.T, ctx context.Context, sel string) bool {
	t.Helper()
	var shown bool
	run(t, ctx, "is "+sel+" shown", 5*time.Second, chromedp.Evaluate(`(() => {
		const e = document.querySelector(`+jsString(sel)+`);
		return !!e && e.getClientRects().length > 0;
	})()`, &shown))
	return shown
}
