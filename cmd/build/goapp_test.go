package main

import (
	"os"
	"regexp"
	"testing"
)

// goappWritten is the go-app version that the files in goappInternals were
// written against.
const goappWritten = "v9.8.0"

// goappInternals are the files that depend on more than go-app's public
// API, and on what.
var goappInternals = map[string]string{
	"app/drawnow.go":                "calls go-app's unexported (*engine).handleFrame",
	"cmd/build/site/goappoutput.go": "edits the app.js and index.html that go-app generates",
}

// Moving go-app off the version those files were written for must be a
// decision, made with each of them read again.
func TestGoAppVersion(t *testing.T) {
	mod, err := os.ReadFile("../../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`github\.com/maxence-charriere/go-app/v9 (v\S+)`).FindSubmatch(mod)
	if m == nil {
		t.Fatal("go.mod does not require go-app v9")
	}
	if got := string(m[1]); got != goappWritten {
		for file, what := range goappInternals {
			t.Errorf("%s (it %s) was written for go-app %s: check it against %s", file, what, goappWritten, got)
		}
		t.Fatalf("go.mod requires go-app %s; update goappWritten once the files above are checked", got)
	}
	for file := range goappInternals {
		if _, err := os.Stat("../../" + file); err != nil {
			t.Errorf("%s is listed as depending on go-app's internals but: %v", file, err)
		}
	}
}
