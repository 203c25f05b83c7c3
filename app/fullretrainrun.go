package app

import (
	"github.com/ealslive/ealslive/app/datainfo"
	"github.com/ealslive/ealslive/app/runs"
	"github.com/ealslive/ealslive/app/visitor"
	"github.com/ealslive/ealslive/app/work"
)

// The runner's part that sets your list against a full retrain: the
// workers learn your likes one update each on the model in use, as the
// page does, then retrain from scratch with them, and warm, and compare
// the lists. It publishes the run as it goes and never hears a like: the
// section says when your likes have moved on from the ones compared.

// StartRetrain retrains the model in use from scratch with likes, your
// likes in click order, and warm, to set your list beside the retrain's.
func (r *runner) StartRetrain(likes []int32) {
	if len(likes) == 0 || !r.adopted {
		return
	}
	cfg := r.inUse.Config
	spec := runs.RetrainSpec(cfg, likes, visitor.ListLength)
	news := func(bool, string) string { return runs.RetrainNews(r.retrain) }
	if !startFolded(r, runRetrain, work.JobSpec{Kind: work.JobRetrain, Retrain: &spec}, &r.retrain, keyRetrain, news) {
		return
	}
	r.retrain = runs.NewRetrain(cfg, likes, spec.WarmEpochs, r.pool.Size())
	r.pub.publish(keyRetrain, r.retrain)
}

// forgetRetrain drops a comparison made on a model since replaced: it
// compared another model's list.
func (r *runner) forgetRetrain() {
	if !r.running(runRetrain) && (r.retrain.Result != nil || r.retrain.Err != "" || r.retrain.Stopped) {
		r.retrain = runs.Retrain{}
		r.pub.publish(keyRetrain, r.retrain)
	}
}

// streamWord is what the data's clicks are called in a sentence about
// the stream: "reviews" for Yelp's, "interactions" for a log's.
func streamWord(d *datainfo.Info) string { return dataSet{Info: d}.words().Reviews }
