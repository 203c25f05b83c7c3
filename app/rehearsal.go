package app

import (
	"errors"

	"github.com/ealslive/ealslive/app/work"
	"github.com/ealslive/ealslive/core"
)

// A trained model's arrival runs code the page has not run before: the
// workers' message is decoded, core reads the model's file, adds you as a
// user, learns your clicks, ranks and splits the scores by your clicks; a
// first click then updates with a trace. V8 compiles a WebAssembly
// function on its first call, on the thread that calls it, so that
// compiling fell in the tasks that show the model, which were the last long
// ones before it was ready. The page's
// thread has little to do while the workers train, so the model card has
// it rehearse the arrival then, on a model of a few made-up users, and
// the real one finds the code compiled.

// rehearsal is the arrival's code path on a toy model, in steps meant for
// tasks of their own, each a few milliseconds of compiling at most.
type rehearsal struct {
	cfg    core.Config
	result work.Msg // the toy model as the workers send a trained one
	run    work.TrainRun
	model  *core.Model
	you    *visitor
}

// toyInteractions are four users' clicks on five businesses: enough for
// every step of the arrival to have something to do, from a model file
// with rows on both sides to a click that re-ranks a list.
var toyInteractions = []core.Interaction{
	{User: 0, Item: 0}, {User: 0, Item: 1}, {User: 1, Item: 1}, {User: 1, Item: 2},
	{User: 2, Item: 2}, {User: 2, Item: 3}, {User: 3, Item: 3}, {User: 3, Item: 4},
	{User: 3, Item: 0},
}

// steps are the rehearsal's steps in order; the first error ends it.
func (r *rehearsal) steps() []func() error {
	return []func() error{r.writeModel, r.readModel, r.adopt, r.click}
}

// writeModel makes the toy model and the message the workers would send
// with it, its run's figures filled as a trained model's are.
func (r *rehearsal) writeModel() error {
	d, err := core.FromInteractions([]string{"a", "b", "c", "d"}, []string{"v", "w", "x", "y", "z"}, toyInteractions)
	if err != nil {
		return err
	}
	m, err := core.NewModel(d, r.cfg)
	if err != nil {
		return err
	}
	file, err := m.MarshalBinary()
	if err != nil {
		return err
	}
	one := []float64{1}
	r.result = work.NewMsg(work.MsgResult, 0, work.TrainRun{Config: r.cfg, Workers: 1, Epochs: 1,
		EpochMs: one, EvalMs: one, Objective: one, SampleHR: one, Sample: 1, FinalDone: true,
		Plane: &core.Plane{Mean: one, Axes: [2][]float64{one, one}}})
	r.result.Bytes = [][]byte{file}
	return nil
}

// readModel reads the message as the model card reads the workers'
// result: the run's head, then the model's file.
func (r *rehearsal) readModel() (err error) {
	if err := r.result.Decode(&r.run); err != nil {
		return err
	}
	r.model, err = core.LoadModelTrusted(r.result.Bytes[0])
	r.result = work.Msg{}
	return err
}

// adopt hands the model to a visitor with a click saved, as a visitor who
// clicked while the model trained is handed the real one.
func (r *rehearsal) adopt() error {
	r.you = &visitor{liked: []int32{0}}
	dropped, why, err := r.you.attach(r.model)
	if err == nil && len(dropped) > 0 {
		err = why
	}
	return err
}

// click likes the toy list's first business, as a first click does.
func (r *rehearsal) click() error {
	if len(r.you.list) == 0 {
		return errors.New("the toy model ranked nothing")
	}
	return r.you.like(r.you.list[0].Item)
}

// rehearse runs the rehearsal for a model trained with cfg, a step a task;
// a step that fails ends it quietly: the real arrival works or reports
// for itself. The steps share nothing with the page's sections, so they
// run beside the UI goroutine, not on it.
func rehearse(cfg core.Config) {
	r := &rehearsal{cfg: cfg}
	steps := r.steps()
	var next func()
	next = func() {
		if len(steps) == 0 || steps[0]() != nil {
			return
		}
		steps = steps[1:]
		NextTask(next)
	}
	NextTask(next)
}
