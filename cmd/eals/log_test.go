package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ealslive/ealslive/core"
	"github.com/ealslive/ealslive/core/eval"
)

// writeFiles writes name → text into dir and returns dir/name by name.
func writeFiles(t *testing.T, dir string, files map[string]string) map[string]string {
	t.Helper()
	paths := map[string]string{}
	for name, text := range files {
		paths[name] = filepath.Join(dir, name)
		if err := os.WriteFile(paths[name], []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return paths
}

// movieLensFiles are small logs in MovieLens's layouts and others: 12
// users who rate 8 films each, on distinct days, and the films' names.
func movieLensFiles() map[string]string {
	var csv, dat, udata, semi, pairs strings.Builder
	csv.WriteString("userId,movieId,rating,timestamp\n")
	semi.WriteString("customer;product;score\n")
	for u := 1; u <= 12; u++ {
		for m := 1; m <= 8; m++ {
			film := (u*m)%11 + 1
			r, ts := 1+(u+m)%5, 900_000_000+86_400*(10*u+m)
			fmt.Fprintf(&csv, "%d,%d,%d.0,%d\n", u, film, r, ts)
			fmt.Fprintf(&dat, "%d::%d::%d::%d\n", u, film, r, ts)
			fmt.Fprintf(&udata, "%d\t%d\t%d\t%d\n", u, film, r, ts)
			fmt.Fprintf(&semi, "%d;%d;%d,5\n", u, film, r)
			fmt.Fprintf(&pairs, "u%d i%d\n", u, film)
		}
	}
	var uitem strings.Builder
	for m := 1; m <= 10; m++ {
		flags := strings.Repeat("0|", 18) + "1"
		fmt.Fprintf(&uitem, "%d|Film %d (199%d)|01-Jan-1995||http://example.org/%d|%s\n", m, m, m%10, m, flags)
	}
	return map[string]string{
		"ratings.csv": csv.String(), "ratings.dat": dat.String(), "u.data": udata.String(),
		"scores.csv": semi.String(), "pairs.txt": pairs.String(),
		"movies.csv": "movieId,title,genres\n1,\"One, The (1990)\",Drama|Comedy\n2,Two (1991),Drama\n",
		"u.item":     uitem.String(),
	}
}

// Every format reads through core's reader: the summary names the format
// core found, counts what it kept, says when there are no times, and its
// numbers are those of the same run in-process.
func TestLogFormats(t *testing.T) {
	files := writeFiles(t, t.TempDir(), movieLensFiles())
	for _, c := range []struct {
		data, items string
		extra       []string
		opts        core.LogOptions
		format      string
	}{
		{"ratings.csv", "movies.csv", nil, core.LogOptions{}, "MovieLens ratings.csv, items from MovieLens movies.csv"},
		{"ratings.csv", "", []string{"-min-rating", "3"}, core.LogOptions{MinRating: 3}, "MovieLens ratings.csv"},
		{"ratings.dat", "", []string{"-kcore", "5"}, core.LogOptions{KCore: 5}, "MovieLens ratings.dat"},
		{"u.data", "u.item", nil, core.LogOptions{}, "MovieLens u.data, items from MovieLens u.item"},
		{"u.data", "", []string{"-format", "tsv"}, core.LogOptions{Format: core.FormatTSV}, "tab-separated without header"},
		{"scores.csv", "", []string{"-min-rating", "4.5"}, core.LogOptions{MinRating: 4.5}, "semicolon-separated with header"},
		{"pairs.txt", "", nil, core.LogOptions{}, "space-separated without header"},
	} {
		args := append([]string{"-data", files[c.data], "-model", "pop", "-topn", "5"}, c.extra...)
		if c.items != "" {
			args = append(args, "-items", files[c.items])
			items, err := core.ReadItemFile(files[c.items])
			if err != nil {
				t.Fatal(err)
			}
			c.opts.Items = items
		}
		l, err := core.ReadLogFile(files[c.data], c.opts)
		if err != nil {
			t.Fatal(err)
		}
		train, test, err := l.Data.LeaveOneOut()
		if err != nil {
			t.Fatal(err)
		}
		pop, err := core.NewPopularity(train)
		if err != nil {
			t.Fatal(err)
		}
		want, err := eval.EvaluateOffline(pop, train, test, eval.Options{TopN: 5})
		if err != nil {
			t.Fatal(err)
		}
		s := runJSON(t, args...)[0]
		read := s["read"].(map[string]any)
		if s["format"] != c.format || s["has_times"] != l.HasTimes || s["users"] != float64(l.Data.NumUsers()) ||
			s["items"] != float64(l.Data.NumItems()) || s["test"] != float64(len(test)) || s["hr"] != want.HR ||
			read["rows"] != float64(l.Rows) || read["below_min_rating"] != float64(l.BelowMinRating) ||
			read["repeats"] != float64(l.Repeats) || read["outside_kcore"] != float64(l.OutsideKCore) {
			t.Errorf("%s %q: summary %v; the reader: %q, times %v, %d users, %d items, %d tests, HR %v, %+v",
				c.data, c.extra, s, c.format, l.HasTimes, l.Data.NumUsers(), l.Data.NumItems(), len(test), want.HR, l)
		}
		notes, _ := s["notes"].([]any)
		if len(notes) != len(l.Notes()) {
			t.Errorf("%s: notes %v, want %q", c.data, notes, l.Notes())
		}
		if !l.HasTimes && (len(notes) == 0 || !strings.HasPrefix(notes[0].(string), "no times: split by input order")) {
			t.Errorf("%s has no times, but the notes %v do not say so", c.data, notes)
		}
	}
}

func TestLogTextSummary(t *testing.T) {
	files := writeFiles(t, t.TempDir(), movieLensFiles())
	var out, errs bytes.Buffer
	if err := run([]string{"-data", files["pairs.txt"], "-model", "pop"}, &out, &errs); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{files["pairs.txt"] + " (space-separated without header)", "no times: split by input order"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the table lacks %q:\n%s", want, out.String())
		}
	}
}

func TestLogErrors(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, movieLensFiles())
	files := writeFiles(t, dir, map[string]string{"bad.csv": "userId,movieId,rating,timestamp\n1,2,4.0,964982703\n1,3,x,964982703\n"})
	packPath := filepath.Join(dir, "syn.msgpack")
	if err := run([]string{"-synthetic", "planted,2,20,10,4", "-out", filepath.Join(dir, "w.tsv")}, new(nopWriter), new(nopWriter)); err != nil {
		t.Fatal(err)
	}
	writeTestPack(t, packPath)
	for _, c := range []struct {
		args  []string
		want  string
		usage bool
	}{
		{[]string{"-data", files["bad.csv"]}, "bad.csv:3: column 3 (rating): \"x\" is not a number", false},
		{[]string{"-data", filepath.Join(dir, "pairs.txt"), "-min-rating", "4"}, "a minimum rating of 4 needs a rating column", false},
		{[]string{"-data", filepath.Join(dir, "ratings.csv"), "-items", filepath.Join(dir, "none.csv")}, "none.csv", false},
		{[]string{"-data", filepath.Join(dir, "ratings.csv"), "-kcore", "-2"}, "-kcore -2 is invalid", true},
		{[]string{"-data", filepath.Join(dir, "ratings.csv"), "-min-rating", "NaN"}, "-min-rating NaN is invalid", true},
		{[]string{"-data", packPath, "-kcore", "5"}, "is a data pack, chosen and named when it was built: leave out -items, -min-rating and -kcore", true},
		{[]string{"-synthetic", "planted", "-items", "x.csv"}, "-synthetic makes the data: leave out -items", true},
		{[]string{"-synthetic", "planted,0"}, "planted groups = 0 is invalid", true},
		{[]string{"-synthetic", "planted,8,x"}, `"x" is not a whole number`, true},
		{[]string{"-synthetic", "planted,8,100,40,5,0.1,1,9"}, "7 fields after planted", true},
		{[]string{"-synthetic", "planted,8,100,40,5,lots"}, `"lots" is not a number`, true},
		{[]string{"-reproduce", dir, "-kcore", "3"}, "leave out -kcore", true},
	} {
		var out, errs bytes.Buffer
		err := run(c.args, &out, &errs)
		if err == nil || !strings.Contains(err.Error(), c.want) || isUsage(err) != c.usage {
			t.Errorf("%q: error %v (usage %v), want one mentioning %q (usage %v)", c.args, err, isUsage(err), c.want, c.usage)
		}
	}
}

// -synthetic planted runs on a planted world, or writes it: the log in the
// paper's layout and its items beside it, which read back as the world.
func TestPlantedWorld(t *testing.T) {
	s := runJSON(t, "-synthetic", "planted", "-model", "pop", "-topn", "10")[0]
	if s["users"] != 1000.0 || s["items"] != 400.0 || s["format"] != "planted world" || s["has_times"] != true ||
		!strings.HasPrefix(s["data"].(string), "planted world: 8 groups (Italian, Mexican, Japanese, …), 1000 users, 400 items, 20 per user, noise 0.1, zipf 1, seed 1") {
		t.Errorf("summary %v", s)
	}
	dir := t.TempDir()
	out := filepath.Join(dir, "world.tsv")
	wrote := runJSON(t, "-synthetic", "planted,4,100,60,10,0.2,1.5", "-seed", "7", "-out", out)[0]
	itemsPath := filepath.Join(dir, "world-items.csv")
	if wrote["wrote"] != out || wrote["items_file"] != itemsPath || wrote["users"] != 100.0 {
		t.Errorf("-out printed %v", wrote)
	}
	want, err := core.Planted(core.PlantedConfig{Groups: 4, Users: 100, Items: 60, PerUser: 10, Noise: 0.2, Zipf: 1.5, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	items, err := core.ReadItemFile(itemsPath)
	if err != nil {
		t.Fatal(err)
	}
	l, err := core.ReadLogFile(out, core.LogOptions{Items: items})
	if err != nil {
		t.Fatal(err)
	}
	if l.Format != core.FormatPaper.Name() || l.Data.Len() != want.Data.Len() || l.Unnamed != 0 {
		t.Fatalf("read back as %q, %d interactions (want %d), %d unnamed", l.Format, l.Data.Len(), want.Data.Len(), l.Unnamed)
	}
	for k, x := range want.Data.Interactions() {
		y := l.Data.Interactions()[k]
		if want.Data.UserKey(x.User) != l.Data.UserKey(y.User) || want.Data.ItemKey(x.Item) != l.Data.ItemKey(y.Item) || x.Time != y.Time {
			t.Fatalf("interaction %d differs", k)
		}
	}
	for i := range l.Items {
		key := l.Data.ItemKey(int32(i))
		id, _ := want.Data.ItemID(key)
		if got, w := l.Items[i], want.Items[id]; got.Name != w.Name || !slices.Equal(got.Categories, w.Categories) {
			t.Errorf("item %s reads as %+v, the world has %+v", key, got, w)
		}
	}
}
