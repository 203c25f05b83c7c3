package app

import (
	"encoding/json"
	"sync"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// probe is what the page tells its browser tests and benchmark, in
// window.ealsLiveMetrics, window.ealsLiveEvidence and
// window.ealsLiveFactorMap: timings, what the page shows, the evidence
// runs' figures at full precision, and each section's renders. The page
// writes it and never reads it.
type probe struct {
	metrics  pageMetrics
	evidence results
	// factorMap is what the factor map drew, nil until it has drawn.
	factorMap *factorMapShown
}

func newProbe() *probe { return &probe{} }

// pageMetrics are the page's own timings and state, as JSON. All times are
// milliseconds on the page's clock (performance.now, which starts at
// navigation).
type pageMetrics struct {
	Stage               string         `json:"stage"` // as the page shows it, once painted
	CrossOriginIsolated bool           `json:"crossOriginIsolated"`
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
	Liked               int            `json:"liked"`            // the clicks the page shows, once painted
	StorageFailed       bool           `json:"storageFailed"`
	SetAside            int            `json:"setAside"`     // saved clicks kept in storage but not learnt
	Renders             map[string]int `json:"renders"`      // Render calls per section
	SectionsLive        bool           `json:"sectionsLive"` // every section is in the page and drawn
	Data                string         `json:"data"`         // the data in use, as the page names it, once painted
	DataHash            string         `json:"dataHash"`     // and its hash
	MemBytes            uint64         `json:"memBytes"`     // what worker 0 holds once the data is in
}

// shown makes what the probe says the page shows follow the session once
// it is painted. The page says ready only once the workers are free too,
// for the replay and the comparison.
func (p *probe) shown(s *session) {
	m := &p.metrics
	m.Liked = len(s.you.liked)
	m.Stage = s.stage.String()
	if i := s.data.Info; i != nil {
		m.Data, m.DataHash, m.MemBytes = s.source.String(), i.Hash, i.MemBytes
	}
	if s.stage == stageReady && s.runs != nil && s.runs.holder == holdTraining {
		m.Stage = stageTraining.String()
	}
	p.evidence = s.results
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

// expose installs the getters window.ealsLiveMetrics,
// window.ealsLiveEvidence and window.ealsLiveFactorMap, which give the
// probe as JSON when read: made only then, they cost a click nothing.
func (p *probe) expose(s *session) {
	p.metrics.CrossOriginIsolated = fineClock()
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
		"ealsLiveMetrics":   func() any { return p.current(s) },
		"ealsLiveEvidence":  func() any { return p.evidence },
		"ealsLiveFactorMap": func() any { return p.factorMap },
	} {
		desc := app.Window().Get("Object").New()
		desc.Set("get", getter(v))
		desc.Set("configurable", true)
		// Call, not Invoke: only Call unwraps go-app's values for syscall/js.
		object.Call("defineProperty", app.Window(), name, desc)
	}
}

// current is the metrics as of now.
func (p *probe) current(s *session) *pageMetrics {
	m := &p.metrics
	if s.runs != nil {
		m.Workers = s.runs.pool.Size()
	}
	renders.Lock()
	m.Renders = make(map[string]int, len(renders.n))
	for k, v := range renders.n {
		m.Renders[k] = v
	}
	renders.Unlock()
	return m
}

// fineClock reports whether the page's clock ticks in 5 µs steps, as it
// does where the page is cross-origin isolated, rather than 100 µs.
func fineClock() bool {
	return !app.IsServer && app.Window().Get("crossOriginIsolated").Bool()
}

// clicked records what a like cost in core, and when its handler ran.
func (p *probe) clicked(last *clickTiming, c likeClick, handledAt float64) {
	if last == nil || last.Item != c.Item {
		return // learnt when training ends
	}
	m := &p.metrics
	m.UpdateMs = append(m.UpdateMs, last.UpdateMs)
	m.RankMs = append(m.RankMs, last.RankMs)
	m.ExplainMs = append(m.ExplainMs, last.ExplainMs)
	if c.At > 0 {
		m.ClickToHandlerMs = append(m.ClickToHandlerMs, handledAt-c.At)
	}
}

// inDOM records that a click's new list is in the page.
func (p *probe) inDOM(c likeClick) {
	if c.At > 0 {
		p.metrics.ClickToDOMMs = append(p.metrics.ClickToDOMMs, now()-c.At)
	}
}

// onScreen records a click's time from the event to the screen.
func (p *probe) onScreen(ms float64) {
	p.metrics.ClickToScreenMs = append(p.metrics.ClickToScreenMs, ms)
}
