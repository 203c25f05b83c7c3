package webworker

import (
	"sync"

	"github.com/ealslive/ealslive/app/work"
)

// Pool is the page's handle on its workers: in a browser the Web Workers of
// NewPool, elsewhere the goroutines of NewLocalPool. Its handlers are
// called on a goroutine of its own (in a browser, the JavaScript event
// loop's): they must not wait, and a page hands their news to its UI
// goroutine.
type Pool interface {
	// Size is the number of workers.
	Size() int
	// LoadData gives every worker the data, with spec: parts' bytes (a pack,
	// or a log and its item file; see work.DataSpec), or, when parts is
	// nil, what spec names: the pack at spec.Pack, which each worker
	// downloads itself (and has most often decoded already, see
	// work.DecodeAhead), a kept log or a planted world. on hears worker 0's
	// MsgData, or a MsgError if the data cannot be used.
	LoadData(parts [][]byte, spec work.DataSpec, on func(work.Msg))
	// Start runs a job on every worker and returns its number.
	Start(spec work.JobSpec, h Handlers) int
	// Stop asks a job to stop (see work.Env.Stops).
	Stop(job int)
}

// Handlers hear a job's news.
type Handlers struct {
	// Message hears each MsgProgress, MsgResult and MsgError.
	Message func(m work.Msg)
	// Finished is called once, after the last worker is done, with whether
	// the job stopped early and its failures, if any.
	Finished func(stopped bool, failures []work.Failure)
}

// jobTable numbers the jobs under way and routes the workers' news to
// whoever waits for it: the data's handler, or a job's.
type jobTable struct {
	mu     sync.Mutex
	next   int
	jobs   map[int]*jobState
	onData func(work.Msg)
}

// add follows a new job and returns its number.
func (t *jobTable) add(h Handlers) int {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.jobs == nil {
		t.jobs = map[int]*jobState{}
	}
	t.next++
	t.jobs[t.next] = &jobState{h: h}
	return t.next
}

// hearData points worker 0's data news at on.
func (t *jobTable) hearData(on func(work.Msg)) {
	t.mu.Lock()
	t.onData = on
	t.mu.Unlock()
}

// hasData says whether the workers were given data.
func (t *jobTable) hasData() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.onData != nil
}

// route hands m from one of the workers to whoever waits for it. It
// reports whether m is a failure of a job still under way, whose other
// workers then wait for the failed one.
func (t *jobTable) route(m work.Msg, workers int) (failed bool) {
	t.mu.Lock()
	j := t.jobs[m.Job]
	onData := t.onData
	t.mu.Unlock()
	switch {
	case m.Job == 0 && onData != nil:
		onData(m)
	case j != nil:
		if j.deliver(m, workers) {
			t.mu.Lock()
			delete(t.jobs, m.Job)
			t.mu.Unlock()
			return false
		}
		return m.Kind == work.MsgError
	}
	return false
}

// failAll ends every job under way with the failure why.
func (t *jobTable) failAll(why string) {
	t.mu.Lock()
	jobs := t.jobs
	t.jobs = nil
	t.mu.Unlock()
	for _, j := range jobs {
		j.failures = append(j.failures, work.Failure{Worker: -1, Message: why})
		if j.h.Finished != nil {
			j.h.Finished(false, j.failures)
		}
	}
}

// jobState follows one job until every worker is done.
type jobState struct {
	h        Handlers
	done     int
	stopped  bool
	failures []work.Failure
}

// deliver hands m to the job's handlers and reports whether the job is
// finished, after which it is forgotten.
func (j *jobState) deliver(m work.Msg, workers int) bool {
	switch m.Kind {
	case work.MsgDone:
		var d work.Done
		if m.Decode(&d) == nil && d.Stopped {
			j.stopped = true
		}
		j.done++
		if j.done < workers {
			return false
		}
		if j.h.Finished != nil {
			j.h.Finished(j.stopped, j.failures)
		}
		return true
	case work.MsgError:
		var f work.Failure
		if err := m.Decode(&f); err != nil {
			f.Message = err.Error()
		}
		j.failures = append(j.failures, f)
	}
	if j.h.Message != nil {
		j.h.Message(m)
	}
	return false
}
