package main

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ealslive/ealslive/core"
)

// -similar lists core's Similar for the model trained on the data, with
// the names the item file gives; a loaded model lists the same; an
// unknown item, a model without item vectors and a bad -n are mistakes on
// the command line.
func TestSimilar(t *testing.T) {
	dir := t.TempDir()
	d, err := core.Synthetic(100, 60, 1500, 0.8, 4)
	if err != nil {
		t.Fatal(err)
	}
	var log, items bytes.Buffer
	log.WriteString("user,item,time\n")
	for _, x := range d.Interactions() {
		fmt.Fprintf(&log, "%s,%s,%d\n", d.UserKey(x.User), d.ItemKey(x.Item), x.Time)
	}
	items.WriteString("id,name\n")
	for i := 0; i < d.NumItems(); i++ {
		fmt.Fprintf(&items, "%s,Item called %d\n", d.ItemKey(int32(i)), i)
	}
	logPath, itemsPath, modelPath := filepath.Join(dir, "log.csv"), filepath.Join(dir, "items.csv"), filepath.Join(dir, "m.eals")
	os.WriteFile(logPath, log.Bytes(), 0o644)
	os.WriteFile(itemsPath, items.Bytes(), 0o644)

	table, err := core.ReadItemFile(itemsPath)
	if err != nil {
		t.Fatal(err)
	}
	l, err := core.ReadLogFile(logPath, core.LogOptions{Items: table})
	if err != nil {
		t.Fatal(err)
	}
	train, _, err := l.Data.LeaveOneOut()
	if err != nil {
		t.Fatal(err)
	}
	cfg := core.DefaultConfig()
	cfg.K, cfg.Epochs = 8, 4
	m, err := core.Train(train, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	key := l.Data.ItemKey(7)
	want, err := m.Similar(7, 5)
	if err != nil {
		t.Fatal(err)
	}
	args := []string{"-data", logPath, "-items", itemsPath, "-k", "8", "-epochs", "4", "-similar", key, "-n", "5"}
	check := func(what string, got map[string]any) {
		t.Helper()
		list, _ := got["items"].([]any)
		if got["similar_to"] != key || got["name"] != l.ItemLabel(7) || len(list) != len(want) {
			t.Fatalf("%s: %v, want the 5 nearest to %s", what, got, key)
		}
		for k, it := range list {
			it := it.(map[string]any)
			if it["id"] != l.Data.ItemKey(want[k].Item) || it["name"] != l.ItemLabel(want[k].Item) ||
				math.Abs(it["cosine"].(float64)-want[k].Score) > 1e-12 {
				t.Errorf("%s: rank %d is %v, core's %s (%s) at %v", what, k+1, it, l.Data.ItemKey(want[k].Item), l.ItemLabel(want[k].Item), want[k].Score)
			}
		}
	}
	last := func(lines []map[string]any) map[string]any { return lines[len(lines)-1] }
	check("trained", last(runJSON(t, append(args, "-save", modelPath)...)))
	check("loaded", last(runJSON(t, "-data", logPath, "-items", itemsPath, "-load", modelPath, "-similar", key, "-n", "5")))

	var out bytes.Buffer
	if err := run(args, &out, new(nopWriter)); err != nil || !strings.Contains(out.String(), "items most like "+key+" ("+l.ItemLabel(7)+")") {
		t.Errorf("the text answer: %v\n%s", err, out.String())
	}
	for _, bad := range []struct {
		args []string
		want string
	}{
		{[]string{"-data", logPath, "-similar", "no-such-item"}, `-similar "no-such-item" is not an item of`},
		{[]string{"-data", logPath, "-similar", key, "-model", "pop"}, "-model pop has no"},
		{[]string{"-data", logPath, "-similar", key, "-n", "0"}, "-n 0"},
	} {
		err := run(append(bad.args, "-epochs", "1"), new(nopWriter), new(nopWriter))
		if err == nil || !isUsage(err) || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("eals %s: %v, want a usage error saying %q", strings.Join(bad.args, " "), err, bad.want)
		}
	}
}
