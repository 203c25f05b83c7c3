package export

import (
	"strconv"

	"github.com/ealslive/ealslive/app/runs"
	"github.com/ealslive/ealslive/core"
	"github.com/ealslive/ealslive/core/pack"
)

// Retrain is "against a full retrain" as a file: your likes and what each
// update took, the three models' lists, how the retrain's and the warm
// model's lists agree with the incremental one, and what each cost. Ranks
// are 1-based as on the page, and each business is named by its id in the
// data.
type Retrain struct {
	Likes       []Like    `json:"likes"`
	TopN        int       `json:"top_n"`
	Workers     int       `json:"workers"`
	Incremental []Listed  `json:"incremental"`
	Retrained   []Listed  `json:"retrained"`
	Warm        []Listed  `json:"warm"`
	VsRetrained Agreement `json:"vs_retrained"`
	VsWarm      Agreement `json:"vs_warm"`
	// The costs in milliseconds on the workers' clocks: UpdatesMs every
	// like's update together, RetrainMs the retrain's setup and epochs,
	// WarmMs the warm epochs, FirstTrainMs the model in use's training.
	UpdatesMs     float64 `json:"updates_ms"`
	RetrainMs     float64 `json:"retrain_ms"`
	RetrainEpochs int     `json:"retrain_epochs"`
	WarmMs        float64 `json:"warm_ms"`
	WarmEpochs    int     `json:"warm_epochs"`
	FirstTrainMs  float64 `json:"first_train_ms"`
	// RetrainOverUpdates is RetrainMs over UpdatesMs; AtLeast says every
	// update read 0 on a coarse clock, so that it is a lower bound.
	RetrainOverUpdates float64 `json:"retrain_over_updates"`
	AtLeast            bool    `json:"retrain_over_updates_is_a_lower_bound,omitempty"`
	RetrainOverFirst   float64 `json:"retrain_over_first_training"`
	// SHA256 are the models' files' checksums, as core's MarshalBinary
	// writes them.
	SHA256 struct {
		Incremental string `json:"incremental"`
		Warm        string `json:"warm"`
		Retrained   string `json:"retrained"`
	} `json:"sha256"`
}

// Like is one of your likes, with its incremental update's time.
type Like struct {
	Business string  `json:"business_id"`
	Name     string  `json:"business"`
	UpdateMs float64 `json:"update_ms"`
}

// Listed is a business in a model's list.
type Listed struct {
	Rank     int     `json:"rank"`
	Business string  `json:"business_id"`
	Name     string  `json:"business"`
	Score    float64 `json:"score"`
}

// Agreement is how a model's list agrees with the incremental model's
// (core.TopComparison): the businesses in both, Kendall's tau over their
// union, and the largest gap between the two models' scores of one
// business.
type Agreement struct {
	Overlap     int     `json:"overlap"`
	Tau         float64 `json:"kendall_tau"`
	Gap         float64 `json:"largest_score_gap"`
	GapBusiness string  `json:"largest_score_gap_business_id,omitempty"`
}

// RetrainFile turns the run into its file's result, naming businesses
// with item; a run without a result gives an empty file.
func RetrainFile(r runs.Retrain, item func(int32) pack.Item) Retrain {
	out := Retrain{Likes: []Like{}, Incremental: []Listed{}, Retrained: []Listed{}, Warm: []Listed{}}
	res := r.Result
	if res == nil {
		return out
	}
	for k, i := range res.Likes {
		l := Like{Business: item(i).ID, Name: item(i).Name}
		if k < len(res.UpdateMs) {
			l.UpdateMs = res.UpdateMs[k]
		}
		out.Likes = append(out.Likes, l)
	}
	listed := func(l []core.Ranked) []Listed {
		out := make([]Listed, len(l))
		for k, x := range l {
			out[k] = Listed{Rank: k + 1, Business: item(x.Item).ID, Name: item(x.Item).Name, Score: x.Score}
		}
		return out
	}
	agreement := func(c core.TopComparison) Agreement {
		a := Agreement{Overlap: c.Overlap, Tau: c.Tau, Gap: c.Gap}
		if c.GapItem >= 0 {
			a.GapBusiness = item(c.GapItem).ID
		}
		return a
	}
	out.TopN, out.Workers = res.TopN, res.Workers
	out.Incremental, out.Retrained, out.Warm = listed(res.Online), listed(res.Retrained), listed(res.Warm)
	out.VsRetrained, out.VsWarm = agreement(res.VsRetrained), agreement(res.VsWarm)
	out.UpdatesMs, out.RetrainMs, out.RetrainEpochs = r.UpdatesMs(), res.RetrainMs, res.RetrainEpochs
	out.WarmMs, out.WarmEpochs, out.FirstTrainMs = res.WarmMs, res.WarmEpochs, res.FirstTrainMs
	out.RetrainOverUpdates, out.AtLeast = r.RetrainOverUpdates()
	out.RetrainOverFirst = r.RetrainOverFirst()
	out.SHA256.Incremental, out.SHA256.Warm, out.SHA256.Retrained = res.OnlineSum, res.WarmSum, res.RetrainSum
	return out
}

// RetrainTable is the comparison as one table, its rows told apart by the
// part column: a "like" row per like (its update's time), a "list" row per
// business of each model's list, a "comparison" row for the retrain's and
// the warm model's agreement with the incremental list, and a "cost" row
// per way of learning your likes.
func RetrainTable(f Retrain) ([]string, [][]string) {
	header := []string{"part", "model", "rank", "business_id", "business", "score", "overlap", "kendall_tau", "largest_score_gap",
		"largest_score_gap_business_id", "ms"}
	var rows [][]string
	row := func(cells ...string) { rows = append(rows, append(cells, make([]string, len(header)-len(cells))...)) }
	for k, l := range f.Likes {
		row("like", "incremental", strconv.Itoa(k+1), ID(l.Business), Cell(l.Name), "", "", "", "", "", fullPrecision(l.UpdateMs))
	}
	for _, m := range []struct {
		name string
		list []Listed
	}{{"incremental", f.Incremental}, {"retrained", f.Retrained}, {"warm", f.Warm}} {
		for _, l := range m.list {
			row("list", m.name, strconv.Itoa(l.Rank), ID(l.Business), Cell(l.Name), fullPrecision(l.Score))
		}
	}
	for _, a := range []struct {
		name string
		a    Agreement
	}{{"retrained", f.VsRetrained}, {"warm", f.VsWarm}} {
		row("comparison", a.name, "", "", "", "", strconv.Itoa(a.a.Overlap), fullPrecision(a.a.Tau), fullPrecision(a.a.Gap), ID(a.a.GapBusiness))
	}
	for _, c := range []struct {
		name string
		ms   float64
	}{{"incremental", f.UpdatesMs}, {"warm", f.WarmMs}, {"retrained", f.RetrainMs}, {"first_training", f.FirstTrainMs}} {
		row("cost", c.name, "", "", "", "", "", "", "", "", fullPrecision(c.ms))
	}
	return header, rows
}
