package catalog

import (
	"slices"
	"strings"

	"github.com/ealslive/ealslive/core/pack"
)

// Catalog indexes the businesses of the pack for browsing: search by name,
// filter by category and city, most reviewed first.
type Catalog struct {
	items      []pack.Item
	names      []string // lower-cased, for search; nil until the first search
	ids        map[string]int32
	reviews    []int   // reviews of each business in the data, held-out ones included
	train      []int   // of those, the ones the model trains on
	popular    []int32 // ids, most reviewed first; nil until the counts are known
	categories []Facet // most common first
	cities     []Facet
	// The factor map's colouring, found once (Colouring).
	colours      []Group
	colourOf     []int
	colouredYelp bool
}

// Facet is a category or city with the number of businesses in it.
type Facet struct {
	Name  string
	Count int
}

// Query is what a visitor is looking for; empty fields match everything.
type Query struct {
	Text, Category, City string
}

// New indexes items, naming each that has no name by its id; SetCounts
// then orders them, once the workers have counted the reviews.
func New(items []pack.Item) *Catalog {
	c := &Catalog{items: items}
	c.ids = make(map[string]int32, len(items))
	cats, cities := map[string]int{}, map[string]int{}
	for i, it := range items {
		if it.Name == "" {
			// A pack made from a log without an item file names no item:
			// each goes by its id, as a visitor's own file's items do.
			items[i].Name = it.ID
		}
		c.ids[it.ID] = int32(i)
		for _, k := range it.Categories {
			cats[k]++
		}
		if it.City != "" {
			cities[it.City]++
		}
	}
	c.categories = facets(cats)
	c.cities = facets(cities)
	return c
}

// SetCounts gives each business its reviews in the data and in the
// training set, and the businesses' order by the first (work.PopularOrder,
// which worker 0 finds off the page's thread).
func (c *Catalog) SetCounts(reviews, train []int, popular []int32) {
	c.reviews, c.train, c.popular = reviews, train, popular
}

// Ready reports whether the counts are known, and so the order.
func (c *Catalog) Ready() bool { return c != nil && c.popular != nil }

// TrainReviews returns how many training reviews business i has, if
// known.
func (c *Catalog) TrainReviews(i int32) (int, bool) {
	if c == nil || i < 0 || int(i) >= len(c.train) {
		return 0, false
	}
	return c.train[i], true
}

func facets(m map[string]int) []Facet {
	out := make([]Facet, 0, len(m))
	for k, n := range m {
		out = append(out, Facet{k, n})
	}
	slices.SortFunc(out, func(a, b Facet) int {
		if a.Count != b.Count {
			return b.Count - a.Count
		}
		return strings.Compare(a.Name, b.Name)
	})
	return out
}

func (c *Catalog) ReviewCount(i int32) int {
	if int(i) < len(c.reviews) {
		return c.reviews[i]
	}
	return 0
}

// Lookup returns the id of the business with Yelp id key.
func (c *Catalog) Lookup(key string) (int32, bool) {
	i, ok := c.ids[key]
	return i, ok
}

// Item returns the metadata of business i.
func (c *Catalog) Item(i int32) pack.Item { return c.items[i] }

// Find returns up to limit businesses matching q, most reviewed first, and
// how many match in all.
func (c *Catalog) Find(q Query, limit int) (ids []int32, total int) {
	text := strings.ToLower(strings.TrimSpace(q.Text))
	if text != "" && c.names == nil {
		// Lower-cased at the first search, not as the data arrives, in
		// the task that draws the first list.
		c.names = make([]string, len(c.items))
		for i, it := range c.items {
			c.names[i] = strings.ToLower(it.Name)
		}
	}
	for _, i := range c.popular {
		it := &c.items[i]
		if q.City != "" && it.City != q.City {
			continue
		}
		if q.Category != "" && !slices.Contains(it.Categories, q.Category) {
			continue
		}
		if text != "" && !strings.Contains(c.names[i], text) {
			continue
		}
		total++
		if len(ids) < limit {
			ids = append(ids, i)
		}
	}
	return ids, total
}

// MostReviewed returns the n most reviewed businesses: the list a visitor
// sees before the model is trained.
func (c *Catalog) MostReviewed(n int) []int32 {
	return c.popular[:min(n, len(c.popular))]
}

// Len is the number of businesses.
func (c *Catalog) Len() int { return len(c.items) }

// Categories are the categories with their business counts, most common
// first.
func (c *Catalog) Categories() []Facet { return c.categories }

// Cities are the cities with their business counts, most common first.
func (c *Catalog) Cities() []Facet { return c.cities }

// TrainCounts are each business's training reviews, by id; nil until
// counted.
func (c *Catalog) TrainCounts() []int { return c.train }
