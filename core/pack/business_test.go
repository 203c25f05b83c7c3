package pack

import (
	"slices"
	"strings"
	"testing"

	"github.com/ealslive/ealslive/core"
)

const header = "business_id\tname\tcategories\tcity\tstate\tlatitude\tlongitude\tstars\treview_count\topen\n"

func TestReadBusinesses(t *testing.T) {
	in := header +
		"b1\tOne Café\tFood|Coffee & Tea\tTempe\tAZ\t33.4\t-111.9\t4.5\t10\t1\r\n" +
		"\n" +
		"b2\t\t\tPhoenix\tAZ\t-0.5\t0\t1.0\t3\t0\n"
	got, err := ReadBusinesses(strings.NewReader(in), "b.tsv")
	if err != nil {
		t.Fatal(err)
	}
	want := []Item{
		{ID: "b1", Name: "One Café", Categories: []string{"Food", "Coffee & Tea"}, City: "Tempe", Lat: 33.4, Lon: -111.9, Stars: 4.5},
		{ID: "b2", City: "Phoenix", Lat: -0.5, Stars: 1},
	}
	if len(got) != len(want) {
		t.Fatalf("%d businesses, want %d", len(got), len(want))
	}
	for k := range want {
		g, w := got[k], want[k]
		if !slices.Equal(g.Categories, w.Categories) || g.ID != w.ID || g.Name != w.Name || g.City != w.City || g.Lat != w.Lat || g.Lon != w.Lon || g.Stars != w.Stars {
			t.Errorf("business %d = %+v, want %+v", k, g, w)
		}
	}
}

func TestReadBusinessesRejects(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", "b.tsv: empty file"},
		{"id\tname\n", "b.tsv:1: header is"},
		{header + "b1\tOne\n", "b.tsv:2: 2 tab-separated columns, want 10"},
		{header + "b1\tOne\t\tTempe\tAZ\tnorth\t-111.9\t4.5\t1\t1\n", `b.tsv:2: latitude "north" is not a number`},
		{header + "b1\tOne\t\tTempe\tAZ\t33\tNaN\t4.5\t1\t1\n", `b.tsv:2: longitude "NaN" is not a number`},
		{header + "b1\tOne\t\tTempe\tAZ\t33\t-111\t\t1\t1\n", `b.tsv:2: stars "" is not a number`},
		{header + "\tOne\t\tTempe\tAZ\t33\t-111\t4\t1\t1\n", "b.tsv:2: empty business_id"},
	} {
		if _, err := ReadBusinesses(strings.NewReader(c.in), "b.tsv"); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ReadBusinesses(%q): %v, want an error mentioning %q", c.in, err, c.want)
		}
	}
}

// Build on a log small enough to check by hand.
func TestBuildSmall(t *testing.T) {
	businesses := []Item{
		{ID: "b1", Name: "One", Categories: []string{"Food"}, City: "Tempe"},
		{ID: "b2", Name: "Two", Categories: []string{"Bikes"}, City: "Tempe"},
		{ID: "b3", Name: "Three", Categories: []string{"food", "Bars"}, City: "Mesa"},
	}
	reviews := []core.Event{
		{User: "x", Item: "b3", Time: 5 * day},
		{User: "y", Item: "b1", Time: 3 * day},
		{User: "x", Item: "b1", Time: 4 * day},
		{User: "x", Item: "b1", Time: 9 * day}, // a repeat: the later review counts
		{User: "z", Item: "b2", Time: 1 * day},
		{User: "y", Item: "b3", Time: 3 * day},
	}
	p, err := Build(reviews, businesses, Subset{K: 2, Category: "FOOD"})
	if err != nil {
		t.Fatal(err)
	}
	// "food" matches b1 and b3; z only reviewed b2. The 2-core keeps x and
	// y, b3 and b1, numbered by first pair in the log: x=0, y=1; b3=0, b1=1.
	want := []core.Interaction{
		{User: 1, Item: 1, Time: 3 * day}, {User: 1, Item: 0, Time: 3 * day},
		{User: 0, Item: 0, Time: 5 * day}, {User: 0, Item: 1, Time: 9 * day},
	}
	if got := p.Data.Interactions(); !slices.Equal(got, want) {
		t.Errorf("interactions %+v, want %+v", got, want)
	}
	if p.Items[0].ID != "b3" || p.Items[1].ID != "b1" || p.Subset.Category != "Food" {
		t.Errorf("items %s, %s; recorded category %q", p.Items[0].ID, p.Items[1].ID, p.Subset.Category)
	}
	if p.Source != YelpSource || p.License != YelpLicense {
		t.Errorf("notes %q, %q", p.Source, p.License)
	}

	p, err = Build(reviews, businesses, Subset{MaxInteractions: 2})
	if err != nil {
		t.Fatal(err)
	}
	// The two latest distinct pairs: (x, b1) on day 9 and (x, b3) on day 5.
	if p.Data.Len() != 2 || p.Data.NumUsers() != 1 || p.Data.ItemKey(0) != "b3" || p.Data.ItemKey(1) != "b1" {
		t.Errorf("latest 2: %d interactions, %d users, items %q %q", p.Data.Len(), p.Data.NumUsers(), p.Data.ItemKey(0), p.Data.ItemKey(1))
	}

	dup := append(slices.Clone(businesses), Item{ID: "b2"})
	if _, err := Build(reviews, dup, Subset{}); err == nil || !strings.Contains(err.Error(), `business "b2" is listed twice`) {
		t.Errorf("Build with a repeated business: %v", err)
	}
	if _, err := Build(reviews, businesses, Subset{City: "mesa", Category: "Bikes"}); err == nil || !strings.Contains(err.Error(), "no review matches") {
		t.Errorf("Build with an empty selection: %v", err)
	}
}
