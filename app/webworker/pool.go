package webworker

import "github.com/ealslive/ealslive/app/work"

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
