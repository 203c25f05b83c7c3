package app

import (
	"slices"
	"time"

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
	run      replayRun
	job      int
	started  time.Time
	stopping bool
	seen     int
	ctx      app.Context // its own: the button's belongs to the panel inside
	choices  replayChoices
	// shown is how many parts of the results are in (replayParts).
	shown int
}

// replayParts is how many steps bring the replay's results in, one part a
// frame (see replayPanel.renderResults): all at once, their first drawing,
// as the first lanes arrived, made one task of the page's thread 70-110 ms
// long while the workers held both cores.
const replayParts = 5

// showResults brings the results' next part in once what is in is on
// screen, and so on until all are; the evidence is published with the
// last.
func (c *replaySection) showResults() {
	if c.shown > 0 {
		return // already coming in
	}
	c.shown = 1
	var next func()
	next = func() {
		c.Isession.onceDrawn(func(app.Context) {
			c.ctx.Dispatch(func(app.Context) {
				if c.shown == 0 {
					return // a new run started meanwhile
				}
				c.shown++
				if c.shown < replayParts {
					next()
				} else {
					c.publish()
				}
			})
		})
	}
	next()
}

func newReplaySection() *replaySection { return &replaySection{} }

func (c *replaySection) Session(s *session) *replaySection { c.Isession = s; return c }

func (c *replaySection) OnMount(ctx app.Context) {
	c.ctx = ctx
	ctx.ObserveState(stateBusy).Value(&c.seen)
}

func (c *replaySection) start(ctx app.Context) {
	s := c.Isession
	cfg := s.cfg
	lanes := replayLanes(cfg, c.choices)
	spec := work.ReplaySpec{Config: cfg, Split: replaySplit, TopN: evalTopN, Lanes: lanes}
	id := s.jobs.start(ctx, "the replay is running", work.JobSpec{Kind: work.JobReplay, Replay: &spec}, jobHandlers{
		message:  c.onMessage,
		finished: c.onFinished,
	})
	if id == 0 {
		return
	}
	c.job, c.stopping, c.started = id, false, time.Now()
	c.shown = 0
	c.run = replayRun{Running: true, Phase: "training", Config: cfg, Epochs: cfg.Epochs, Workers: s.jobs.pool.Size()}
	for _, l := range lanes {
		c.run.Order = append(c.run.Order, l.Key)
	}
	c.publish()
}

func (c *replaySection) onMessage(ctx app.Context, m work.Msg) {
	var p work.ReplayProgress
	if m.Kind == work.MsgError || m.Decode(&p) != nil {
		return
	}
	r := &c.run
	r.Train, r.Stream, r.Done, r.TrainMs = p.Train, p.Stream, p.Epoch, p.TrainMs
	r.Progress = p.Fraction
	if m.Kind == work.MsgProgress {
		r.Phase = p.Phase
		if p.Phase == "training" {
			r.Progress = float64(p.Epoch) / float64(max(p.Epochs, 1))
		}
	}
	r.setLanes(p.Lanes)
	r.WallMs = durationMillis(time.Since(c.started))
	if len(r.Lanes) > 0 {
		c.showResults()
	}
	c.publish()
}

func (c *replaySection) onFinished(ctx app.Context, stopped bool, failed string) {
	r := &c.run
	c.job, c.stopping = 0, false
	r.Running, r.Phase, r.Progress = false, "", 0
	r.WallMs = durationMillis(time.Since(c.started))
	switch {
	case failed != "":
		r.Err = failed
	case stopped:
		r.Stopped = true
	default:
		r.Finished = true
	}
	c.publish()
	c.Isession.announce(ctx, runNews("The replay", stopped, failed), false)
}

func (c *replaySection) onButton(ctx app.Context, start bool) {
	switch {
	case start:
		c.start(c.ctx)
	case c.job != 0:
		c.Isession.jobs.stop(c.job)
		c.stopping = true
	}
}

// publish hands the run to the page's other sections and, once its
// results are all in, to window.ealsLiveEvidence.
func (c *replaySection) publish() {
	c.Isession.evidence.Replay = c.run
	if len(c.run.Lanes) > 0 && c.shown < replayParts {
		return
	}
	c.Isession.publishEvidence()
}

func (c *replaySection) Render() app.UI {
	countRender("replay")
	s := c.Isession
	h := hold{}
	if !c.run.Running {
		h = s.runHold()
	}
	return newReplayPanel().Run(c.run).Shown(c.shown).Blocked(h).Stopping(c.run.Running && c.stopping).
		FineClock(s.metrics.CrossOriginIsolated).OnButton(c.onButton).Choices(c.renderChoices())
}

// evidenceMetrics is published as JSON in window.ealsLiveEvidence, at full
// precision, for the browser tests to compare with the command line.
type evidenceMetrics struct {
	Replay  replayRun  `json:"replay"`
	Compare compareRun `json:"compare"`
	// Newcomer is "Follow a newcomer" (newcomer.go).
	Newcomer newcomerRun `json:"newcomer"`
}
