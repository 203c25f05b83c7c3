package app

import (
	"encoding/json"
	"strings"
	"sync"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/ealslive/ealslive/app/runs"
	"github.com/ealslive/ealslive/app/visitor"
)

// probe is what the page tells its browser tests and benchmark, in
// window.ealsLiveMetrics, window.ealsLiveEvidence and
// window.ealsLiveFactorMap: timings, what the page shows, the evidence
// runs' figures at full precision, and each section's redraws. Like
// gonum's optimize.Recorder it sits in one place, the board (shared.go),
// where every value is published and drawn, and reads what it needs from
// the values; the page never reads it.
type probe struct {
	metrics  pageMetrics
	evidence evidence
	// factorMap is what the factor map drew, nil until it has drawn.
	factorMap *factorMapShown
	lastClick *visitor.Click // the last like counted
	// shown are the values drawn since the sections last redrew, taken as
	// what the page shows once they have.
	shown []drawnValue
}

// drawnValue is a value handed to the sections after the paint at
// paintedAt.
type drawnValue struct {
	key       string
	v         any
	paintedAt float64
}

// evidence is the evidence runs' latest figures, and the lesson's step.
type evidence struct {
	Replay   runs.Replay     `json:"replay"`
	Compare  runs.Comparison `json:"compare"`
	Newcomer runs.Newcomers  `json:"newcomer"`
	Retrain  runs.Retrain    `json:"retrain"`
	Lesson   lessonEvidence  `json:"lesson"`
}

// lessonEvidence is the lesson's step as painted.
type lessonEvidence struct {
	On      bool   `json:"on"`
	Step    int    `json:"step"` // 1-based
	Entered bool   `json:"entered"`
	Done    bool   `json:"done"`
	Waits   string `json:"waits"`
	Guess   string `json:"guess"`
	Answer  string `json:"answer"`
	Right   bool   `json:"right"`
	Did     string `json:"did"`
	Problem string `json:"problem"`
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
	ClickToScreenMs     []float64      `json:"clickToScreenMs"`  // the new list has been painted
	ReadyMs             float64        `json:"readyMs"`          // the model is trained and learns clicks
	Liked               int            `json:"liked"`            // the clicks the page shows, once painted
	StorageFailed       bool           `json:"storageFailed"`
	SetAside            int            `json:"setAside"`     // saved clicks kept in storage but not learnt
	Renders             map[string]int `json:"renders"`      // redraws per section
	SectionsLive        bool           `json:"sectionsLive"` // every section is in the page and drawn
	Data                string         `json:"data"`         // the data in use, as the page names it, once painted
	DataHash            string         `json:"dataHash"`     // and its hash
	MemBytes            uint64         `json:"memBytes"`     // what worker 0 holds once the data is in
}

// start takes the page's first moments, and installs the getters.
func (p *probe) start() {
	p.metrics.MountMs = now()
	if w := app.Window().Get("ealsWasm"); w.Type() == app.TypeObject && w.Get("workersAt").Type() == app.TypeNumber {
		p.metrics.WorkersMs = w.Get("workersAt").Float()
	}
	p.expose()
}

// published follows a value as an owner publishes it.
func (p *probe) published(key string, v any) {
	m := &p.metrics
	switch key {
	case keyData:
		if i := v.(dataSet).Info; i != nil {
			m.PackBytes, m.DownloadMs, m.CatalogMs, m.MemBytes = i.Bytes, i.DownloadMs, i.IndexMs, i.MemBytes
			m.DecodeMs = now() - m.MountMs
		}
	case keyTraining:
		t := v.(trainingShown)
		m.Workers, m.TrainStartMs = t.Run.Workers, t.AskedAt
		m.EpochMs, m.EvalMs, m.SetupMs, m.FinalMs = t.Run.EpochMs, t.Run.EvalMs, t.Run.SetupMs, t.Run.FinalMs
	case keyModel:
		if mu := v.(modelInUse); mu.Trained {
			r := mu.Run
			m.ReadyMs = now()
			m.HR, m.Restored, m.ModelChecksum = r.Final.HR, r.Restored, r.Checksum
			m.KernelRows, m.KernelRankings = r.KernelRows, r.KernelRankings
		}
	case keyYou:
		y := v.(visitor.You)
		m.SetAside, m.StorageFailed = y.SetAside, y.StorageFailed
		if c := y.Last; c != nil && c != p.lastClick && !c.Replayed {
			p.lastClick = c
			m.UpdateMs = append(m.UpdateMs, c.UpdateMs)
			m.RankMs = append(m.RankMs, c.RankMs)
			m.ExplainMs = append(m.ExplainMs, c.ExplainMs)
		}
	case keyScreen:
		c := v.(clickScreen)
		m.ClickToHandlerMs = append(m.ClickToHandlerMs, c.HandledAt-c.At)
		m.ClickToScreenMs = append(m.ClickToScreenMs, c.Ms)
	case keyMapShown:
		if s := v.(factorMapShown); s.Items != nil {
			p.factorMap = &s
		} else {
			p.factorMap = nil
		}
	}
}

// drawn follows what the sections are handed once the page is painted.
func (p *probe) drawn(key string, v any, paintedAt float64) {
	p.shown = append(p.shown, drawnValue{key, v, paintedAt})
}

// redrawn takes what was drawn as what the page shows, once the sections
// have redrawn with it.
func (p *probe) redrawn() {
	for _, d := range p.shown {
		p.show(d.key, d.v, d.paintedAt)
	}
	p.shown = nil
}

func (p *probe) show(key string, v any, paintedAt float64) {
	m := &p.metrics
	m.SectionsLive = true
	switch key {
	case keyYou:
		y := v.(visitor.You)
		m.Liked = len(y.Liked)
		if m.FirstListMs == 0 && y.Cat != nil {
			m.FirstListMs = paintedAt
		}
	case keyStage:
		m.Stage = v.(stage).String()
	case keyData:
		if i := v.(dataSet).Info; i != nil {
			m.Data, m.DataHash = i.Called(), i.Hash
		}
	case keyReplay:
		p.evidence.Replay = v.(runs.Replay)
	case keyCompare:
		p.evidence.Compare = v.(runs.Comparison)
	case keyNewcomer:
		p.evidence.Newcomer = v.(runs.Newcomers)
	case keyRetrain:
		p.evidence.Retrain = v.(runs.Retrain)
	case keyLesson:
		l := v.(lessonShown)
		e := lessonEvidence{On: l.On, Step: l.Step + 1, Entered: l.Entered, Done: l.Card.Done, Waits: l.Waits,
			Guess: l.Card.Guess, Right: l.Card.Right, Did: l.Card.Did, Problem: l.Card.Problem}
		if a := l.Card.Answer; a != nil {
			e.Answer = a.Value
		}
		p.evidence.Lesson = e
	}
}

// renders counts the values handed to each section (shared.go's
// observe), each of which redraws it.
var renders = struct {
	sync.Mutex
	n map[string]int
}{n: map[string]int{}}

func countDelivery(section string) {
	renders.Lock()
	renders.n[section]++
	renders.Unlock()
}

// domRedraws are the parts inside a section that draw what their section
// hands them, counted by their changes on the page: the finder's rows and
// the parameter controls. A MutationObserver in the page counts them, one
// per task that changed them, in window.ealsLiveRedraws.
var domRedraws = map[string]string{"browse-rows": "browse", "params": "params"}

const watchRedraws = `(() => {
	const counts = window.ealsLiveRedraws = window.ealsLiveRedraws || {};
	for (const [name, id] of Object.entries(PARTS)) {
		const el = document.getElementById(id);
		if (!el || el.dataset.redrawsWatched) continue;
		el.dataset.redrawsWatched = "1";
		counts[name] = counts[name] || 0;
		new MutationObserver(() => { counts[name]++; }).observe(el, {subtree: true, childList: true, attributes: true, characterData: true});
	}
})()`

// expose installs the getters window.ealsLiveMetrics,
// window.ealsLiveEvidence and window.ealsLiveFactorMap, which give the
// probe as JSON when read: made only then, they cost a click nothing.
func (p *probe) expose() {
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
		"ealsLiveMetrics":   func() any { return p.current() },
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
func (p *probe) current() *pageMetrics {
	m := &p.metrics
	renders.Lock()
	m.Renders = make(map[string]int, len(renders.n)+len(domRedraws))
	for k, v := range renders.n {
		m.Renders[k] = v
	}
	renders.Unlock()
	parts, _ := json.Marshal(domRedraws)
	app.Window().Call("eval", strings.Replace(watchRedraws, "PARTS", string(parts), 1))
	if counts := app.Window().Get("ealsLiveRedraws"); counts.Truthy() {
		for name := range domRedraws {
			if n := counts.Get(name); n.Type() == app.TypeNumber {
				m.Renders[name] = n.Int()
			}
		}
	}
	return m
}

// fineClock reports whether the page's clock ticks in 5 µs steps, as it
// does where the page is cross-origin isolated, rather than 100 µs.
func fineClock() bool {
	return !app.IsServer && app.Window().Get("crossOriginIsolated").Bool()
}
