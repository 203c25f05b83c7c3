package app

import (
	"github.com/ealslive/ealslive/app/datainfo"
	"github.com/ealslive/ealslive/app/runs"
	"github.com/ealslive/ealslive/app/work"
	"github.com/ealslive/ealslive/core"
)

// The runner's part that trains the model your list comes from, or
// brings back the one kept from an earlier visit, and hands it to you.

// trainingShown is what the model card shows of training: the run under
// way or last ended, the one before it (drawn faint beside it), and where
// the card is.
type trainingShown struct {
	Run      runs.Training
	Previous runs.Training // its Epochs is 0 when there is none
	// Stage is loading, training, evaluating, ready or failed.
	Stage    string
	Stopping bool
	// AskedAt is when the page asked for the run, on the page's clock.
	AskedAt float64
}

// Train trains a model with cfg for your list, or brings back one kept
// for the same data, settings and page version. Your clicks stay, and the
// new model learns them.
func (r *runner) Train(cfg core.Config) { r.train(cfg, true) }

// TrainAgain trains the model in use afresh, to watch it learn.
func (r *runner) TrainAgain() { r.train(r.training.Run.Config, false) }

func (r *runner) train(cfg core.Config, restore bool) {
	if r.running(runTraining) && r.forLoad != r.loads {
		// A training on data the workers no longer hold ends at once; this
		// one follows it.
		r.next = &cfg
		return
	}
	spec := runs.TrainingSpec(r.version, cfg, restore)
	if !r.start(runTraining, work.JobSpec{Kind: work.JobTrain, Train: &spec}, r.trainingMessage, r.trainingFinished) {
		return
	}
	r.forLoad = r.loads
	previous := r.training.Previous
	if len(r.training.Run.Objective) > 0 {
		// Its curves stay as ghost lines beside the new run's.
		previous = r.training.Run
	}
	r.training = trainingShown{Run: runs.NewTraining(cfg, r.pool.Size()), Previous: previous, AskedAt: now()}
	r.adopted = false
	r.forgetNewcomers()
	r.forgetRetrain()
	saveSettings(cfg)
	// The model in use is let go of for the one to come; your clicks are
	// kept for it to learn.
	r.inUse = modelInUse{Config: cfg}
	r.page.modelGone()
	r.pub.publish(keyModel, r.inUse)
	r.publishTraining()
	r.publishStage()
}

// publishTraining publishes the training as the model card shows it.
func (r *runner) publishTraining() {
	t := r.training
	t.Stage = r.trainingStage()
	if j := r.jobs[runTraining]; j != nil {
		t.Stopping = j.stopping
	}
	r.training.Stage = t.Stage
	r.pub.publish(keyTraining, t)
}

// trainingStage is where the model card is: loading, training,
// evaluating, ready or failed.
func (r *runner) trainingStage() string {
	switch {
	case r.failed:
		return "failed"
	case r.adopted:
		// The workers may still be saying they are done.
		return "ready"
	case r.data.Cat == nil:
		// The first training is asked for with the data, and waits for it.
		return "loading"
	case r.running(runTraining) && r.training.Run.Phase == "evaluating":
		return "evaluating"
	case r.running(runTraining):
		return "training"
	}
	return "loading"
}

func (r *runner) trainingMessage(j *job, m work.Msg) {
	if r.forLoad != r.loads {
		return // a run on data since replaced
	}
	switch m.Kind {
	case work.MsgProgress:
		var p work.TrainProgress
		if m.Decode(&p) != nil {
			return
		}
		if r.training.Run.Take(p) {
			// A stop during training ends the epochs; Skip then stops the
			// evaluation.
			j.stopping = false
		}
		r.publishTraining()
	case work.MsgResult:
		r.gotModel(j, m)
	}
}

// gotModel reads the trained (or restored) model the workers sent, and
// hands it to you at once: whatever the run's end does comes after.
func (r *runner) gotModel(j *job, m work.Msg) {
	var run work.TrainRun
	if m.Decode(&run) != nil || len(m.Bytes) != 1 {
		r.training.Run.Failed = "the workers sent a damaged model"
		return
	}
	// The workers trained this model, or checked it with core.LoadModel.
	model, err := core.LoadModelTrusted(m.Bytes[0])
	if err != nil {
		if run.Restored {
			// A kept model this page cannot read is trained again.
			r.page.note("The model kept from your last visit could not be read (" + err.Error() + "), so it is trained again.")
			r.restoreFailed = true
			return
		}
		r.training.Run.Failed = "the trained model could not be read: " + err.Error()
		return
	}
	plane := run.Plane
	if plane == nil {
		// A model without the workers' plane: the factor map's is found
		// here, once, before any click moves the items.
		plane, _ = model.ItemPlane()
	}
	r.training.Run.Arrived(run, j.elapsedMs())
	r.adopted = true
	r.inUse = modelInUse{Config: run.Config, Trained: true, Run: r.training.Run, Plane: plane}
	// Published before you learn it, so that a section drawing your list
	// with this model has its plane.
	r.pub.publish(keyModel, r.inUse)
	r.publishTraining()
	r.publishStage()
	if err := r.page.modelArrived(model); err != nil {
		r.page.fail(datainfo.Failure{Title: "The trained model cannot rank", Detail: err.Error()})
	}
}

func (r *runner) trainingFinished(j *job, stopped bool, failed string) {
	defer r.publishStage()
	if r.forLoad != r.loads {
		// Its data was replaced while it ran: what it says is moot.
		r.training.Run.Failed = ""
		if next := r.next; next != nil {
			r.next = nil
			r.train(*next, true)
		}
		return
	}
	t := &r.training.Run
	switch {
	case r.restoreFailed:
		r.restoreFailed = false
		r.train(t.Config, false)
		return
	case failed != "":
		t.Failed = failed
	case t.Failed == "" && !r.adopted:
		t.Failed = "training ended without a model"
	}
	r.publishTraining()
	if t.Failed != "" {
		r.failAfterData(datainfo.Failure{Title: "Training failed", Detail: "The model could not be trained: " + t.Failed + ".",
			Hint: "Reload the page to try again; your clicks are kept."})
	}
}
