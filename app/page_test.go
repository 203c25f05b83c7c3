package app

import (
	"strings"
	"testing"

	"github.com/ealslive/ealslive/app/datainfo"
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
	s, rec := testSession()
	s.runs.publishHold()
	if h := rec.values[keyBusy].(hold); h.Final || h.Reason != "the workers have not started" {
		t.Errorf("a page loading holds runs with %+v", h)
	}
	s.fail(datainfo.Failure{Title: "The data is missing"})
	if h := rec.values[keyBusy].(hold); !h.Final || h.Reason != "the data could not be loaded" {
		t.Errorf("a page that failed to load holds runs with %+v", h)
	}
	if st := rec.values[keyStage].(stage); st != stageFailed {
		t.Errorf("a page that failed to load is at stage %s", st)
	}
}

// The data card says what the model trains on, worded for the stage, and
// never "trained" before it has.
func TestDataCardByStage(t *testing.T) {
	split := &datainfo.Info{Hash: "h", Users: 3536, Items: 2841, Reviews: 103976, Train: 100440, TestCases: 3536, Subset: "10-core", Bytes: 877000}
	for _, tc := range []struct {
		stage     string
		data      *datainfo.Info
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

// The pre-rendered page holds every section presenter mode can show, each
// once and in the page's order, which is presenter mode's order too.
func TestPageHasEverySection(t *testing.T) {
	html := app.HTMLString(NewPage())
	at := -1
	for _, v := range presenterViews {
		if v.Section != "" {
			continue // a view of a section, drawn inside it
		}
		marker := `id="` + v.ID + `"`
		if n := strings.Count(html, marker); n != 1 {
			t.Errorf("#%s is in the page %d times, want once", v.ID, n)
			continue
		}
		i := strings.Index(html, marker)
		if i < at {
			t.Errorf("#%s comes before the section listed ahead of it", v.ID)
		}
		at = i
	}
}
