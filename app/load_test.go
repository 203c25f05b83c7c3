package app

import (
	"testing"

	"github.com/ealslive/ealslive/app/datainfo"
	"github.com/ealslive/ealslive/app/work"
	"github.com/ealslive/ealslive/core"
)

// A training failure heard while the data is on its way waits for the
// data's word: the data's own failure shows if it cannot be had, and the
// training's if it can.
func TestTrainingFailureWaitsForTheData(t *testing.T) {
	training := datainfo.Failure{Title: "Training failed", Detail: "work: the data has not been loaded"}
	bad := work.NewMsg(work.MsgError, 0, work.Failure{Kind: "truncated", Message: "pack: truncated"})
	s, _ := testSession()
	s.runs.loading = &dataSource{Kind: sourcePack}
	s.runs.failAfterData(training)
	if s.views.notes.Failure != nil {
		t.Fatalf("the page failed on %+v before the data's word", s.views.notes.Failure)
	}
	s.runs.gotSummary(dataSource{Kind: sourcePack}, bad, true)
	if got := s.views.notes.Failure; got == nil || got.Title != "The data arrived incomplete" {
		t.Fatalf("after the data's failure the page shows %+v", got)
	}
	// Data that arrives: the training's failure shows.
	s, _ = testSession()
	s.runs.loading = &dataSource{Kind: sourcePack}
	s.runs.failAfterData(training)
	world := core.DefaultPlanted()
	world.Users, world.Items = 60, 40
	envs, page := work.LocalEnvs(1, nil)
	work.NewWorker(envs[0]).Handle(work.NewMsg(work.MsgData, 0, work.DataSpec{Config: core.DefaultConfig(), Planted: &world}))
	s.runs.gotSummary(dataSource{Kind: sourcePlanted, Planted: &world}, <-page, false)
	if got := s.views.notes.Failure; got == nil || got.Title != "Training failed" {
		t.Errorf("after the data arrived the page shows %+v", got)
	}
}
