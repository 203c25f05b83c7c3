package runs

import (
	"fmt"
	"slices"

	"github.com/ealslive/ealslive/app/textfmt"
	"github.com/ealslive/ealslive/app/work"
	"github.com/ealslive/ealslive/core"
	"github.com/ealslive/ealslive/core/eval"
)

// RetrainWarmEpochs is how many more full epochs the warm variant trains
// the incremental model: enough to see whether a little training with
// your row in closes the gap to the retrain, a fraction of its cost.
const RetrainWarmEpochs = 5

// RetrainSpec is the workers' job that sets your list, learnt one update
// per like by the model in use (trained with cfg), beside a retrain from
// scratch with your likes, and the warm variant: lists of n.
func RetrainSpec(cfg core.Config, likes []int32, n int) work.RetrainSpec {
	return work.RetrainSpec{Config: cfg, Likes: slices.Clone(likes), WarmEpochs: RetrainWarmEpochs, TopN: n}
}

// Retrain is what the page shows of "against a full retrain": the run as
// it goes, and its result. Like Replay it is published in
// window.ealsLiveEvidence for the browser tests.
type Retrain struct {
	Running  bool        `json:"running"`
	Finished bool        `json:"finished"`
	Stopped  bool        `json:"stopped"`
	Stopping bool        `json:"-"` // a stop was asked for
	Err      string      `json:"error,omitempty"`
	Config   core.Config `json:"config"`
	// Likes are the likes it retrains with, in click order: the section
	// compares them with yours to say when the comparison is stale.
	Likes []int32 `json:"likes"`
	// Phase is "base" (the model in use trained again, where no worker
	// kept it), "warm" or "retrain" while it runs; Epoch and Epochs the
	// phase's.
	Phase      string  `json:"phase"`
	Epoch      int     `json:"epoch"`
	Epochs     int     `json:"epochs"`
	Progress   float64 `json:"progress"` // of the whole run
	WarmEpochs int     `json:"warmEpochs"`
	Workers    int     `json:"workers"`
	WallMs     float64 `json:"wallMs"` // start to end
	// Result is the workers' comparison, nil until it arrives.
	Result *work.RetrainRun `json:"result,omitempty"`

	done int // epochs of the phases ended
	base int // the base phase's epochs, once it has begun
}

// NewRetrain is the run with likes on the model in use (trained with
// cfg) on workers, just started.
func NewRetrain(cfg core.Config, likes []int32, warmEpochs, workers int) Retrain {
	return Retrain{Running: true, Config: cfg, Likes: slices.Clone(likes), WarmEpochs: warmEpochs, Workers: workers}
}

// Take folds the workers' message m in, at wallMs since the start.
func (r *Retrain) Take(m work.Msg, wallMs float64) {
	r.WallMs = wallMs
	switch m.Kind {
	case work.MsgProgress:
		var p work.RetrainProgress
		if m.Decode(&p) != nil {
			return
		}
		if p.Phase != r.Phase && r.Phase != "" {
			r.done += r.Epochs
		}
		if p.Phase == "base" {
			r.base = p.Epochs
		}
		r.Phase, r.Epoch, r.Epochs = p.Phase, p.Epoch, p.Epochs
		// The retrain has as many epochs as the model in use: its
		// settings' unless its training was stopped, which the base
		// phase, or the retrain's own, then says.
		retrain := r.Config.Epochs
		switch {
		case p.Phase == "retrain":
			retrain = p.Epochs
		case r.base > 0:
			retrain = r.base
		}
		planned := r.base + r.WarmEpochs + retrain
		r.Progress = min(float64(r.done+p.Epoch)/float64(max(planned, 1)), 1)
	case work.MsgResult:
		var run work.RetrainRun
		if m.Decode(&run) == nil {
			r.Result = &run
		}
	}
}

// End takes the run's end.
func (r *Retrain) End(stopped bool, failed string, wallMs float64) {
	r.Running, r.Stopping, r.Phase, r.Progress = false, false, "", 0
	r.WallMs = wallMs
	switch {
	case failed != "":
		r.Err = failed
	case stopped && r.Result == nil:
		r.Stopped = true
	case r.Result == nil:
		r.Err = "the workers sent no comparison"
	default:
		r.Finished = true
	}
}

// StaleFor reports whether a comparison made is no longer of liked, your
// likes now: you liked or removed a business since.
func (r Retrain) StaleFor(liked []int32) bool {
	return r.Result != nil && !slices.Equal(r.Result.Likes, liked)
}

// UpdatesMs is what your likes' incremental updates took together, in
// the workers.
func (r Retrain) UpdatesMs() float64 {
	if r.Result == nil {
		return 0
	}
	var ms float64
	for _, v := range r.Result.UpdateMs {
		ms += v
	}
	return ms
}

// coarseClockMs is the step of a browser clock that is not cross-origin
// isolated: an update shorter than it may read as 0.
const coarseClockMs = 0.1

// RetrainOverUpdates is the retrain's cost over your updates': how many
// times longer training from scratch took than learning your likes one
// update each. When every update read 0 on a coarse clock, the ratio is
// at least the one against the clock's step per update (atLeast).
func (r Retrain) RetrainOverUpdates() (ratio float64, atLeast bool) {
	res := r.Result
	if res == nil || len(res.UpdateMs) == 0 {
		return 0, false
	}
	if u := r.UpdatesMs(); u > 0 {
		return res.RetrainMs / u, false
	}
	return res.RetrainMs / (coarseClockMs * float64(len(res.UpdateMs))), true
}

// RetrainOverFirst is the retrain's time over the first training's, 0
// when the first training's is not known.
func (r Retrain) RetrainOverFirst() float64 {
	if r.Result == nil || r.Result.FirstTrainMs <= 0 {
		return 0
	}
	return r.Result.RetrainMs / r.Result.FirstTrainMs
}

// Times writes a ratio as the page shows it: "5,900×", "1.02×".
func Times(v float64) string {
	switch {
	case v >= 100:
		return textfmt.Thousands(int(v+0.5)) + "×"
	case v >= 10:
		return fmt.Sprintf("%.0f×", v)
	}
	return fmt.Sprintf("%.2f×", v)
}

// Seconds writes milliseconds as seconds, or milliseconds below one.
func Seconds(ms float64) string {
	if ms < 1000 {
		return textfmt.Millis(ms)
	}
	return fmt.Sprintf("%.1f s", ms/1000)
}

// RetrainNews says how the run ended, for the live region.
func RetrainNews(r Retrain) string {
	switch {
	case r.Err != "":
		return "The retrain with your likes failed: " + r.Err + "."
	case r.Stopped:
		return "The retrain with your likes stopped before it could compare."
	case r.Result == nil:
		return ""
	}
	res := r.Result
	ratio, atLeast := r.RetrainOverUpdates()
	more := ""
	if atLeast {
		more = "more than "
	}
	return fmt.Sprintf("The retrain with your %s finished: %d of your top %d are in both lists, rank correlation %.2f. "+
		"The retrain took %s, %s%s your updates.",
		textfmt.Plural(len(res.Likes), "like", "likes"), res.VsRetrained.Overlap, res.TopN, res.VsRetrained.Tau,
		Seconds(res.RetrainMs), more, Times(ratio))
}

// RetrainLaneFindings sets the replay's "retrain every N" lane beside the
// lane learning each click, in accuracy and in compute, judging the gap
// in HR@100 against its 95% margin of error; reviews names the stream's
// clicks ("reviews", "interactions"). "" without both lanes.
func RetrainLaneFindings(lanes []Lane, reviews string) string {
	var learning, retrain *Lane
	for k := range lanes {
		switch {
		case lanes[k].Key == LaneLearning:
			learning = &lanes[k]
		case lanes[k].Retrains > 0 || lanes[k].Key == LaneRetrain:
			retrain = &lanes[k]
		}
	}
	if learning == nil || retrain == nil || learning.Overall.Count == 0 || retrain.Overall.Count == 0 {
		return ""
	}
	diff, margin := eval.HRDifference(learning.Overall, retrain.Overall)
	verdict := fmt.Sprintf("a gap of %s, within the ±%s margin of error: a tie on this stream", textfmt.Points(abs(diff)), textfmt.Points(margin))
	switch {
	case diff > margin:
		verdict = fmt.Sprintf("the update ahead by %s, beyond the ±%s margin of error", textfmt.Points(diff), textfmt.Points(margin))
	case -diff > margin:
		verdict = fmt.Sprintf("the retrain ahead by %s, beyond the ±%s margin of error", textfmt.Points(-diff), textfmt.Points(margin))
	}
	return fmt.Sprintf("%s: HR@100 %s with %s of compute after the first training (%s). eALS learning each of the %s %s with one update: %s, with %s of updates. That is %s.",
		retrain.Label, textfmt.Percent(retrain.Overall.HR), Seconds(retrain.UpdateMsTotal), textfmt.Plural(retrain.Retrains, "retrain", "retrains"),
		textfmt.Thousands(learning.Overall.Count), reviews, textfmt.Percent(learning.Overall.HR), Seconds(learning.UpdateMsTotal), verdict)
}
