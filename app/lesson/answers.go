package lesson

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/ealslive/ealslive/app/catalog"
	"github.com/ealslive/ealslive/app/runs"
	"github.com/ealslive/ealslive/app/textfmt"
	"github.com/ealslive/ealslive/app/visitor"
	"github.com/ealslive/ealslive/core"
	"github.com/ealslive/ealslive/core/eval"
)

// Facts are what the page shows now, which an answer is computed from.
type Facts struct {
	Cat   *catalog.Catalog
	You   visitor.You
	Model *core.Model // the model that made your list (You.Model), nil while it trains
	// Asked are your scores, when the question was asked, of the
	// businesses it watches.
	Asked map[int32]float64
	// Second is the second model's list for your likes, nil until one is
	// trained.
	Second []core.Ranked
	// Retrain is the comparison of your list with a full retrain's, nil
	// until one is made for your likes.
	Retrain *Retrain
	Replay  runs.Replay
	Compare runs.Comparison
}

// Retrain is what a full retrain with your likes kept of your list.
type Retrain struct {
	Overlap, Of int
}

// Answer is a question's answer for the state the page is in.
type Answer struct {
	Value string // what a guess is held to: a number, or a choice as shown
	Says  string // the answer in words, with what it was computed from
}

// Right says whether guess is the answer: the same number, or the same
// choice.
func (a Answer) Right(guess string) bool {
	g := strings.TrimSpace(guess)
	if n, err := strconv.Atoi(g); err == nil {
		v, err := strconv.Atoi(a.Value)
		return err == nil && v == n
	}
	return g != "" && g == a.Value
}

// ErrNotYet is the error of an answer asked for before what it is
// computed from is on the page: the step's action is not done yet.
var ErrNotYet = errors.New("lesson: the step is not done yet")

func (f Facts) name(i int32) string { return f.Cat.Item(i).Name }

// group is a business's main category: its cuisine in a planted world.
func (f Facts) group(i int32) string {
	if c := f.Cat.Item(i).Categories; len(c) > 0 {
		return c[0]
	}
	return ""
}

// top is the first n of your list.
func (f Facts) top(n int) []core.Ranked {
	return f.You.List[:min(n, len(f.You.List))]
}

// count counts the businesses of list for which in holds.
func count(list []core.Ranked, in func(int32) bool) int {
	n := 0
	for _, r := range list {
		if in(r.Item) {
			n++
		}
	}
	return n
}

func (f Facts) trained() error {
	if f.Cat == nil || !f.You.Trained {
		return ErrNotYet
	}
	return nil
}

// popularInList: how many of your 20 are among the 20 most reviewed.
func popularInList(f Facts) (Answer, error) {
	if err := f.trained(); err != nil {
		return Answer{}, err
	}
	popular := map[int32]bool{}
	for _, i := range f.Cat.MostReviewed(visitor.ListLength) {
		popular[i] = true
	}
	n := count(f.top(visitor.ListLength), func(i int32) bool { return popular[i] })
	return Answer{Value: strconv.Itoa(n), Says: fmt.Sprintf("%d of your %d are among the %d most reviewed: a new user's list is not popularity, "+
		"only what a small random vector picks.", n, len(f.top(visitor.ListLength)), visitor.ListLength)}, nil
}

// groupOfLastLike: how many of your top n share the main category of your
// last like.
func groupOfLastLike(n int) func(f Facts) (Answer, error) {
	return func(f Facts) (Answer, error) {
		if err := f.trained(); err != nil || len(f.You.Liked) == 0 {
			return Answer{}, ErrNotYet
		}
		g := f.group(f.You.Liked[len(f.You.Liked)-1])
		k := count(f.top(n), func(i int32) bool { return f.group(i) == g })
		return Answer{Value: strconv.Itoa(k), Says: fmt.Sprintf("%d of your top %d are %s, the kind of your last like.", k, len(f.top(n)), g)}, nil
	}
}

// cityOfLastLike: how many of your top n are in the city of your last
// like.
func cityOfLastLike(n int) func(f Facts) (Answer, error) {
	return func(f Facts) (Answer, error) {
		if err := f.trained(); err != nil || len(f.You.Liked) == 0 {
			return Answer{}, ErrNotYet
		}
		city := f.Cat.Item(f.You.Liked[len(f.You.Liked)-1]).City
		k := count(f.top(n), func(i int32) bool { return f.Cat.Item(i).City == city })
		return Answer{Value: strconv.Itoa(k), Says: fmt.Sprintf("%d of your top %d are in %s, though the model was never told where anything is.",
			k, len(f.top(n)), city)}, nil
	}
}

// rise: which of the two watched businesses gained more score since the
// question was asked, A or B.
func rise(a, b Pick) func(f Facts) (Answer, error) {
	return func(f Facts) (Answer, error) {
		if err := f.trained(); err != nil || f.Model == nil {
			return Answer{}, ErrNotYet
		}
		ia, okA := a.In(f.Cat)
		ib, okB := b.In(f.Cat)
		sa, askedA := f.Asked[ia]
		sb, askedB := f.Asked[ib]
		if !okA || !okB || !askedA || !askedB {
			return Answer{}, ErrNotYet
		}
		now := f.Model.Scores(f.You.User, nil)
		da, db := now[ia]-sa, now[ib]-sb
		v := "A"
		if db > da {
			v = "B"
		}
		return Answer{Value: v, Says: fmt.Sprintf("%s rises more: A, %s, moved by %s; B, %s, by %s.",
			v, f.name(ia), textfmt.Signed(da), f.name(ib), textfmt.Signed(db))}, nil
	}
}

// likeChoices are the names of your likes, for a question about them.
func likeChoices(f Facts) []string {
	var out []string
	if f.Cat == nil {
		return nil
	}
	for _, i := range f.You.Liked {
		out = append(out, f.name(i))
	}
	return out
}

// largestShare: which of your likes adds most to your top business's
// score, by "why?".
func largestShare(f Facts) (Answer, error) {
	if err := f.trained(); err != nil || len(f.You.Why) == 0 || len(f.You.List) == 0 {
		return Answer{}, ErrNotYet
	}
	e := f.You.Why[0]
	top, _ := e.Top(1)
	if len(top) == 0 {
		return Answer{}, ErrNotYet
	}
	return Answer{Value: f.name(top[0].Item), Says: fmt.Sprintf("%s: it adds %s of %s's score of %.3f.",
		f.name(top[0].Item), textfmt.Signed(top[0].Amount), f.name(e.Item), e.Score)}, nil
}

// objectiveRises: whether any coordinate step of your last update raised
// the objective restricted to what it works on.
func objectiveRises(f Facts) (Answer, error) {
	last := f.You.Last
	if last == nil || last.Trace == nil || len(last.Trace.UserSteps) == 0 {
		return Answer{}, ErrNotYet
	}
	steps := append(append([]core.FactorStep(nil), last.Trace.UserSteps...), last.Trace.ItemSteps...)
	worst := math.Inf(-1)
	for _, s := range steps {
		worst = max(worst, s.LossAfter-s.LossBefore)
	}
	// Each step is an exact minimiser: it can only lose what rounding adds.
	if worst > 1e-9*(1+math.Abs(steps[0].LossBefore)) {
		return Answer{Value: "yes", Says: fmt.Sprintf("Yes: one of its %d steps raised it, by %s.", len(steps), textfmt.Signed(worst))}, nil
	}
	return Answer{Value: "no", Says: fmt.Sprintf("No: none of its %d steps raised it. Each sets one coordinate to the exact minimiser "+
		"with the others fixed, so the objective can only fall or stay (the smallest fall: %s).", len(steps), textfmt.Sig(-worst, 2).Text())}, nil
}

// overlapWithSecond: how many of your top 20 the second model also lists.
func overlapWithSecond(f Facts) (Answer, error) {
	if err := f.trained(); err != nil || f.Second == nil {
		return Answer{}, ErrNotYet
	}
	c := core.CompareLists(f.You.List, f.Second)
	return Answer{Value: strconv.Itoa(c.Overlap), Says: fmt.Sprintf("%d of your top %d are in both lists.", c.Overlap, len(f.You.List))}, nil
}

// overlapWithRetrain: how many of your top 20 a full retrain keeps.
func overlapWithRetrain(f Facts) (Answer, error) {
	if f.Retrain == nil {
		return Answer{}, ErrNotYet
	}
	r := f.Retrain
	return Answer{Value: strconv.Itoa(r.Overlap), Says: fmt.Sprintf("A full retrain keeps %d of the update's top %d.", r.Overlap, r.Of)}, nil
}

// similarShareCategory: how many of the ten businesses most like your top
// one share its main category.
func similarShareCategory(f Facts) (Answer, error) {
	if err := f.trained(); err != nil || f.Model == nil || len(f.You.List) == 0 {
		return Answer{}, ErrNotYet
	}
	of := f.You.List[0].Item
	near, err := f.Model.Similar(of, similarN)
	if err != nil {
		return Answer{}, err
	}
	g := f.group(of)
	k := count(near, func(i int32) bool { return f.group(i) == g })
	return Answer{Value: strconv.Itoa(k), Says: fmt.Sprintf("%d of the %d most like %s are %s too.", k, len(near), f.name(of), g)}, nil
}

// historyChoices are Figure 8's groups of past reviews.
func historyChoices(Facts) []string {
	var out []string
	for _, b := range eval.HistoryBuckets() {
		out = append(out, b.Label)
	}
	return append(out, "never")
}

// newcomerBeatsPopularity: the fewest past reviews from which learning
// eALS hits more than popularity, by the replay's Figure 8.
func newcomerBeatsPopularity(f Facts) (Answer, error) {
	r := f.Replay
	if !r.Finished {
		return Answer{}, ErrNotYet
	}
	by := map[string]runs.Lane{}
	for _, l := range r.Lanes {
		by[l.Key] = l
	}
	learning, okL := by[runs.LaneLearning]
	pop, okP := by[runs.LanePopular]
	if !okL || !okP {
		return Answer{}, ErrNotYet
	}
	for k, b := range learning.ByHistory {
		if k < len(pop.ByHistory) && b.Count > 0 && b.HR > pop.ByHistory[k].HR {
			past := "reviews"
			if b.Label == "1" {
				past = "review"
			}
			return Answer{Value: b.Label, Says: fmt.Sprintf("From %s: on the %s by reviewers with %s past %s, learning eALS hits %s, popularity %s.",
				b.Label, textfmt.Plural(b.Count, "review", "reviews"), b.Label, past, textfmt.Percent(b.HR), textfmt.Percent(pop.ByHistory[k].HR))}, nil
		}
	}
	return Answer{Value: "never", Says: "Never: in no group of past reviews did learning eALS hit more than popularity."}, nil
}

// weightingHelps: whether popularity-weighted eALS beats uniform weights
// beyond the 95% margin of their difference.
func weightingHelps(f Facts) (Answer, error) {
	by := map[string]runs.Row{}
	for _, r := range f.Compare.Rows {
		if r.Evaluated {
			by[r.Key] = r
		}
	}
	w, okW := by[runs.RivalWeighted]
	u, okU := by[runs.RivalUniform]
	if !okW || !okU {
		return Answer{}, ErrNotYet
	}
	diff, margin := eval.HRDifference(w.Metrics, u.Metrics)
	v, says := "no", "a tie within the noise"
	switch {
	case diff > margin:
		v, says = "yes", "a win beyond the noise"
	case -diff > margin:
		says = "a loss beyond the noise"
	}
	return Answer{Value: v, Says: fmt.Sprintf("%s: HR@100 %s weighted against %s uniform, a gap of %s where ±%s is noise: %s.",
		capital(v), textfmt.Percent(w.Metrics.HR), textfmt.Percent(u.Metrics.HR), textfmt.Points(diff), textfmt.Points(margin), says)}, nil
}

func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
