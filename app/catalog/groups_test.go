package catalog

import "testing"

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
