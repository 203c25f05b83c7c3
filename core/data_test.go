package core

import (
	"os"
	"path/filepath"
	"testing"
)

// yelpDir is where the shared Yelp files live, relative to this package;
// EALS_DATA overrides it.
func yelpDir() string {
	if d := os.Getenv("EALS_DATA"); d != "" {
		return d
	}
	return filepath.Join("..", "..", "shared", "data", "yelp")
}

// yelp10core reads the Phoenix 10-core. The shared data is part of every
// checkout's surroundings (CI has it), so its absence is a failure.
func yelp10core(t testing.TB) *Dataset {
	t.Helper()
	path := filepath.Join(yelpDir(), "phoenix2013_reviews_10core.tsv")
	d, err := ReadFile(path, "")
	if err != nil {
		t.Fatalf("reading the Phoenix 10-core (set EALS_DATA to the yelp folder): %v", err)
	}
	return d
}

// yelpSample keeps the interactions of the first n users of the 10-core.
func yelpSample(t testing.TB, users int) *Dataset {
	t.Helper()
	d := yelp10core(t)
	var events []Event
	for _, x := range d.Interactions() {
		if int(x.User) < users {
			events = append(events, Event{User: d.UserKey(x.User), Item: d.ItemKey(x.Item), Time: x.Time})
		}
	}
	s, err := NewDataset(events)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// mustStep steps s and reports whether that completed its phase, failing
// the test on an error.
func mustStep(t testing.TB, s Stepper, budget int) bool {
	t.Helper()
	done, err := s.Step(budget)
	if err != nil {
		t.Fatal(err)
	}
	return done
}
