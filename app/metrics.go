package app

import (
	"encoding/json"
	"sync"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// pageMetrics are the page's own timings, published as JSON in
// window.ealsLiveMetrics for the browser tests and benchmark to read. All
// times are milliseconds on the page's clock (performance.now, which
// starts at navigation).
type pageMetrics struct {
	Stage               string         `json:"stage"`
	CrossOriginIsolated bool           `json:"crossOriginIsolated"` // the clock is 5 µs, not 100 µs
	Workers             int            `json:"workers"`
	PackBytes           int            `json:"packBytes"`
	WorkersMs           float64        `json:"workersMs"`        // the loader started the first worker
	MountMs             float64        `json:"mountMs"`          // the page's Go code started
	DownloadMs          float64        `json:"downloadMs"`       // worker 0 fetching the pack, mostly while the page starts
	CatalogMs           float64        `json:"catalogMs"`        // indexing the businesses the workers sent
	DecodeMs            float64        `json:"decodeMs"`         // from the page's start to the workers' summary of the pack
	FirstListMs         float64        `json:"firstListMs"`      // first ranked list painted
	EvalMs              []float64      `json:"evalMs"`           // each epoch's sample evaluation
	EpochMs             []float64      `json:"epochMs"`          // wall time per epoch, the workers' exchanges included
	TrainStartMs        float64        `json:"trainStartMs"`     // the page asked the workers to train (or bring back a kept model)
	SetupMs             float64        `json:"setupMs"`          // the workers' split and first model, before the first epoch
	FinalMs             float64        `json:"finalMs"`          // the final evaluation on every held-out user
	HR                  float64        `json:"hr"`               // final HR@100 on every held-out user
	Restored            bool           `json:"restored"`         // the model came from an earlier visit
	ModelChecksum       string         `json:"modelChecksum"`    // SHA-256 of the trained model's file, before any click
	KernelRows          int64          `json:"kernelRows"`       // rows of worker 0's epochs solved by the SIMD kernel
	KernelRankings      int64          `json:"kernelRankings"`   // worker 0's rankings counted by the SIMD kernel
	UpdateMs            []float64      `json:"updateMs"`         // Model.UpdateTraced per click
	RankMs              []float64      `json:"rankMs"`           // re-ranking per click
	ExplainMs           []float64      `json:"explainMs"`        // splitting the new list's scores by your clicks, per click
	ClickToHandlerMs    []float64      `json:"clickToHandlerMs"` // the click reaches the page's Go handler
	ClickToDOMMs        []float64      `json:"clickToDOMMs"`     // the new list is in the DOM
	ClickToScreenMs     []float64      `json:"clickToScreenMs"`  // the new list has been painted
	ReadyMs             float64        `json:"readyMs"`          // the model is trained and learns clicks
	Liked               int            `json:"liked"`
	StorageFailed       bool           `json:"storageFailed"`
	SetAside            int            `json:"setAside"`     // saved clicks kept in storage but not learnt
	Renders             map[string]int `json:"renders"`      // Render calls per section
	SectionsLive        bool           `json:"sectionsLive"` // every section is in and drawn (they come a frame at a time)
	version             int            // counts state changes, for their values
}

// renders counts each section's Render calls, for the browser test that
// holds each change to the sections that show it.
var renders = struct {
	sync.Mutex
	n map[string]int
}{n: map[string]int{}}

func countRender(section string) {
	renders.Lock()
	renders.n[section]++
	renders.Unlock()
}

// exposeMetrics installs the getters window.ealsLiveMetrics and
// window.ealsLiveEvidence, which give the metrics and the evidence runs as
// JSON. The browser tests and benchmark poll them; made only when read,
// they cost a click nothing.
func (s *session) exposeMetrics() {
	getter := func(v func() any) app.Func {
		return app.FuncOf(func(this app.Value, args []app.Value) any {
			b, err := json.Marshal(v())
			if err != nil {
				return ""
			}
			return string(b)
		})
	}
	object := app.Window().Get("Object")
	for name, v := range map[string]func() any{
		"ealsLiveMetrics":   func() any { return s.currentMetrics() },
		"ealsLiveEvidence":  func() any { return s.evidenceShown },
		"ealsLiveFactorMap": func() any { return s.factorMap },
	} {
		desc := app.Window().Get("Object").New()
		desc.Set("get", getter(v))
		desc.Set("configurable", true)
		// Call, not Invoke: only Call unwraps go-app's values for syscall/js.
		object.Call("defineProperty", app.Window(), name, desc)
	}
}

// currentMetrics are the metrics as of now.
func (s *session) currentMetrics() *pageMetrics {
	m := &s.metrics
	m.Stage = s.shown.String()
	m.Liked = s.shownLiked
	if s.jobs != nil {
		m.Workers = s.jobs.pool.Size()
	}
	renders.Lock()
	m.Renders = make(map[string]int, len(renders.n))
	for k, v := range renders.n {
		m.Renders[k] = v
	}
	renders.Unlock()
	return m
}
