package visitor

import (
	"slices"

	"github.com/ealslive/ealslive/app/catalog"
	"github.com/ealslive/ealslive/core"
)

// You is you as the page shows you at one moment: made by Snapshot, it
// never changes afterwards, though the Visitor does.
type You struct {
	Version uint64  // the Visitor's count of changes when it was made
	Liked   []int32 // in click order
	List    []core.Ranked
	Moves   []Move // each listed business's move since the list before; nil for none
	Why     []core.Explanation
	WhyErr  string
	Last    *Click // the last like, nil after any other change
	// Cat is the catalogue your clicks' and list's ids index: a section
	// names them from it, not from a data value that may be newer.
	Cat     *catalog.Catalog
	User    int32 // your row in the model
	Trained bool  // a model is attached
	// Waiting says your clicks wait for a model to learn them; the page
	// clears it once it has stopped on an error, when none will come.
	Waiting bool
	Earlier Earlier
	// SetAside counts the saved clicks kept in storage but not learnt;
	// StorageFailed says the browser's storage keeps nothing.
	SetAside      int
	StorageFailed bool

	model *core.Model
	live  *uint64 // the Visitor's count of changes now
}

// Snapshot is you as you are now.
func (v *Visitor) Snapshot() You {
	y := You{Version: *v.version, Liked: slices.Clone(v.liked), List: slices.Clone(v.list), Why: v.why, Last: v.last,
		Cat: v.cat, User: v.id, Trained: v.model != nil, Waiting: v.model == nil, Earlier: v.earlier,
		SetAside: v.saved.setAside, StorageFailed: v.saved.storageFailed,
		model: v.model, live: v.version}
	if v.prev != nil {
		y.Moves = Moves(v.prev, v.ids())
	}
	if v.whyErr != nil {
		y.WhyErr = v.whyErr.Error()
	}
	return y
}

// Model is the model that made this list, for what a section computes
// from it (similar businesses, the factor map), or nil: before training,
// and once you have changed since, when a newer You is on its way.
func (y You) Model() *core.Model {
	if y.live == nil || *y.live != y.Version {
		return nil
	}
	return y.model
}

// Likes says whether you like business i.
func (y You) Likes(i int32) bool { return slices.Contains(y.Liked, i) }
