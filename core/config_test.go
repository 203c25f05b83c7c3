package core

import (
	"errors"
	"math"
	"strings"
	"testing"
)

func TestConfigValidation(t *testing.T) {
	if err := DefaultConfig().Validate(); err != nil {
		t.Fatalf("the default config is invalid: %v", err)
	}
	for _, c := range []struct {
		edit  func(*Config)
		param string
		why   string
	}{
		{func(c *Config) { c.K = 0 }, "K", "between 1 and"},
		{func(c *Config) { c.K = MaxK + 1 }, "K", "between 1 and"},
		{func(c *Config) { c.C0 = -1 }, "c0", "must not be negative"},
		{func(c *Config) { c.C0 = math.NaN() }, "c0", "not a number"},
		{func(c *Config) { c.C0 = math.Inf(1) }, "c0", "finite"},
		{func(c *Config) { c.C0 = math.Inf(-1) }, "c0", "finite"},
		{func(c *Config) { c.C0 = 2e12 }, "c0", "at most 1e+12"},
		{func(c *Config) { c.Alpha = -0.1 }, "alpha", "between 0 and 5"},
		{func(c *Config) { c.Alpha = 5.5 }, "alpha", "between 0 and 5"},
		{func(c *Config) { c.Alpha = math.NaN() }, "alpha", "between 0 and 5"},
		{func(c *Config) { c.Alpha = math.Inf(1) }, "alpha", "between 0 and 5"},
		{func(c *Config) { c.Lambda = -0.01 }, "lambda", "must not be negative"},
		{func(c *Config) { c.Lambda = math.NaN() }, "lambda", "not a number"},
		{func(c *Config) { c.Lambda = math.Inf(1) }, "lambda", "finite"},
		{func(c *Config) { c.Lambda = 2e12 }, "lambda", "at most 1e+12"},
		{func(c *Config) { c.WNew = 0 }, "wnew", "greater than 0"},
		{func(c *Config) { c.WNew = math.NaN() }, "wnew", "not a number"},
		{func(c *Config) { c.WNew = -1 }, "wnew", "greater than 0"},
		{func(c *Config) { c.WNew = math.Inf(1) }, "wnew", "finite"},
		{func(c *Config) { c.WNew = 2e12 }, "wnew", "at most 1e+12"},
		{func(c *Config) { c.Epochs = -1 }, "epochs", "between 0 and"},
		{func(c *Config) { c.Epochs = MaxEpochs + 1 }, "epochs", "between 0 and"},
		{func(c *Config) { c.OnlineIters = 0 }, "online-iters", "between 1 and"},
		{func(c *Config) { c.OnlineIters = maxOnline + 1 }, "online-iters", "between 1 and"},
		{func(c *Config) { c.InitStd = -1 }, "init-std", "between 0 and"},
		{func(c *Config) { c.InitStd = math.NaN() }, "init-std", "between 0 and"},
		{func(c *Config) { c.InitStd = math.Inf(1) }, "init-std", "between 0 and"},
		{func(c *Config) { c.InitStd = maxInitStd + 0.5 }, "init-std", "between 0 and"},
		{func(c *Config) { c.Threads = -2 }, "threads", "between 0"},
		{func(c *Config) { c.Threads = maxThreads + 1 }, "threads", "between 0"},
	} {
		cfg := DefaultConfig()
		c.edit(&cfg)
		ps := cfg.Problems()
		if len(ps) != 1 || ps[0].Param != c.param || !strings.Contains(ps[0].Reason, c.why) {
			t.Errorf("%s: problems %v, want one about %s saying %q", c.param, ps, c.param, c.why)
			continue
		}
		err := cfg.Validate()
		var pe *ParamError
		if !errors.As(err, &pe) || pe.Param != c.param || !strings.Contains(err.Error(), c.param+" = ") {
			t.Errorf("%s: Validate() = %v", c.param, err)
		}
		if _, err := NewModel(randomDataset(t, 3, 3, 1, 1), cfg); err == nil {
			t.Errorf("%s: newModel accepted an invalid config", c.param)
		}
	}
	cfg := DefaultConfig()
	cfg.K, cfg.Lambda = 0, -1
	if ps := cfg.Problems(); len(ps) != 2 {
		t.Fatalf("two bad parameters gave %d problems", len(ps))
	}
}

// The limits themselves are valid.
func TestConfigAcceptsItsLimits(t *testing.T) {
	for _, edit := range []func(*Config){
		func(c *Config) { c.K = 1 },
		func(c *Config) { c.K = MaxK },
		func(c *Config) { c.C0 = 0 },
		func(c *Config) { c.C0 = 1e12 },
		func(c *Config) { c.Alpha = 0 },
		func(c *Config) { c.Alpha = maxAlpha },
		func(c *Config) { c.Lambda = 0 },
		func(c *Config) { c.WNew = 1e-9 },
		func(c *Config) { c.Epochs = 0 },
		func(c *Config) { c.Epochs = MaxEpochs },
		func(c *Config) { c.OnlineIters = maxOnline },
		func(c *Config) { c.InitStd = 0 },
		func(c *Config) { c.InitStd = maxInitStd },
		func(c *Config) { c.Threads = 0 },
		func(c *Config) { c.Threads = maxThreads },
		func(c *Config) { c.Seed = math.MaxUint64 },
	} {
		cfg := DefaultConfig()
		edit(&cfg)
		if err := cfg.Validate(); err != nil {
			t.Errorf("%+v: %v", cfg, err)
		}
	}
}

func TestNewModelRejectsEmptyData(t *testing.T) {
	if _, err := NewModel(nil, DefaultConfig()); !errors.Is(err, ErrEmpty) {
		t.Fatalf("nil data set: %v", err)
	}
}
