package app

import (
	"slices"
	"strings"
	"time"

	"github.com/ealslive/ealslive/app/datainfo"
	"github.com/ealslive/ealslive/app/runs"
	"github.com/ealslive/ealslive/app/textfmt"
	"github.com/ealslive/ealslive/app/webworker"
	"github.com/ealslive/ealslive/app/work"
	"github.com/ealslive/ealslive/core"
)

// runner is the one owner of the page's long runs, which the workers
// carry out one at a time: loading data (loading.go), training the model
// your list comes from (training.go), and the evidence runs and the second
// model (evidence.go, and fullretrainrun.go for your list against a full
// retrain). The sections send it commands (runCommands) and
// draw what it publishes: the data, the model in use, each run's state,
// what holds the workers, and how far the page has got. Nothing else
// starts, stops or hears a run.
type runner struct {
	pub     publisher
	page    runPage
	pool    webworker.Pool // nil until the workers have started
	version string         // the page's version, which names the models kept
	packURL string
	failed  bool // the page stopped on an error

	// holder is the run holding the workers, "" when free; current its
	// job; jobs the job under way of each kind.
	holder  runKind
	current int
	jobs    map[runKind]*job
	stage   stage // as last published

	// The data (loading.go).
	data        dataSet
	source      dataSource  // where the data in use comes from
	loading     *dataSource // what the workers read, while they read other data
	loads       int         // numbers the loads, so that an answer to one replaced by another is not taken
	loadProblem string      // why the data last chosen could not be used, while the workers go back
	heldFailure *datainfo.Failure

	// The model in use and its training (training.go).
	inUse         modelInUse
	training      trainingShown
	adopted       bool         // the training's model is yours
	restoreFailed bool         // the kept model could not be read: trained afresh when the job ends
	forLoad       int          // the load of the data the training trains on
	next          *core.Config // a training asked for while one on data since replaced ends

	// The evidence runs (evidence.go).
	replay   runs.Replay
	compare  runs.Comparison
	newcomer runs.Newcomers
	second   secondRun
	retrain  runs.Retrain // fullretrainrun.go
}

// runPage is what the runner tells the rest of the page: the session.
type runPage interface {
	// dataArrived says the data in use is d, from src: you on it, with
	// your clicks on it.
	dataArrived(d dataSet, src dataSource, first bool)
	// modelArrived hands you the trained model; only a model that cannot
	// rank for a new user is an error.
	modelArrived(m *core.Model) error
	// modelGone lets you go of the model in use, your clicks kept for the
	// next.
	modelGone()
	note(msg string)
	fail(f datainfo.Failure)
	announce(msg string)
	// runEnded follows the end of a run of kind, once its figures are
	// published.
	runEnded(kind runKind)
}

// job is a run under way: its number with the workers, when it started
// and whether a stop was asked for.
type job struct {
	id       int
	started  time.Time
	stopping bool
}

func (j *job) elapsedMs() float64 { return textfmt.DurationMillis(time.Since(j.started)) }

func newRunner(pub publisher, page runPage, version, packURL string) *runner {
	return &runner{pub: pub, page: page, version: version, packURL: packURL, jobs: map[runKind]*job{},
		inUse: modelInUse{Config: runs.PageConfig()}}
}

// start runs spec as the run of kind, unless another run holds the
// workers or the page cannot run it now; it reports whether it started.
// message and finished hear its news on the UI goroutine. The first
// training is asked for with the data, before it is in; every other run
// waits for it.
func (r *runner) start(kind runKind, spec work.JobSpec, message func(j *job, m work.Msg), finished func(j *job, stopped bool, failed string)) bool {
	if r.pool == nil || r.holder != "" || r.failed || (kind != runTraining && r.busy() != "") {
		return false
	}
	j := &job{started: time.Now()}
	r.holder, r.jobs[kind] = kind, j
	id := r.pool.Start(spec, webworker.Handlers{
		Message: func(m work.Msg) { r.pub.dispatch(func() { message(j, m) }) },
		Finished: func(stopped bool, fs []work.Failure) {
			r.pub.dispatch(func() {
				if r.jobs[kind] == j {
					delete(r.jobs, kind)
				}
				if r.current == j.id {
					r.holder, r.current = "", 0
					r.publishHold()
				}
				finished(j, stopped, failureText(fs))
				r.page.runEnded(kind)
			})
		},
	})
	j.id, r.current = id, id
	r.publishHold()
	return true
}

// running reports whether a run of kind is under way.
func (r *runner) running(kind runKind) bool { return r.jobs[kind] != nil }

// Stop asks the run of kind under way to stop at the workers' next look
// at the page's messages (work.Env.Stops).
func (r *runner) Stop(kind runKind) {
	j := r.jobs[kind]
	if j == nil {
		return
	}
	r.pool.Stop(j.id)
	j.stopping = true
	switch kind {
	case runTraining:
		r.publishTraining()
	case runReplay:
		r.replay.Stopping = true
		r.pub.publish(keyReplay, r.replay)
	case runCompare:
		r.compare.Stopping = true
		r.pub.publish(keyCompare, r.compare)
	case runSecond:
		r.second.Stopping = true
		r.pub.publish(keySecond, r.second)
	case runRetrain:
		r.retrain.Stopping = true
		r.pub.publish(keyRetrain, r.retrain)
	}
}

// busy says why a long run cannot start now, or "" if it can: they all
// need the workers.
func (r *runner) busy() string {
	switch {
	case r.failed && r.data.Cat == nil:
		return "the data could not be loaded"
	case r.failed:
		return "the page stopped on the error shown at the top"
	case r.pool == nil:
		return "the workers have not started"
	case r.holder == "" && r.loading != nil:
		return "the data is being read"
	}
	return holdReasons[r.holder]
}

// holdReasons say what holds the workers.
var holdReasons = map[runKind]string{
	runTraining: "the model is training",
	runReplay:   "the replay is running",
	runCompare:  "the comparison is running",
	runNewcomer: "newcomers are being followed",
	runSecond:   "the second model is training",
	runRetrain:  "the model is being retrained with your likes",
}

func (r *runner) publishHold() {
	r.pub.publish(keyBusy, hold{Reason: r.busy(), Final: r.failed})
	r.publishStage()
}

// publishStage publishes how far the page has got, when that changed:
// ready only once the workers are free of training too, for the runs that
// wait for them.
func (r *runner) publishStage() {
	s := stageLoading
	switch {
	case r.failed:
		s = stageFailed
	case r.adopted && r.holder != runTraining:
		s = stageReady
	case r.adopted || r.running(runTraining) || r.data.Cat != nil:
		s = stageTraining
	}
	if s != r.stage {
		r.stage = s
		r.pub.publish(keyStage, s)
	}
}

// halt stops the runs for good: the page has failed.
func (r *runner) halt() {
	r.failed = true
	if r.data.Cat == nil {
		r.data.Failed = true
	}
	r.pub.publish(keyData, r.data)
	r.publishTraining()
	r.publishHold()
}

// failureText joins what went wrong in a run's workers, each cause once.
func failureText(fs []work.Failure) string {
	var msgs []string
	for _, f := range fs {
		if !slices.Contains(msgs, f.Message) {
			msgs = append(msgs, f.Message)
		}
	}
	return strings.Join(msgs, "; ")
}

// endsAs says how the run named what ended, for the live region.
func endsAs(what string) func(stopped bool, failed string) string {
	return func(stopped bool, failed string) string { return endNews(what, stopped, failed) }
}

// endNews says how a run ended, for the live region.
func endNews(what string, stopped bool, failed string) string {
	switch {
	case failed != "":
		return what + " failed: " + failed + "."
	case stopped:
		return what + " stopped; its figures so far are shown."
	}
	return what + " finished; its figures are shown."
}
