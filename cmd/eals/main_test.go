package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/ealslive/ealslive/core"
)

// runJSON runs the command with -json and returns its lines decoded.
func runJSON(t *testing.T, args ...string) []map[string]any {
	t.Helper()
	var out, errs bytes.Buffer
	if err := run(append(args, "-json"), &out, &errs); err != nil {
		t.Fatalf("eals %s: %v\nstderr: %s", strings.Join(args, " "), err, errs.String())
	}
	if errs.Len() != 0 {
		t.Errorf("-json wrote to stderr: %q", errs.String())
	}
	var lines []map[string]any
	sc := bufio.NewScanner(&out)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var m map[string]any
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatalf("line %q is not JSON: %v", sc.Text(), err)
		}
		lines = append(lines, m)
	}
	return lines
}

func has(t *testing.T, m map[string]any, keys ...string) {
	t.Helper()
	for _, k := range keys {
		if _, ok := m[k]; !ok {
			t.Errorf("missing %q in %v", k, m)
		}
	}
}

func TestJSONLinesForEveryModelAndProtocol(t *testing.T) {
	for _, model := range []string{"eals", "als", "bpr", "rcd", "cg", "pop"} {
		for _, protocol := range []string{"offline", "online"} {
			lines := runJSON(t, "-synthetic", "120,60,1500,0.8", "-model", model, "-protocol", protocol,
				"-epochs", "3", "-k", "4", "-topn", "20")
			wantEpochs := 3
			if model == "pop" {
				wantEpochs = 0
			}
			if len(lines) != wantEpochs+1 {
				t.Fatalf("%s %s: %d lines, want %d", model, protocol, len(lines), wantEpochs+1)
			}
			for e, l := range lines[:wantEpochs] {
				has(t, l, "epoch", "seconds")
				if l["epoch"] != float64(e+1) {
					t.Errorf("%s: epoch line %d says epoch %v", model, e, l["epoch"])
				}
				_, hasLoss := l["loss"]
				if hasLoss != (model != "bpr" && model != "pop") {
					t.Errorf("%s: loss present = %v", model, hasLoss)
				}
			}
			s := lines[wantEpochs]
			has(t, s, "model", "protocol", "users", "items", "train", "test", "hr", "ndcg", "epoch_seconds_median")
			if s["model"] != model || s["protocol"] != protocol || s["users"] != 120.0 || s["items"] != 60.0 || s["topn"] != 20.0 {
				t.Errorf("summary %v", s)
			}
			if s["train"].(float64)+s["test"].(float64) != 1500 || s["count"] != s["test"] {
				t.Errorf("%s %s: train %v + test %v, count %v", model, protocol, s["train"], s["test"], s["count"])
			}
			if hr := s["hr"].(float64); hr <= 0 || hr > 1 {
				t.Errorf("%s %s: hr %v", model, protocol, hr)
			}
			if (s["epoch_seconds_median"] == nil) != (model == "pop") {
				t.Errorf("%s: epoch_seconds_median %v", model, s["epoch_seconds_median"])
			}
			if protocol == "online" {
				has(t, s, "update_ms_median", "new_user_tests", "new_item_tests", "by_history", "curve")
				hist := s["by_history"].([]any)
				total := 0.0
				for _, b := range hist {
					total += b.(map[string]any)["count"].(float64)
				}
				if total != s["test"] {
					t.Errorf("%s: history buckets hold %v tests of %v", model, total, s["test"])
				}
				if last := hist[len(hist)-1].(map[string]any); last["max"] != nil {
					t.Errorf("the last bucket has max %v, want null", last["max"])
				}
			} else if _, ok := s["by_history"]; ok {
				t.Errorf("offline summary has a history breakdown")
			}
		}
	}
}

func TestNoUpdatesNeverLearns(t *testing.T) {
	args := []string{"-synthetic", "100,60,1500", "-protocol", "online", "-epochs", "2", "-k", "4"}
	frozen := runJSON(t, append(args, "-no-updates")...)[2]
	learning := runJSON(t, args...)[2]
	if _, ok := frozen["update_ms_median"]; ok || frozen["no_updates"] != true {
		t.Errorf("-no-updates still timed updates: %v", frozen)
	}
	if _, ok := learning["update_ms_median"]; !ok || frozen["hr"] == learning["hr"] && frozen["ndcg"] == learning["ndcg"] {
		t.Errorf("updates changed nothing: with %v, without %v", learning, frozen)
	}
}

func TestSyntheticFileRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "syn.rating")
	var out bytes.Buffer
	if err := run([]string{"-synthetic", "80,50,900", "-out", path}, &out, &out); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "80 users, 50 items, 900 interactions") {
		t.Errorf("summary line %q", out.String())
	}
	// With -json the confirmation is a JSON line too.
	if s := runJSON(t, "-synthetic", "80,50,900", "-out", path); len(s) != 1 || s[0]["wrote"] != path || s[0]["interactions"] != 900.0 {
		t.Errorf("-json -out printed %v", s)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if n := bytes.Count(b, []byte("\n")); n != 900 {
		t.Errorf("%d lines, want 900", n)
	}
	// The file holds exactly the generated interactions, keys and times.
	want, err := core.Synthetic(80, 50, 900, 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	got, err := core.ReadFile(path, core.FormatPaper)
	if err != nil {
		t.Fatal(err)
	}
	if got.Len() != want.Len() {
		t.Fatalf("read back %d interactions, want %d", got.Len(), want.Len())
	}
	for n, x := range want.Interactions() {
		y := got.Interactions()[n]
		if want.UserKey(x.User) != got.UserKey(y.User) || want.ItemKey(x.Item) != got.ItemKey(y.Item) || x.Time != y.Time {
			t.Fatalf("line %d: %s %s %d, want %s %s %d", n+1, got.UserKey(y.User), got.ItemKey(y.Item), y.Time,
				want.UserKey(x.User), want.ItemKey(x.Item), x.Time)
		}
	}
	for _, format := range []string{"auto", "paper"} {
		s := runJSON(t, "-data", path, "-format", format, "-model", "pop")[0]
		if s["users"] != 80.0 || s["items"] != 50.0 || s["train"].(float64)+s["test"].(float64) != 900 {
			t.Errorf("format %s: the written file reads as %v", format, s)
		}
	}
}

func TestTextOutput(t *testing.T) {
	var out, errs bytes.Buffer
	err := run([]string{"-synthetic", "100,60,1200", "-protocol", "online", "-epochs", "2", "-k", "4"}, &out, &errs)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"HR@100", "NDCG@100", "new users", "update", "past", "50+"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("table lacks %q:\n%s", want, out.String())
		}
	}
	if !strings.Contains(errs.String(), "epoch 2/2") {
		t.Errorf("no progress line on stderr: %q", errs.String())
	}
}

func TestBadFlags(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("EALS_DATA", filepath.Join(dir, "nowhere"))
	garbage := filepath.Join(dir, "bad.tsv")
	os.WriteFile(garbage, []byte("a b c\n"), 0o644)
	one := filepath.Join(dir, "one.rating")
	os.WriteFile(one, []byte("u1\ti1\t1\t100\n"), 0o644)
	two := filepath.Join(dir, "two.rating")
	os.WriteFile(two, []byte("u1\ti1\t1\t100\nu2\ti2\t1\t101\n"), 0o644)
	for _, c := range []struct {
		args  []string
		want  string
		usage bool
	}{
		{[]string{"-k", "0"}, "-k: K = 0 is invalid", true},
		{[]string{"-alpha", "NaN", "-lambda", "-1"}, "-alpha: alpha = NaN is invalid", true},
		{[]string{"-alpha", "9", "-lambda", "-1"}, "-lambda: lambda = -1 is invalid", true},
		{[]string{"-model", "bpr", "-bpr-lr", "0"}, "-bpr-lr: bpr-lr = 0 is invalid", true},
		{[]string{"-model", "eals", "-online-iters", "-3"}, "online-iters = -3", true},
		{[]string{"-model", "svd"}, `unknown model "svd"`, true},
		{[]string{"-protocol", "batch"}, `unknown protocol "batch"`, true},
		{[]string{"-format", "xml"}, `unknown format "xml"`, true},
		{[]string{"-topn", "0"}, "-topn 0 is invalid", true},
		{[]string{"-split", "1"}, "-split 1 is invalid", true},
		{[]string{"-nope"}, "flag provided but not defined: -nope", true},
		{[]string{"extra"}, `unexpected argument "extra"`, true},
		{[]string{"-synthetic", "1,2"}, "2 fields", true},
		{[]string{"-synthetic", "10,x,5"}, `"x" is not a whole number`, true},
		{[]string{"-synthetic", "10,10,101"}, "only 100 distinct pairs", true},
		{[]string{"-out", "x"}, "give -synthetic too", true},
		{[]string{"-no-updates"}, "online protocol only", true},
		{[]string{"-retrain-every", "100"}, "give -protocol online and -model eals", true},
		{[]string{"-retrain-every", "100", "-protocol", "online", "-model", "bpr"}, "give -protocol online and -model eals", true},
		{[]string{"-retrain-every", "100", "-protocol", "online", "-load", "m.bin"}, "without -load", true},
		{[]string{"-retrain-every", "-2", "-protocol", "online"}, "-retrain-every -2 is invalid", true},
		{[]string{"-reproduce", dir, "-retrain-every", "10"}, "leave out -retrain-every", true},
		{[]string{"-synthetic", "5,5,5", "-data", "x"}, "leave out -data", true},
		// Every value given is checked, even one the model does not use.
		{[]string{"-model", "pop", "-k", "0"}, "-k: K = 0 is invalid", true},
		{[]string{"-model", "bpr", "-alpha", "9"}, "-alpha: alpha = 9 is invalid", true},
		{[]string{"-model", "eals", "-bpr-lr", "NaN"}, "-bpr-lr: bpr-lr = NaN is invalid", true},
		{[]string{"-model", "bpr", "-bpr-init-std", "-1"}, "-bpr-init-std: bpr-init-std = -1 is invalid", true},
		{[]string{"-model", "bpr", "-init-std", "NaN"}, "-init-std: init-std = NaN is invalid", true},
		{[]string{"-k", "abc"}, `invalid value "abc" for flag -k`, true},
		{[]string{"-data", filepath.Join(dir, "missing.tsv")}, "missing.tsv", false},
		{[]string{"-data", dir}, "is a directory", false},
		{[]string{"-k", "4"}, "EALS_DATA=DIR reads another", false}, // EALS_DATA points nowhere below
		{[]string{"-data", garbage, "-format", "paper"}, "bad.tsv:1: 3 columns", false},
		// A value is judged by a model it means something to: λ = 100 is
		// fine for eALS, but BPR refuses it with its learning rate.
		{[]string{"-model", "bpr", "-lambda", "100"}, "-lambda: lambda = 100 is invalid: λ·learning rate", true},
		{[]string{"-model", "rcd", "-rcd-shrink", "1"}, "-rcd-shrink: rcd-shrink = 1 is invalid", true},
		{[]string{"-model", "eals", "-cg-steps", "0"}, "-cg-steps: cg-steps = 0 is invalid", true},
		{[]string{"-epochs", "0"}, "training needs at least 1 epoch", true},
		{[]string{"-model", "bpr", "-epochs", "0"}, "training needs at least 1 epoch", true},
		{[]string{"-threads", "1000"}, fmt.Sprintf("this machine has %d CPUs", runtime.NumCPU()), true},
		{[]string{"-threads", "5000"}, "-threads: threads = 5000 is invalid", true},
		{[]string{"-load", "m.bin", "-k", "8", "-alpha", "0"}, "leave out -k, -alpha", true},
		{[]string{"-load", "m.bin", "-model", "bpr"}, "leave out -model", true},
		{[]string{"-quick"}, "give -reproduce DIR too", true},
		{[]string{"-reproduce", dir, "-k", "8", "-protocol", "online"}, "leave out -k, -protocol", true},
		{[]string{"-load", filepath.Join(dir, "none.bin"), "-synthetic", "20,10,100"}, "none.bin", false},
		{[]string{"-load", garbage, "-synthetic", "20,10,100"}, "not an eALS Live model file", false},
		{[]string{"-data", one, "-format", "paper"}, `one.rating: every interaction is by one user ("u1")`, false},
		{[]string{"-data", two, "-format", "paper"}, "no user has more than one of the data's 2 interactions", false},
		{[]string{"-data", two, "-format", "paper", "-protocol", "online", "-split", "0.4"}, "of 2 interactions leaves none to train on", false},
	} {
		var out, errs bytes.Buffer
		err := run(c.args, &out, &errs)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: error %v, want one mentioning %q", c.args, err, c.want)
			continue
		}
		if strings.Contains(err.Error(), "the data set has no interactions") {
			t.Errorf("%v: %v contradicts a data set that has interactions", c.args, err)
		}
		if isUsage(err) != c.usage {
			t.Errorf("%v: usage error = %v, want %v", c.args, isUsage(err), c.usage)
		}
		if out.Len() != 0 {
			t.Errorf("%v: wrote %q to stdout", c.args, out.String())
		}
		// main prints the error; the flag package must not print it too.
		if errs.Len() != 0 {
			t.Errorf("%v: wrote %q to stderr besides returning %v", c.args, errs.String(), err)
		}
	}
}

// A value a model does not use is accepted when valid: scripts loop over
// models with shared flags.
func TestSharedFlagsAcrossModels(t *testing.T) {
	for _, model := range []string{"eals", "als", "bpr", "rcd", "cg", "pop"} {
		runJSON(t, "-synthetic", "60,40,600", "-model", model, "-epochs", "1", "-k", "4",
			"-alpha", "0.5", "-c0", "100", "-wnew", "2", "-bpr-lr", "0.1", "-threads", fmt.Sprint(runtime.NumCPU()),
			"-cg-steps", "2", "-rcd-armijo", "0.2")
	}
	// λ = 100 is a fine, if strong, regularisation for the regression
	// models; only BPR, whose SGD step multiplies it by the learning rate,
	// refuses it (see TestBadFlags).
	for _, model := range []string{"eals", "als", "rcd", "cg", "pop"} {
		runJSON(t, "-synthetic", "60,40,600", "-model", model, "-epochs", "1", "-k", "4", "-lambda", "100")
	}
}

func TestHelpGoesToStderr(t *testing.T) {
	var out, errs bytes.Buffer
	if err := run([]string{"-h"}, &out, &errs); !errors.Is(err, flag.ErrHelp) {
		t.Fatalf("-h returned %v", err)
	}
	if out.Len() != 0 || !strings.Contains(errs.String(), "usage: eals") || !strings.Contains(errs.String(), "-exclude-seen") {
		t.Errorf("-h wrote stdout %q, stderr %q", out.String(), errs.String())
	}
}

// The default data path finds the Phoenix 10-core through EALS_DATA, as a
// researcher would point it at the shared folder.
func TestDefaultDataIsThePhoenix10Core(t *testing.T) {
	dir := filepath.Join("..", "..", "..", "shared", "data", "yelp")
	if d := os.Getenv("EALS_DATA"); d != "" {
		dir = d
	}
	t.Setenv("EALS_DATA", dir)
	s := runJSON(t, "-model", "pop")[0]
	if s["users"] != 3536.0 || s["items"] != 2841.0 || s["train"].(float64)+s["test"].(float64) != 103976 || s["test"] != 3536.0 {
		t.Errorf("the Phoenix 10-core read as %v", s)
	}
}

// Every bad value is listed in one message, each with its reason, -topn and
// -split among them, not just the first.
func TestBadValuesAreListedTogether(t *testing.T) {
	var out, errs bytes.Buffer
	err := run([]string{"-model", "svd", "-topn", "0", "-split", "2", "-k", "0", "-lambda", "-1", "-epochs", "0", "-threads", "999"}, &out, &errs)
	if !isUsage(err) {
		t.Fatalf("err = %v, want a usage error", err)
	}
	msg := err.Error()
	for _, want := range []string{"invalid parameters:", `unknown model "svd"`, "-topn 0 is invalid: the cut-off must be at least 1",
		"-split 2 is invalid", "-k: K = 0 is invalid", "-lambda: lambda = -1 is invalid", "-epochs 0 is invalid", "-threads 999 is invalid: this machine has"} {
		if !strings.Contains(msg, want) {
			t.Errorf("the message lacks %q:\n%s", want, msg)
		}
	}
	if n := strings.Count(msg, "\n  "); n != 7 {
		t.Errorf("%d problems listed, want 7:\n%s", n, msg)
	}
}
