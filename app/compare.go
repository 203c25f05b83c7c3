package app

import (
	"fmt"
	"slices"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/ealslive/ealslive/app/work"
	"github.com/ealslive/ealslive/core"
	"github.com/ealslive/ealslive/core/eval"
)

// compareBPREpochs is BPR's training length in the comparison: the
// command line's default, tuned on this data (core.DefaultBPRConfig). In a
// browser it takes a few seconds.
const compareBPREpochs = 50

// The rivals, in table order.
const (
	rivalWeighted = "eals"
	rivalUniform  = "uniform"
	rivalBPR      = "bpr"
	rivalRCD      = "rcd"
)

// rival is one model of the comparison: how to train it and what it is.
type rival struct {
	Key, Label string
	Settings   string // in notation (see notation)
	Epochs     int
	eals       *core.Config // nil for BPR and RCD
	bpr        *core.BPRConfig
	rcd        *core.RCDConfig
}

// rivals returns the models the comparison trains, set up as the command
// line sets them up for the same flags: eALS with the page's settings,
// eALS with α = 0 (Hu et al.'s uniform weighting, w0 = c0/N), BPR with its
// tuned learning rate and the page's K, λ and seed (`eals -model bpr -k K
// -lambda λ -seed S -epochs 50`), and RCD with the page's settings and its
// own uniform weights (`eals -model rcd -alpha 0`). Each row's label says
// what it is for these settings: with α = 0 the first row is not
// popularity-weighted.
func rivals(cfg core.Config) []rival {
	uniform := cfg
	uniform.Alpha = 0
	bpr := replayBPR(cfg)
	rcd := replayRCD(cfg)
	label := "eALS, popularity-weighted"
	if cfg.Alpha == 0 {
		label = "eALS, your settings (α = 0: uniform)"
	}
	return []rival{
		{Key: rivalWeighted, Label: label,
			Settings: fmt.Sprintf("K = %d, α = %g, c_0 = %g, λ = %g", cfg.K, cfg.Alpha, cfg.C0, cfg.Lambda), Epochs: cfg.Epochs, eals: &cfg},
		{Key: rivalUniform, Label: "eALS, uniform weights",
			Settings: fmt.Sprintf("K = %d, α = 0, c_0 = %g, λ = %g", cfg.K, cfg.C0, cfg.Lambda), Epochs: uniform.Epochs, eals: &uniform},
		{Key: rivalBPR, Label: "BPR",
			Settings: fmt.Sprintf("K = %d, learning rate %g, λ = %g", bpr.K, bpr.LearnRate, bpr.Lambda), Epochs: bpr.Epochs, bpr: &bpr},
		{Key: rivalRCD, Label: "RCD, uniform weights",
			Settings: fmt.Sprintf("K = %d, α = %g, c_0 = %g, λ = %g, line search as its authors'", rcd.K, rcd.Alpha, rcd.C0, rcd.Lambda),
			Epochs:   rcd.Epochs, rcd: &rcd},
	}
}

// sameModel returns, for each rival, the key of an earlier rival that is
// the very same model (same kind, same settings), or "": such rows are
// equal by construction, and comparing them says nothing.
func sameModel(rs []rival) map[string]string {
	same := map[string]string{}
	for k, r := range rs {
		for _, e := range rs[:k] {
			if r.eals != nil && e.eals != nil && *r.eals == *e.eals {
				same[r.Key] = e.Key
				break
			}
		}
	}
	return same
}

// compareRun is what the page shows of the comparison; like replayRun it
// is published in window.ealsLiveEvidence.
type compareRun struct {
	Running  bool         `json:"running"`
	Finished bool         `json:"finished"`
	Stopped  bool         `json:"stopped"`
	Current  int          `json:"current"` // the row being trained or evaluated
	Phase    string       `json:"phase"`   // "training" or "evaluating" while it runs
	Progress float64      `json:"progress"`
	Tests    int          `json:"tests"` // held-out users
	Rows     []compareRow `json:"rows"`
	WallMs   float64      `json:"wallMs"`
}

// compareRow is one rival's outcome.
type compareRow struct {
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

func newCompareRun(rs []rival, tests int) compareRun {
	run := compareRun{Running: true, Phase: "training", Tests: tests}
	same := sameModel(rs)
	for _, r := range rs {
		run.Rows = append(run.Rows, compareRow{Key: r.Key, Label: r.Label, Settings: r.Settings, Epochs: r.Epochs, Phase: "training", SameAs: same[r.Key]})
	}
	return run
}

// compareSpec is the workers' job for the rivals.
func compareSpec(rs []rival) work.CompareSpec {
	spec := work.CompareSpec{TopN: evalTopN}
	for _, r := range rs {
		spec.Rivals = append(spec.Rivals, work.Rival{Key: r.Key, Epochs: r.Epochs, EALS: r.eals, BPR: r.bpr, RCD: r.rcd})
	}
	return spec
}

// update takes a rival's latest figures.
func (run *compareRun) update(res work.RivalResult) {
	k := slices.IndexFunc(run.Rows, func(r compareRow) bool { return r.Key == res.Key })
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

// compareSection is "eALS against its rivals": it trains the rivals on the
// workers, each worker its share of them, and shows their accuracy and
// speed side by side. The run is its own.
type compareSection struct {
	app.Compo
	Isession *session
	shown    compareRun
	run      run
	model    modelInUse
	data     dataSet
	hold     hold
	ctx      app.Context // its own: the button's belongs to the panel inside
}

func newCompareSection() *compareSection { return &compareSection{} }

func (c *compareSection) Session(s *session) *compareSection { c.Isession = s; return c }

func (c *compareSection) OnMount(ctx app.Context) {
	c.ctx = ctx
	ctx.ObserveState(drawn(keyModel)).Value(&c.model)
	ctx.ObserveState(drawn(keyData)).Value(&c.data)
	ctx.ObserveState(drawn(keyBusy)).Value(&c.hold)
}

func (c *compareSection) start(ctx app.Context) {
	rs := rivals(c.model.Config)
	spec := compareSpec(rs)
	if !c.run.start(ctx, c.Isession, "the comparison is running", work.JobSpec{Kind: work.JobCompare, Compare: &spec}, runNews{
		message:  c.onMessage,
		finished: c.onFinished,
	}) {
		return
	}
	c.shown = newCompareRun(rs, c.data.Info.TestCases)
	c.publish(ctx)
}

func (c *compareSection) onMessage(ctx app.Context, m work.Msg) {
	var res work.RivalResult
	if m.Kind == work.MsgError || m.Decode(&res) != nil {
		return
	}
	c.shown.update(res)
	c.shown.WallMs = c.run.elapsedMs()
	c.publish(ctx)
}

func (c *compareSection) onFinished(ctx app.Context, stopped bool, failed string) {
	r := &c.shown
	r.Running, r.Phase, r.Progress = false, "", 0
	r.Stopped, r.Finished = stopped, !stopped
	if failed != "" {
		r.Rows = slices.Clone(r.Rows)
		for k := range r.Rows {
			if !r.Rows[k].Evaluated && r.Rows[k].Err == "" {
				r.Rows[k].Err = failed
			}
		}
	}
	r.WallMs = c.run.elapsedMs()
	c.publish(ctx)
	c.Isession.announce(ctx, endNews("The comparison", stopped, failed), false)
}

func (c *compareSection) onButton(ctx app.Context, start bool) {
	switch {
	case start:
		c.start(c.ctx)
	default:
		c.run.stop(c.Isession)
	}
}

// publish hands the run to the export and the probe.
func (c *compareSection) publish(ctx app.Context) {
	c.Isession.showResults(ctx, func(r *results) { r.Compare = c.shown })
}

func (c *compareSection) Render() app.UI {
	countRender("compare")
	h := hold{}
	if !c.shown.Running {
		h = c.hold
	}
	return newComparePanel().Run(c.shown).Blocked(h).Stopping(c.shown.Running && c.run.stopping).OnButton(c.onButton)
}
