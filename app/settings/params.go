package settings

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/ealslive/ealslive/core"
)

// Param is one of the parameters the visitor can set before retraining.
type Param struct {
	Name  string // as core's ParamError names it; also the input's id suffix
	Label string // in the page's notation (app's notation.go)
	Whole bool   // an integer
	get   func(core.Config) float64
	set   func(*core.Config, float64)
}

// Symbol is the parameter's symbol in the page's notation: its label up to
// the comma.
func (p Param) Symbol() string {
	symbol, _, _ := strings.Cut(p.Label, ",")
	return symbol
}

// Params are the parameters, in the order the page shows their controls.
var Params = []Param{
	{Name: "K", Label: "K, factors", Whole: true,
		get: func(c core.Config) float64 { return float64(c.K) }, set: func(c *core.Config, v float64) { c.K = int(v) }},
	{Name: "c0", Label: "c_0, weight of missing data",
		get: func(c core.Config) float64 { return c.C0 }, set: func(c *core.Config, v float64) { c.C0 = v }},
	{Name: "alpha", Label: "α, popularity exponent",
		get: func(c core.Config) float64 { return c.Alpha }, set: func(c *core.Config, v float64) { c.Alpha = v }},
	{Name: "lambda", Label: "λ, regularisation",
		get: func(c core.Config) float64 { return c.Lambda }, set: func(c *core.Config, v float64) { c.Lambda = v }},
	{Name: "wnew", Label: "w_new, weight of a click",
		get: func(c core.Config) float64 { return c.WNew }, set: func(c *core.Config, v float64) { c.WNew = v }},
	{Name: "epochs", Label: "epochs", Whole: true,
		get: func(c core.Config) float64 { return float64(c.Epochs) }, set: func(c *core.Config, v float64) { c.Epochs = int(v) }},
}

// Text writes the parameter of c as its control starts out.
func (p Param) Text(c core.Config) string {
	return strconv.FormatFloat(p.get(c), 'g', -1, 64)
}

// ConfigText writes every parameter of c for the controls.
func ConfigText(c core.Config) map[string]string {
	m := make(map[string]string, len(Params))
	for _, p := range Params {
		m[p.Name] = p.Text(c)
	}
	return m
}

// The page's own limits, tighter than core's: an epoch costs
// O((M+N)K² + |R|K), and values core accepts would keep a browser busy for
// hours; within these the slowest retraining ends in minutes, which Stop
// can cut short. The command line keeps core's limits.
const (
	MaxK      = 128
	MaxEpochs = 200
)

// Draft reads the controls' text over base and says what is wrong
// with each field, by parameter name: text that is not a number, then
// whatever core.Config.Problems finds, then the page's own limits. Fields
// missing from raw keep base's value.
func Draft(base core.Config, raw map[string]string) (core.Config, map[string]string) {
	cfg := base
	problems := map[string]string{}
	parseFailed := map[string]bool{}
	for _, p := range Params {
		text, ok := raw[p.Name]
		if !ok {
			continue
		}
		v, err := parseParam(strings.TrimSpace(text), p.Whole)
		if err != nil {
			problems[p.Name] = err.Error()
			parseFailed[p.Name] = true
			continue
		}
		p.set(&cfg, v)
	}
	for _, e := range cfg.Problems() {
		if _, seen := problems[e.Param]; !seen {
			problems[e.Param] = e.Reason
		}
	}
	// The page's ranges replace core's wider ones, which would name limits
	// the page does not allow; a value that is not a whole number keeps
	// its own reason.
	if !parseFailed["K"] && (cfg.K < 1 || cfg.K > MaxK) {
		problems["K"] = fmt.Sprintf("must be between 1 and %d in the browser, where an epoch's time grows with K² "+
			"(the eals command line takes up to %d)", MaxK, core.MaxK)
	}
	if !parseFailed["epochs"] && (cfg.Epochs < 0 || cfg.Epochs > MaxEpochs) {
		problems["epochs"] = fmt.Sprintf("must be between 0 and %d in the browser, so that training ends within minutes "+
			"(the eals command line takes up to %d)", MaxEpochs, core.MaxEpochs)
	}
	return cfg, problems
}

// parseParam reads a control's text. NaN and infinities parse, so that
// core says what is wrong with them.
func parseParam(text string, whole bool) (float64, error) {
	if text == "" {
		return 0, errors.New("enter a number")
	}
	if whole {
		n, err := strconv.Atoi(text)
		switch {
		case err == nil:
			return float64(n), nil
		case errors.Is(err, strconv.ErrRange):
			return 0, errors.New("far too large")
		}
		if _, ferr := strconv.ParseFloat(text, 64); ferr == nil {
			return 0, errors.New("must be a whole number")
		}
		return 0, errors.New("“" + text + "” is not a number")
	}
	v, err := strconv.ParseFloat(text, 64)
	if err != nil {
		if errors.Is(err, strconv.ErrRange) {
			return 0, errors.New("far too large")
		}
		return 0, errors.New("“" + text + "” is not a number")
	}
	return v, nil
}
