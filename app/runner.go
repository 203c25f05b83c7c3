package app

import (
	"slices"
	"strings"
	"time"

	"github.com/ealslive/ealslive/app/textfmt"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/ealslive/ealslive/app/webworker"
	"github.com/ealslive/ealslive/app/work"
)

// runner is the one way the page runs long work: on its workers, one run
// at a time. The run holds the workers for the section that started it
// (the others see them busy), and its news reaches that section on the UI
// goroutine, which redraws only that section.
type runner struct {
	pool    webworker.Pool
	s       *session
	holder  string // what holds the workers, "" when free
	current int    // the job holding them
}

// holdTraining is what holds the workers while a model trains.
const holdTraining = "the model is training"

func newRunner(pool webworker.Pool, s *session) *runner { return &runner{pool: pool, s: s} }

// run is a section's hold on one long run: the job under way, when it
// started and whether a stop was asked for. Every section that starts a
// run keeps one.
type run struct {
	job      int // 0 when none is under way
	started  time.Time
	stopping bool
}

// runNews hears a run's news on the UI goroutine of the section that
// started it.
type runNews struct {
	// message hears each progress, result and error message.
	message func(ctx app.Context, m work.Msg)
	// finished hears the end, with whether it stopped early and, if it
	// failed, why.
	finished func(ctx app.Context, stopped bool, failed string)
}

// start runs spec, naming it what for the other sections ("the replay is
// running"), unless another run holds the workers; it reports whether it
// started. ctx is the section's own; its control holds it back while the
// page is not ready for it (session.runHold).
func (r *run) start(ctx app.Context, s *session, what string, spec work.JobSpec, news runNews) bool {
	// The first training is asked for with the data, before it is in;
	// every other run waits for it.
	if s.runs == nil || s.runs.holder != "" || s.stage == stageFailed || (what != holdTraining && s.busy() != "") {
		return false
	}
	rn := s.runs
	rn.holder = what
	var id int
	id = rn.pool.Start(spec, webworker.Handlers{
		Message: func(m work.Msg) {
			ctx.Dispatch(func(ctx app.Context) {
				if news.message != nil {
					news.message(ctx, m)
				}
			})
		},
		Finished: func(stopped bool, failures []work.Failure) {
			ctx.Dispatch(func(ctx app.Context) {
				if r.job == id {
					r.job, r.stopping = 0, false
				}
				if rn.current == id {
					rn.holder, rn.current = "", 0
					s.publish(ctx, keyBusy, s.runHold())
				}
				if news.finished != nil {
					news.finished(ctx, stopped, failureText(failures))
				}
			})
		},
	})
	rn.current = id
	r.job, r.started, r.stopping = id, time.Now(), false
	s.publish(ctx, keyBusy, s.runHold())
	return true
}

// stop asks the run under way to stop.
func (r *run) stop(s *session) {
	if r.job != 0 {
		s.runs.pool.Stop(r.job)
		r.stopping = true
	}
}

// running reports whether the run is under way.
func (r *run) running() bool { return r.job != 0 }

// elapsedMs is the time since the run started, in milliseconds.
func (r *run) elapsedMs() float64 { return textfmt.DurationMillis(time.Since(r.started)) }

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
