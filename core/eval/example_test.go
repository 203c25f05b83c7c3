package eval_test

import (
	"fmt"

	"github.com/ealslive/ealslive/core"
	"github.com/ealslive/ealslive/core/eval"
)

// clubs is a small log, in time order: each of twelve people likes four
// of the six places of one club, one a week, and the clubs do not mix.
func clubs() []core.Event {
	var events []core.Event
	for week := range 4 {
		for u := range 12 {
			place := fmt.Sprintf("club %d place %d", u%2, (u/2+week)%6)
			events = append(events, core.Event{User: fmt.Sprint("user ", u), Item: place, Time: int64(week)})
		}
	}
	return events
}

func exampleConfig() core.Config {
	cfg := core.DefaultConfig()
	cfg.K, cfg.C0, cfg.Epochs = 4, 4, 20
	return cfg
}

func ExampleEvaluateOffline() {
	d, _ := core.NewDataset(clubs())
	train, test, _ := d.LeaveOneOut() // each user's latest like is held out
	m, err := core.Train(train, exampleConfig(), nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	// The paper keeps known items in the ranking; with three known items
	// each, they would fill this tiny top 3.
	res, err := eval.EvaluateOffline(m, train, test, eval.Options{TopN: 3, ExcludeSeen: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("HR@3 %.3f, NDCG@3 %.3f over %d users\n", res.HR, res.NDCG, res.Count)
	pop, _ := core.NewPopularity(train)
	res, _ = eval.EvaluateOffline(pop, train, test, eval.Options{TopN: 3, ExcludeSeen: true})
	fmt.Printf("popularity: HR@3 %.3f\n", res.HR)
	// Output:
	// HR@3 1.000, NDCG@3 0.877 over 12 users
	// popularity: HR@3 0.417
}

// The online protocol learns as it goes: each later interaction is first
// judged, then learnt (Update), in chunks a page can repaint between.
func ExampleNewOnline() {
	d, _ := core.NewDataset(clubs())
	train, stream, _ := d.TimeSplit(0.75) // train on the first 75% by time
	m, err := core.Train(train, exampleConfig(), nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	o := eval.NewOnline(m, train, stream, eval.Options{TopN: 3, ExcludeSeen: true})
	for {
		done, err := o.Step(5) // about five interactions at a time
		if err != nil {
			fmt.Println(err)
			return
		}
		if done {
			break
		}
	}
	res := o.Result()
	fmt.Printf("HR@3 %.3f, NDCG@3 %.3f over %d interactions\n", res.HR, res.NDCG, res.Count)
	// Output:
	// HR@3 1.000, NDCG@3 0.805 over 12 interactions
}

// Cases evaluated in parts, in two Web Workers say, combine exactly
// through their ranks.
func ExampleMetricsOfRanks() {
	d, _ := core.NewDataset(clubs())
	train, test, _ := d.LeaveOneOut()
	m, _ := core.Train(train, exampleConfig(), nil)
	opts := eval.Options{TopN: 3}
	half := len(test) / 2
	var ranks []int32
	for _, part := range [][]core.Interaction{test[:half], test[half:]} {
		o := eval.NewOffline(m, train, part, opts)
		if _, err := o.Step(-1); err != nil {
			fmt.Println(err)
			return
		}
		ranks = append(ranks, o.Ranks()...)
	}
	combined := eval.MetricsOfRanks(ranks, opts.TopN)
	whole, _ := eval.EvaluateOffline(m, train, test, opts)
	fmt.Println(combined == whole)
	// Output:
	// true
}

// The "retrain every N" lane beside the incremental updates: one model
// retrained from scratch every 4 interactions of the stream, frozen in
// between, and one updated after each.
func ExampleNewRetraining() {
	d, _ := core.NewDataset(clubs())
	train, stream, _ := d.TimeSplit(0.5)
	m, err := core.Train(train, exampleConfig(), nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	lane, err := eval.NewRetraining(m.Clone(), train, 4)
	if err != nil {
		fmt.Println(err)
		return
	}
	opts := eval.Options{TopN: 3, ExcludeSeen: true}
	retrained, _ := eval.EvaluateOnline(lane, train, stream, opts)
	updated, _ := eval.EvaluateOnline(m, train, stream, opts)
	fmt.Printf("retrained %d times: HR@3 %.3f\n", lane.Retrains(), retrained.HR)
	fmt.Printf("updated %d times:   HR@3 %.3f\n", len(updated.UpdateSeconds), updated.HR)
	// Output:
	// retrained 6 times: HR@3 0.667
	// updated 24 times:   HR@3 1.000
}
