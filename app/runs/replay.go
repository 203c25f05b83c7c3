package runs

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/ealslive/ealslive/app/textfmt"
	"github.com/ealslive/ealslive/app/work"
	"github.com/ealslive/ealslive/core"
	"github.com/ealslive/ealslive/core/eval"
)

// ReplaySplit is the paper's online protocol: train on the earliest 90%
// of the interactions, replay the rest.
const ReplaySplit = 0.9

// The three recommenders of the replay, in the order of every chart, and
// the rivals a visitor may add.
const (
	LaneLearning = work.LaneLearning // eALS, updated after every interaction
	LaneFrozen   = work.LaneFrozen   // the same trained model, never updated
	LanePopular  = work.LanePopular  // item counts, updated
	LaneBPR      = work.LaneBPR
	LaneRCD      = work.LaneRCD
	LaneRetrain  = work.LaneRetrain // eALS retrained from scratch every N, frozen in between
)

// LaneLabels name the three lanes of the paper's protocol.
var LaneLabels = map[string]string{
	LaneLearning: "eALS, learning each click",
	LaneFrozen:   "eALS, no updates",
	LanePopular:  "Popularity",
}

// ReplayWNews are the weights of a click the replay offers beside the
// page's own, as the paper's Figure 8 compares them.
var ReplayWNews = []float64{1, 2, 4, 8}

// ReplayRetrainEvery are the N a visitor may retrain eALS every N reviews
// of the stream with: a few retrains to a score on the Phoenix stream.
var ReplayRetrainEvery = []int{500, 1000, 2000}

// ReplayChoices are the lanes a visitor adds to the replay's three.
type ReplayChoices struct {
	WNew []float64 // more eALS lanes, each learning with this w_new
	BPR  bool      // BPR, trained on the same reviews, then online SGD steps
	RCD  bool      // RCD, trained on the same reviews, then its online update
	// RetrainEvery adds eALS retrained from scratch on everything seen so
	// far every RetrainEvery reviews, frozen in between; 0 adds none.
	RetrainEvery int
}

// WNewLaneKey is the key of an optional eALS lane: "eals-w4" for w_new = 4.
func WNewLaneKey(w float64) string { return "eals-w" + strconv.FormatFloat(w, 'g', -1, 64) }

// BPR is BPR as the comparison trains it, with the page's K, λ and seed:
// `eals -model bpr -protocol online -k K -lambda λ -seed S -epochs 50`,
// one SGD step per interaction learnt (its default).
func BPR(cfg core.Config) core.BPRConfig {
	b := core.DefaultBPRConfig()
	b.K, b.Lambda, b.Seed, b.Epochs = cfg.K, cfg.Lambda, cfg.Seed, BPREpochs
	return b
}

// RCD is RCD with the page's settings but its own uniform weights (α = 0,
// as in its paper and core.DefaultRCDConfig): `eals -model rcd -alpha 0`
// with the page's other flags.
func RCD(cfg core.Config) core.RCDConfig {
	r := core.DefaultRCDConfig()
	alpha := r.Alpha
	r.Config = cfg
	r.Alpha = alpha
	return r
}

// ReplayLanes are the lanes of a replay with cfg: the three of the
// paper's protocol, then the visitor's choices, in the order of every
// chart; reviews names the stream's clicks in labels ("reviews",
// "interactions").
func ReplayLanes(cfg core.Config, ch ReplayChoices, reviews string) []work.LaneSpec {
	lanes := []work.LaneSpec{
		{Key: LaneLearning, Label: fmt.Sprintf("eALS, learning each click (w_new = %g)", cfg.WNew), Kind: work.LaneLearning},
		{Key: LaneFrozen, Label: LaneLabels[LaneFrozen], Kind: work.LaneFrozen},
		{Key: LanePopular, Label: LaneLabels[LanePopular], Kind: work.LanePopular},
	}
	for _, w := range ReplayWNews {
		if w != cfg.WNew && slices.Contains(ch.WNew, w) {
			lanes = append(lanes, work.LaneSpec{Key: WNewLaneKey(w), Label: fmt.Sprintf("eALS, w_new = %g", w), Kind: work.LaneLearning, WNew: w})
		}
	}
	if ch.BPR {
		b := BPR(cfg)
		lanes = append(lanes, work.LaneSpec{Key: LaneBPR, Label: fmt.Sprintf("BPR, %d SGD step per click", b.OnlineIters), Kind: work.LaneBPR, BPR: &b})
	}
	if ch.RCD {
		r := RCD(cfg)
		lanes = append(lanes, work.LaneSpec{Key: LaneRCD, Label: "RCD, uniform weights", Kind: work.LaneRCD, RCD: &r})
	}
	if n := ch.RetrainEvery; n > 0 {
		lanes = append(lanes, work.LaneSpec{Key: LaneRetrain, Label: fmt.Sprintf("eALS, retrained every %s %s", textfmt.Thousands(n), reviews),
			Kind: work.LaneRetrain, Every: n})
	}
	return lanes
}

// Replay is what the page shows of a replay. It is also published, at
// full precision, in window.ealsLiveEvidence for the browser tests.
type Replay struct {
	Running  bool        `json:"running"`
	Finished bool        `json:"finished"` // the whole stream was replayed
	Stopped  bool        `json:"stopped"`
	Stopping bool        `json:"-"` // a stop was asked for
	Err      string      `json:"error,omitempty"`
	Phase    string      `json:"phase"` // "training" or "replaying" while it runs
	Config   core.Config `json:"config"`
	Epochs   int         `json:"epochs"`     // planned
	Done     int         `json:"epochsDone"` // completed
	Progress float64     `json:"progress"`   // of the current phase
	Train    int         `json:"train"`      // interactions trained on
	Stream   int         `json:"stream"`     // interactions to replay
	Replayed int         `json:"replayed"`
	// The eALS lane's figures: test interactions whose user was unseen in
	// training, and the median time of one incremental update.
	NewUserTests   int     `json:"newUserTests"`
	UpdateMsMedian float64 `json:"updateMsMedian"`
	Lanes          []Lane  `json:"lanes"`
	TrainMs        float64 `json:"trainMs"`  // training, the workers' exchanges included
	ReplayMs       float64 `json:"replayMs"` // the slowest lane's replay
	WallMs         float64 `json:"wallMs"`   // start to end
	Workers        int     `json:"workers"`
	// Order is the lanes' keys in chart order, as the replay was asked.
	Order []string `json:"order"`
	// RetrainEvery is the retraining lane's N, 0 without one.
	RetrainEvery int `json:"retrainEvery,omitempty"`
}

// Lane is one recommender's results so far.
type Lane struct {
	Key       string               `json:"key"`
	Label     string               `json:"label"`
	Overall   eval.Metrics         `json:"overall"`
	ByHistory []eval.HistoryBucket `json:"byHistory"`
	Curve     []eval.CurvePoint    `json:"curve"`
	// The lane's compute in milliseconds on the workers' clocks: TrainMs
	// its starting model's training, UpdateMsTotal every update (every
	// retrain, for a retraining lane, which Retrains counts), ComputeMs
	// both.
	TrainMs       float64 `json:"trainMs"`
	UpdateMsTotal float64 `json:"updateMsTotal"`
	ComputeMs     float64 `json:"computeMs"`
	Retrains      int     `json:"retrains,omitempty"`
}

// NewReplay is a replay with cfg of lanes on workers, just started.
func NewReplay(cfg core.Config, lanes []work.LaneSpec, workers int) Replay {
	r := Replay{Running: true, Phase: "training", Config: cfg, Epochs: cfg.Epochs, Workers: workers}
	for _, l := range lanes {
		r.Order = append(r.Order, l.Key)
		if l.Kind == work.LaneRetrain {
			r.RetrainEvery = l.Every
		}
	}
	return r
}

// Take folds the workers' message m in, at wallMs since the start.
func (r *Replay) Take(m work.Msg, wallMs float64) {
	var p work.ReplayProgress
	if m.Kind == work.MsgError || m.Decode(&p) != nil {
		return
	}
	r.Train, r.Stream, r.Done, r.TrainMs = p.Train, p.Stream, p.Epoch, p.TrainMs
	r.Progress = p.Fraction
	if m.Kind == work.MsgProgress {
		r.Phase = p.Phase
		if p.Phase == "training" {
			r.Progress = float64(p.Epoch) / float64(max(p.Epochs, 1))
		}
	}
	r.SetLanes(p.Lanes)
	r.WallMs = wallMs
}

// End takes the run's end.
func (r *Replay) End(stopped bool, failed string, wallMs float64) {
	r.Running, r.Stopping, r.Phase, r.Progress = false, false, "", 0
	r.WallMs = wallMs
	switch {
	case failed != "":
		r.Err = failed
	case stopped:
		r.Stopped = true
	default:
		r.Finished = true
	}
}

// SetLanes takes the latest results of some lanes (each worker reports
// its own), keeping the lanes in chart order.
func (r *Replay) SetLanes(ls []work.LaneResult) {
	r.Lanes = slices.Clone(r.Lanes) // the one published stays as it was
	for _, l := range ls {
		v := Lane{Key: l.Key, Label: l.Label, Overall: l.Overall, ByHistory: l.ByHistory, Curve: l.Curve,
			TrainMs: l.TrainMs, UpdateMsTotal: l.UpdateMsTotal, ComputeMs: l.ComputeMs, Retrains: l.Retrains}
		k := slices.IndexFunc(r.Lanes, func(x Lane) bool { return x.Key == l.Key })
		if k < 0 {
			r.Lanes = append(r.Lanes, v)
		} else {
			r.Lanes[k] = v
		}
		if l.Key == LaneLearning {
			r.Replayed, r.NewUserTests, r.UpdateMsMedian = l.Replayed, l.NewUserTests, l.UpdateMsMedian
		}
		r.ReplayMs = max(r.ReplayMs, l.ReplayMs)
	}
	slices.SortFunc(r.Lanes, func(a, b Lane) int {
		return slices.Index(r.Order, a.Key) - slices.Index(r.Order, b.Key)
	})
}
