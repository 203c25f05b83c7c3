package settings

import (
	"math"
	"strings"
	"testing"

	"github.com/ealslive/ealslive/core"
)

// reasonFor is what core says of cfg's parameter name, or "".
func reasonFor(cfg core.Config, name string) string {
	for _, e := range cfg.Problems() {
		if e.Param == name {
			return e.Reason
		}
	}
	return ""
}

const kRange = "must be between 1 and 128 in the browser, where an epoch's time grows with K² (the eals command line takes up to 1024)"

func TestDraftConfigRejects(t *testing.T) {
	base := testConfig()
	with := func(f func(*core.Config)) core.Config { c := base; f(&c); return c }
	for _, tc := range []struct {
		name, text string
		want       string // "" means core's reason for ref
		ref        core.Config
	}{
		// The page's ranges for K and epochs, not core's wider ones.
		{name: "K", text: "0", want: kRange},
		{name: "K", text: "5000", want: kRange},
		{name: "alpha", text: "9", ref: with(func(c *core.Config) { c.Alpha = 9 })},
		{name: "alpha", text: "-0.1", ref: with(func(c *core.Config) { c.Alpha = -0.1 })},
		{name: "c0", text: "-1", ref: with(func(c *core.Config) { c.C0 = -1 })},
		{name: "c0", text: "inf", ref: with(func(c *core.Config) { c.C0 = math.Inf(1) })},
		{name: "lambda", text: "NaN", ref: with(func(c *core.Config) { c.Lambda = math.NaN() })},
		{name: "wnew", text: "0", ref: with(func(c *core.Config) { c.WNew = 0 })},
		{name: "epochs", text: "-1", want: "must be between 0 and 200 in the browser, so that training ends within minutes (the eals command line takes up to 100000)"},
		{name: "lambda", text: "abc", want: "“abc” is not a number"},
		{name: "K", text: "8x", want: "“8x” is not a number"},
		{name: "K", text: "3.5", want: "must be a whole number"},
		{name: "epochs", text: "1e3", want: "must be a whole number"},
		{name: "c0", text: "  ", want: "enter a number"},
		{name: "K", text: "99999999999999999999", want: "far too large"},
		{name: "c0", text: "1e400", want: "far too large"},
	} {
		want := tc.want
		if want == "" {
			want = reasonFor(tc.ref, tc.name)
			if want == "" {
				t.Fatalf("%s = %q: core finds nothing wrong with the reference", tc.name, tc.text)
			}
		}
		_, problems := Draft(base, map[string]string{tc.name: tc.text})
		if got := problems[tc.name]; got != want {
			t.Errorf("%s = %q: message %q, want %q", tc.name, tc.text, got, want)
		}
		if len(problems) != 1 {
			t.Errorf("%s = %q: problems with %v, want only %s", tc.name, tc.text, problems, tc.name)
		}
	}
}

func TestDraftConfigAccepts(t *testing.T) {
	base := testConfig()
	cfg, problems := Draft(base, ConfigText(base))
	if len(problems) != 0 || cfg != base {
		t.Fatalf("the config in use as text reads back as %+v with %v", cfg, problems)
	}
	cfg, problems = Draft(base, map[string]string{"K": " 8 ", "c0": "64", "alpha": "0", "lambda": "0.5", "wnew": "4", "epochs": "3"})
	if len(problems) != 0 {
		t.Fatalf("valid values rejected: %v", problems)
	}
	want := base
	want.K, want.C0, want.Alpha, want.Lambda, want.WNew, want.Epochs = 8, 64, 0, 0.5, 4, 3
	if cfg != want {
		t.Errorf("read %+v, want %+v", cfg, want)
	}
	// Every problem at once, each beside its own field; the valid one is read.
	cfg, problems = Draft(base, map[string]string{"K": "0", "c0": "-1", "alpha": "9", "lambda": "abc", "wnew": "0", "epochs": "12"})
	if len(problems) != 5 || cfg.Epochs != 12 {
		t.Errorf("problems %v, epochs %d", problems, cfg.Epochs)
	}
}

// The page's own limits come after core's: a value core rejects shows
// core's reason, one core accepts but the browser cannot train in good
// time shows the page's.
func TestDraftConfigPageLimits(t *testing.T) {
	base := testConfig()
	for _, tc := range []struct {
		name, text string
		ok         bool
	}{
		{"K", "128", true},
		{"K", "129", false},
		{"epochs", "200", true},
		{"epochs", "201", false},
		{"epochs", "0", true},
		{"K", "0", false},
		{"K", "5000", false},
		{"epochs", "-1", false},
	} {
		_, problems := Draft(base, map[string]string{tc.name: tc.text})
		msg, bad := problems[tc.name]
		if bad == tc.ok {
			t.Errorf("%s = %s: problems %v", tc.name, tc.text, problems)
		}
		if bad && !strings.Contains(msg, " in the browser, ") {
			t.Errorf("%s = %s: message %q does not give the page's limit", tc.name, tc.text, msg)
		}
	}
	if msg := draftConfigProblems(base, "K", "5000")["K"]; !strings.HasPrefix(msg, "must be between 1 and 128 in the browser") {
		t.Errorf("K = 5000: message %q, want the page's range, not core's", msg)
	}
	if msg := draftConfigProblems(base, "K", "2.5")["K"]; msg != "must be a whole number" {
		t.Errorf("K = 2.5: message %q", msg)
	}
	if MaxK > core.MaxK || MaxEpochs > core.MaxEpochs || base.K > MaxK || base.Epochs > MaxEpochs {
		t.Error("the page's limits must lie within core's and admit the page's own settings")
	}
}

func draftConfigProblems(base core.Config, name, text string) map[string]string {
	_, problems := Draft(base, map[string]string{name: text})
	return problems
}

// testConfig is the page's settings: the paper's, 25 epochs.
func testConfig() core.Config {
	cfg := core.DefaultConfig()
	cfg.Epochs = 25
	cfg.Threads = 1
	return cfg
}

// testMaxLikes is the most likes the tests' links keep.
const testMaxLikes = 10000
