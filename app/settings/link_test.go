package settings

import (
	"slices"
	"strings"
	"testing"

	"github.com/ealslive/ealslive/core"
)

// scenarioIDs stands in for the catalog: businesses "a" to "e".
func scenarioIDs(id string) (int32, bool) {
	i := strings.Index("abcde", id)
	return int32(i), len(id) == 1 && i >= 0
}

func TestScenarioRoundTrip(t *testing.T) {
	cfg := testConfig()
	cfg.K, cfg.C0, cfg.Alpha, cfg.Lambda, cfg.WNew, cfg.Epochs, cfg.Seed = 16, 64.5, 0, 0.25, 4, 7, 99
	q := Query(cfg, []string{"c", "a", "e"}, "replay")
	sc, notes, ok := Parse("?"+q, testConfig(), scenarioIDs, testMaxLikes)
	if !ok || len(notes) > 0 {
		t.Fatalf("parsing %q: ok %v, notes %q", q, ok, notes)
	}
	if sc.Config != cfg {
		t.Errorf("the link %q gives %+v, want %+v", q, sc.Config, cfg)
	}
	if want := []int32{2, 0, 4}; !slices.Equal(sc.Likes, want) || !sc.HasLikes {
		t.Errorf("likes %v (has %v), want %v in click order", sc.Likes, sc.HasLikes, want)
	}
	if sc.View != "replay" {
		t.Errorf("view %q, want replay", sc.View)
	}
}

func TestScenarioBadValuesGoBackToDefaults(t *testing.T) {
	def := testConfig()
	cases := []struct {
		query string
		check func(core.Config) bool
		note  string // in the one note
	}{
		{"k=abc&c0=10", func(c core.Config) bool { return c.K == def.K && c.C0 == 10 }, `k=“abc” cannot be used (“abc” is not a number), so K is 32`},
		{"k=1000", func(c core.Config) bool { return c.K == def.K }, "must be between 1 and 128 in the browser"},
		{"k=2.5", func(c core.Config) bool { return c.K == def.K }, "must be a whole number"},
		{"alpha=-1&lambda=0.5", func(c core.Config) bool { return c.Alpha == def.Alpha && c.Lambda == 0.5 }, "alpha=“-1” cannot be used"},
		{"epochs=500", func(c core.Config) bool { return c.Epochs == def.Epochs }, "epochs is 25, its default"},
		{"wnew=NaN", func(c core.Config) bool { return c.WNew == def.WNew }, "w_new is 1, its default"},
		{"seed=-3", func(c core.Config) bool { return c.Seed == def.Seed }, "seed=“-3” cannot be used"},
		{"likes=a,zz,b", func(c core.Config) bool { return c == def }, "like “zz” is not a business in this data"},
		{"view=nowhere", func(c core.Config) bool { return c == def }, "view=“nowhere” is not a section"},
	}
	for _, c := range cases {
		sc, notes, ok := Parse(c.query, def, scenarioIDs, testMaxLikes)
		if !ok {
			t.Errorf("%q: not read as a scenario", c.query)
			continue
		}
		if !c.check(sc.Config) {
			t.Errorf("%q gives %+v", c.query, sc.Config)
		}
		if len(notes) != 1 || !strings.Contains(notes[0], c.note) {
			t.Errorf("%q: notes %q, want one containing %q", c.query, notes, c.note)
		}
	}
}

func TestScenarioLikes(t *testing.T) {
	sc, notes, _ := Parse("likes=b,b,x,y,a,", testConfig(), scenarioIDs, testMaxLikes)
	if !slices.Equal(sc.Likes, []int32{1, 0}) {
		t.Errorf("likes %v, want [1 0]: repeats dropped, order kept", sc.Likes)
	}
	if len(notes) != 1 || !strings.Contains(notes[0], "2 of the link's likes") {
		t.Errorf("notes %q", notes)
	}
	// An empty list is a scenario with no likes: it replaces the clicks.
	sc, notes, ok := Parse("likes=", testConfig(), scenarioIDs, testMaxLikes)
	if !ok || !sc.HasLikes || len(sc.Likes) != 0 || len(notes) != 0 {
		t.Errorf("likes=: %+v %q %v", sc, notes, ok)
	}
}

func TestScenarioIgnoresOtherQueries(t *testing.T) {
	for _, q := range []string{"", "?", "utm_source=x", "%zz"} {
		sc, notes, ok := Parse(q, testConfig(), scenarioIDs, testMaxLikes)
		if ok && q != "%zz" {
			t.Errorf("%q read as a scenario: %+v %q", q, sc, notes)
		}
		if sc.Config != testConfig() {
			t.Errorf("%q changes the settings: %+v", q, sc.Config)
		}
	}
}

func TestScenarioQueryEscapes(t *testing.T) {
	q := Query(testConfig(), []string{"a&b", "c,d"}, "")
	sc, _, _ := Parse(q, testConfig(), func(id string) (int32, bool) {
		switch id {
		case "a&b":
			return 0, true
		case "c,d":
			return 1, true
		}
		return 0, false
	}, testMaxLikes)
	if !slices.Equal(sc.Likes, []int32{0}) {
		// A comma inside an id cannot survive a comma-separated list; an
		// ampersand must.
		t.Errorf("likes %v from %q", sc.Likes, q)
	}
}

// Whatever a link holds, the page gets settings it can train with, likes
// of businesses it knows, and a view it has.
func FuzzParseScenario(f *testing.F) {
	for _, seed := range []string{"k=16&c0=1&alpha=0&lambda=1&wnew=2&epochs=3&seed=4&likes=a,b&view=replay",
		"k=abc", "likes=,,,", "%zz", "epochs=1e400&alpha=NaN", "seed=18446744073709551616"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, q string) {
		sc, _, _ := Parse(q, testConfig(), scenarioIDs, testMaxLikes)
		if _, problems := Draft(sc.Config, ConfigText(sc.Config)); len(problems) > 0 {
			t.Errorf("%q gives settings the page rejects: %v", q, problems)
		}
		for _, i := range sc.Likes {
			if i < 0 || i > 4 {
				t.Errorf("%q gives an unknown like %d", q, i)
			}
		}
		if sc.View != "" && !slices.Contains(LinkViews, sc.View) {
			t.Errorf("%q gives view %q", q, sc.View)
		}
	})
}

// The page reads a link's settings as it starts and its likes once the
// data is in: the two together say what one Parse with the data says.
func TestLikesReadLater(t *testing.T) {
	for _, q := range []string{
		"k=16&likes=b,x,a&view=replay",
		"likes=&alpha=lots",
		"likes=y,z,a,a&seed=-1",
		"view=compare",
	} {
		whole, wholeNotes, _ := Parse(q, testConfig(), scenarioIDs, testMaxLikes)
		first, firstNotes, _ := Parse(q, testConfig(), nil, testMaxLikes)
		items, likeNotes, found := Likes(q, scenarioIDs, testMaxLikes, "business", "businesses")
		if first.Likes != nil || first.HasLikes != whole.HasLikes || found != whole.HasLikes {
			t.Errorf("%q: read first, likes %v (has %v, found %v), want none yet and has %v", q, first.Likes, first.HasLikes, found, whole.HasLikes)
		}
		if first.Config != whole.Config || first.View != whole.View || !slices.Equal(items, whole.Likes) {
			t.Errorf("%q: in two steps %+v and likes %v, in one %+v", q, first, items, whole)
		}
		both := append(slices.Clone(firstNotes), likeNotes...)
		slices.Sort(both)
		slices.Sort(wholeNotes)
		if !slices.Equal(both, wholeNotes) {
			t.Errorf("%q: notes in two steps %q, in one %q", q, both, wholeNotes)
		}
	}
}

// A link's likes that the data lacks are named in the data's words.
func TestLikesNoteInTheDataWords(t *testing.T) {
	for _, c := range []struct{ query, item, items, want string }{
		{"likes=a,zz", "business", "businesses", "The link's like “zz” is not a business in this data"},
		{"likes=a,zz", "item", "items", "The link's like “zz” is not an item in this data"},
		{"likes=zz,yy", "kitchen", "kitchens", "2 of the link's likes are not kitchens in this data"},
	} {
		_, notes, _ := Likes(c.query, scenarioIDs, testMaxLikes, c.item, c.items)
		if len(notes) != 1 || !strings.HasPrefix(notes[0], c.want) {
			t.Errorf("%q in %s: notes %q, want one starting %q", c.query, c.items, notes, c.want)
		}
	}
}
