package app

import (
	"github.com/ealslive/ealslive/app/runs"
	"github.com/ealslive/ealslive/core"
)

// modelInUse is the model your list comes from: its settings, and, once
// trained, its training run and the plane the factor map draws it on. The
// model itself is yours to learn your clicks (visitor.You.Model), so that
// no published value changes under a section.
type modelInUse struct {
	Config  core.Config
	Trained bool // false while it trains
	Run     runs.Training
	// Plane is the factor map's plane of the model as trained, as the
	// workers found it.
	Plane *core.Plane
}
