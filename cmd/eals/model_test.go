package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ealslive/ealslive/core"
	"github.com/ealslive/ealslive/core/eval"
)

// -save after training and -load without model flags give the same
// evaluation, for every model: the file says what it holds.
func TestSaveThenLoadEvaluatesTheSame(t *testing.T) {
	dir := t.TempDir()
	data := []string{"-synthetic", "90,50,1200,0.8", "-topn", "20"}
	for _, model := range []string{"eals", "als", "bpr", "rcd", "cg", "pop"} {
		path := filepath.Join(dir, model+".model")
		trained := runJSON(t, append(data, "-model", model, "-k", "4", "-epochs", "3", "-save", path)...)
		s := trained[len(trained)-1]
		loaded := runJSON(t, append(data, "-load", path)...)
		l := loaded[0]
		if len(loaded) != 1 || l["model"] != model || l["loaded"] != path || l["hr"] != s["hr"] || l["ndcg"] != s["ndcg"] ||
			l["loss"] != s["loss"] || l["epoch_seconds_median"] != nil || s["saved"] != path {
			t.Errorf("%s: trained %v\nloaded %v", model, s, l)
		}
		if model != "pop" && l["params"].(map[string]any)["k"] != 4.0 {
			t.Errorf("%s: the loaded model's settings %v", model, l["params"])
		}
	}
}

// With the online protocol the model is saved after the replay: the file
// holds exactly what training and replaying give in-process.
func TestSaveAfterTheReplay(t *testing.T) {
	path := filepath.Join(t.TempDir(), "after.model")
	runJSON(t, "-synthetic", "90,50,1200", "-model", "rcd", "-protocol", "online", "-k", "4", "-epochs", "2", "-save", path)
	d, err := core.Synthetic(90, 50, 1200, 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	train, stream, err := d.TimeSplit(0.9)
	if err != nil {
		t.Fatal(err)
	}
	cfg := core.DefaultRCDConfig()
	cfg.K, cfg.Epochs = 4, 2
	r, err := core.TrainRCD(train, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	before, _ := core.Save(r)
	if _, err := eval.EvaluateOnline(r, train, stream, eval.Options{}); err != nil {
		t.Fatal(err)
	}
	want, _ := core.Save(r)
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) || bytes.Equal(got, before) {
		t.Errorf("the saved model is not the one after the replay (equal to the trained one: %v)", bytes.Equal(got, before))
	}
}

// A model that does not fit the data, or a damaged file, is a runtime
// failure (exit status 1) that says what is wrong.
func TestLoadRefusesAMisfit(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "m.model")
	runJSON(t, "-synthetic", "90,50,1200", "-k", "4", "-epochs", "1", "-save", path)
	b, _ := os.ReadFile(path)
	cut := filepath.Join(dir, "cut.model")
	os.WriteFile(cut, b[:len(b)/2], 0o644)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-synthetic", "90,60,1200", "-load", path}, "holds a model (-model eals) of 50 items, but the data has 60"},
		{[]string{"-synthetic", "95,50,1200", "-load", path}, "of 90 users, but the data has 95"},
		{[]string{"-synthetic", "90,50,1200", "-load", cut}, "truncated"},
	} {
		var out, errs bytes.Buffer
		err := run(c.args, &out, &errs)
		if err == nil || isUsage(err) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: %v, want a runtime error saying %q", c.args, err, c.want)
		}
	}
}
