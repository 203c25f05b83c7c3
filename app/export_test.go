package app

import (
	"encoding/csv"
	"encoding/json"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ealslive/ealslive/core/eval"
)

func exportFixture() (exportHead, trainingRun, replayRun, compareRun) {
	cfg := pageConfig()
	cfg.Alpha = 0.25
	d := &dataInfo{Subset: "Phoenix 10-core", Source: "Yelp\nOpen Dataset", License: "terms", Hash: "abc123",
		Users: 3536, Items: 2841, Reviews: 103976, From: time.Date(2005, 1, 2, 0, 0, 0, 0, time.UTC), To: time.Date(2013, 1, 9, 0, 0, 0, 0, time.UTC)}
	h := newExportHead("training", cfg, d, time.Date(2026, 11, 23, 17, 0, 0, 0, time.UTC))
	tr := trainingRun{Config: cfg, Objective: []float64{1234.5678901234, 1000.25}, SampleHR: []float64{0.1, 0.123456789},
		EpochMs: []float64{40, 41.5}, EvalMs: []float64{3, 4}}
	rp := replayRun{Lanes: []laneView{{Key: "eals", Label: "eALS, learning", Overall: eval.Metrics{HR: 0.2, NDCG: 0.04, Count: 500},
		ByHistory: []eval.HistoryBucket{{Label: "0", Metrics: eval.Metrics{HR: 0.25, Count: 18}}},
		Curve:     []eval.CurvePoint{{Tests: 32, Metrics: eval.Metrics{HR: 0.3125, Count: 32}}}}}}
	cr := compareRun{Rows: []compareRow{{Key: "eals", Label: "eALS, popularity-weighted", Settings: "K = 32, α = 0.25", Evaluated: true,
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
	header, rows := trainingTable(tr)
	text := exportCSV(h, header, rows)
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
		Result     trainingRun
	}
	if err := json.Unmarshal([]byte(exportJSON(h, tr)), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Page != "eALS Live" || doc.Kind != "training" || doc.Settings.Alpha != 0.25 || doc.Data.SHA256 != "abc123" ||
		doc.Data.From != "2005-01-02" || doc.Result.Objective[0] != tr.Objective[0] {
		t.Errorf("the training JSON reads %+v", doc)
	}

	header, rows = replayTable(rp)
	got = readCSV(t, exportCSV(h, header, rows))
	if len(got) != 4 || got[1][2] != "overall" || got[2][3] != "0" || got[3][3] != "32" || got[3][4] != "0.3125" {
		t.Errorf("replay CSV rows %v", got)
	}
	header, rows = compareTable(cr)
	got = readCSV(t, exportCSV(h, header, rows))
	if len(got) != 2 || got[1][2] != "K = 32, α = 0.25" || got[1][4] != "0.17523809523809525" {
		t.Errorf("comparison CSV rows %v", got)
	}
}
