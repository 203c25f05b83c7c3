package work

import (
	"errors"
	"fmt"
)

// Worker is what one worker keeps between jobs: the decoded pack and its
// splits.
type Worker struct {
	env  Env
	data *Data
	// followModel is the model newcomer requests follow newcomers on,
	// trained once per settings.
	followModel *newcomerModel
	// readAhead is the kept model worker 0 read with the data, for the
	// first training job (see DataSpec); nil if it found none.
	readAhead *keptModel
	// prepared is the model the next training job with its settings
	// starts from, made while the worker waited for the job (prepare).
	prepared *preparedModel
	// ahead is the pack decoded before the page asked (DecodeAhead).
	ahead *packIn
	// trained are the models training jobs ended with, newest first
	// (trained.go).
	trained []*trainedModel
}

// NewWorker returns a worker that talks through env.
func NewWorker(env Env) *Worker { return &Worker{env: env} }

// JobSpec is the head of a MsgJob: one of its fields, named by Kind.
type JobSpec struct {
	Kind    string
	Train   *TrainSpec   `json:",omitempty"`
	Replay  *ReplaySpec  `json:",omitempty"`
	Compare *CompareSpec `json:",omitempty"`
	// Newcomer follows newcomers of the online stream (newcomer.go).
	Newcomer *NewcomerSpec `json:",omitempty"`
	// Retrain sets the visitor's incremental model beside a full retrain
	// with their clicks (retrain.go).
	Retrain *RetrainSpec `json:",omitempty"`
}

// The kinds of job.
const (
	JobTrain    = "train"
	JobReplay   = "replay"
	JobCompare  = "compare"
	JobNewcomer = "newcomer"
	JobRetrain  = "retrain"
)

// Failure is the head of a MsgError.
type Failure struct {
	Worker  int
	Message string
	Kind    string `json:",omitempty"` // for a pack: "download", "truncated", "version", "notpack" or "invalid"
	Version int64  `json:",omitempty"` // the schema version of a pack of another version
	Status  int    `json:",omitempty"` // the HTTP status of a failed download, 0 for none
}

// Done is the head of a MsgDone.
type Done struct {
	Worker  int
	Stopped bool // the job ended early at the page's request
}

// errStopped ends a job the page stopped.
var errStopped = errors.New("work: stopped")

// Handle runs one message from the page: the pack, or a job, which runs to
// its end (or until stopped) before Handle returns. Every job ends with a
// MsgDone, after a MsgError if it failed.
func (w *Worker) Handle(m Msg) {
	switch m.Kind {
	case MsgData:
		w.loadData(m)
	case MsgJob:
		var spec JobSpec
		err := m.Decode(&spec)
		if err == nil {
			err = w.run(m.Job, spec)
		}
		if err != nil && !errors.Is(err, errStopped) {
			w.env.Post(NewMsg(MsgError, m.Job, Failure{Worker: w.env.Index(), Message: err.Error()}))
		}
		w.env.Post(NewMsg(MsgDone, m.Job, Done{Worker: w.env.Index(), Stopped: errors.Is(err, errStopped)}))
	}
}

func (w *Worker) run(job int, spec JobSpec) error {
	if w.data == nil {
		return errors.New("work: the data has not been loaded")
	}
	switch {
	case spec.Kind == JobTrain && spec.Train != nil:
		return w.train(job, *spec.Train)
	case spec.Kind == JobReplay && spec.Replay != nil:
		return w.replay(job, *spec.Replay)
	case spec.Kind == JobCompare && spec.Compare != nil:
		return w.compare(job, *spec.Compare)
	case spec.Kind == JobNewcomer && spec.Newcomer != nil:
		return w.newcomers(job, *spec.Newcomer)
	case spec.Kind == JobRetrain && spec.Retrain != nil:
		return w.retrain(job, *spec.Retrain)
	}
	return fmt.Errorf("work: a job of kind %q without its settings", spec.Kind)
}

// sendAll sends m to every other worker.
func sendAll(env Env, m Msg) {
	for to := 0; to < env.Count(); to++ {
		if to != env.Index() {
			env.Send(to, m)
		}
	}
}

// receiveKind returns the next message from worker from, which must be of
// the given kind: the workers of a job move in step, so anything else is a
// bug or a worker that failed. If head is not nil, the message's head is
// decoded into it.
func receiveKind(env Env, from int, kind string, head any) (Msg, error) {
	m, err := env.Receive(from)
	if err != nil {
		return Msg{}, err
	}
	if m.Kind != kind {
		return Msg{}, fmt.Errorf("work: worker %d sent %q where %q was due", from, m.Kind, kind)
	}
	if head != nil {
		if err := m.Decode(head); err != nil {
			return Msg{}, err
		}
	}
	return m, nil
}

// next is the head of msgNext: worker 0 tells the others whether the job
// goes on and, after a meeting, whether every worker is done.
type next struct{ Go, Done bool }

// arrived is the head of msgMeet: a worker has reached a meeting, done or
// not with its part.
type arrived struct{ Done bool }

// meet holds the workers in step: each reports whether it is done with its
// part, worker 0 waits for all, decides whether they go on, and tells them,
// with whether all are done.
func meet(env Env, job int, done bool, decide func() bool) (goOn, allDone bool, err error) {
	if env.Index() != 0 {
		env.Send(0, NewMsg(msgMeet, job, arrived{Done: done}))
		var n next
		if _, err := receiveKind(env, 0, msgNext, &n); err != nil {
			return false, false, err
		}
		return n.Go, n.Done, nil
	}
	allDone = done
	for from := 1; from < env.Count(); from++ {
		var a arrived
		if _, err := receiveKind(env, from, msgMeet, &a); err != nil {
			return false, false, err
		}
		allDone = allDone && a.Done
	}
	goOn = allDone || decide()
	sendAll(env, NewMsg(msgNext, job, next{Go: goOn, Done: allDone}))
	return goOn, allDone, nil
}

// agree has worker 0 decide whether the job goes on and tells the others,
// who wait for its word.
func agree(env Env, job int, decide func() bool) (bool, error) {
	if env.Index() == 0 {
		goOn := decide()
		sendAll(env, NewMsg(msgNext, job, next{Go: goOn}))
		return goOn, nil
	}
	var n next
	if _, err := receiveKind(env, 0, msgNext, &n); err != nil {
		return false, err
	}
	return n.Go, nil
}
