package core_test

import (
	"fmt"

	"github.com/ealslive/ealslive/core"
)

// A visitor likes two cafés. The online update learns each click at once;
// a retrain learns them as a row of the data, from scratch, with the same
// settings and seed.
func ExampleDataset_WithUser() {
	d, _ := core.NewDataset(reviews())
	cafes := []int32{0, 1} // Cafe Alma, then Cafe Brio
	withYou, you, err := d.WithUser("you", cafes)
	if err != nil {
		fmt.Println(err)
		return
	}
	retrained, _ := core.Train(withYou, exampleConfig(), nil)
	top, _ := retrained.Recommend(you, 1, true)
	fmt.Println("you are user", you, "of", withYou.NumUsers())
	fmt.Println("your top business:", withYou.ItemKey(top[0].Item))
	// Output:
	// you are user 6 of 7
	// your top business: Cafe Duna
}

// The warm variant starts from the model that learnt the clicks online and
// runs a few more full epochs over every row, the visitor's among them.
func ExampleWarm() {
	d, _ := core.NewDataset(reviews())
	m, _ := core.Train(d, exampleConfig(), nil)
	you := m.AddUser()
	for _, i := range []int32{0, 1} {
		_ = m.Update(you, i)
	}
	fmt.Printf("online: objective %.3f\n", m.Objective().Total())
	_, err := core.Warm(m, 2, func(w *core.Model, e core.EpochInfo) error {
		fmt.Printf("warm epoch %d: objective %.3f\n", e.Epoch, w.Objective().Total())
		return nil
	})
	if err != nil {
		fmt.Println(err)
	}
	// Output:
	// online: objective 0.969
	// warm epoch 1: objective 0.859
	// warm epoch 2: objective 0.828
}

// CompareTop sets the online model's list beside the retrain's.
func ExampleCompareTop() {
	d, _ := core.NewDataset(reviews())
	cfg := exampleConfig()
	clicks := []int32{0, 1}
	online, _ := core.Train(d, cfg, nil)
	you := online.AddUser()
	for _, i := range clicks {
		_ = online.Update(you, i)
	}
	withYou, _, _ := d.WithUser("you", clicks)
	retrained, _ := core.Train(withYou, cfg, nil)
	c, err := core.CompareTop(online, retrained, you, 3, clicks)
	if err != nil {
		fmt.Println(err)
		return
	}
	for k := range c.A {
		fmt.Printf("%-10s  %s\n", d.ItemKey(c.A[k].Item), d.ItemKey(c.B[k].Item))
	}
	fmt.Printf("%d of %d in both, tau %.2f, largest score gap %.2f (%s)\n",
		c.Overlap, c.N, c.Tau, c.Gap, d.ItemKey(c.GapItem))
	// Output:
	// Cafe Duna   Cafe Duna
	// Cafe Cielo  Bar Xeno
	// Bar Wren    Bar Zest
	// 1 of 3 in both, tau -0.20, largest score gap 0.35 (Cafe Duna)
}

// Interactions that came later, over the same users and items: a retrain
// on everything seen so far is Train on the data they extend.
func ExampleDataset_WithInteractions() {
	d, _ := core.NewDataset(reviews())
	train, stream, _ := d.TimeSplit(0.75)
	seen, err := train.WithInteractions(stream[:3])
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(train.Len(), "trained on,", seen.Len(), "after 3 more of", len(stream))
	_, err = core.Train(seen, exampleConfig(), nil)
	fmt.Println(err)
	// Output:
	// 15 trained on, 18 after 3 more of 5
	// <nil>
}
