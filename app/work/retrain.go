package work

import (
	"encoding/hex"
	"fmt"
	"time"

	"github.com/ealslive/ealslive/core"
)

// RetrainSpec is "against a full retrain": the model in use, which an
// earlier training job of these workers gave the page, with the visitor's
// likes learnt one update each as the page learns them (the online
// model), beside a model trained from scratch with the same settings and
// seed on the same data plus the visitor's row (the retrain), and the
// online model trained WarmEpochs more full epochs (the warm variant).
// Both trainings split every epoch over the workers, as the first did.
// The online model is the page's own while the visitor has only liked
// since the model arrived (the page learns saved likes the same way); a
// removal re-solves both vectors, so after one the page's list may differ
// from Online.
//
// The page starts it as any job: pool.Start(JobSpec{Kind: JobRetrain,
// Retrain: &RetrainSpec{...}}, handlers), and reads RetrainProgress from
// each MsgProgress and RetrainRun from the MsgResult.
type RetrainSpec struct {
	Config     core.Config // the model in use's settings, as its training job had them
	Likes      []int32     // the visitor's liked businesses, in click order
	WarmEpochs int         // full epochs of the warm variant; 0 leaves it the online model
	TopN       int         // the length of each list; 0 means 20
}

// RetrainProgress is the head of the job's MsgProgress, from worker 0
// after each epoch of each phase: "base" (the model in use trained again,
// where no worker kept it), "warm", then "retrain".
type RetrainProgress struct {
	Phase         string
	Epoch, Epochs int
}

// RetrainRun is the head of the job's MsgResult.
type RetrainRun struct {
	Config  core.Config
	Workers int
	Likes   []int32
	User    int32 // the visitor's row in all three models
	TopN    int
	// Each model's top TopN for the visitor, their likes left out, as the
	// page lists them (Model.Recommend with excludeSeen).
	Online, Warm, Retrained []core.Ranked
	// The retrain's list and the warm one's against the online model's
	// (the online list is A): overlap, Kendall's tau, largest score gap.
	VsRetrained, VsWarm core.TopComparison

	// The costs, in milliseconds of wall time on worker 0. UpdateMs is
	// each like's update (Algorithm 2) in the job, as the page times its
	// own. RetrainMs is the retrain's setup and epochs, RetrainEpochMs
	// each epoch with the workers' exchanges, over as many epochs as the
	// model in use had. FirstTrainMs is the model in use's setup and
	// epochs as its training job timed them (0 if unknown): the ratio
	// RetrainMs/FirstTrainMs is the retrain's cost against the first
	// training's. Where no worker kept the model in use, this job trained
	// it again first (BaseTrained), in BaseMs, which FirstTrainMs is then.
	UpdateMs       []float64
	WarmEpochs     int
	WarmMs         float64
	WarmObjective  []float64 // the online model's objective, then after each warm epoch
	RetrainEpochs  int
	RetrainMs      float64
	RetrainEpochMs []float64
	FirstTrainMs   float64
	BaseTrained    bool
	BaseMs         float64

	// SHA-256 of each model's file (MarshalBinary), hex.
	OnlineSum, WarmSum, RetrainSum string
}

// defaultListLength is the visitor's list on the page.
const defaultListLength = 20

// retrain runs the job on every worker: each holds a copy of every model
// and solves its share of each epoch; worker 0 reports.
func (w *Worker) retrain(job int, spec RetrainSpec) error {
	env := w.env
	train, _, err := w.data.LeaveOneOut()
	if err != nil {
		return err
	}
	if spec.WarmEpochs < 0 || spec.WarmEpochs > core.MaxEpochs {
		return fmt.Errorf("work: %d warm epochs: want 0 to %d", spec.WarmEpochs, core.MaxEpochs)
	}
	for _, i := range spec.Likes {
		if i < 0 || int(i) >= train.NumItems() {
			return fmt.Errorf("work: a like of business %d, which the data (%d businesses) does not have", i, train.NumItems())
		}
	}
	cfg := spec.Config
	cfg.Threads = 1
	run := RetrainRun{Config: spec.Config, Workers: env.Count(), Likes: spec.Likes, TopN: spec.TopN, WarmEpochs: spec.WarmEpochs}
	if run.TopN == 0 {
		run.TopN = defaultListLength
	}
	base, err := w.baseFor(job, train, cfg, &run)
	if err != nil {
		return err
	}
	run.FirstTrainMs, run.RetrainEpochs = base.trainMs, base.epochs

	// The online model: your likes learnt one update each, in click order.
	online := base.m.Clone()
	run.User = online.AddUser()
	for _, i := range spec.Likes {
		start := time.Now()
		if err := online.Update(run.User, i); err != nil {
			return err
		}
		run.UpdateMs = append(run.UpdateMs, millis(time.Since(start)))
	}

	start := time.Now()
	warm := online.Clone()
	if env.Index() == 0 {
		run.WarmObjective = []float64{warm.Objective().Total()}
	}
	err = w.runEpochs(job, warm, spec.WarmEpochs, "warm", func(float64) {
		if env.Index() == 0 {
			run.WarmObjective = append(run.WarmObjective, warm.Objective().Total())
		}
	})
	if err != nil {
		return err
	}
	run.WarmMs = millis(time.Since(start))

	start = time.Now()
	withYou, you, err := train.WithUser(visitorKey(train), spec.Likes)
	if err != nil {
		return err
	}
	if you != run.User {
		return fmt.Errorf("work: the visitor is user %d of the retrain but %d of the model in use", you, run.User)
	}
	retrained, err := core.NewModel(withYou, cfg)
	if err != nil {
		return err
	}
	err = w.runEpochs(job, retrained, base.epochs, "retrain", func(ms float64) {
		run.RetrainEpochMs = append(run.RetrainEpochMs, ms)
	})
	if err != nil {
		return err
	}
	run.RetrainMs = millis(time.Since(start))
	if env.Index() != 0 {
		return nil
	}

	if run.VsRetrained, err = core.CompareTop(online, retrained, run.User, run.TopN, spec.Likes); err != nil {
		return err
	}
	if run.VsWarm, err = core.CompareTop(online, warm, run.User, run.TopN, spec.Likes); err != nil {
		return err
	}
	run.Online, run.Retrained, run.Warm = run.VsRetrained.A, run.VsRetrained.B, run.VsWarm.B
	for _, c := range []struct {
		m   *core.Model
		sum *string
	}{{online, &run.OnlineSum}, {warm, &run.WarmSum}, {retrained, &run.RetrainSum}} {
		b, err := c.m.MarshalBinary()
		if err != nil {
			return err
		}
		s := sha256Of(env, b)
		*c.sum = hex.EncodeToString(s[:])
	}
	env.Post(NewMsg(MsgResult, job, run))
	return nil
}

// runEpochs runs epochs full epochs of m on every worker together, each
// worker solving its share, and tells after each the epoch's wall time;
// worker 0 reports them as phase. A stop ends the job between epochs.
func (w *Worker) runEpochs(job int, m *core.Model, epochs int, phase string, after func(ms float64)) error {
	env := w.env
	ens, err := newEnsemble(env, job, m)
	if err != nil {
		return err
	}
	for e := 1; e <= epochs; e++ {
		start := time.Now()
		if err := ens.epoch(); err != nil {
			return err
		}
		after(millis(time.Since(start)))
		goOn, err := agree(env, job, func() bool {
			env.Post(NewMsg(MsgProgress, job, RetrainProgress{Phase: phase, Epoch: e, Epochs: epochs}))
			return env.Stops() == 0
		})
		if err != nil {
			return err
		}
		if !goOn {
			return errStopped
		}
	}
	return nil
}

// visitorKey names the visitor's row in the retrain's data: a key no user
// of train has.
func visitorKey(train *core.Dataset) string {
	key := "you"
	for n := 2; ; n++ {
		if _, taken := train.UserID(key); !taken {
			return key
		}
		key = fmt.Sprintf("you %d", n)
	}
}
