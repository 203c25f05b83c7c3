package catalog

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/ealslive/ealslive/core/pack"
)

func TestMainGroup(t *testing.T) {
	name := func(g int) string { return Groups[g].Name }
	for _, c := range []struct {
		categories []string
		want       string
	}{
		{[]string{"Mexican", "Restaurants"}, "Mexican"},
		{[]string{"Restaurants", "Pizza"}, "Italian & pizza"},        // a specific group beats the generic
		{[]string{"Bars", "Mexican"}, "Bars & nightlife"},            // the business's own order decides
		{[]string{"Food", "Desserts"}, "Breakfast, coffee & sweets"}, // "Food" is generic
		{[]string{"Restaurants", "Vegan"}, "Other food"},             // food, no group named
		{[]string{"Active Life", "Dog Parks"}, "Not food"},           // not food at all
		{nil, "Not food"},
	} {
		if got := name(MainGroup(c.categories)); got != c.want {
			t.Errorf("%v: %s, want %s", c.categories, got, c.want)
		}
	}
}

// The factor map colours Yelp's businesses by their groups, other data by
// its most common categories, and data without categories by reviews.
func TestColouring(t *testing.T) {
	yelp := New([]pack.Item{{Categories: []string{"Pizza"}}, {Categories: []string{"Sushi Bars"}}, {Categories: []string{"Dentists"}}})
	if groups, of := yelp.Colouring(true); len(groups) != len(Groups) || of[0] != 2 || of[1] != 3 || of[2] != len(Groups)-1 {
		t.Errorf("Yelp's businesses are coloured %v by %v", of, groups)
	}
	films := New([]pack.Item{{Categories: []string{"Drama"}}, {Categories: []string{"Comedy", "Drama"}}, {Categories: []string{"Horror"}}, {}})
	groups, of := films.Colouring(false)
	if groups[0].Name != "Drama" || groups[len(groups)-1].Name != "Other" || of[0] != 0 || of[1] != 1 || of[3] != len(groups)-1 {
		t.Errorf("films are coloured %v by %+v", of, groups)
	}
	// Eight categories, as many as the palette has colours, are each their
	// own, with no "Other" (a planted world's cuisines).
	var eight []pack.Item
	for _, c := range []string{"Thai", "Greek", "French", "Mexican", "Italian", "Indian", "Chinese", "Japanese"} {
		eight = append(eight, pack.Item{Categories: []string{c}})
	}
	if groups, of := New(eight).Colouring(false); len(groups) != 8 || slices.ContainsFunc(groups, func(g Group) bool { return g.Name == "Other" }) ||
		groups[of[0]].Name != "Thai" {
		t.Errorf("eight cuisines are coloured %v by %+v", of, groups)
	}
	bare := New(make([]pack.Item, 10))
	bare.SetCounts([]int{1, 9, 2, 8, 3, 7, 4, 6, 5, 0}, make([]int, 10), nil)
	groups, of = bare.Colouring(false)
	if len(groups) != 5 || of[1] != 0 || of[3] != 0 || of[9] != 4 || of[0] != 4 {
		t.Errorf("items without categories are coloured %v by %+v", of, groups)
	}
}

// ScoreFifths against its definition: an item's rank is the number of
// items scored above it, or scored the same with a smaller id.
func TestScoreFifthsByDefinition(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for _, n := range []int{1, 4, 5, 13, 100} {
		scores := make([]float64, n)
		for i := range scores {
			scores[i] = float64(rng.IntN(6)) // many ties
		}
		groups, of := ScoreFifths(scores)
		if len(groups) != 5 || len(of) != n {
			t.Fatalf("n=%d: %d groups, %d items", n, len(groups), len(of))
		}
		for i := range scores {
			rank := 0
			for j := range scores {
				if scores[j] > scores[i] || scores[j] == scores[i] && j < i {
					rank++
				}
			}
			if want := rank * 5 / n; of[i] != want {
				t.Errorf("n=%d: item %d (score %g, rank %d) in fifth %d, want %d", n, i, scores[i], rank, of[i], want)
			}
		}
	}
}

func TestPlaces(t *testing.T) {
	c := New([]pack.Item{{ID: "a", Lat: 60, Lon: 10}, {ID: "b"}, {ID: "c", Lat: 60, Lon: 12}})
	xy, ok := c.Places()
	if !ok {
		t.Fatal("no places")
	}
	// At 60° a degree of longitude is half a degree of latitude.
	if math.Abs(xy[2][0]-xy[0][0]-1) > 1e-12 || xy[0][1] != 60 {
		t.Errorf("places %v, want longitudes half as far apart", xy)
	}
	if !math.IsNaN(xy[1][0]) || !math.IsNaN(xy[1][1]) {
		t.Errorf("a business without coordinates is at %v, want NaN", xy[1])
	}
	if _, ok := New([]pack.Item{{ID: "a"}}).Places(); ok {
		t.Error("data without coordinates has places")
	}
}
