package catalog

import (
	"slices"

	"github.com/ealslive/ealslive/core/pack"
)

// Group is a colour of the factor map: a few of Yelp's categories
// under one name. The colours each have at least 3:1 contrast on the
// card's white, as a chart's marks need.
type Group struct {
	Name, Colour string
	Categories   []string
}

// Groups are tried in order against a business's categories, in
// the order the business lists them; the last two catch the rest.
var Groups = []Group{
	{"Mexican", "#c2410c", []string{"Mexican", "Tex-Mex", "Latin American"}},
	{"American", "#1d4ed8", []string{"American (Traditional)", "American (New)", "Burgers", "Steakhouses", "Barbeque", "Hot Dogs", "Chicken Wings", "Southern"}},
	{"Italian & pizza", "#15803d", []string{"Italian", "Pizza"}},
	{"Asian", "#7e22ce", []string{"Chinese", "Japanese", "Sushi Bars", "Thai", "Vietnamese", "Asian Fusion", "Korean", "Indian", "Ramen"}},
	{"Bars & nightlife", "#a16207", []string{"Bars", "Nightlife", "Sports Bars", "Lounges", "Pubs", "Wine Bars", "Breweries", "Cocktail Bars", "Dive Bars"}},
	{"Breakfast, coffee & sweets", "#be185d", []string{"Breakfast & Brunch", "Coffee & Tea", "Bakeries", "Cafes", "Desserts", "Ice Cream & Frozen Yogurt", "Donuts"}},
	{"Other food", "#0f766e", []string{"Restaurants", "Food"}},
	{"Not food", "#4b5563", nil},
}

// MainGroup returns the index in Groups of a business with these
// categories: the first of its categories that a specific group names,
// else "Other food" if it is a restaurant or food at all, else "Not food".
func MainGroup(categories []string) int {
	last := len(Groups) - 1
	for _, c := range categories {
		for g, grp := range Groups[:last-1] {
			for _, name := range grp.Categories {
				if name == c {
					return g
				}
			}
		}
	}
	for _, c := range categories {
		for _, name := range Groups[last-1].Categories {
			if name == c {
				return last - 1
			}
		}
	}
	return last
}

// Colouring is how the factor map colours the businesses: by the groups
// above for Yelp's data (yelp), else by their most common categories, else,
// for data without categories, by how reviewed they are. It returns the
// groups and each business's index in them.
func (c *Catalog) Colouring(yelp bool) ([]Group, []int) {
	if c.colours != nil && c.colouredYelp == yelp {
		return c.colours, c.colourOf
	}
	n := len(c.items)
	of := make([]int, n)
	switch {
	case yelp:
		for i, it := range c.items {
			of[i] = MainGroup(it.Categories)
		}
		c.colours = Groups
	case len(c.categories) > 0:
		c.colours, of = byCategory(c.items, c.categories)
	default:
		c.colours, of = byReviews(c.reviews, n)
	}
	c.colourOf, c.colouredYelp = of, yelp
	return c.colours, of
}

// palette are the map's colours, each with 3:1 contrast on white.
func palette(k int) string { return Groups[k%len(Groups)].Colour }

// byCategory groups the items by the most common categories, an item by
// the first of its categories among them: every category if there are as
// few as the palette's colours, else the most common and "Other" for the
// rest, and "Other" too for items without any.
func byCategory(items []pack.Item, common []Facet) ([]Group, []int) {
	top := common
	if len(top) > len(Groups) {
		top = common[:len(Groups)-1]
	}
	groups := make([]Group, 0, len(top)+1)
	for k, f := range top {
		groups = append(groups, Group{Name: f.Name, Colour: palette(k), Categories: []string{f.Name}})
	}
	other := len(groups)
	of := make([]int, len(items))
	for i, it := range items {
		of[i] = other
		for _, c := range it.Categories {
			if k := slices.IndexFunc(top, func(f Facet) bool { return f.Name == c }); k >= 0 {
				of[i] = k
				break
			}
		}
	}
	if slices.Contains(of, other) {
		groups = append(groups, Group{Name: "Other", Colour: palette(len(Groups) - 1)})
	}
	return groups, of
}

// byReviews groups the items into fifths by their reviews, most reviewed
// first. Only data without categories comes here, never Yelp's, so the
// fifths are named by popularity, which is what any data's counts are.
func byReviews(reviews []int, n int) ([]Group, []int) {
	count := func(i int) int {
		if i < len(reviews) {
			return reviews[i]
		}
		return 0
	}
	names := []string{"Most popular fifth", "Second fifth", "Third fifth", "Fourth fifth", "Least popular fifth"}
	groups := make([]Group, len(names))
	for k, name := range names {
		groups[k] = Group{Name: name, Colour: palette(k)}
	}
	return groups, byRank(n, len(groups), func(a, b int) int { return count(b) - count(a) })
}

// scoreColours run from your highest scores to your lowest, dark to
// light, each with 3:1 contrast on white.
var scoreColours = []string{"#312e81", "#4338ca", "#0891b2", "#65a30d", "#8b8b8b"}

// ScoreFifths groups n businesses into fifths by your scores, highest
// first, ties by smaller id, for the map of where.
func ScoreFifths(scores []float64) ([]Group, []int) {
	names := []string{"Your top fifth", "Second fifth", "Third fifth", "Fourth fifth", "Your bottom fifth"}
	groups := make([]Group, len(names))
	for k, name := range names {
		groups[k] = Group{Name: name, Colour: scoreColours[k]}
	}
	return groups, byRank(len(scores), len(groups), func(a, b int) int {
		switch {
		case scores[a] > scores[b]:
			return -1
		case scores[a] < scores[b]:
			return 1
		}
		return 0
	})
}

// byRank puts n items, ordered by cmp (a stable sort, so ties keep the
// smaller id first), into k groups of equal size, the first first.
func byRank(n, k int, cmp func(a, b int) int) []int {
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, cmp)
	of := make([]int, n)
	for rank, i := range order {
		of[i] = min(rank*k/max(n, 1), k-1)
	}
	return of
}
