package app

import (
	"errors"
	"slices"
	"sync/atomic"
	"time"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/ealslive/ealslive/core"
	"github.com/ealslive/ealslive/core/eval"
)

// replaySplit is the paper's online protocol: train on the earliest 90% of
// the interactions, replay the rest.
const replaySplit = 0.9

// evidenceEvery is how often the replay and the comparison redraw their
// progress: each redraw renders the whole page and copies every lane's
// results, and five times a second is enough to watch the curves grow.
const evidenceEvery = 200 * time.Millisecond

// The three recommenders of the replay, in the order of every chart.
const (
	laneLearning = "eals"   // eALS, updated after every interaction
	laneFrozen   = "frozen" // the same trained model, never updated
	lanePopular  = "pop"    // item counts, updated
)

var laneLabels = map[string]string{
	laneLearning: "eALS, learning each click",
	laneFrozen:   "eALS, no updates",
	lanePopular:  "Popularity",
}

// replayLanes runs the online protocol for three recommenders over the same
// stream in lockstep, so their curves advance together: the trained eALS
// model learning from each interaction, a copy of it taken before the
// replay that never learns, and popularity counted on the same training
// data and kept up to date.
type replayLanes struct {
	keys   []string
	online []*eval.Online
}

func newReplayLanes(train *core.Dataset, stream []core.Interaction, m *core.Model) (*replayLanes, error) {
	frozen := eval.Frozen(m.Clone()) // before the first update changes m
	pop, err := core.NewPopularity(train)
	if err != nil {
		return nil, err
	}
	opts := eval.Options{TopN: evalTopN}
	return &replayLanes{
		keys: []string{laneLearning, laneFrozen, lanePopular},
		online: []*eval.Online{
			eval.NewOnline(m, train, stream, opts),
			eval.NewOnline(frozen, train, stream, opts),
			eval.NewOnline(pop, train, stream, opts),
		},
	}, nil
}

// step replays up to budget more interactions on every lane.
func (l *replayLanes) step(budget int) (done bool, err error) {
	done = true
	for _, o := range l.online {
		d, err := o.Step(budget)
		if err != nil {
			return true, err
		}
		done = done && d
	}
	return done, nil
}

func (l *replayLanes) progress() float64 { return l.online[0].Progress() }

func (l *replayLanes) results() []eval.OnlineResult {
	rs := make([]eval.OnlineResult, len(l.online))
	for k, o := range l.online {
		rs[k] = o.Result()
	}
	return rs
}

// replayRun is what the page shows of a replay; the goroutine that runs it
// keeps its own and dispatches copies. It is also published, at full
// precision, in window.ealsLiveEvidence for the browser tests.
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
	TrainMs        float64    `json:"trainMs"`  // computing the epochs
	ReplayMs       float64    `json:"replayMs"` // computing the replay, three lanes
	WallMs         float64    `json:"wallMs"`   // start to end, with the pauses that keep the page responsive
}

// laneView is one recommender's results so far.
type laneView struct {
	Key       string               `json:"key"`
	Label     string               `json:"label"`
	Overall   eval.Metrics         `json:"overall"`
	ByHistory []eval.HistoryBucket `json:"byHistory"`
	Curve     []eval.CurvePoint    `json:"curve"`
}

func (r replayRun) clone() replayRun {
	r.Lanes = slices.Clone(r.Lanes) // the lanes' slices are fresh copies from Online.Result
	return r
}

func (r *replayRun) setResults(keys []string, rs []eval.OnlineResult) {
	r.Lanes = make([]laneView, len(rs))
	for k, res := range rs {
		r.Lanes[k] = laneView{Key: keys[k], Label: laneLabels[keys[k]], Overall: res.Metrics,
			ByHistory: res.ByHistory, Curve: res.Curve}
	}
	if len(rs) > 0 {
		r.Replayed = rs[0].Count
		r.NewUserTests = rs[0].NewUserTests
		r.UpdateMsMedian = 1000 * eval.Median(rs[0].UpdateSeconds)
	}
}

// errStopped ends a run the visitor stopped.
var errStopped = errors.New("stopped")

// evidenceReporter returns the report function of a long evidence run: at
// most every evidenceEvery unless forced, it has snapshot copy the run's
// state (given the time since the start) on the run's goroutine and
// applies the copy to the page on the UI goroutine, so the views never
// read a run while it changes.
func (p *Page) evidenceReporter(ctx app.Context, snapshot func(wall time.Duration) (apply func())) func(force bool) {
	began := time.Now()
	redraw := throttle{every: evidenceEvery}
	return func(force bool) {
		if !redraw.due(force) {
			return
		}
		apply := snapshot(time.Since(began))
		ctx.Dispatch(func(app.Context) {
			apply()
			p.publishEvidence()
		})
	}
}

// runReplay runs a replay (see replayRun.execute) for the page,
// dispatching copies of its progress, at most every evidenceEvery unless
// forced, so the curves grow while it runs.
func (p *Page) runReplay(ctx app.Context, data *core.Dataset, cfg core.Config, stop *atomic.Bool) {
	run := replayRun{Running: true, Phase: "training", Config: cfg, Epochs: cfg.Epochs}
	show := p.evidenceReporter(ctx, func(wall time.Duration) func() {
		run.WallMs = durationMillis(wall)
		snap := run.clone()
		return func() { p.evidence.replay = snap }
	})
	err := run.execute(data, show, stop.Load)
	run.Running, run.Phase, run.Progress = false, "", 0
	switch {
	case errors.Is(err, errStopped):
		run.Stopped = true
	case err != nil:
		run.Err = err.Error()
	default:
		run.Finished = true
	}
	show(true)
}

// execute splits the data by time, trains eALS on the first part, then
// replays the rest on the three lanes, each in chunks with a millisecond's
// sleep between them so the page stays responsive. It calls report after
// every chunk (force: at a change of phase) and returns errStopped if stop
// says so between chunks.
func (run *replayRun) execute(data *core.Dataset, report func(force bool), stop func() bool) error {
	train, stream, err := data.TimeSplit(replaySplit)
	if err != nil {
		return err
	}
	run.Train, run.Stream = train.Len(), len(stream)
	t, err := core.NewTrainer(train, run.Config)
	if err != nil {
		return err
	}
	report(true)
	epochs := newChunker(chunkTarget, startBudget)
	for run.Done < run.Epochs {
		compute, completed, err := epochs.run(t.Step, func() {
			run.Progress = t.Progress()
			report(false)
		}, stop)
		run.TrainMs += durationMillis(compute)
		if err != nil {
			return err
		}
		if !completed {
			return errStopped
		}
		run.Done++
		run.Progress = 0
		report(false)
	}

	lanes, err := newReplayLanes(train, stream, t.Model())
	if err != nil {
		return err
	}
	run.Phase = "replaying"
	report(true)
	results := throttle{every: evidenceEvery, last: time.Now()}
	compute, completed, laneErr := newChunker(chunkTarget, 20).run(lanes.step, func() {
		run.Progress = lanes.progress()
		// Results copy every lane's curve and update times: not after
		// every chunk.
		if results.due(false) {
			run.setResults(lanes.keys, lanes.results())
		}
		report(false)
	}, stop)
	run.ReplayMs = durationMillis(compute)
	run.setResults(lanes.keys, lanes.results())
	switch {
	case laneErr != nil:
		return laneErr
	case !completed:
		return errStopped
	}
	return nil
}
