package app

import (
	"github.com/ealslive/ealslive/app/catalog"
	"github.com/ealslive/ealslive/app/runs"
	"github.com/ealslive/ealslive/app/work"
	"github.com/ealslive/ealslive/core"
)

// The runner's part that runs the evidence (the replay, the comparison,
// the newcomers) and trains the second model, each on the model in use's
// settings, and publishes each as it goes.

// StartReplay replays the paper's online protocol on the data in use with
// the three lanes of the paper and those chosen.
func (r *runner) StartReplay(choices runs.ReplayChoices) {
	if timeless(r.data).Reason != "" {
		return
	}
	cfg := r.inUse.Config
	lanes := runs.ReplayLanes(cfg, choices, streamWord(r.data.Info))
	spec := work.ReplaySpec{Config: cfg, Split: runs.ReplaySplit, TopN: runs.TopN, Lanes: lanes}
	message := func(j *job, m work.Msg) {
		r.replay.Take(m, j.elapsedMs())
		r.pub.publish(keyReplay, r.replay)
	}
	finished := func(j *job, stopped bool, failed string) {
		r.replay.End(stopped, failed, j.elapsedMs())
		r.pub.publish(keyReplay, r.replay)
		r.page.announce(endNews("The replay", stopped, failed))
	}
	if !r.start(runReplay, work.JobSpec{Kind: work.JobReplay, Replay: &spec}, message, finished) {
		return
	}
	r.replay = runs.NewReplay(cfg, lanes, r.pool.Size())
	r.pub.publish(keyReplay, r.replay)
}

// StartComparison trains the rivals on the workers, each worker its share
// of them, and measures them side by side.
func (r *runner) StartComparison() {
	rs := runs.Rivals(r.inUse.Config)
	spec := runs.CompareSpec(rs)
	message := func(j *job, m work.Msg) {
		r.compare.Take(m, j.elapsedMs())
		r.pub.publish(keyCompare, r.compare)
	}
	finished := func(j *job, stopped bool, failed string) {
		r.compare.End(stopped, failed, j.elapsedMs())
		r.pub.publish(keyCompare, r.compare)
		r.page.announce(endNews("The comparison", stopped, failed))
	}
	if !r.start(runCompare, work.JobSpec{Kind: work.JobCompare, Compare: &spec}, message, finished) {
		return
	}
	r.compare = runs.NewComparison(rs, r.data.Info.TestCases)
	r.pub.publish(keyCompare, r.compare)
}

// FollowNewcomer shows newcomer n if followed already; else it asks the
// workers for the stream's newcomers, following n too (0: the most
// active only).
func (r *runner) FollowNewcomer(n int) {
	if n > 0 && r.newcomer.FollowedNumber(n) != nil {
		r.newcomer.Shown = n
		r.pub.publish(keyNewcomer, r.newcomer)
		return
	}
	if timeless(r.data).Reason != "" {
		return
	}
	spec := runs.NewcomerSpec(r.inUse.Config, n)
	message := func(_ *job, m work.Msg) {
		r.newcomer.Take(m)
		r.pub.publish(keyNewcomer, r.newcomer)
	}
	finished := func(_ *job, stopped bool, failed string) {
		r.newcomer.Running, r.newcomer.Err = false, failed
		r.pub.publish(keyNewcomer, r.newcomer)
	}
	if !r.start(runNewcomer, work.JobSpec{Kind: work.JobNewcomer, Newcomer: &spec}, message, finished) {
		return
	}
	r.newcomer.Start(spec, n, r.data.Cat)
	r.pub.publish(keyNewcomer, r.newcomer)
}

// forgetNewcomers drops the newcomers followed on a model or data since
// replaced: they are followed afresh.
func (r *runner) forgetNewcomers() {
	if !r.running(runNewcomer) && (r.newcomer.Result != nil || r.newcomer.Err != "") {
		r.newcomer = runs.Newcomers{}
		r.pub.publish(keyNewcomer, r.newcomer)
	}
}

// secondRun is the second model's training, and the model once trained,
// as its file: the second card makes you a new user of it.
type secondRun struct {
	Running  bool
	Stopping bool
	Phase    string
	Epoch    int
	Config   core.Config
	Failed   string
	// Model is the trained model's file, and Data the data it was trained
	// on; Models counts the models trained, so that each is taken once.
	Model  []byte
	Data   *catalog.Catalog
	Models int
}

// TrainSecond trains a second model with cfg on the data in use, to
// learn your likes beside yours.
func (r *runner) TrainSecond(cfg core.Config) {
	spec := runs.TrainingSpec(r.version, cfg, true)
	message := func(_ *job, m work.Msg) {
		switch m.Kind {
		case work.MsgProgress:
			var p work.TrainProgress
			if m.Decode(&p) == nil {
				r.second.Epoch, r.second.Phase = p.Epoch, p.Phase
			}
		case work.MsgResult:
			var run work.TrainRun
			if m.Decode(&run) != nil || len(m.Bytes) != 1 {
				r.second.Failed = "the workers sent a damaged model"
				break
			}
			r.second.Config, r.second.Model, r.second.Data = run.Config, m.Bytes[0], r.data.Cat
			r.second.Models++
		}
		r.pub.publish(keySecond, r.second)
	}
	finished := func(_ *job, stopped bool, failed string) {
		r.second.Running, r.second.Stopping, r.second.Phase = false, false, ""
		if failed != "" {
			r.second.Failed = failed
		}
		r.pub.publish(keySecond, r.second)
	}
	if !r.start(runSecond, work.JobSpec{Kind: work.JobTrain, Train: &spec}, message, finished) {
		return
	}
	r.second = secondRun{Running: true, Phase: "training", Config: cfg, Models: r.second.Models}
	r.pub.publish(keySecond, r.second)
}

// timeless holds back the runs that follow the data in time (the replay,
// the newcomers) on data without times.
func timeless(d dataSet) hold {
	if d.Info != nil && !d.Info.HasTimes && d.Info.Source != "" {
		return hold{Reason: "this data has no times, and it replays the data in time order", Final: true}
	}
	return hold{}
}
