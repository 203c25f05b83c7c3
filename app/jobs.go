package app

import (
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/ealslive/ealslive/app/work"
	"github.com/ealslive/ealslive/app/worker"
)

// jobs is the one way the page runs long work: on its workers, one run at
// a time. The run holds the workers for the section that started it (the
// others see it as busy), and its news reaches that section on the UI
// goroutine, which redraws only that section.
type jobs struct {
	pool    worker.Pool
	s       *session
	holder  string // what holds the workers, "" when free
	current int    // the job holding them
}

// holdTraining is what holds the workers while a model trains.
const holdTraining = "the model is training"

func newJobs(pool worker.Pool, s *session) *jobs { return &jobs{pool: pool, s: s} }

// jobHandlers hear a run's news on the UI goroutine of the section that
// started it.
type jobHandlers struct {
	// message hears each progress, result and error message.
	message func(ctx app.Context, m work.Msg)
	// finished hears the end, with whether it stopped early and, if it
	// failed, why.
	finished func(ctx app.Context, stopped bool, err string)
}

// start runs spec, unless another run holds the workers, in which case it
// returns 0. what names the run for the other sections ("the replay is
// running").
func (j *jobs) start(ctx app.Context, what string, spec work.JobSpec, h jobHandlers) int {
	if j.holder != "" {
		return 0
	}
	j.holder = what
	var id int
	id = j.pool.Start(spec, worker.Handlers{
		Message: func(m work.Msg) {
			ctx.Dispatch(func(ctx app.Context) {
				if h.message != nil {
					h.message(ctx, m)
				}
			})
		},
		Finished: func(stopped bool, failures []work.Failure) {
			ctx.Dispatch(func(ctx app.Context) {
				if j.current == id {
					j.holder, j.current = "", 0
					j.s.changed(ctx, stateBusy)
				}
				if h.finished != nil {
					h.finished(ctx, stopped, failureText(failures))
				}
			})
		},
	})
	j.current = id
	j.s.changed(ctx, stateBusy)
	return id
}

// stop asks run id to stop.
func (j *jobs) stop(id int) {
	if id != 0 {
		j.pool.Stop(id)
	}
}

// failureText joins what went wrong in a run's workers, each cause once.
func failureText(fs []work.Failure) string {
	var msgs []string
	for _, f := range fs {
		if !contains(msgs, f.Message) {
			msgs = append(msgs, f.Message)
		}
	}
	return strings.Join(msgs, "; ")
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
