package core_test

import (
	"fmt"

	"github.com/ealslive/ealslive/core"
)

// reviews is a tiny log of who liked which place, in time order: three
// people who like cafés and three who like bars.
func reviews() []core.Event {
	likes := []struct{ user, item string }{
		{"ann", "Cafe Alma"}, {"ann", "Cafe Brio"}, {"ann", "Cafe Cielo"},
		{"bob", "Cafe Alma"}, {"bob", "Cafe Brio"}, {"bob", "Cafe Duna"},
		{"cat", "Cafe Brio"}, {"cat", "Cafe Cielo"}, {"cat", "Cafe Duna"},
		{"dan", "Bar Wren"}, {"dan", "Bar Xeno"}, {"dan", "Bar Yuzu"},
		{"eve", "Bar Wren"}, {"eve", "Bar Yuzu"}, {"eve", "Bar Zest"},
		{"fay", "Bar Xeno"}, {"fay", "Bar Yuzu"}, {"fay", "Bar Zest"},
		{"ann", "Cafe Duna"}, {"dan", "Bar Zest"},
	}
	events := make([]core.Event, len(likes))
	for n, l := range likes {
		events[n] = core.Event{User: l.user, Item: l.item, Time: int64(n)}
	}
	return events
}

// exampleConfig is small enough to train at once on the tiny log.
func exampleConfig() core.Config {
	cfg := core.DefaultConfig()
	cfg.K, cfg.C0, cfg.Epochs = 4, 4, 20
	return cfg
}

func ExampleNewDataset() {
	events := append(reviews(), core.Event{User: "ann", Item: "Cafe Alma", Time: 99}) // a repeat
	d, err := core.NewDataset(events)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(d.NumUsers(), "users,", d.NumItems(), "items,", d.Len(), "distinct pairs")
	train, test, err := d.LeaveOneOut()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(train.Len(), "to train on,", len(test), "held out")
	first := test[0]
	fmt.Println(d.UserKey(first.User), "last liked", d.ItemKey(first.Item))
	// Output:
	// 6 users, 8 items, 20 distinct pairs
	// 14 to train on, 6 held out
	// ann last liked Cafe Alma
}

func ExampleTrain() {
	d, _ := core.NewDataset(reviews())
	cfg := exampleConfig()
	cfg.Epochs = 4
	_, err := core.Train(d, cfg, func(m *core.Model, e core.EpochInfo) error {
		fmt.Printf("epoch %d: objective %.3f\n", e.Epoch, m.Objective().Total())
		return nil // an error here would stop training
	})
	if err != nil {
		fmt.Println(err)
	}
	// Output:
	// epoch 1: objective 2.837
	// epoch 2: objective 1.502
	// epoch 3: objective 1.175
	// epoch 4: objective 0.930
}

// RunEpochs is the training loop of every model: here it trains ALS, whose
// trainer, like eALS's and BPR's, can also run an epoch in chunks (Step)
// for a page that must repaint between them.
func ExampleRunEpochs() {
	d, _ := core.NewDataset(reviews())
	t, err := core.NewALSTrainer(d, exampleConfig())
	if err != nil {
		fmt.Println(err)
		return
	}
	err = core.RunEpochs(t, 3, func(e core.EpochInfo) error {
		fmt.Printf("epoch %d: objective %.3f\n", e.Epoch, t.Model().Objective().Total())
		return nil
	})
	if err != nil {
		fmt.Println(err)
	}
	// Output:
	// epoch 1: objective 1.555
	// epoch 2: objective 1.022
	// epoch 3: objective 0.899
}

func ExampleModel_Update() {
	d, _ := core.NewDataset(reviews())
	m, _ := core.Train(d, exampleConfig(), nil)
	you := m.AddUser() // a new user, with no history
	wren, _ := d.ItemID("Bar Wren")
	if err := m.Update(you, wren); err != nil { // one click, learnt at once
		fmt.Println(err)
		return
	}
	items, _ := m.UserItems(you)
	fmt.Println("you liked", d.ItemKey(items[0]))
	for _, name := range []string{"Bar Yuzu", "Cafe Alma"} {
		i, _ := d.ItemID(name)
		fmt.Printf("%s now scores %.2f\n", name, m.Score(you, i))
	}
	// Output:
	// you liked Bar Wren
	// Bar Yuzu now scores 0.43
	// Cafe Alma now scores -0.08
}

func ExampleModel_Recommend() {
	d, _ := core.NewDataset(reviews())
	m, _ := core.Train(d, exampleConfig(), nil)
	you := m.AddUser()
	for _, name := range []string{"Cafe Alma", "Cafe Brio"} {
		i, _ := d.ItemID(name)
		if err := m.Update(you, i); err != nil {
			fmt.Println(err)
			return
		}
	}
	top, _ := m.Recommend(you, 3, true) // leave out what you already liked
	for _, r := range top {
		fmt.Printf("%s %.2f\n", d.ItemKey(r.Item), r.Score)
	}
	// Output:
	// Cafe Duna 0.67
	// Cafe Cielo 0.09
	// Bar Wren 0.01
}

func ExampleModel_Explain() {
	d, _ := core.NewDataset(reviews())
	m, _ := core.Train(d, exampleConfig(), nil)
	you := m.AddUser()
	for _, name := range []string{"Cafe Alma", "Bar Wren"} {
		i, _ := d.ItemID(name)
		if err := m.Update(you, i); err != nil {
			fmt.Println(err)
			return
		}
	}
	duna, _ := d.ItemID("Cafe Duna")
	why, err := m.Explain(you, []int32{duna})
	if err != nil {
		fmt.Println(err)
		return
	}
	e := why[0]
	fmt.Printf("%s scores %.3f:\n", d.ItemKey(e.Item), e.Score)
	for _, c := range e.Contributions {
		fmt.Printf("  %+.3f from liking %s\n", c.Amount, d.ItemKey(c.Item))
	}
	fmt.Printf("  %+.3f not yet settled by the update\n", e.Remainder)
	// Output:
	// Cafe Duna scores 0.300:
	//   +0.246 from liking Cafe Alma
	//   -0.037 from liking Bar Wren
	//   +0.091 not yet settled by the update
}

// RCD moves each user's and item's vector by one line-searched gradient
// step an epoch, in random order; its objective never rises. Like every
// trainer here it is a Stepper, so RunEpochs trains it, and its model
// learns online (Update) like eALS's.
func ExampleNewRCDTrainer() {
	d, _ := core.NewDataset(reviews())
	cfg := core.DefaultRCDConfig() // uniform missing-data weights (α = 0), as in RCD's paper
	cfg.K, cfg.C0 = 4, 4
	t, err := core.NewRCDTrainer(d, cfg)
	if err != nil {
		fmt.Println(err)
		return
	}
	err = core.RunEpochs(t, 3, func(e core.EpochInfo) error {
		fmt.Printf("epoch %d: objective %.3f\n", e.Epoch, t.Model().Objective().Total())
		return nil
	})
	if err != nil {
		fmt.Println(err)
	}
	// Output:
	// epoch 1: objective 16.027
	// epoch 2: objective 4.844
	// epoch 3: objective 2.505
}

// CG solves each vector of eALS's popularity-weighted objective by a few
// warm-started conjugate-gradient steps, as the implicit library does for
// a uniform one.
func ExampleNewCGTrainer() {
	d, _ := core.NewDataset(reviews())
	cfg := core.DefaultCGConfig()
	cfg.Config = exampleConfig()
	cfg.Steps = 2
	t, err := core.NewCGTrainer(d, cfg)
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := core.RunEpochs(t, 3, nil); err != nil {
		fmt.Println(err)
		return
	}
	m := t.Model()
	fmt.Printf("objective %.3f\n", m.Objective().Total())
	you := m.AddUser()
	alma, _ := d.ItemID("Cafe Alma")
	if err := m.Update(you, alma); err != nil { // one click, learnt at once
		fmt.Println(err)
		return
	}
	for _, name := range []string{"Cafe Brio", "Bar Wren"} {
		i, _ := d.ItemID(name)
		fmt.Printf("%s now scores %.2f\n", name, m.Score(you, i))
	}
	// Output:
	// objective 0.982
	// Cafe Brio now scores 0.39
	// Bar Wren now scores -0.12
}

// Every model saves to one file format, which says what it holds; Load
// gives the model back exactly, ready to score or learn on.
func ExampleLoad() {
	d, _ := core.NewDataset(reviews())
	cfg := core.DefaultRCDConfig()
	cfg.K, cfg.C0, cfg.Epochs = 4, 4, 5
	trained, _ := core.TrainRCD(d, cfg, nil)
	b, err := core.Save(trained) // or trained.MarshalBinary()
	if err != nil {
		fmt.Println(err)
		return
	}
	kind, _ := core.FileKind(b)
	fmt.Println("the file holds a model of kind", kind)
	r, err := core.Load(b)
	if err != nil {
		fmt.Println(err)
		return
	}
	switch m := r.(type) {
	case *core.RCD:
		fmt.Println("RCD with K =", m.K(), "and line-search constant", m.Config().Armijo)
	case *core.Model:
		fmt.Println("eALS with K =", m.K())
	}
	fmt.Println("same scores:", fmt.Sprint(r.Scores(0, nil)) == fmt.Sprint(trained.Scores(0, nil)))
	// Output:
	// the file holds a model of kind rcd
	// RCD with K = 4 and line-search constant 0.3
	// same scores: true
}

// Items whose vectors point the same way are alike: Similar lists the
// items nearest to one by the cosine of their vectors.
func ExampleModel_Similar() {
	d, err := core.Synthetic(200, 50, 4000, 0.8, 3)
	if err != nil {
		panic(err)
	}
	cfg := core.DefaultConfig()
	cfg.K, cfg.Epochs = 8, 10
	m, err := core.Train(d, cfg, nil)
	if err != nil {
		panic(err)
	}
	near, err := m.Similar(0, 3)
	if err != nil {
		panic(err)
	}
	for _, r := range near {
		fmt.Printf("%s %.3f\n", d.ItemKey(r.Item), r.Score)
	}
	// Output:
	// i5 0.984
	// i30 0.934
	// i37 0.917
}
