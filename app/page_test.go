package app

import (
	"slices"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// A run that cannot start says whether it waits or never will.
func TestHoldSays(t *testing.T) {
	for _, tc := range []struct {
		h    hold
		want string
	}{
		{hold{}, ""},
		{hold{Reason: "the model is training"}, "The replay waits: the model is training."},
		{hold{Reason: "the data could not be loaded", Final: true}, "The replay is not available: the data could not be loaded."},
	} {
		if got := tc.h.says("The replay"); got != tc.want {
			t.Errorf("%+v says %q, want %q", tc.h, got, tc.want)
		}
	}
	s := newSession()
	if h := s.runHold(); h.Final || h.Reason != "the data is still loading" {
		t.Errorf("a page loading holds runs with %+v", h)
	}
	s.stage = stageFailed
	if h := s.runHold(); !h.Final || h.Reason != "the data could not be loaded" {
		t.Errorf("a page that failed to load holds runs with %+v", h)
	}
}

// The data card says what the model trains on, worded for the stage, and
// never "trained" before it has.
func TestDataCardByStage(t *testing.T) {
	split := &dataInfo{Hash: "h", Users: 3536, Items: 2841, Reviews: 103976, Train: 100440, TestCases: 3536, Subset: "10-core", Bytes: 877000}
	for _, tc := range []struct {
		stage     string
		data      *dataInfo
		want, not string
	}{
		{"loading", nil, "The data: Yelp reviews", "Trained"},
		{"training", split, "Training on 100,440 of 103,976 Yelp reviews", "Trained"},
		{"evaluating", split, "Training on 100,440 of 103,976 Yelp reviews", "Trained"},
		{"ready", split, "Trained on 100,440 of 103,976 Yelp reviews", "Training on"},
		{"failed", nil, "The data: Yelp reviews", "Trained"},
		{"failed", split, "For training: 100,440 of 103,976 Yelp reviews", "Trained"},
	} {
		got := app.HTMLString(newTrainPanel().Stage(tc.stage).Data(tc.data).renderData())
		// HTMLString puts each node on a line of its own.
		got = strings.NewReplacer("\n", "", "<strong>", "", "</strong>", "").Replace(got)
		if !strings.Contains(got, tc.want) || strings.Contains(got, tc.not) {
			t.Errorf("%s: the data card reads %q, want %q and no %q", tc.stage, got, tc.want, tc.not)
		}
		if tc.data != nil && tc.data.TestCases > 0 && !strings.Contains(got, "(3,536 in all) is held out") {
			t.Errorf("%s: the data card does not give the held-out count: %q", tc.stage, got)
		}
	}
}

// The sections under the fold come in one a step, "Inside the model" a
// card a step, each after those already in, so that go-app only ever adds
// to the page; the last step brings the footer, and the server's page has
// them all.
func TestBelowSectionsComeOneAStep(t *testing.T) {
	order := []string{`id="teach"`, `id="weights"`, `id="update-view"`, `id="update-stepper"`, `id="factor-map"`, `id="second"`, `id="replay"`, `id="newcomer"`, `id="compare"`, `id="export"`, `class="about"`}
	if len(order) != belowSections {
		t.Fatalf("%d sections listed for %d steps", len(order), belowSections)
	}
	for n := 0; n <= belowSections; n++ {
		html := app.HTMLString(&Page{s: newSession(), below: n})
		at := -1
		for k, marker := range order {
			i := strings.Index(html, marker)
			if k < n && (i < 0 || i < at) {
				t.Errorf("after %d steps %s is missing or out of order", n, marker)
			}
			if k >= n && i >= 0 {
				t.Errorf("after %d steps %s is already in", n, marker)
			}
			at = max(at, i)
		}
	}
	if p := NewPage().(*Page); p.below != belowSections {
		t.Errorf("the server's page has %d of the %d sections under the fold", p.below, belowSections)
	}
}

// Each kept copy stands for all its section draws: the section's root
// element carries the id its copy is kept by, in the order of aboveLater.
func TestKeptCopiesCoverTheirSections(t *testing.T) {
	s := newSession()
	sections := []app.UI{newModelCard().Session(s), newYourList().Session(s), newFinder().Session(s),
		newYourClicks().Session(s), newShareCard().Session(s), newMasthead().Session(s)}
	if len(sections) != len(aboveLater) {
		t.Fatalf("%d sections for %d ids", len(sections), len(aboveLater))
	}
	for k, ui := range sections {
		html := app.HTMLString(ui)
		if root, _, _ := strings.Cut(html, ">"); !strings.Contains(root, `id="`+aboveLater[k]+`"`) {
			t.Errorf("section %d's root %s> is not #%s: its copy leaves part of it out", k, root, aboveLater[k])
		}
	}
}

// Until the first frame after go-app's first mount the page is the
// browser's copy of its pre-rendered HTML, whole; then its structure.
func TestPageStartsAsItsCopy(t *testing.T) {
	copied := `<div class="page" data-kept="yes"></div>`
	html := app.HTMLString(&Page{s: newSession(), shell: copied})
	if !strings.Contains(html, `data-kept="yes"`) || strings.Contains(html, `id="main"`) {
		t.Errorf("the page before its first frame is not its copy: %.200s", html)
	}
	html = app.HTMLString(&Page{s: newSession()})
	if strings.Contains(html, `data-kept="yes"`) || !strings.Contains(html, `id="main"`) {
		t.Errorf("the page after its first frame is not live: %.200s", html)
	}
}

// Until its turn, each section above the fold is the copy of its
// pre-rendered HTML the browser kept, in its place; its turns come in
// order, and a section without a copy is live from the start.
func TestAboveSectionsGoLiveInTurn(t *testing.T) {
	kept := map[string]string{}
	for _, id := range aboveLater[:len(aboveLater)-1] {
		kept[id] = `<section id="` + id + `" data-kept="yes"></section>`
	}
	last := aboveLater[len(aboveLater)-1]
	// The sections' order in the page, all live: a copy stands where its
	// section will.
	placed := func(html string) []string {
		ids := slices.Clone(aboveLater)
		slices.SortStableFunc(ids, func(a, b string) int {
			return strings.Index(html, `id="`+a+`"`) - strings.Index(html, `id="`+b+`"`)
		})
		return ids
	}
	order := placed(app.HTMLString(&Page{s: newSession(), above: len(aboveLater)}))
	for n := 0; n <= len(aboveLater); n++ {
		html := app.HTMLString(&Page{s: newSession(), above: n, kept: kept})
		if got := placed(html); !slices.Equal(got, order) {
			t.Errorf("after %d steps the sections are in the order %v, want %v", n, got, order)
		}
		for k, id := range aboveLater {
			if strings.Count(html, `id="`+id+`"`) != 1 {
				t.Errorf("after %d steps #%s is not in the page once", n, id)
			}
			copied := strings.Contains(html, `id="`+id+`" data-kept="yes"`)
			if want := k >= n && id != last; copied != want {
				t.Errorf("after %d steps #%s is the kept copy: %v, want %v", n, id, copied, want)
			}
		}
	}
	if p := NewPage().(*Page); p.above != len(aboveLater) {
		t.Errorf("the server's page has %d of the %d sections above the fold live", p.above, len(aboveLater))
	}
}
