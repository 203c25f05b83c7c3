package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/ealslive/ealslive/core"
)

// summary is the final JSON line; the text table shows the same numbers.
type summary struct {
	Model              string         `json:"model"`
	Protocol           string         `json:"protocol"`
	Data               string         `json:"data"`
	Format             string         `json:"format"`
	HasTimes           bool           `json:"has_times"`
	Notes              []string       `json:"notes,omitempty"`
	Read               *readJSON      `json:"read,omitempty"`
	Users              int            `json:"users"`
	Items              int            `json:"items"`
	Train              int            `json:"train"`
	Test               int            `json:"test"`
	TopN               int            `json:"topn"`
	ExcludeSeen        bool           `json:"exclude_seen"`
	NoUpdates          bool           `json:"no_updates,omitempty"`
	Loaded             string         `json:"loaded,omitempty"`
	Saved              string         `json:"saved,omitempty"`
	Params             map[string]any `json:"params"`
	HR                 float64        `json:"hr"`
	NDCG               float64        `json:"ndcg"`
	Count              int            `json:"count"`
	Loss               *float64       `json:"loss,omitempty"`
	Epochs             int            `json:"epochs,omitempty"`
	EpochSecondsMedian *float64       `json:"epoch_seconds_median"`
	TrainSeconds       float64        `json:"train_seconds"`
	EvalSeconds        float64        `json:"eval_seconds"`
	UpdateMsMedian     *float64       `json:"update_ms_median,omitempty"`
	UpdateMsP95        *float64       `json:"update_ms_p95,omitempty"`
	NewUserTests       *int           `json:"new_user_tests,omitempty"`
	NewItemTests       *int           `json:"new_item_tests,omitempty"`
	ByHistory          []historyJSON  `json:"by_history,omitempty"`
	Curve              []curveJSON    `json:"curve,omitempty"`
	// ComputeSeconds is, online, the training and every update added up.
	ComputeSeconds *float64     `json:"compute_seconds,omitempty"`
	Retrain        *retrainJSON `json:"retrain,omitempty"` // -retrain-every's lane
}

type historyJSON struct {
	Label string  `json:"label"`
	Min   int     `json:"min"`
	Max   *int    `json:"max"` // null: no upper bound
	HR    float64 `json:"hr"`
	NDCG  float64 `json:"ndcg"`
	Count int     `json:"count"`
}

type curveJSON struct {
	Tests int     `json:"tests"`
	HR    float64 `json:"hr"`
	NDCG  float64 `json:"ndcg"`
}

type epochJSON struct {
	Epoch   int      `json:"epoch"`
	Seconds float64  `json:"seconds"`
	Loss    *float64 `json:"loss,omitempty"`
}

// reporter writes JSON lines to stdout, or a progress line to stderr and a
// table to stdout.
type reporter struct {
	o              *options
	stdout, stderr io.Writer
	open           bool // a progress line awaits its newline
	err            error
}

func (r *reporter) epoch(info core.EpochInfo, loss *float64) {
	if r.o.json {
		r.line(epochJSON{Epoch: info.Epoch, Seconds: info.Seconds, Loss: loss})
		return
	}
	msg := fmt.Sprintf("\repoch %d/%d  %.3f s", info.Epoch, r.o.cfg.Epochs, info.Seconds)
	if loss != nil {
		msg += fmt.Sprintf("  loss %.6g", *loss)
	}
	fmt.Fprint(r.stderr, msg+"   ")
	r.open = true
}

func (r *reporter) progress(what string, share float64) {
	if r.o.json {
		return
	}
	fmt.Fprintf(r.stderr, "\r%s %3.0f%%   ", what, 100*share)
	r.open = true
}

// run steps a protocol to its end in chunks, showing its progress as
// what between them.
func (r *reporter) run(s core.Stepper, what string) error {
	defer r.endProgress()
	for {
		done, err := s.Step(200)
		if err != nil || done {
			return err
		}
		r.progress(what, s.Progress())
	}
}

func (r *reporter) endProgress() {
	if r.open {
		fmt.Fprintln(r.stderr)
		r.open = false
	}
}

func (r *reporter) line(v any) {
	b, err := json.Marshal(v)
	if err == nil {
		_, err = fmt.Fprintf(r.stdout, "%s\n", b)
	}
	if err != nil && r.err == nil {
		r.err = err
	}
}

func (r *reporter) summary(s *summary) error {
	if r.o.json {
		r.line(s)
		return r.err
	}
	w := tabwriter.NewWriter(r.stdout, 0, 0, 2, ' ', 0)
	n := s.TopN
	fmt.Fprintf(w, "model\t%s %s\n", s.Model, describeParams(s.Params))
	if s.Loaded != "" {
		fmt.Fprintf(w, "\tloaded from %s\n", s.Loaded)
	}
	proto := "offline (leave-one-out)"
	if s.Protocol == "online" {
		proto = fmt.Sprintf("online (first %g by time to train, then recommend, score, update)", r.o.split)
	}
	if s.ExcludeSeen {
		proto += ", known items excluded"
	}
	if s.NoUpdates {
		proto += ", no updates"
	}
	fmt.Fprintf(w, "protocol\t%s\n", proto)
	fmt.Fprintf(w, "data\t%s (%s)\n", s.Data, s.Format)
	for _, n := range s.Notes {
		fmt.Fprintf(w, "\t%s\n", n)
	}
	fmt.Fprintf(w, "\t%d users, %d items; %d training, %d test interactions\n", s.Users, s.Items, s.Train, s.Test)
	fmt.Fprintf(w, "HR@%d\t%.4f\t(%d test cases)\n", n, s.HR, s.Count)
	fmt.Fprintf(w, "NDCG@%d\t%.4f\n", n, s.NDCG)
	if s.EpochSecondsMedian != nil {
		fmt.Fprintf(w, "epoch\t%.4f s\t(median of %d; training %.2f s)\n", *s.EpochSecondsMedian, s.Epochs, s.TrainSeconds)
	}
	if s.Loss != nil {
		fmt.Fprintf(w, "objective\t%.6g\n", *s.Loss)
	}
	if s.UpdateMsMedian != nil {
		fmt.Fprintf(w, "update\t%.4f ms\t(median; 95th percentile %.4f ms)\n", *s.UpdateMsMedian, *s.UpdateMsP95)
	}
	if s.ComputeSeconds != nil {
		fmt.Fprintf(w, "compute\t%.2f s\t(training and every update)\n", *s.ComputeSeconds)
	}
	if s.NewUserTests != nil {
		share := func(k int) float64 { return 100 * float64(k) / float64(max(s.Count, 1)) }
		fmt.Fprintf(w, "new users\t%d test interactions\t(%.1f%%)\n", *s.NewUserTests, share(*s.NewUserTests))
		fmt.Fprintf(w, "new items\t%d test interactions\t(%.1f%%)\n", *s.NewItemTests, share(*s.NewItemTests))
	}
	fmt.Fprintf(w, "evaluation\t%.2f s\n", s.EvalSeconds)
	if s.Saved != "" {
		fmt.Fprintf(w, "saved\t%s\n", s.Saved)
	}
	if err := w.Flush(); err != nil {
		return err
	}
	if len(s.ByHistory) == 0 {
		return nil
	}
	fmt.Fprintf(r.stdout, "\nby the test user's past interactions:\n")
	w = tabwriter.NewWriter(r.stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(w, "past\ttests\tHR@%d\tNDCG@%d\t\n", n, n)
	for _, b := range s.ByHistory {
		fmt.Fprintf(w, "%s\t%d\t%.4f\t%.4f\t\n", b.Label, b.Count, b.HR, b.NDCG)
	}
	if err := w.Flush(); err != nil {
		return err
	}
	return r.retrainSummary(s)
}

// describeParams renders the settings in a fixed order.
func describeParams(p map[string]any) string {
	var parts []string
	for _, k := range []string{"k", "epochs", "c0", "alpha", "w0", "lambda", "bpr_lr", "cg_steps", "rcd_armijo", "rcd_shrink",
		"rcd_trials", "rcd_min_grad", "wnew", "online_iters", "seed", "threads"} {
		if v, ok := p[k]; ok {
			parts = append(parts, fmt.Sprintf("%s=%v", k, v))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return "(" + strings.Join(parts, " ") + ")"
}
