package app

import (
	"errors"
	"strconv"
	"strings"

	"github.com/ealslive/ealslive/core"
)

// param is one of the parameters the visitor can set before retraining.
type param struct {
	Name  string // as core's ParamError names it; also the input's id suffix
	Label string
	Whole bool // an integer
	get   func(core.Config) float64
	set   func(*core.Config, float64)
}

// params are the controls, in the order the page shows them.
var params = []param{
	{Name: "K", Label: "K, factors", Whole: true,
		get: func(c core.Config) float64 { return float64(c.K) }, set: func(c *core.Config, v float64) { c.K = int(v) }},
	{Name: "c0", Label: "c0, weight of missing data",
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

// paramText writes a parameter of c as its control starts out.
func paramText(c core.Config, p param) string {
	return strconv.FormatFloat(p.get(c), 'g', -1, 64)
}

// configText writes every parameter of c for the controls.
func configText(c core.Config) map[string]string {
	m := make(map[string]string, len(params))
	for _, p := range params {
		m[p.Name] = paramText(c, p)
	}
	return m
}

// draftConfig reads the controls' text over base and says what is wrong
// with each field, by parameter name: text that is not a number, then
// whatever core.Config.Problems finds. Fields missing from raw keep base's
// value.
func draftConfig(base core.Config, raw map[string]string) (core.Config, map[string]string) {
	cfg := base
	problems := map[string]string{}
	for _, p := range params {
		text, ok := raw[p.Name]
		if !ok {
			continue
		}
		v, err := parseParam(strings.TrimSpace(text), p.Whole)
		if err != nil {
			problems[p.Name] = err.Error()
			continue
		}
		p.set(&cfg, v)
	}
	for _, e := range cfg.Problems() {
		if _, seen := problems[e.Param]; !seen {
			problems[e.Param] = e.Reason
		}
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
