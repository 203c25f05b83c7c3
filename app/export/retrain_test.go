package export

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/ealslive/ealslive/app/runs"
	"github.com/ealslive/ealslive/app/work"
	"github.com/ealslive/ealslive/core"
	"github.com/ealslive/ealslive/core/eval"
	"github.com/ealslive/ealslive/core/pack"
)

// The comparison with a full retrain exports your likes with their
// updates' times, the three lists with full-precision scores, both
// agreements and every cost, in the CSV and the JSON alike.
func TestRetrainExport(t *testing.T) {
	items := []pack.Item{{ID: "b0", Name: "Zero"}, {ID: "-b1", Name: "=One"}, {ID: "b2", Name: "Two"}, {ID: "b3", Name: "Three"}}
	run := runs.Retrain{Finished: true, Result: &work.RetrainRun{Likes: []int32{1}, TopN: 2, Workers: 2,
		Online:      []core.Ranked{{Item: 0, Score: 0.123456789012}, {Item: 2, Score: 0.1}},
		Retrained:   []core.Ranked{{Item: 2, Score: 0.2}, {Item: 3, Score: 0.05}},
		Warm:        []core.Ranked{{Item: 0, Score: 0.12}, {Item: 2, Score: 0.11}},
		VsRetrained: core.TopComparison{Overlap: 1, Tau: -0.3333333333333333, Gap: 0.25, GapItem: 1},
		VsWarm:      core.TopComparison{Overlap: 2, Tau: 1, GapItem: -1},
		UpdateMs:    []float64{0.125}, RetrainMs: 2400, RetrainEpochs: 25, WarmMs: 500, WarmEpochs: 5, FirstTrainMs: 2000,
		OnlineSum: "aa", WarmSum: "bb", RetrainSum: "cc"}}
	f := RetrainFile(run, func(i int32) pack.Item { return items[i] })
	if f.VsRetrained.Overlap != 1 || f.VsRetrained.GapBusiness != "-b1" || f.VsWarm.GapBusiness != "" || f.SHA256.Retrained != "cc" ||
		f.RetrainOverUpdates != 19200 || f.RetrainOverFirst != 1.2 || f.Incremental[1].Rank != 2 || f.Likes[0].Name != "=One" {
		t.Fatalf("file %+v", f)
	}
	h, _, _, _ := exportFixture()
	h.Kind = "retrain"
	header, rows := RetrainTable(f)
	got := readCSV(t, CSV(h, header, rows))
	part := map[string][][]string{}
	for _, r := range got[1:] {
		part[r[0]] = append(part[r[0]], r)
	}
	if len(part["like"]) != 1 || len(part["list"]) != 6 || len(part["comparison"]) != 2 || len(part["cost"]) != 4 {
		t.Fatalf("rows by part: %v", got)
	}
	if l := part["like"][0]; l[3] != "-b1" || l[4] != "'=One" || l[10] != "0.125" {
		t.Errorf("the like's row %q", l)
	}
	if l := part["list"][0]; l[1] != "incremental" || l[2] != "1" || l[5] != "0.123456789012" {
		t.Errorf("the first list row %q", l)
	}
	if c := part["comparison"][0]; c[1] != "retrained" || c[6] != "1" || c[7] != "-0.3333333333333333" || c[9] != "-b1" {
		t.Errorf("the retrain's comparison row %q", c)
	}
	if c := part["cost"][2]; c[1] != "retrained" || c[10] != "2400" {
		t.Errorf("the retrain's cost row %q", c)
	}
	var back struct {
		Kind   string
		Result Retrain
	}
	if err := json.Unmarshal([]byte(JSON(h, f)), &back); err != nil {
		t.Fatal(err)
	}
	if back.Kind != "retrain" || back.Result.VsRetrained.Tau != -0.3333333333333333 || back.Result.Retrained[0].Business != "b2" ||
		back.Result.SHA256.Incremental != "aa" || back.Result.RetrainMs != 2400 {
		t.Errorf("JSON round trip gives %+v", back)
	}
	if empty := RetrainFile(runs.Retrain{}, nil); empty.Likes == nil || empty.Incremental == nil {
		t.Errorf("a run without a result: %+v", empty)
	}
}

// The replay's overall rows carry each lane's compute and retrains; the
// other rows leave those cells empty.
func TestReplayExportCarriesCompute(t *testing.T) {
	h, _, _, _ := exportFixture()
	rp := runs.Replay{Lanes: []runs.Lane{{Key: "retrain", Label: "eALS, retrained every 500 reviews", Overall: eval.Metrics{HR: 0.21, Count: 10},
		Curve: []eval.CurvePoint{{Tests: 10}}, TrainMs: 900.5, UpdateMsTotal: 22000, ComputeMs: 22900.5, Retrains: 20}}}
	header, rows := ReplayTable(rp)
	got := readCSV(t, CSV(h, header, rows))
	if strings.Join(got[0][7:], " ") != "train_ms learning_ms compute_ms retrains" {
		t.Fatalf("header %q", got[0])
	}
	if o := got[1]; o[2] != "overall" || o[7] != "900.5" || o[8] != "22000" || o[9] != "22900.5" || o[10] != "20" {
		t.Errorf("the overall row %q", o)
	}
	if c := got[2]; c[2] != "curve" || c[7] != "" || c[10] != "" {
		t.Errorf("a curve row %q", c)
	}
}
