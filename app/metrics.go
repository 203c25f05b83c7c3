package app

import (
	"encoding/json"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// pageMetrics are the page's own timings, published as JSON in
// window.ealsLiveMetrics for the browser tests and benchmark to read. All
// times are milliseconds on the page's clock (performance.now, which
// starts at navigation).
type pageMetrics struct {
	Stage               string    `json:"stage"`
	CrossOriginIsolated bool      `json:"crossOriginIsolated"` // the clock is 5 µs, not 100 µs
	PackBytes           int       `json:"packBytes"`
	MountMs             float64   `json:"mountMs"`          // the page's Go code started
	DownloadMs          float64   `json:"downloadMs"`       // fetching the pack
	DecodeMs            float64   `json:"decodeMs"`         // decoding and splitting it
	FirstListMs         float64   `json:"firstListMs"`      // first ranked list painted
	EvalMs              []float64 `json:"evalMs"`           // compute time of each epoch's sample evaluation
	EpochMs             []float64 `json:"epochMs"`          // compute time per epoch
	HR                  float64   `json:"hr"`               // final HR@100 on every held-out user
	UpdateMs            []float64 `json:"updateMs"`         // Model.UpdateTraced per click
	RankMs              []float64 `json:"rankMs"`           // re-ranking per click
	ExplainMs           []float64 `json:"explainMs"`        // splitting the new list's scores by your clicks, per click
	ClickToHandlerMs    []float64 `json:"clickToHandlerMs"` // the click reaches the page's Go handler
	ClickToDOMMs        []float64 `json:"clickToDOMMs"`     // the new list is in the DOM
	ClickToScreenMs     []float64 `json:"clickToScreenMs"`  // the new list has been painted
	ReadyMs             float64   `json:"readyMs"`          // the model is trained and learns clicks
	Liked               int       `json:"liked"`
	StorageFailed       bool      `json:"storageFailed"`
}

// publish writes the metrics once the current update has reached the DOM,
// so that whoever reads a stage there also finds it on the page.
func (p *Page) publish() {
	if p.self == nil {
		p.writeMetrics()
		return
	}
	p.self.Defer(func(app.Context) { p.writeMetrics() })
}

func (p *Page) writeMetrics() {
	p.metrics.Stage = p.stage.String()
	p.metrics.Liked = len(p.you.liked)
	b, err := json.Marshal(p.metrics)
	if err != nil {
		return
	}
	app.Window().Set("ealsLiveMetrics", string(b))
}
