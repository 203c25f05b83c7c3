package runs

import (
	"slices"

	"github.com/ealslive/ealslive/app/catalog"
	"github.com/ealslive/ealslive/app/work"
	"github.com/ealslive/ealslive/core"
)

// NewcomersSuggested is how many of the most active newcomers the page
// offers to follow.
const NewcomersSuggested = 5

// Newcomers is what the page shows of the newcomers, published in
// window.ealsLiveEvidence for the browser tests.
type Newcomers struct {
	Running   bool                  `json:"running"`
	Epoch     int                   `json:"epoch"`
	Epochs    int                   `json:"epochs"`
	Err       string                `json:"error,omitempty"`
	Result    *work.NewcomerResult  `json:"result,omitempty"`
	Shown     int                   `json:"shown"` // the number of the newcomer on screen, 0 for none
	Followed  []work.FollowedResult `json:"-"`     // every one followed so far, in Result's too
	Requested int                   `json:"requested"`
	// Config and Split made the run: the model's settings and the share
	// of the time-ordered data it trained on.
	Config core.Config      `json:"-"`
	Split  float64          `json:"-"`
	Data   *catalog.Catalog `json:"-"` // the data it ran on
}

// NewcomerSpec is the workers' job for the newcomers with cfg, following
// number too (0: the suggested only).
func NewcomerSpec(cfg core.Config, number int) work.NewcomerSpec {
	spec := work.NewcomerSpec{Config: cfg, Split: ReplaySplit, Suggest: NewcomersSuggested}
	if number > 0 {
		spec.Follow = []int{number}
	}
	return spec
}

// Start is the run under way for spec on the data cat, following number.
func (r *Newcomers) Start(spec work.NewcomerSpec, number int, cat *catalog.Catalog) {
	r.Running, r.Err, r.Requested, r.Data = true, "", number, cat
	r.Config, r.Split = spec.Config, spec.Split
}

// FollowedNumber returns newcomer number n if followed, or nil.
func (r *Newcomers) FollowedNumber(n int) *work.FollowedResult {
	for k := range r.Followed {
		if r.Followed[k].Number == n {
			return &r.Followed[k]
		}
	}
	return nil
}

// Take folds the workers' message m in.
func (r *Newcomers) Take(m work.Msg) {
	switch m.Kind {
	case work.MsgProgress:
		var p work.NewcomerProgress
		if m.Decode(&p) == nil {
			r.Epoch, r.Epochs = p.Epoch, p.Epochs
		}
	case work.MsgResult:
		var res work.NewcomerResult
		if m.Decode(&res) != nil {
			return
		}
		r.Result = &res
		r.Followed = slices.Clone(r.Followed) // the one published stays as it was
		for _, f := range res.Followed {
			if r.FollowedNumber(f.Number) == nil {
				r.Followed = append(r.Followed, f)
			}
		}
		switch {
		case r.Requested > 0:
			r.Shown = r.Requested
		case r.Shown == 0 && len(res.Suggested) > 0:
			r.Shown = res.Suggested[0]
		}
	}
}
