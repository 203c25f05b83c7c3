package work

import (
	"fmt"
	"time"

	"github.com/ealslive/ealslive/core"
)

// A worker keeps the models training jobs gave the page, so that a later
// job can start from the model in use without the page sending it back:
// the retrain with a visitor's clicks (retrain.go) warms it, and learns
// the clicks on it as the page did. Every worker of a training job holds
// the whole trained model after it; a restored one only worker 0, which
// read it. The last few are kept: the page's model and a second one it
// trains beside it. A job that needs the model in use on every worker
// gets it from whichever keeps it (baseFor).

// trainedModel is a model a training job ended with.
type trainedModel struct {
	data   *Data       // the data it was trained on
	cfg    core.Config // its settings, Threads 1
	epochs int         // completed: fewer than cfg.Epochs when training was stopped
	// trainMs is its training's setup and epochs, as its job timed them on
	// worker 0; 0 where unknown.
	trainMs float64
	m       *core.Model // never changed: jobs clone it
}

// keptTrained is how many trained models a worker keeps.
const keptTrained = 2

// keepTrained keeps t, first, in place of any model of the same data and
// settings, dropping the oldest beyond keptTrained.
func (w *Worker) keepTrained(t *trainedModel) {
	t.cfg.Threads = 1
	kept := []*trainedModel{t}
	for _, o := range w.trained {
		if (o.data != t.data || o.cfg != t.cfg) && o.data == w.data && len(kept) < keptTrained {
			kept = append(kept, o)
		}
	}
	w.trained = kept
}

// trainedFor returns the kept model of the current data with cfg's
// settings (any Threads), or nil.
func (w *Worker) trainedFor(cfg core.Config) *trainedModel {
	cfg.Threads = 1
	for _, t := range w.trained {
		if t.data == w.data && t.cfg == cfg {
			return t
		}
	}
	return nil
}

// sum adds up xs in order.
func sum(xs []float64) float64 {
	var s float64
	for _, x := range xs {
		s += x
	}
	return s
}

// have is the head of a msgHave: whether the worker keeps the model in
// use.
type have struct{ Have bool }

// baseFor returns the model in use, the same on every worker: kept by
// each, sent by the first worker that keeps it to those that do not, or,
// where none does, trained again by all together (run says so).
func (w *Worker) baseFor(job int, train *core.Dataset, cfg core.Config, run *RetrainRun) (*trainedModel, error) {
	env := w.env
	mine := w.trainedFor(cfg)
	sendAll(env, NewMsg(msgHave, job, have{Have: mine != nil}))
	holders := make([]bool, env.Count())
	holders[env.Index()] = mine != nil
	for from := 0; from < env.Count(); from++ {
		if from == env.Index() {
			continue
		}
		var h have
		if _, err := receiveKind(env, from, msgHave, &h); err != nil {
			return nil, err
		}
		holders[from] = h.Have
	}
	source := -1
	for k, h := range holders {
		if h {
			source = k
			break
		}
	}
	switch {
	case source < 0:
		return w.trainBase(job, train, cfg, run)
	case mine != nil && env.Index() == source:
		b, err := mine.m.MarshalBinary()
		if err != nil {
			return nil, err
		}
		for to, h := range holders {
			if !h {
				m := NewMsg(msgModel, job, baseHead{Epochs: mine.epochs, TrainMs: mine.trainMs})
				m.Bytes = [][]byte{b}
				env.Send(to, m)
			}
		}
		return mine, nil
	case mine != nil:
		return mine, nil
	}
	var head baseHead
	got, err := receiveKind(env, source, msgModel, &head)
	if err != nil {
		return nil, err
	}
	if len(got.Bytes) != 1 {
		return nil, fmt.Errorf("work: worker %d sent no model", source)
	}
	m, err := core.LoadModel(got.Bytes[0])
	if err != nil {
		return nil, fmt.Errorf("work: the model in use from worker %d: %w", source, err)
	}
	t := &trainedModel{data: w.data, cfg: cfg, epochs: head.Epochs, trainMs: head.TrainMs, m: m}
	w.keepTrained(t)
	return t, nil
}

// baseHead is the head of a msgModel, whose Bytes[0] is the model file.
type baseHead struct {
	Epochs  int
	TrainMs float64
}

// trainBase trains the model in use again on every worker together, as
// the training job did, and keeps it.
func (w *Worker) trainBase(job int, train *core.Dataset, cfg core.Config, run *RetrainRun) (*trainedModel, error) {
	start := time.Now()
	m, err := core.NewModel(train, cfg)
	if err != nil {
		return nil, err
	}
	if err := w.runEpochs(job, m, cfg.Epochs, "base", func(float64) {}); err != nil {
		return nil, err
	}
	run.BaseTrained, run.BaseMs = true, millis(time.Since(start))
	t := &trainedModel{data: w.data, cfg: cfg, epochs: cfg.Epochs, trainMs: run.BaseMs, m: m}
	w.keepTrained(t)
	return t, nil
}
