package catalog

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
