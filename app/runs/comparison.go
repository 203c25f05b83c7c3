package runs

import (
	"fmt"
	"slices"

	"github.com/ealslive/ealslive/app/work"
	"github.com/ealslive/ealslive/core"
	"github.com/ealslive/ealslive/core/eval"
)

// BPREpochs is BPR's training length in the comparison and the replay:
// the command line's default, tuned on this data (core.DefaultBPRConfig).
// In a browser it takes a few seconds.
const BPREpochs = 50

// The rivals, in table order.
const (
	RivalWeighted = "eals"
	RivalUniform  = "uniform"
	RivalBPR      = "bpr"
	RivalRCD      = "rcd"
)

// Rival is one model of the comparison: how to train it and what it is.
type Rival struct {
	Key, Label string
	Settings   string // in the page's notation
	Epochs     int
	EALS       *core.Config // nil for BPR and RCD
	BPR        *core.BPRConfig
	RCD        *core.RCDConfig
}

// Rivals returns the models the comparison trains, set up as the command
// line sets them up for the same flags: eALS with the page's settings,
// eALS with α = 0 (Hu et al.'s uniform weighting, w0 = c0/N), BPR with its
// tuned learning rate and the page's K, λ and seed (`eals -model bpr -k K
// -lambda λ -seed S -epochs 50`), and RCD with the page's settings and its
// own uniform weights (`eals -model rcd -alpha 0`). Each row's label says
// what it is for these settings: with α = 0 the first row is not
// popularity-weighted.
func Rivals(cfg core.Config) []Rival {
	uniform := cfg
	uniform.Alpha = 0
	bpr := BPR(cfg)
	rcd := RCD(cfg)
	label := "eALS, popularity-weighted"
	if cfg.Alpha == 0 {
		label = "eALS, your settings (α = 0: uniform)"
	}
	return []Rival{
		{Key: RivalWeighted, Label: label,
			Settings: fmt.Sprintf("K = %d, α = %g, c_0 = %g, λ = %g", cfg.K, cfg.Alpha, cfg.C0, cfg.Lambda), Epochs: cfg.Epochs, EALS: &cfg},
		{Key: RivalUniform, Label: "eALS, uniform weights",
			Settings: fmt.Sprintf("K = %d, α = 0, c_0 = %g, λ = %g", cfg.K, cfg.C0, cfg.Lambda), Epochs: uniform.Epochs, EALS: &uniform},
		{Key: RivalBPR, Label: "BPR",
			Settings: fmt.Sprintf("K = %d, learning rate %g, λ = %g", bpr.K, bpr.LearnRate, bpr.Lambda), Epochs: bpr.Epochs, BPR: &bpr},
		{Key: RivalRCD, Label: "RCD, uniform weights",
			Settings: fmt.Sprintf("K = %d, α = %g, c_0 = %g, λ = %g, line search as its authors'", rcd.K, rcd.Alpha, rcd.C0, rcd.Lambda),
			Epochs:   rcd.Epochs, RCD: &rcd},
	}
}

// SameModel returns, for each rival, the key of an earlier rival that is
// the very same model (same kind, same settings), or "": such rows are
// equal by construction, and comparing them says nothing.
func SameModel(rs []Rival) map[string]string {
	same := map[string]string{}
	for k, r := range rs {
		for _, e := range rs[:k] {
			if r.EALS != nil && e.EALS != nil && *r.EALS == *e.EALS {
				same[r.Key] = e.Key
				break
			}
		}
	}
	return same
}

// CompareSpec is the workers' job for the rivals.
func CompareSpec(rs []Rival) work.CompareSpec {
	spec := work.CompareSpec{TopN: TopN}
	for _, r := range rs {
		spec.Rivals = append(spec.Rivals, work.Rival{Key: r.Key, Epochs: r.Epochs, EALS: r.EALS, BPR: r.BPR, RCD: r.RCD})
	}
	return spec
}

// Comparison is what the page shows of the comparison; like Replay it is
// published in window.ealsLiveEvidence.
type Comparison struct {
	Running  bool    `json:"running"`
	Finished bool    `json:"finished"`
	Stopped  bool    `json:"stopped"`
	Stopping bool    `json:"-"`       // a stop was asked for
	Current  int     `json:"current"` // the row being trained or evaluated
	Phase    string  `json:"phase"`   // "training" or "evaluating" while it runs
	Progress float64 `json:"progress"`
	Tests    int     `json:"tests"` // held-out users
	Rows     []Row   `json:"rows"`
	WallMs   float64 `json:"wallMs"`
}

// Row is one rival's outcome.
type Row struct {
	Key           string       `json:"key"`
	Label         string       `json:"label"`
	Settings      string       `json:"settings"`   // in notation
	Epochs        int          `json:"epochs"`     // planned
	Done          int          `json:"epochsDone"` // completed
	EpochMs       []float64    `json:"epochMs"`
	EpochMsMedian float64      `json:"epochMsMedian"`
	TrainMs       float64      `json:"trainMs"`
	Evaluated     bool         `json:"evaluated"`
	Metrics       eval.Metrics `json:"metrics"`
	Err           string       `json:"error,omitempty"`
	Phase         string       `json:"phase"` // "training" or "evaluating" while it runs
	Progress      float64      `json:"progress"`
	SameAs        string       `json:"sameAs,omitempty"` // the key of an earlier row that is the same model
}

// NewComparison is the comparison of rs on tests held-out users, just
// started.
func NewComparison(rs []Rival, tests int) Comparison {
	run := Comparison{Running: true, Phase: "training", Tests: tests}
	same := SameModel(rs)
	for _, r := range rs {
		run.Rows = append(run.Rows, Row{Key: r.Key, Label: r.Label, Settings: r.Settings, Epochs: r.Epochs, Phase: "training", SameAs: same[r.Key]})
	}
	return run
}

// Take folds the workers' message m in, at wallMs since the start.
func (run *Comparison) Take(m work.Msg, wallMs float64) {
	var res work.RivalResult
	if m.Kind == work.MsgError || m.Decode(&res) != nil {
		return
	}
	run.Update(res)
	run.WallMs = wallMs
}

// Update takes a rival's latest figures.
func (run *Comparison) Update(res work.RivalResult) {
	k := slices.IndexFunc(run.Rows, func(r Row) bool { return r.Key == res.Key })
	if k < 0 {
		return
	}
	run.Rows = slices.Clone(run.Rows) // the one published stays as it was
	row := &run.Rows[k]
	row.Done, row.EpochMs, row.TrainMs = res.Epochs, res.EpochMs, res.TrainMs
	row.EpochMsMedian = eval.Median(res.EpochMs)
	row.Metrics, row.Evaluated, row.Err = res.Metrics, res.Evaluated, res.Err
	row.Phase, row.Progress = res.Phase, res.Fraction
	if res.Done {
		row.Phase, row.Progress = "", 1
	}
	// The run's progress is its rows' together; its current row the first
	// still under way.
	run.Progress, run.Current = 0, len(run.Rows)
	for j, r := range run.Rows {
		if r.Phase != "" && run.Current == len(run.Rows) {
			run.Current, run.Phase = j, r.Phase
		}
		run.Progress += r.Progress / float64(len(run.Rows))
	}
}

// End takes the run's end: a failure marks every row not evaluated.
func (run *Comparison) End(stopped bool, failed string, wallMs float64) {
	run.Running, run.Stopping, run.Phase, run.Progress = false, false, "", 0
	run.Stopped, run.Finished = stopped, !stopped
	if failed != "" {
		run.Rows = slices.Clone(run.Rows)
		for k := range run.Rows {
			if !run.Rows[k].Evaluated && run.Rows[k].Err == "" {
				run.Rows[k].Err = failed
			}
		}
	}
	run.WallMs = wallMs
}
