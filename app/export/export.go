package export

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"strconv"
	"time"

	"github.com/ealslive/ealslive/app/datainfo"
	"github.com/ealslive/ealslive/app/runs"
	"github.com/ealslive/ealslive/core"
	"github.com/ealslive/ealslive/core/pack"
)

// Head is what every exported file says about its origin.
type Head struct {
	Page     string      `json:"page"`
	Kind     string      `json:"kind"` // "training", "replay", "comparison", "newcomer" or "retrain"
	Exported string      `json:"exported"`
	Settings core.Config `json:"settings"`
	Data     Data        `json:"data"`
	// words name the data's things and interactions in the CSV's
	// comments; the JSON keeps its keys whatever the data.
	words datainfo.Words
}

// Data describes the data pack.
type Data struct {
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

// NewHead is the head of a file of kind made at at, of a run with cfg on the
// data d (nil while none has arrived).
func NewHead(kind string, cfg core.Config, d *datainfo.Info, at time.Time) Head {
	h := Head{Page: "eALS Live", Kind: kind, Exported: at.UTC().Format(time.RFC3339), Settings: cfg, words: d.Words()}
	if d != nil {
		h.Data = Data{Subset: d.Subset, Source: d.Origin, License: d.License, SHA256: d.Hash,
			Users: d.Users, Items: d.Items, Reviews: d.Reviews}
		if !d.From.IsZero() {
			h.Data.From, h.Data.To = d.From.Format("2006-01-02"), d.To.Format("2006-01-02")
		}
	}
	return h
}

// comments are the head as CSV comment lines.
func (h Head) comments() string {
	c := h.Settings
	d := h.Data
	return fmt.Sprintf("# %s, %s, exported %s\n"+
		"# settings: K=%d c0=%g alpha=%g lambda=%g wnew=%g epochs=%d seed=%d online_iters=%d init_std=%g\n"+
		"# data: %s; %d users, %d %s, %d %s, %s to %s; sha256 %s\n"+
		"# source: %s\n",
		h.Page, h.Kind, h.Exported, c.K, c.C0, c.Alpha, c.Lambda, c.WNew, c.Epochs, c.Seed, c.OnlineIters, c.InitStd,
		d.Subset, d.Users, d.Items, h.words.Items, d.Reviews, h.words.Reviews, d.From, d.To, d.SHA256, oneLine(d.Source))
}

func oneLine(s string) string {
	return string(bytes.ReplaceAll(bytes.ReplaceAll([]byte(s), []byte("\r"), nil), []byte("\n"), []byte(" ")))
}

// JSON writes the head and the result as one indented document.
func JSON(h Head, result any) string {
	b, err := json.MarshalIndent(struct {
		Head
		Result any `json:"result"`
	}{h, result}, "", "  ")
	if err != nil {
		// Only NaN or infinities could fail, and none reach a result.
		return fmt.Sprintf(`{"error": %q}`, err.Error())
	}
	return string(b) + "\n"
}

// CSV writes the head's comments, then the table.
func CSV(h Head, header []string, rows [][]string) string {
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

// TrainingTable is a training run, one row per epoch.
func TrainingTable(r runs.Training) ([]string, [][]string) {
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

// ReplayTable is a replay: each lane's overall figures, its Figure 8
// buckets and its curve, one row each, told apart by the part column.
// The overall rows also carry the lane's compute in milliseconds: its
// training, what it did to learn the stream (updates, or retrains, which
// retrains counts) and both.
func ReplayTable(r runs.Replay) ([]string, [][]string) {
	header := []string{"lane", "label", "part", "tests_or_group", "hr_at_100", "ndcg_at_100", "count", "train_ms", "learning_ms", "compute_ms", "retrains"}
	var rows [][]string
	for _, l := range r.Lanes {
		rows = append(rows, []string{l.Key, Cell(l.Label), "overall", "", fullPrecision(l.Overall.HR), fullPrecision(l.Overall.NDCG), strconv.Itoa(l.Overall.Count),
			fullPrecision(l.TrainMs), fullPrecision(l.UpdateMsTotal), fullPrecision(l.ComputeMs), strconv.Itoa(l.Retrains)})
		for _, b := range l.ByHistory {
			rows = append(rows, []string{l.Key, Cell(l.Label), "past_reviews", b.Label, fullPrecision(b.HR), fullPrecision(b.NDCG), strconv.Itoa(b.Count), "", "", "", ""})
		}
		for _, p := range l.Curve {
			rows = append(rows, []string{l.Key, Cell(l.Label), "curve", strconv.Itoa(p.Tests), fullPrecision(p.HR), fullPrecision(p.NDCG), strconv.Itoa(p.Count), "", "", "", ""})
		}
	}
	return header, rows
}

// CompareTable is a comparison, one row per model.
func CompareTable(r runs.Comparison) ([]string, [][]string) {
	header := []string{"model", "label", "settings", "evaluated", "hr_at_100", "ndcg_at_100", "count", "epochs", "epoch_ms_median", "train_ms", "same_model_as"}
	rows := make([][]string, len(r.Rows))
	for k, row := range r.Rows {
		rows[k] = []string{row.Key, Cell(row.Label), Cell(row.Settings), strconv.FormatBool(row.Evaluated), fullPrecision(row.Metrics.HR), fullPrecision(row.Metrics.NDCG),
			strconv.Itoa(row.Metrics.Count), strconv.Itoa(row.Done), fullPrecision(row.EpochMsMedian), fullPrecision(row.TrainMs), row.SameAs}
	}
	return header, rows
}

// Newcomers is the newcomers followed, as a file: ranks are 1-based
// as on the page, and each business is named by its id in the data.
type Newcomers struct {
	Split     float64    `json:"split"`     // share of the time-ordered reviews trained on
	Stream    int        `json:"stream"`    // the reviews after it, replayed
	Newcomers int        `json:"newcomers"` // reviewers in the stream with no training history
	Reviews   int        `json:"reviews"`   // their reviews in the stream
	Followed  []Newcomer `json:"followed"`
}

// Newcomer is one newcomer followed.
type Newcomer struct {
	Number    int      `json:"number"`     // in order of first review in the stream
	UserIndex int32    `json:"user_index"` // the reviewer's index in the data
	Steps     []Review `json:"steps"`
}

// Review is one of a newcomer's reviews, ranked.
type Review struct {
	Business       string `json:"business_id"`
	Name           string `json:"business"`
	Learnt         string `json:"learnt_before_id,omitempty"` // the review learnt just before ranking this one
	RankBefore     int    `json:"rank_before"`
	RankAfter      int    `json:"rank_after"`
	PopularityRank int    `json:"popularity_rank"`
}

// NewcomerFile turns the run into its file's result, naming businesses
// with item.
func NewcomerFile(r runs.Newcomers, item func(int32) pack.Item) Newcomers {
	out := Newcomers{Split: r.Split, Followed: []Newcomer{}}
	if r.Result != nil {
		out.Stream, out.Newcomers, out.Reviews = r.Result.Stream, r.Result.Newcomers, r.Result.Reviews
	}
	for _, f := range r.Followed {
		fn := Newcomer{Number: f.Number, UserIndex: f.User, Steps: []Review{}}
		for _, st := range f.Steps {
			it := item(st.Item)
			rv := Review{Business: it.ID, Name: it.Name, RankBefore: st.Before + 1, RankAfter: st.After + 1, PopularityRank: st.Popularity + 1}
			if st.Learnt >= 0 {
				rv.Learnt = item(st.Learnt).ID
			}
			fn.Steps = append(fn.Steps, rv)
		}
		out.Followed = append(out.Followed, fn)
	}
	return out
}

// NewcomerTable is the newcomers followed, one row per review.
func NewcomerTable(e Newcomers) ([]string, [][]string) {
	header := []string{"newcomer", "user_index", "review", "business_id", "business", "learnt_before_id", "rank_before", "rank_after", "popularity_rank"}
	var rows [][]string
	for _, f := range e.Followed {
		for k, st := range f.Steps {
			rows = append(rows, []string{strconv.Itoa(f.Number), strconv.Itoa(int(f.UserIndex)), strconv.Itoa(k + 1), ID(st.Business), Cell(st.Name), ID(st.Learnt),
				strconv.Itoa(st.RankBefore), strconv.Itoa(st.RankAfter), strconv.Itoa(st.PopularityRank)})
		}
	}
	return header, rows
}
