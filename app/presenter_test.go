package app

import (
	"os"
	"slices"
	"strings"
	"testing"
)

func TestParsePresent(t *testing.T) {
	cases := []struct {
		query string
		views []string
		notes int
		on    bool
	}{
		{"", nil, 0, false},
		{"?k=32&likes=a", nil, 0, false},
		{"?present", defaultPresent, 0, true},
		{"?present=", defaultPresent, 0, true},
		{"?present=replay,you", []string{"you", "replay"}, 0, true},
		{"?present=you,you,%20browse%20", []string{"you", "browse"}, 0, true},
		{"?present=you,sofa,chair", []string{"you"}, 1, true},
		{"?present=sofa", defaultPresent, 1, true},
		{"?present=you&present=compare", []string{"compare"}, 0, true},
	}
	for _, c := range cases {
		views, notes, on := parsePresent(c.query)
		if on != c.on || !slices.Equal(views, c.views) || len(notes) != c.notes {
			t.Errorf("parsePresent(%q) = %v, %q, %v; want %v, %d notes, %v", c.query, views, notes, on, c.views, c.notes, c.on)
		}
	}
	if _, notes, _ := parsePresent("?present=you,sofa,chair"); !strings.Contains(notes[0], "“sofa, chair”") {
		t.Errorf("the note %q does not name the unknown sections", notes[0])
	}
}

func TestPresentQueryRoundTrip(t *testing.T) {
	if q := presentQuery(nil); q != "" {
		t.Errorf("presenter mode off writes %q, want nothing", q)
	}
	views := []string{"browse", "update-stepper", "compare"}
	views2, notes, on := parsePresent("?" + presentQuery(views))
	if !on || len(notes) > 0 || !slices.Equal(views2, views) {
		t.Errorf("round trip of %v gives %v (notes %q, on %v)", views, views2, notes, on)
	}
}

// The stylesheet hides each section presenter mode can leave out by its
// id: a section added to presenterViews without its rule would stay on
// screen whatever the teacher chose.
func TestStylesheetHidesEveryPresenterView(t *testing.T) {
	css, err := os.ReadFile("../assets/style.css")
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range presenterViews {
		if v.Section != "" {
			continue // shown with its section
		}
		// A section is hidden unless it, or a view of it, is asked for.
		rule := `.presenter:not([data-present~="` + v.ID + `"])`
		for _, w := range presenterViews {
			if w.Section == v.ID {
				rule += `:not([data-present~="` + w.ID + `"])`
			}
		}
		rule += ` #` + v.ID
		if !strings.Contains(string(css), rule) {
			t.Errorf("style.css has no rule %s", rule)
		}
	}
	for _, id := range defaultPresent {
		if !isPresenterView(id) {
			t.Errorf("default section %q is not a presenter view", id)
		}
	}
}

func TestWithPresentKeepsTheRestOfTheQuery(t *testing.T) {
	cases := []struct {
		query string
		views []string
		want  string
	}{
		{"", []string{"you"}, "present=you"},
		{"?present=you,browse", nil, ""},
		{"?k=16&present=you&likes=a,b", []string{"you", "replay"}, "k=16&likes=a,b&present=you,replay"},
		{"?present&k=16", nil, "k=16"},
		{"?presenter=1", []string{"you"}, "presenter=1&present=you"},
	}
	for _, c := range cases {
		if got := withPresent(c.query, c.views); got != c.want {
			t.Errorf("withPresent(%q, %v) = %q, want %q", c.query, c.views, got, c.want)
		}
	}
}

// Presenter mode opens the factor map section at the view it names alone.
func TestMapViewFor(t *testing.T) {
	for _, c := range []struct {
		views []string
		want  string
	}{
		{[]string{"you", "map"}, viewWhere},
		{[]string{"factor-map"}, viewFactors},
		{[]string{"factor-map", "map"}, ""},
		{[]string{"you"}, ""},
	} {
		if got := mapViewFor(c.views); got != c.want {
			t.Errorf("mapViewFor(%v) = %q, want %q", c.views, got, c.want)
		}
	}
	if sectionOf("map") != "factor-map" || sectionOf("you") != "you" {
		t.Errorf("sectionOf(map) = %q, sectionOf(you) = %q", sectionOf("map"), sectionOf("you"))
	}
}
