package app

import (
	"fmt"
	"time"

	"github.com/ealslive/ealslive/app/catalog"
	"github.com/ealslive/ealslive/app/textfmt"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/ealslive/ealslive/app/webworker"
	"github.com/ealslive/ealslive/app/work"
	"github.com/ealslive/ealslive/core/pack"
)

// session is the page's one copy of what its sections share: the data,
// the model in use, you, and the workers with the run that holds them. The
// Page makes it when it mounts and hands it to every section, which
// changes it through its methods, on the UI goroutine. The sections draw
// what it publishes (see shared.go), never its fields.
type session struct {
	// self is the Page's context: work that must outlive the element that
	// started it (a "like" button is replaced once clicked) is dispatched
	// through it. Nil in tests, which drive the session without a page.
	self app.Context
	data dataSet
	// source is where the data in use comes from; loading, while the
	// workers read other data, what they read; loads numbers the loads,
	// so that an answer to one replaced by another is not taken.
	source  dataSource
	loading *dataSource
	// heldFailure is a training failure heard while the data was on its
	// way, waiting for the data's word (failAfterData).
	heldFailure *failure
	loads       int
	// link is the query of the address the page was opened at (nil until
	// read), and linkFile the file its likes are on, waiting for the
	// visitor to load it ("" for none).
	link     *string
	linkFile string
	// loadProblem is why the data last chosen could not be used, while
	// the workers go back to the data in use.
	loadProblem string
	inUse       modelInUse
	you         *visitor
	runs        *runner // nil until the workers have started
	stage       stage
	notes       notes
	// present is the sections presenter mode shows; nil: the mode is off.
	present []string
	// results are the evidence runs' latest figures, for the export.
	results results
	// linkView is the section a link opened at, shown again once the
	// model is ready.
	linkView string
	probe    *probe
	// drawnNext is what waits for the page's next paint (afterDrawn).
	drawnNext []func(ctx app.Context, paintedAt float64)
	settled   bool // the loader has heard that the page is ready or failed
}

func newSession() *session {
	return &session{you: &visitor{}, inUse: modelInUse{Config: pageConfig()}, stage: stageLoading, probe: newProbe()}
}

// start creates the workers and asks them for the pack: the page reads
// its businesses and the workers decode the rest.
func (s *session) start(ctx app.Context) {
	s.self = ctx
	s.probe.expose(s)
	s.probe.metrics.MountMs = now()
	if w := app.Window().Get("ealsWasm"); w.Type() == app.TypeObject && w.Get("workersAt").Type() == app.TypeNumber {
		s.probe.metrics.WorkersMs = w.Get("workersAt").Float()
	}
	pool, err := newPool(ctx, s)
	if err != nil {
		s.fail(ctx, failure{Title: "This browser cannot run the model",
			Detail: "The page trains its model in Web Workers, and this browser did not start them: " + err.Error() + ".",
			Hint:   "Open the page in a current Firefox, Chrome, Edge or Safari."})
		return
	}
	s.runs = newRunner(pool, s)
	s.you.store = openClickStore()
	s.listenToOtherTabs()
	// The workers download the pack themselves, and have most often
	// decoded it by now (see work.DecodeAhead): the page only names it (or
	// the file or planted world chosen on an earlier visit), with the
	// settings of its first training, so that worker 0 reads the model kept
	// for them ahead. That training is asked for at once, not once the
	// data is in: the workers take it after the data, and a kept model
	// comes back a round trip sooner.
	s.inUse.Config = s.firstSettings(ctx)
	s.source = s.firstSource(ctx)
	s.load(ctx, s.source, nil, false)
	ctx.NewActionWithValue(actRetrain, s.inUse.Config)
}

// gotSummary takes what worker 0 says about the data d: what it holds, or
// why it cannot be used (see dataFailed). It may come again for the same
// data: the workers restarted, or went back to it after other data failed.
func (s *session) gotSummary(ctx app.Context, d dataSource, url string, m work.Msg, train bool) {
	s.loading = nil
	defer s.publish(ctx, keyBusy, s.runHold())
	held := s.heldFailure
	s.heldFailure = nil
	if held != nil && m.Kind != work.MsgError {
		defer s.fail(ctx, *held)
	}
	if m.Kind != work.MsgError {
		// A load that went back to the data in use keeps saying why.
		s.publish(ctx, keyLoad, loadState{Problem: s.loadProblem})
		s.loadProblem = ""
	}
	if m.Kind == work.MsgError {
		var f work.Failure
		m.Decode(&f)
		s.dataFailed(ctx, d, url, f, train)
		return
	}
	start := time.Now()
	var sum work.DataSummary
	err := m.Decode(&sum)
	if err == nil && s.data.Info != nil && sum.Hash == s.data.Info.Hash {
		return // the data in use, again
	}
	var items []pack.Item
	var popular []int32
	if err == nil {
		items, err = work.ReadCatalog(m, sum.Catalog)
	}
	if err == nil {
		popular, err = work.ReadPopular(m, len(items))
	}
	if err != nil {
		s.fail(ctx, failure{Title: "The data could not be read", Detail: fmt.Sprintf("The workers' summary of it is damaged (%v).", err)})
		return
	}
	first := s.data.Cat == nil
	if d.Kind == sourceFile {
		d.Hash = sum.Hash
	}
	s.source = d
	saveSource(d)
	cat := catalog.New(items)
	cat.SetCounts(ints(m.I32[0]), ints(m.I32[1]), popular)
	s.data = dataSet{Cat: cat, Info: newDataInfo(d, sum)}
	pm := &s.probe.metrics
	pm.PackBytes, pm.DownloadMs = sum.Bytes, sum.DownloadMs
	pm.DecodeMs = now() - pm.MountMs
	pm.CatalogMs = textfmt.DurationMillis(time.Since(start))
	if !first {
		// Each data set has its clicks of its own: yours on this one come
		// back, and those on the one before stay saved.
		s.you = &visitor{store: s.you.store, storageFailed: s.you.storageFailed}
		s.inUse = modelInUse{Config: s.inUse.Config}
		s.stage = stageTraining // until the model trains on it
	}
	if d.Kind != sourcePack {
		s.you.dataHash = sum.Hash
	}
	s.restoreClicks(ctx)
	switch {
	case d.Kind == sourceFile && s.linkFile != "" && d.File == s.linkFile:
		s.linkFile = "" // the file the link's likes wait for
		s.applyLink(ctx)
	case first:
		s.applyLink(ctx)
	default:
		s.restoreEarlier()
	}
	s.publish(ctx, keyData, s.data)
	s.publishModel(ctx)
	s.publishYou(ctx)
	s.afterDrawn(ctx, func(ctx app.Context, paintedAt float64) { s.probe.metrics.FirstListMs = paintedAt })
	if train {
		ctx.NewActionWithValue(actRetrain, s.inUse.Config)
	}
}

func ints(v []int32) []int {
	out := make([]int, len(v))
	for k, x := range v {
		out[k] = int(x)
	}
	return out
}

// failAfterData is fail for a training job asked for with the data: while
// the data is on its way, the job fails on any worker without it, and may
// be heard of before worker 0 says why the data cannot be had. So the
// failure waits for the data's word (gotSummary): the data's own failure
// if it cannot be had, else this one.
func (s *session) failAfterData(ctx app.Context, f failure) {
	if s.loading != nil {
		s.heldFailure = &f
		return
	}
	s.fail(ctx, f)
}

// fail stops the page on f, which the notices show at the top. The first
// failure stays: what follows from it (a training job without its data)
// says less.
func (s *session) fail(ctx app.Context, f failure) {
	s.stage = stageFailed
	if s.notes.Failure == nil {
		s.notes.Failure = &f
	}
	if s.data.Cat == nil {
		s.data.Failed = true
	}
	s.publish(ctx, keyNotes, s.notes.clone())
	s.publish(ctx, keyData, s.data)
	s.publish(ctx, keyBusy, s.runHold())
	s.publishYou(ctx)
}

// note adds a message for the visitor.
func (s *session) note(ctx app.Context, msg string) {
	if msg == "" {
		return
	}
	s.notes.List = append(s.notes.List, msg)
	s.publish(ctx, keyNotes, s.notes.clone())
}

// dismiss drops note k.
func (s *session) dismiss(ctx app.Context, k int) {
	if k >= 0 && k < len(s.notes.List) {
		s.notes.List = append(s.notes.List[:k:k], s.notes.List[k+1:]...)
		s.publish(ctx, keyNotes, s.notes.clone())
	}
}

// announce says msg in the live region; with toList, the bar on a phone
// links to your list, where the change is.
func (s *session) announce(ctx app.Context, msg string, toList bool) {
	s.publish(ctx, keyNews, news{Text: msg, ToList: toList})
}

// busy says why a long run cannot start now, or "" if it can: they all
// need the workers.
func (s *session) busy() string {
	switch {
	case s.stage == stageFailed && s.data.Cat == nil:
		return "the data could not be loaded"
	case s.stage == stageFailed:
		return "the page stopped on the error shown at the top"
	case s.runs == nil:
		return "the workers have not started"
	case s.runs.holder == "" && s.loading != nil:
		return "the data is being read"
	}
	return s.runs.holder
}

// hold is why a long run cannot start, worded by its control: a reason
// that will pass (the data is loading, another run holds the workers),
// or, once the page has failed, one that will not, which must not read as
// "waits".
type hold struct {
	Reason string // "" when the run can start
	Final  bool   // the page has failed: the run will never be available
}

func (s *session) runHold() hold { return hold{Reason: s.busy(), Final: s.stage == stageFailed} }

// says words the hold for the run: "The replay waits: …" or "The replay
// is not available: …"; "" when the run can start.
func (h hold) says(run string) string {
	switch {
	case h.Reason == "":
		return ""
	case h.Final:
		return run + " is not available: " + h.Reason + "."
	}
	return run + " waits: " + h.Reason + "."
}

// workerCount is how many workers share the page's long work: one per
// core the browser reports, at least one and at most four (more copies of
// the data and model cost memory for little gain).
func workerCount() int {
	n := app.Window().Get("navigator").Get("hardwareConcurrency")
	if !n.Truthy() {
		return 2
	}
	return min(max(n.Int(), 1), 4)
}

func newPool(ctx app.Context, s *session) (webworker.Pool, error) {
	return startPool(workerCount(), ctx.ResolveStaticResource("/web/worker.js"), func(why string) {
		s.self.Dispatch(func(ctx app.Context) {
			s.fail(ctx, failure{Title: "The model's workers stopped",
				Detail: "The page's Web Workers, which train and evaluate the model, stopped working: " + why + ".",
				Hint:   "Reload the page; your clicks are kept. If it happens again, the browser may be short of memory: close other tabs."})
		})
	})
}
