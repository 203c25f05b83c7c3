package app

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"strconv"
	"time"

	"github.com/ealslive/ealslive/core"
)

// The results the page shows can be taken away as CSV and JSON. Each file
// says what produced it: the page, the settings and the data pack, so
// that a slide or a handout can be traced back to what made it. A CSV
// file carries them in '#' comment lines above its table.

// exportHead is what every exported file says about its origin.
type exportHead struct {
	Page     string      `json:"page"`
	Kind     string      `json:"kind"` // "training", "replay" or "comparison"
	Exported string      `json:"exported"`
	Settings core.Config `json:"settings"`
	Data     exportData  `json:"data"`
}

// exportData describes the data pack.
type exportData struct {
	Subset  string `json:"subset"`
	Source  string `json:"source"`
	License string `json:"license"`
	SHA256  string `json:"sha256"`
	Users   int    `json:"users"`
	Items   int    `json:"items"`
	Reviews int    `json:"reviews"`
	From    string `json:"from,omitempty"`
	To      string `json:"to,omitempty"`
}

func newExportHead(kind string, cfg core.Config, d *dataInfo, at time.Time) exportHead {
	h := exportHead{Page: "eALS Live", Kind: kind, Exported: at.UTC().Format(time.RFC3339), Settings: cfg}
	if d != nil {
		h.Data = exportData{Subset: d.Subset, Source: d.Source, License: d.License, SHA256: d.Hash,
			Users: d.Users, Items: d.Items, Reviews: d.Reviews}
		if !d.From.IsZero() {
			h.Data.From, h.Data.To = d.From.Format("2006-01-02"), d.To.Format("2006-01-02")
		}
	}
	return h
}

// comments are the head as CSV comment lines.
func (h exportHead) comments() string {
	c := h.Settings
	d := h.Data
	return fmt.Sprintf("# %s, %s, exported %s\n"+
		"# settings: K=%d c0=%g alpha=%g lambda=%g wnew=%g epochs=%d seed=%d online_iters=%d init_std=%g\n"+
		"# data: %s; %d users, %d businesses, %d reviews, %s to %s; sha256 %s\n"+
		"# source: %s\n",
		h.Page, h.Kind, h.Exported, c.K, c.C0, c.Alpha, c.Lambda, c.WNew, c.Epochs, c.Seed, c.OnlineIters, c.InitStd,
		d.Subset, d.Users, d.Items, d.Reviews, d.From, d.To, d.SHA256, oneLine(d.Source))
}

func oneLine(s string) string {
	return string(bytes.ReplaceAll(bytes.ReplaceAll([]byte(s), []byte("\r"), nil), []byte("\n"), []byte(" ")))
}

// exportJSON writes the head and the result as one indented document.
func exportJSON(h exportHead, result any) string {
	b, err := json.MarshalIndent(struct {
		exportHead
		Result any `json:"result"`
	}{h, result}, "", "  ")
	if err != nil {
		// Only NaN or infinities could fail, and none reach a result.
		return fmt.Sprintf(`{"error": %q}`, err.Error())
	}
	return string(b) + "\n"
}

// exportCSV writes the head's comments, then the table.
func exportCSV(h exportHead, header []string, rows [][]string) string {
	var b bytes.Buffer
	b.WriteString(h.comments())
	w := csv.NewWriter(&b)
	w.Write(header)
	w.WriteAll(rows) // flushes; a bytes.Buffer never fails
	return b.String()
}

// fullPrecision writes a figure at full precision, so that a file holds what the
// page computed, not what it rounded for display.
func fullPrecision(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

// trainingTable is a training run, one row per epoch.
func trainingTable(r trainingRun) ([]string, [][]string) {
	header := []string{"epoch", "objective", "sample_hr_at_100", "epoch_ms", "sample_eval_ms"}
	rows := make([][]string, len(r.Objective))
	for k := range r.Objective {
		rows[k] = []string{strconv.Itoa(k + 1), fullPrecision(r.Objective[k]), fullPrecision(at(r.SampleHR, k)), fullPrecision(at(r.EpochMs, k)), fullPrecision(at(r.EvalMs, k))}
	}
	return header, rows
}

func at(v []float64, k int) float64 {
	if k < len(v) {
		return v[k]
	}
	return 0
}

// replayTable is a replay: each lane's overall figures, its Figure 8
// buckets and its curve, one row each, told apart by the part column.
func replayTable(r replayRun) ([]string, [][]string) {
	header := []string{"lane", "label", "part", "tests_or_group", "hr_at_100", "ndcg_at_100", "count"}
	var rows [][]string
	for _, l := range r.Lanes {
		rows = append(rows, []string{l.Key, l.Label, "overall", "", fullPrecision(l.Overall.HR), fullPrecision(l.Overall.NDCG), strconv.Itoa(l.Overall.Count)})
		for _, b := range l.ByHistory {
			rows = append(rows, []string{l.Key, l.Label, "past_reviews", b.Label, fullPrecision(b.HR), fullPrecision(b.NDCG), strconv.Itoa(b.Count)})
		}
		for _, p := range l.Curve {
			rows = append(rows, []string{l.Key, l.Label, "curve", strconv.Itoa(p.Tests), fullPrecision(p.HR), fullPrecision(p.NDCG), strconv.Itoa(p.Count)})
		}
	}
	return header, rows
}

// compareTable is a comparison, one row per model.
func compareTable(r compareRun) ([]string, [][]string) {
	header := []string{"model", "label", "settings", "evaluated", "hr_at_100", "ndcg_at_100", "count", "epochs", "epoch_ms_median", "train_ms", "same_model_as"}
	rows := make([][]string, len(r.Rows))
	for k, row := range r.Rows {
		rows[k] = []string{row.Key, row.Label, row.Settings, strconv.FormatBool(row.Evaluated), fullPrecision(row.Metrics.HR), fullPrecision(row.Metrics.NDCG),
			strconv.Itoa(row.Metrics.Count), strconv.Itoa(row.Done), fullPrecision(row.EpochMsMedian), fullPrecision(row.TrainMs), row.SameAs}
	}
	return header, rows
}
