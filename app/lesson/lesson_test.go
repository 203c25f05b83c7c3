package lesson

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/ealslive/ealslive/app/catalog"
	"github.com/ealslive/ealslive/app/runs"
	"github.com/ealslive/ealslive/app/visitor"
	"github.com/ealslive/ealslive/app/work"
	"github.com/ealslive/ealslive/core"
	"github.com/ealslive/ealslive/core/eval"
	"github.com/ealslive/ealslive/core/pack"
)

// Each step is short, names what to look at among the sections it uses,
// and opens in the state the step before it reaches.
func TestStepsMakeOnePath(t *testing.T) {
	if n := len(Steps); n < 8 || n > 12 {
		t.Errorf("the path has %d steps, want 8 to 12", n)
	}
	asks := 0
	for k, s := range Steps {
		if words := len(strings.Fields(s.Text)); words > 80 {
			t.Errorf("step %d: %d words", k+1, words)
		}
		if !slices.Contains(s.Uses, s.Look) && !(s.Look == "map" && slices.Contains(s.Uses, "factor-map")) {
			t.Errorf("step %d looks at %q, which it does not use (%v)", k+1, s.Look, s.Uses)
		}
		if s.Ask != nil {
			asks++
			if s.Ask.Answer == nil || (s.Ask.Kind == Choice && s.Ask.Choices == nil) {
				t.Errorf("step %d asks without an answer or choices", k+1)
			}
		}
		if k == 0 {
			continue
		}
		want := Steps[k-1].State
		switch d := Steps[k-1].Do; d.Act {
		case Like:
			want.Likes = append(slices.Clone(want.Likes), d.Pick)
		case GoToSite:
			want = d.To
		}
		if !sameState(s.State, want) {
			t.Errorf("step %d opens in %+v; the step before reaches %+v", k+1, s.State, want)
		}
	}
	if asks < 4 {
		t.Errorf("%d steps ask a question, want at least 4", asks)
	}
}

func sameState(a, b State) bool { return a.Data == b.Data && slices.Equal(a.Likes, b.Likes) }

// planted is the default planted world as the page has it: a catalogue of
// its kitchens, and a model trained on its leave-one-out split with the
// page's settings.
func planted(t *testing.T) (*core.PlantedWorld, *catalog.Catalog, func() *core.Model) {
	t.Helper()
	w, err := core.Planted(core.DefaultPlanted())
	if err != nil {
		t.Fatal(err)
	}
	train, _, err := w.Data.LeaveOneOut()
	if err != nil {
		t.Fatal(err)
	}
	items := make([]pack.Item, len(w.Items))
	for i, it := range w.Items {
		items[i] = pack.Item{ID: it.ID, Name: it.Name, Categories: it.Categories}
	}
	reviews := w.Data.ItemCounts()
	names := make([]string, len(items))
	for i, it := range items {
		names[i] = it.Name
	}
	cat := catalog.New(items)
	cat.SetCounts(reviews, train.ItemCounts(), work.PopularOrder(names, reviews))
	return w, cat, func() *core.Model {
		m, err := core.Train(train, runs.PageConfig(), nil)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
}

// The path's answers on the planted world, each held to what core gives
// for the same state, computed here without the package's answers.
func TestAnswersOnThePlantedWorld(t *testing.T) {
	w, cat, train := planted(t)
	v := visitor.New(cat, visitor.MemoryStore{}, "planted", nil)
	if err := v.Attach(train()); err != nil {
		t.Fatal(err)
	}
	ref := train()
	u := ref.AddUser()
	facts := func() Facts {
		y := v.Snapshot()
		return Facts{Cat: cat, You: y, Model: y.Model()}
	}
	answer := func(k int, f Facts) Answer {
		t.Helper()
		a, err := Steps[k].Ask.Answer(f)
		if err != nil {
			t.Fatalf("step %d: %v", k+1, err)
		}
		return a
	}
	list := func(n int) []core.Ranked {
		l, err := ref.Recommend(u, visitor.ListLength, true)
		if err != nil {
			t.Fatal(err)
		}
		return l[:n]
	}

	// Step 1: the cold start's share of popularity.
	reviews := w.Data.ItemCounts()
	scores := make([]float64, len(reviews))
	for i, c := range reviews {
		scores[i] = float64(c)
	}
	popular := map[int32]bool{}
	for _, r := range core.TopN(scores, 20, nil) {
		popular[r.Item] = true
	}
	n := 0
	for _, r := range list(20) {
		if popular[r.Item] {
			n++
		}
	}
	if a := answer(0, facts()); a.Value != strconv.Itoa(n) || !a.Right(strconv.Itoa(n)) || a.Right(strconv.Itoa(n+1)) {
		t.Errorf("step 1 answers %+v; core counts %d", a, n)
	}

	// Step 2: a Thai like, and the Thai share of the top 10.
	group := slices.Index(w.GroupNames, "Thai")
	thaiItem := firstOfGroup(w, group, 0)
	if i, _ := thai.In(cat); i != thaiItem {
		t.Fatalf("the most reviewed Thai kitchen is %d in the catalogue, %d by the data's counts", i, thaiItem)
	}
	like(t, v, ref, u, thaiItem)
	n = 0
	for _, r := range list(10) {
		if w.ItemGroup[r.Item] == group {
			n++
		}
	}
	if a := answer(1, facts()); a.Value != strconv.Itoa(n) {
		t.Errorf("step 2 answers %+v; core counts %d Thai", a, n)
	}

	// Step 3: the scores of A and B before and after the Greek like.
	greekGroup := slices.Index(w.GroupNames, "Greek")
	a, b := firstOfGroup(w, greekGroup, 1), firstOfGroup(w, group, 1)
	before := ref.Scores(u, nil)
	f := facts()
	f.Asked = map[int32]float64{a: before[a], b: before[b]}
	like(t, v, ref, u, firstOfGroup(w, greekGroup, 0))
	after := ref.Scores(u, nil)
	want := "A"
	if after[b]-before[b] > after[a]-before[a] {
		want = "B"
	}
	f2 := facts()
	f2.Asked = f.Asked
	if got := answer(2, f2); got.Value != want {
		t.Errorf("step 3 answers %+v; core says %s (A %v, B %v)", got, want, after[a]-before[a], after[b]-before[b])
	}

	// Step 4: the largest share of the top business's score, by core's
	// explanation.
	top := list(1)[0].Item
	exps, err := ref.Explain(u, []int32{top})
	if err != nil {
		t.Fatal(err)
	}
	best := slices.MaxFunc(exps[0].Contributions, func(x, y core.Contribution) int {
		return cmpFloat(x.Amount, y.Amount)
	})
	if got := answer(3, facts()); got.Value != cat.Item(best.Item).Name || !slices.Contains(likeChoices(facts()), got.Value) {
		t.Errorf("step 4 answers %+v; core's largest share is %s's", got, cat.Item(best.Item).Name)
	}

	// Step 5: no step of the last update raised its objective.
	if got := answer(4, facts()); got.Value != "no" {
		t.Errorf("step 5 answers %+v", got)
	}

	// Step 6: the overlap with a second model trained with α = 0.
	uniform := runs.PageConfig()
	uniform.Alpha = 0
	trainSet, _, _ := w.Data.LeaveOneOut()
	second, err := core.Train(trainSet, uniform, nil)
	if err != nil {
		t.Fatal(err)
	}
	follower := visitor.NewFollower(second, v.Liked())
	f = facts()
	f.Second = follower.List()
	overlap := core.CompareLists(list(20), f.Second).Overlap
	if got := answer(5, f); got.Value != strconv.Itoa(overlap) {
		t.Errorf("step 6 answers %+v; core's lists share %d", got, overlap)
	}

	// Step 7: what the retrain kept, as the page reports it.
	f.Retrain = &Retrain{Overlap: 17, Of: 20}
	if got := answer(6, f); got.Value != "17" {
		t.Errorf("step 7 answers %+v", got)
	}
	if _, err := Steps[6].Ask.Answer(facts()); err == nil {
		t.Error("step 7 answers before the retrain")
	}

	// Step 9's similar on this world: the ten most like your top kitchen.
	near, err := ref.Similar(top, 10)
	if err != nil {
		t.Fatal(err)
	}
	n = 0
	for _, r := range near {
		if w.ItemGroup[r.Item] == w.ItemGroup[top] {
			n++
		}
	}
	if got := answer(8, facts()); got.Value != strconv.Itoa(n) {
		t.Errorf("similar answers %+v; core counts %d of the group", got, n)
	}
}

// like likes i on the visitor and on core's reference model alike.
func like(t *testing.T, v *visitor.Visitor, ref *core.Model, u, i int32) {
	t.Helper()
	if _, err := v.Like(i); err != nil {
		t.Fatal(err)
	}
	if err := ref.Update(u, i); err != nil {
		t.Fatal(err)
	}
}

// firstOfGroup is the rank-th most reviewed item of group g, by the
// data's counts, ties by name as the finder orders them.
func firstOfGroup(w *core.PlantedWorld, g, rank int) int32 {
	counts := w.Data.ItemCounts()
	var items []int32
	for i, ig := range w.ItemGroup {
		if ig == g {
			items = append(items, int32(i))
		}
	}
	slices.SortStableFunc(items, func(a, b int32) int {
		if d := counts[b] - counts[a]; d != 0 {
			return d
		}
		return strings.Compare(strings.ToLower(w.Items[a].Name), strings.ToLower(w.Items[b].Name))
	})
	return items[rank]
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// Figure 8's answer is the first group of past reviews where learning
// eALS hits more than popularity; the verdict on weighting counts a gap
// only beyond its margin.
func TestRunAnswers(t *testing.T) {
	bs := eval.HistoryBuckets()
	lane := func(key string, hr ...float64) runs.Lane {
		l := runs.Lane{Key: key, ByHistory: slices.Clone(bs)}
		for k, v := range hr {
			l.ByHistory[k].HR, l.ByHistory[k].Count = v, 50
		}
		return l
	}
	r := runs.Replay{Finished: true, Lanes: []runs.Lane{lane(runs.LaneLearning, 0.05, 0.12, 0.2), lane(runs.LanePopular, 0.16, 0.14, 0.15)}}
	a, err := newcomerBeatsPopularity(Facts{Replay: r})
	if err != nil || a.Value != bs[2].Label || !slices.Contains(historyChoices(Facts{}), a.Value) {
		t.Errorf("Figure 8's answer %+v (%v), want %q", a, err, bs[2].Label)
	}
	if _, err := newcomerBeatsPopularity(Facts{Replay: runs.Replay{Running: true}}); err == nil {
		t.Error("an answer before the replay finished")
	}
	row := func(key string, hr float64) runs.Row {
		return runs.Row{Key: key, Evaluated: true, Metrics: eval.Metrics{HR: hr, Count: 3536}}
	}
	for _, c := range []struct {
		w, u float64
		want string
	}{{0.30, 0.25, "yes"}, {0.2602, 0.2559, "no"}, {0.20, 0.25, "no"}} {
		a, err := weightingHelps(Facts{Compare: runs.Comparison{Rows: []runs.Row{row(runs.RivalWeighted, c.w), row(runs.RivalUniform, c.u)}}})
		diff, margin := eval.HRDifference(eval.Metrics{HR: c.w, Count: 3536}, eval.Metrics{HR: c.u, Count: 3536})
		if err != nil || a.Value != c.want || (c.want == "yes") != (diff > margin) {
			t.Errorf("%v against %v: %+v (%v), want %s", c.w, c.u, a, err, c.want)
		}
	}
	if a := (Answer{Value: "7"}); !a.Right(" 7 ") || a.Right("8") || a.Right("") || !(Answer{Value: "A"}).Right("A") {
		t.Error("Right holds a guess to the wrong value")
	}
}
