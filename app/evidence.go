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

// folded is an evidence run's state S, which folds in the workers' news
// (package runs).
type folded[S any] interface {
	*S
	Take(m work.Msg, wallMs float64)
	End(stopped bool, failed string, wallMs float64)
}

// startFolded starts spec as r's run of kind whose state is *state,
// published under key, a copy each time, as the news comes, and its end
// said in the live region by news. It reports whether the run started;
// the caller then sets the state for the run and publishes it.
func startFolded[S any, P folded[S]](r *runner, kind runKind, spec work.JobSpec, state P, key string, news func(stopped bool, failed string) string) bool {
	message := func(j *job, m work.Msg) {
		state.Take(m, j.elapsedMs())
		r.pub.publish(key, *state)
	}
	finished := func(j *job, stopped bool, failed string) {
		state.End(stopped, failed, j.elapsedMs())
		r.pub.publish(key, *state)
		r.page.announce(news(stopped, failed))
	}
	return r.start(kind, spec, message, finished)
}

// StartReplay replays the paper's online protocol on the data in use with
// the three lanes of the paper and those chosen.
func (r *runner) StartReplay(choices runs.ReplayChoices) {
	if timeless(r.data).Reason != "" {
		return
	}
	cfg := r.inUse.Config
	lanes := runs.ReplayLanes(cfg, choices, streamWord(r.data.Info))
	spec := work.ReplaySpec{Config: cfg, Split: runs.ReplaySplit, TopN: runs.TopN, Lanes: lanes}
	if !startFolded(r, runReplay, work.JobSpec{Kind: work.JobReplay, Replay: &spec}, &r.replay, keyReplay, endsAs("The replay")) {
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
	if !startFolded(r, runCompare, work.JobSpec{Kind: work.JobCompare, Compare: &spec}, &r.compare, keyCompare, endsAs("The comparison")) {
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
