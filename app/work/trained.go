package work

import (
	"github.com/ealslive/ealslive/core"
)

// A worker keeps the models training jobs gave the page, so that a later
// job can start from the model in use without the page sending it back:
// the retrain with a visitor's clicks (retrain.go) warms it, and learns
// the clicks on it as the page did. Every worker of a training job holds
// the whole trained model after it; a restored one only worker 0, which
// read it. The last few are kept: the page's model and a second one it
// trains beside it.

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
