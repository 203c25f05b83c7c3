package catalog

import (
	"slices"
	"testing"

	"github.com/ealslive/ealslive/app/work"
	"github.com/ealslive/ealslive/core/pack"
)

func testCatalog() *Catalog {
	items := []pack.Item{
		{ID: "a", Name: "Pizza Bianco", Categories: []string{"Pizza", "Restaurants"}, City: "Phoenix", Stars: 4},
		{ID: "b", Name: "Four Peaks", Categories: []string{"Bars", "Breweries"}, City: "Tempe", Stars: 4.5},
		{ID: "c", Name: "Spinato's PIZZA", Categories: []string{"Pizza"}, City: "Tempe", Stars: 4},
		{ID: "d", Name: "Alpha Cafe", Categories: []string{"Cafes", "Restaurants"}, City: "Phoenix", Stars: 3},
		{ID: "e", Name: "Zeta Bar", Categories: []string{"Bars"}, City: "", Stars: 0},
	}
	return countedCatalog(items, []int{10, 30, 10, 5, 30}, []int{9, 29, 10, 4, 28})
}

// countedCatalog is the catalog of items once the workers have counted
// their reviews and ordered them (work.PopularOrder).
func countedCatalog(items []pack.Item, reviews, train []int) *Catalog {
	names := make([]string, len(items))
	for i, it := range items {
		names[i] = it.Name
	}
	c := New(items)
	c.SetCounts(reviews, train, work.PopularOrder(names, reviews))
	return c
}

func TestCatalogPopularity(t *testing.T) {
	c := testCatalog()
	// Most reviewed first; equal counts by name.
	if got, want := c.MostReviewed(10), []int32{1, 4, 0, 2, 3}; !slices.Equal(got, want) {
		t.Errorf("mostReviewed = %v, want %v", got, want)
	}
	if got := c.MostReviewed(2); !slices.Equal(got, []int32{1, 4}) {
		t.Errorf("mostReviewed(2) = %v", got)
	}
}

func TestCatalogFind(t *testing.T) {
	c := testCatalog()
	for _, tc := range []struct {
		q         Query
		limit     int
		want      []int32
		wantTotal int
	}{
		{Query{}, 10, []int32{1, 4, 0, 2, 3}, 5},
		{Query{}, 2, []int32{1, 4}, 5},
		{Query{Text: "pizza"}, 10, []int32{0, 2}, 2},
		{Query{Text: "  PiZ "}, 10, []int32{0, 2}, 2},
		{Query{Category: "Pizza"}, 10, []int32{0, 2}, 2},
		{Query{Category: "Restaurants"}, 10, []int32{0, 3}, 2},
		{Query{City: "Tempe"}, 10, []int32{1, 2}, 2},
		{Query{Text: "pizza", City: "Tempe"}, 10, []int32{2}, 1},
		{Query{Category: "Bars", City: "Phoenix"}, 10, nil, 0},
		{Query{Text: "no such place"}, 10, nil, 0},
		{Query{Category: "Piz"}, 10, nil, 0}, // categories match whole
	} {
		got, total := c.Find(tc.q, tc.limit)
		if !slices.Equal(got, tc.want) || total != tc.wantTotal {
			t.Errorf("find(%+v, %d) = %v, %d; want %v, %d", tc.q, tc.limit, got, total, tc.want, tc.wantTotal)
		}
	}
}

func TestCatalogFacets(t *testing.T) {
	c := testCatalog()
	wantCats := []Facet{{"Bars", 2}, {"Pizza", 2}, {"Restaurants", 2}, {"Breweries", 1}, {"Cafes", 1}}
	if !slices.Equal(c.categories, wantCats) {
		t.Errorf("categories = %v, want %v", c.categories, wantCats)
	}
	// A business without a city is in no city Facet.
	wantCities := []Facet{{"Phoenix", 2}, {"Tempe", 2}}
	if !slices.Equal(c.cities, wantCities) {
		t.Errorf("cities = %v, want %v", c.cities, wantCities)
	}
	if i, ok := c.Lookup("c"); !ok || i != 2 {
		t.Errorf("lookup(c) = %d, %v", i, ok)
	}
	if _, ok := c.Lookup("zz"); ok {
		t.Error("lookup of an unknown id succeeded")
	}
}

// Items without names (a pack made from a log without an item file) go
// by their ids, which the finder finds.
func TestCatalogNamesUnnamedByID(t *testing.T) {
	c := New([]pack.Item{{ID: "1", Name: "Toy Story"}, {ID: "42"}})
	if got := c.Item(1).Name; got != "42" {
		t.Errorf("an unnamed item is called %q, want its id 42", got)
	}
	if got := c.Item(0).Name; got != "Toy Story" {
		t.Errorf("a named item is called %q", got)
	}
	c.SetCounts([]int{1, 1}, []int{1, 1}, []int32{0, 1})
	if ids, _ := c.Find(Query{Text: "42"}, 10); len(ids) != 1 || ids[0] != 1 {
		t.Errorf("finding 42 gives %v, want the unnamed item", ids)
	}
}
