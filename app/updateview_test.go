package app

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/ealslive/ealslive/app/textfmt"
	"github.com/ealslive/ealslive/app/visitor"

	"github.com/ealslive/ealslive/core"
)

// shownValue reads a figure as a visitor would from its text.
func shownValue(t *testing.T, text string) float64 {
	t.Helper()
	s := strings.ReplaceAll(text, "−", "-")
	if m, e, ok := strings.Cut(s, "×10"); ok {
		s = m + "e" + e
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatalf("the textfmt.Figure %q is not a number: %v", text, err)
	}
	return v
}

// halfUnit is half a unit in the last of digits significant digits of v.
func halfUnit(v float64, digits int) float64 {
	if v == 0 {
		return 0
	}
	return math.Pow(10, math.Floor(math.Log10(math.Abs(v)))-float64(digits-1)) / 2
}

// tracedSteps returns every coordinate step of a new user's first clicks
// on models trained with a few configurations.
func tracedSteps(t *testing.T) []core.FactorStep {
	t.Helper()
	d, err := core.Synthetic(60, 80, 900, 0.8, 11)
	if err != nil {
		t.Fatal(err)
	}
	var steps []core.FactorStep
	for _, tweak := range []func(*core.Config){
		func(c *core.Config) {},
		func(c *core.Config) { c.Lambda = 0 },
		func(c *core.Config) { c.WNew = 10; c.Alpha = 0 },
		func(c *core.Config) { c.C0 = 5000; c.K = 16 },
	} {
		cfg := core.DefaultConfig()
		cfg.K, cfg.Epochs = 8, 4
		tweak(&cfg)
		m, err := core.Train(d, cfg, nil)
		if err != nil {
			t.Fatal(err)
		}
		u := m.AddUser()
		for _, i := range []int32{3, 17, 5, 40, 41} {
			tr, err := m.UpdateTraced(u, i)
			if err != nil {
				t.Fatal(err)
			}
			steps = append(steps, tr.UserSteps...)
		}
	}
	return steps
}

// Whoever redoes eq. (12) with the numbers the page shows gets the new
// value it shows, to its digits, and every shown number is the true one
// rounded.
func TestShownStepsAddUp(t *testing.T) {
	steps := tracedSteps(t)
	short := 0
	for _, s := range steps {
		sh := showStep(s)
		if sh.Factor != s.Factor || sh.Kept {
			t.Fatalf("factor %d shown as %d (kept %v)", s.Factor, sh.Factor, sh.Kept)
		}
		for _, f := range []struct {
			name   string
			shown  textfmt.Figure
			true_  float64
			digits int
		}{
			{"observed", sh.Observed, s.Observed, sh.Digits}, {"cached", sh.Cached, s.Cached, sh.Digits},
			{"observed denominator", sh.ObservedDenom, s.ObservedDenom, sh.Digits},
			{"s_ff", sh.CachedDenom, s.CachedDenom, sh.Digits}, {"λ", sh.Lambda, s.Lambda, sh.Digits},
			{"old", sh.Old, s.Old, minDigits}, {"new", sh.New, s.New, minDigits},
		} {
			if d := math.Abs(shownValue(t, f.shown.Text()) - f.true_); d > halfUnit(f.true_, f.digits)*(1+1e-9) {
				t.Errorf("factor %d: %s %v shown as %q", s.Factor, f.name, f.true_, f.shown.Text())
			}
		}
		num := shownValue(t, sh.Observed.Text()) - shownValue(t, sh.Cached.Text())
		den := shownValue(t, sh.ObservedDenom.Text()) + shownValue(t, sh.CachedDenom.Text()) + shownValue(t, sh.Lambda.Text())
		shownNew := shownValue(t, sh.New.Text())
		if d := math.Abs(num/den - shownNew); d > halfUnit(shownNew, minDigits)*(1+1e-9) {
			t.Errorf("factor %d: (%s − %s) / (%s + %s + %s) = %v, but the page shows %s",
				s.Factor, sh.Observed.Text(), sh.Cached.Text(), sh.ObservedDenom.Text(), sh.CachedDenom.Text(),
				sh.Lambda.Text(), num/den, sh.New.Text())
		}
		if sh.Digits <= minDigits+1 {
			short++
		}
	}
	// More digits only where needed: rounding four-digit terms moves the
	// result by about a unit in its fourth digit, so many steps need a
	// fifth, and few more than that.
	if short < len(steps)*4/5 {
		t.Errorf("only %d of %d steps shown with at most %d digits", short, len(steps), minDigits+1)
	}
}

// Where the numerator's parts nearly cancel, four digits of each would give
// a wrong result, so the page shows more.
func TestShownStepNeedsMoreDigits(t *testing.T) {
	s := core.FactorStep{Factor: 2, Old: 0.1, Observed: 1.000123456, Cached: 0.999876543,
		ObservedDenom: 0.5, CachedDenom: 0.25, Lambda: 0.01}
	s.New = (s.Observed - s.Cached) / (s.ObservedDenom + s.CachedDenom + s.Lambda)
	sh := showStep(s)
	if sh.Digits <= minDigits {
		t.Fatalf("shown with %d digits: %q − %q", sh.Digits, sh.Observed.Text(), sh.Cached.Text())
	}
	num := shownValue(t, sh.Observed.Text()) - shownValue(t, sh.Cached.Text())
	den := shownValue(t, sh.ObservedDenom.Text()) + shownValue(t, sh.CachedDenom.Text()) + shownValue(t, sh.Lambda.Text())
	if got := shownValue(t, sh.New.Text()); math.Abs(num/den-got) > halfUnit(got, minDigits) {
		t.Errorf("with %d digits: %v, shown %q", sh.Digits, num/den, sh.New.Text())
	}
}

func TestShownStepKept(t *testing.T) {
	s := core.FactorStep{Factor: 0, Old: 0.3, New: 0.3, Observed: 1, Cached: 0.2, ObservedDenom: -0.5, CachedDenom: 0.5}
	if sh := showStep(s); !sh.Kept || sh.New != sh.Old || sh.Digits != minDigits {
		t.Errorf("a step with a zero denominator shows %+v", sh)
	}
}

// The view describes the last click: its business, the steps that moved
// most, and the cost from the sizes the model holds.
func TestUpdateShownFor(t *testing.T) {
	m := trainedModel(t)
	p := visitor.New(catalogOf(m.NumItems()), visitor.MemoryStore{}, "", nil)
	if updateShownFor(p.Snapshot()) != nil {
		t.Fatal("an update is shown before the model exists")
	}
	if err := p.Attach(m); err != nil {
		t.Fatal(err)
	}
	if updateShownFor(p.Snapshot()) != nil {
		t.Fatal("an update is shown before the first click")
	}
	for _, i := range []int32{7, 12, 30} {
		if _, err := p.Like(i); err != nil {
			t.Fatal(err)
		}
		y := p.Snapshot()
		u := updateShownFor(y)
		if u == nil || u.Name != fmt.Sprint("Business ", i) {
			t.Fatalf("after liking %d the view shows %+v", i, u)
		}
		ru, _ := m.UserItems(y.User)
		ri, _ := m.ItemUsers(i)
		k := m.K()
		if u.K != k || u.UserHistory != len(ru) || u.ItemHistory != len(ri) || u.Cost != k*k+(len(ru)+len(ri))*k || u.Items != m.NumItems() {
			t.Errorf("after liking %d: K=%d |R_u|=%d |R_i|=%d cost=%d items=%d; the model has K=%d |R_u|=%d |R_i|=%d items=%d",
				i, u.K, u.UserHistory, u.ItemHistory, u.Cost, u.Items, k, len(ru), len(ri), m.NumItems())
		}
		want := core.LargestSteps(y.Last.Trace.UserSteps, stepsShown)
		if len(u.Steps) != stepsShown {
			t.Fatalf("%d steps shown, want %d", len(u.Steps), stepsShown)
		}
		for n, s := range u.Steps {
			if s.Factor != want[n].Factor || s.New != showStep(want[n]).New {
				t.Errorf("step %d shows factor %d = %s, want factor %d", n, s.Factor, s.New.Text(), want[n].Factor)
			}
		}
		if u.UpdateMs != y.Last.UpdateMs {
			t.Errorf("the view shows %v ms, the click took %v", u.UpdateMs, y.Last.UpdateMs)
		}
	}
	if _, err := p.Remove(30); err != nil {
		t.Fatal(err)
	}
	if updateShownFor(p.Snapshot()) != nil {
		t.Error("a removal, which has no trace, still shows the last click's update")
	}
}
