package export

import (
	"encoding/csv"
	"encoding/json"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ealslive/ealslive/app/datainfo"
	"github.com/ealslive/ealslive/app/runs"
	"github.com/ealslive/ealslive/app/work"
	"github.com/ealslive/ealslive/core/eval"
	"github.com/ealslive/ealslive/core/pack"
)

func exportFixture() (Head, runs.Training, runs.Replay, runs.Comparison) {
	cfg := runs.PageConfig()
	cfg.Alpha = 0.25
	d := &datainfo.Info{Subset: "Phoenix 10-core", Origin: "Yelp\nOpen Dataset", License: "terms", Hash: "abc123",
		Users: 3536, Items: 2841, Reviews: 103976, From: time.Date(2005, 1, 2, 0, 0, 0, 0, time.UTC), To: time.Date(2013, 1, 9, 0, 0, 0, 0, time.UTC)}
	h := NewHead("training", cfg, d, time.Date(2026, 11, 23, 17, 0, 0, 0, time.UTC))
	tr := runs.Training{Config: cfg, Objective: []float64{1234.5678901234, 1000.25}, SampleHR: []float64{0.1, 0.123456789},
		EpochMs: []float64{40, 41.5}, EvalMs: []float64{3, 4}}
	rp := runs.Replay{Lanes: []runs.Lane{{Key: "eals", Label: "eALS, learning", Overall: eval.Metrics{HR: 0.2, NDCG: 0.04, Count: 500},
		ByHistory: []eval.HistoryBucket{{Label: "0", Metrics: eval.Metrics{HR: 0.25, Count: 18}}},
		Curve:     []eval.CurvePoint{{Tests: 32, Metrics: eval.Metrics{HR: 0.3125, Count: 32}}}}}}
	cr := runs.Comparison{Rows: []runs.Row{{Key: "eals", Label: "eALS, popularity-weighted", Settings: "K = 32, α = 0.25", Evaluated: true,
		Metrics: eval.Metrics{HR: 0.17523809523809525, NDCG: 0.0402, Count: 525}, Done: 25, EpochMsMedian: 5.5, TrainMs: 200}}}
	return h, tr, rp, cr
}

func readCSV(t *testing.T, text string) [][]string {
	t.Helper()
	r := csv.NewReader(strings.NewReader(text))
	r.Comment = '#'
	rows, err := r.ReadAll()
	if err != nil {
		t.Fatalf("the CSV does not parse: %v\n%s", err, text)
	}
	return rows
}

// Every export parses, holds the figures at full precision, and says
// which settings and data made them.
func TestExportsParseAndHoldTheFigures(t *testing.T) {
	h, tr, rp, cr := exportFixture()
	header, rows := TrainingTable(tr)
	text := CSV(h, header, rows)
	for _, want := range []string{"# eALS Live, training", "alpha=0.25", "sha256 abc123", "# source: Yelp Open Dataset"} {
		if !strings.Contains(text, want) {
			t.Errorf("the training CSV lacks %q:\n%s", want, text)
		}
	}
	got := readCSV(t, text)
	if len(got) != 3 || got[0][1] != "objective" {
		t.Fatalf("training CSV rows %v", got)
	}
	if v, _ := strconv.ParseFloat(got[1][1], 64); v != tr.Objective[0] {
		t.Errorf("epoch 1's objective reads %v, the run has %v", v, tr.Objective[0])
	}
	if v, _ := strconv.ParseFloat(got[2][2], 64); v != tr.SampleHR[1] {
		t.Errorf("epoch 2's HR reads %v, the run has %v", v, tr.SampleHR[1])
	}

	var doc struct {
		Page, Kind string
		Settings   struct{ Alpha float64 }
		Data       struct{ SHA256, From string }
		Result     runs.Training
	}
	if err := json.Unmarshal([]byte(JSON(h, tr)), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Page != "eALS Live" || doc.Kind != "training" || doc.Settings.Alpha != 0.25 || doc.Data.SHA256 != "abc123" ||
		doc.Data.From != "2005-01-02" || doc.Result.Objective[0] != tr.Objective[0] {
		t.Errorf("the training JSON reads %+v", doc)
	}

	header, rows = ReplayTable(rp)
	got = readCSV(t, CSV(h, header, rows))
	if len(got) != 4 || got[1][2] != "overall" || got[2][3] != "0" || got[3][3] != "32" || got[3][4] != "0.3125" {
		t.Errorf("replay CSV rows %v", got)
	}
	header, rows = CompareTable(cr)
	got = readCSV(t, CSV(h, header, rows))
	if len(got) != 2 || got[1][2] != "K = 32, α = 0.25" || got[1][4] != "0.17523809523809525" {
		t.Errorf("comparison CSV rows %v", got)
	}
}

// The newcomers' file gives the page's 1-based ranks, names businesses by
// their ids, and leaves the first review's "learnt before" empty.
func TestNewcomerExport(t *testing.T) {
	for in, want := range map[string]string{"-9pVS__IliMA2aNEYzrQrg": "-9pVS__IliMA2aNEYzrQrg", "=1+1": "'=1+1", "@x": "'@x", "+x": "'+x", "b7": "b7"} {
		if got := ID(in); got != want {
			t.Errorf("ID(%q) = %q, want %q", in, got, want)
		}
	}
	items := []pack.Item{{ID: "b0", Name: "Zero"}, {ID: "b1", Name: "One, Inc."}, {ID: "b2", Name: "Two"}}
	run := runs.Newcomers{Split: 0.9, Result: &work.NewcomerResult{Newcomers: 85, Reviews: 1429, Stream: 10398},
		Followed: []work.FollowedResult{{Number: 7, User: 3001, Steps: []eval.FollowStep{
			{Item: 2, Learnt: -1, Before: 40, After: 40, Popularity: 99},
			{Item: 1, Learnt: 2, Before: 12, After: 0, Popularity: 5},
		}}}}
	file := NewcomerFile(run, func(i int32) pack.Item { return items[i] })
	if file.Newcomers != 85 || file.Stream != 10398 || file.Split != 0.9 || len(file.Followed) != 1 {
		t.Fatalf("file %+v", file)
	}
	header, rows := NewcomerTable(file)
	h, _, _, _ := exportFixture()
	h.Kind = "newcomer"
	got := readCSV(t, CSV(h, header, rows))
	want := [][]string{header,
		{"7", "3001", "1", "b2", "Two", "", "41", "41", "100"},
		{"7", "3001", "2", "b1", "One, Inc.", "b2", "13", "1", "6"}}
	if len(got) != len(want) {
		t.Fatalf("CSV rows %v", got)
	}
	for k := range want {
		if strings.Join(got[k], "|") != strings.Join(want[k], "|") {
			t.Errorf("CSV row %d: %q, want %q", k, got[k], want[k])
		}
	}
	var back struct {
		Kind   string
		Result Newcomers
	}
	if err := json.Unmarshal([]byte(JSON(h, file)), &back); err != nil {
		t.Fatal(err)
	}
	if back.Kind != "newcomer" || back.Result.Followed[0].Steps[1].RankAfter != 1 || back.Result.Followed[0].Steps[0].Learnt != "" {
		t.Errorf("JSON round trip gives %+v", back)
	}
}

// A name or id from the data that a spreadsheet would run as a formula is
// written with a leading apostrophe, in every table that carries one; a
// number, and an id's leading minus (Yelp's ids have one), are left alone,
// and the JSON keeps the text as it is.
func TestCSVNeutralisesFormulas(t *testing.T) {
	for in, want := range map[string]string{
		"=HYPERLINK(\"http://x\")": "'=HYPERLINK(\"http://x\")", "+1+2": "'+1+2", "-2+3": "'-2+3", "@SUM(A1)": "'@SUM(A1)",
		"\tcmd": "'\tcmd", "\rcmd": "'\rcmd", "-Inf": "'-Inf", "--1": "'--1", "-1e-05": "-1e-05", "-0.5": "-0.5", "+3": "+3", "Pizza": "Pizza", "": "", "a=b": "a=b",
	} {
		if got := Cell(in); got != want {
			t.Errorf("Cell(%q) = %q, want %q", in, got, want)
		}
	}
	for in, want := range map[string]string{"-9pVS__IliMA2aNEYzrQrg": "-9pVS__IliMA2aNEYzrQrg", "=1+1": "'=1+1", "@x": "'@x", "+x": "'+x", "b7": "b7"} {
		if got := ID(in); got != want {
			t.Errorf("ID(%q) = %q, want %q", in, got, want)
		}
	}
	items := []pack.Item{{ID: "=cmd|' /C calc'!A0", Name: "@SUM(1+1)"}, {ID: "-abc", Name: "+Plus Bakery"}}
	run := runs.Newcomers{Result: &work.NewcomerResult{}, Followed: []work.FollowedResult{{Number: 1, Steps: []eval.FollowStep{
		{Item: 0, Learnt: -1}, {Item: 1, Learnt: 0}}}}}
	file := NewcomerFile(run, func(i int32) pack.Item { return items[i] })
	header, rows := NewcomerTable(file)
	h, _, _, _ := exportFixture()
	got := readCSV(t, CSV(h, header, rows))
	for _, c := range [][3]string{{"1", "3", "'=cmd|' /C calc'!A0"}, {"1", "4", "'@SUM(1+1)"}, {"2", "3", "-abc"}, {"2", "4", "'+Plus Bakery"}, {"2", "5", "'=cmd|' /C calc'!A0"}} {
		r, _ := strconv.Atoi(c[0])
		k, _ := strconv.Atoi(c[1])
		if got[r][k] != c[2] {
			t.Errorf("row %d, column %s reads %q, want %q", r, header[k], got[r][k], c[2])
		}
	}
	if !strings.Contains(JSON(h, file), `"business": "@SUM(1+1)"`) {
		t.Errorf("the JSON changed a name: %s", JSON(h, file))
	}
	lanes := runs.Replay{Lanes: []runs.Lane{{Key: "x", Label: "=1+1"}}}
	header, rows = ReplayTable(lanes)
	if got := readCSV(t, CSV(h, header, rows)); got[1][1] != "'=1+1" {
		t.Errorf("a lane's label reads %q", got[1][1])
	}
}
