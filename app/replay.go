package app

import (
	"slices"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/ealslive/ealslive/app/work"
	"github.com/ealslive/ealslive/core"
	"github.com/ealslive/ealslive/core/eval"
)

// replaySplit is the paper's online protocol: train on the earliest 90% of
// the interactions, replay the rest.
const replaySplit = 0.9

// The three recommenders of the replay, in the order of every chart.
const (
	laneLearning = work.LaneLearning // eALS, updated after every interaction
	laneFrozen   = work.LaneFrozen   // the same trained model, never updated
	lanePopular  = work.LanePopular  // item counts, updated
)

var laneLabels = map[string]string{
	laneLearning: "eALS, learning each click",
	laneFrozen:   "eALS, no updates",
	lanePopular:  "Popularity",
}

// replayRun is what the page shows of a replay. It is also published, at
// full precision, in window.ealsLiveEvidence for the browser tests.
type replayRun struct {
	Running  bool        `json:"running"`
	Finished bool        `json:"finished"` // the whole stream was replayed
	Stopped  bool        `json:"stopped"`
	Err      string      `json:"error,omitempty"`
	Phase    string      `json:"phase"` // "training" or "replaying" while it runs
	Config   core.Config `json:"config"`
	Epochs   int         `json:"epochs"`     // planned
	Done     int         `json:"epochsDone"` // completed
	Progress float64     `json:"progress"`   // of the current phase
	Train    int         `json:"train"`      // interactions trained on
	Stream   int         `json:"stream"`     // interactions to replay
	Replayed int         `json:"replayed"`
	// The eALS lane's figures: test interactions whose user was unseen in
	// training, and the median time of one incremental update.
	NewUserTests   int        `json:"newUserTests"`
	UpdateMsMedian float64    `json:"updateMsMedian"`
	Lanes          []laneView `json:"lanes"`
	TrainMs        float64    `json:"trainMs"`  // training, the workers' exchanges included
	ReplayMs       float64    `json:"replayMs"` // the slowest lane's replay
	WallMs         float64    `json:"wallMs"`   // start to end
	Workers        int        `json:"workers"`
	// Order is the lanes' keys in chart order, as the replay was asked.
	Order []string `json:"order"`
}

// laneView is one recommender's results so far.
type laneView struct {
	Key       string               `json:"key"`
	Label     string               `json:"label"`
	Overall   eval.Metrics         `json:"overall"`
	ByHistory []eval.HistoryBucket `json:"byHistory"`
	Curve     []eval.CurvePoint    `json:"curve"`
}

// setLanes takes the latest results of some lanes (each worker reports its
// own), keeping the lanes in chart order.
func (r *replayRun) setLanes(ls []work.LaneResult) {
	r.Lanes = slices.Clone(r.Lanes) // the one published stays as it was
	for _, l := range ls {
		v := laneView{Key: l.Key, Label: l.Label, Overall: l.Overall, ByHistory: l.ByHistory, Curve: l.Curve}
		k := slices.IndexFunc(r.Lanes, func(x laneView) bool { return x.Key == l.Key })
		if k < 0 {
			r.Lanes = append(r.Lanes, v)
		} else {
			r.Lanes[k] = v
		}
		if l.Key == laneLearning {
			r.Replayed, r.NewUserTests, r.UpdateMsMedian = l.Replayed, l.NewUserTests, l.UpdateMsMedian
		}
		r.ReplayMs = max(r.ReplayMs, l.ReplayMs)
	}
	slices.SortFunc(r.Lanes, func(a, b laneView) int {
		return slices.Index(r.Order, a.Key) - slices.Index(r.Order, b.Key)
	})
}

// replaySection is "Cold start, replayed": it runs the paper's online
// protocol on the workers and shows it as it goes. The run is its own.
type replaySection struct {
	app.Compo
	Isession *session
	shown    replayRun
	run      run
	model    modelInUse
	data     dataSet
	hold     hold
	ctx      app.Context // its own: the button's belongs to the panel inside
	choices  replayChoices
}

func newReplaySection() *replaySection { return &replaySection{} }

func (c *replaySection) Session(s *session) *replaySection { c.Isession = s; return c }

func (c *replaySection) OnMount(ctx app.Context) {
	c.ctx = ctx
	ctx.ObserveState(drawn(keyModel)).Value(&c.model)
	ctx.ObserveState(drawn(keyData)).Value(&c.data)
	ctx.ObserveState(drawn(keyBusy)).Value(&c.hold)
}

func (c *replaySection) start(ctx app.Context) {
	if timeless(c.data).Reason != "" {
		return
	}
	cfg := c.model.Config
	lanes := replayLanes(cfg, c.choices)
	spec := work.ReplaySpec{Config: cfg, Split: replaySplit, TopN: evalTopN, Lanes: lanes}
	if !c.run.start(ctx, c.Isession, "the replay is running", work.JobSpec{Kind: work.JobReplay, Replay: &spec}, runNews{
		message:  c.onMessage,
		finished: c.onFinished,
	}) {
		return
	}
	c.shown = replayRun{Running: true, Phase: "training", Config: cfg, Epochs: cfg.Epochs, Workers: c.Isession.runs.pool.Size()}
	for _, l := range lanes {
		c.shown.Order = append(c.shown.Order, l.Key)
	}
	c.publish(ctx)
}

func (c *replaySection) onMessage(ctx app.Context, m work.Msg) {
	var p work.ReplayProgress
	if m.Kind == work.MsgError || m.Decode(&p) != nil {
		return
	}
	r := &c.shown
	r.Train, r.Stream, r.Done, r.TrainMs = p.Train, p.Stream, p.Epoch, p.TrainMs
	r.Progress = p.Fraction
	if m.Kind == work.MsgProgress {
		r.Phase = p.Phase
		if p.Phase == "training" {
			r.Progress = float64(p.Epoch) / float64(max(p.Epochs, 1))
		}
	}
	r.setLanes(p.Lanes)
	r.WallMs = c.run.elapsedMs()
	c.publish(ctx)
}

func (c *replaySection) onFinished(ctx app.Context, stopped bool, failed string) {
	r := &c.shown
	r.Running, r.Phase, r.Progress = false, "", 0
	r.WallMs = c.run.elapsedMs()
	switch {
	case failed != "":
		r.Err = failed
	case stopped:
		r.Stopped = true
	default:
		r.Finished = true
	}
	c.publish(ctx)
	c.Isession.announce(ctx, endNews("The replay", stopped, failed), false)
}

func (c *replaySection) onButton(ctx app.Context, start bool) {
	switch {
	case start:
		c.start(c.ctx)
	default:
		c.run.stop(c.Isession)
	}
}

// publish hands the run to the export and the probe.
func (c *replaySection) publish(ctx app.Context) {
	c.Isession.showResults(ctx, func(r *results) { r.Replay = c.shown })
}

func (c *replaySection) Render() app.UI {
	countRender("replay")
	h := hold{}
	if !c.shown.Running {
		h = c.hold
		if t := timeless(c.data); t.Reason != "" {
			h = t
		}
	}
	return newReplayPanel().Run(c.shown).Blocked(h).Stopping(c.shown.Running && c.run.stopping).
		FineClock(fineClock()).OnButton(c.onButton).Choices(c.renderChoices())
}

// timeless holds back the runs that follow the data in time (the replay,
// the newcomers) on data without times.
func timeless(d dataSet) hold {
	if d.Info != nil && !d.Info.HasTimes && d.Info.Source != "" {
		return hold{Reason: "this data has no times, and it replays the data in time order", Final: true}
	}
	return hold{}
}
