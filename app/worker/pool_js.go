//go:build js && wasm

package worker

import (
	"errors"
	"fmt"
	"sync"
	"syscall/js"
	"time"

	"github.com/ealslive/ealslive/app/work"
)

// NewPool starts n Web Workers from script (web/worker.js), each running
// the compiled module the page's loader kept (window.ealsWasm.module),
// joined to each other by MessagePorts. It adopts the workers the page's
// head started (cmd/build/site's early.js), and, if the head joined them
// and asked them for the page's first training (window.ealsWasm.asked),
// holds that job's news for Start; what they said before the pool
// listened (window.ealsWasm.inbox) it hears first. onFatal hears, in words, that the
// workers are lost for good (their program stopped and could not be
// restarted); a job under way then finishes with that failure.
func NewPool(n int, script string, onFatal func(string)) (p Pool, err error) {
	defer func() {
		if r := recover(); r != nil {
			p, err = nil, fmt.Errorf("the browser refused to start a worker: %v", r)
		}
	}()
	module := js.Global().Get("ealsWasm")
	if module.Type() != js.TypeObject || module.Get("module").Type() != js.TypeObject {
		return nil, errors.New("the page's loader kept no compiled module for the workers")
	}
	if js.Global().Get("Worker").Type() != js.TypeFunction {
		return nil, errors.New("this browser has no Web Workers")
	}
	jp := &jsPool{n: n, script: script, module: module.Get("module"), jobs: map[int]*jobState{}, onFatal: onFatal}
	// The workers the loader started are already booting with the module:
	// the one that compiled it becomes worker 0. Any beyond n (the loader
	// guesses n as workerCount does) would only hold memory.
	ws := module.Get("workers")
	asked := module.Get("asked")
	if ws.Type() == js.TypeObject {
		joined := asked.Type() == js.TypeObject
		if joined && ws.Length() != n {
			// early.js joined them as a team of another size (or one of
			// them failed to start): fresh workers serve instead.
			joined = false
			for k := 0; k < ws.Length(); k++ {
				ws.Index(k).Call("terminate")
			}
		} else {
			for k := 0; k < ws.Length(); k++ {
				if k < n {
					jp.adopt = append(jp.adopt, ws.Index(k))
				} else {
					ws.Index(k).Call("terminate")
				}
			}
		}
		if joined {
			jp.early = &earlyJob{job: asked.Get("job").Int(), head: asked.Get("head").String(),
				data: asked.Get("data").String(), at: asked.Get("at").Float()}
			jp.next = jp.early.job
			jp.jobs[jp.early.job] = &jobState{held: true}
			jp.joined = true
			if f := asked.Get("pauseFlag"); f.Type() == js.TypeObject {
				jp.pauseFlag = f
			}
		}
		module.Set("workers", js.Global().Get("Array").New())
	}
	jp.start()
	// What the workers said before the pool listened.
	if inbox := module.Get("inbox"); inbox.Type() == js.TypeObject {
		module.Set("inbox", js.Global().Get("Array").New())
		for k := 0; k < inbox.Length(); k++ {
			jp.fromWorker(fromJS(inbox.Index(k)))
		}
	}
	return jp, nil
}

// earlyJob is the job early.js asked the workers for before the page's
// program ran (cmd/build/site's early.js): the page's first training, which
// the pool holds the news of until the page asks for the same job (Start).
type earlyJob struct {
	job        int
	head, data string // the job's and the data message's heads, as sent
	at         float64
}

type jsPool struct {
	n       int
	script  string
	module  js.Value
	workers []js.Value
	funcs   []js.Func
	onFatal func(string)

	mu       sync.Mutex
	next     int
	jobs     map[int]*jobState
	pack     []byte
	dataSpec work.DataSpec
	onData   func(work.Msg)
	restarts int
	adopt    []js.Value // workers the loader started, booted already
	// joined: early.js has told the adopted workers their places (init).
	joined bool
	early  *earlyJob
	// heldData is worker 0's MsgData that came before LoadData.
	heldData []work.Msg
	askedAt  map[int]float64 // jobs early.js asked for, by number
	// pauseFlag is an Int32Array over a SharedArrayBuffer that every worker
	// reads, 1 while the page asks them to give way, where the page is
	// cross-origin isolated; undefined elsewhere.
	pauseFlag js.Value
}

// start creates the workers, boots each with the module and tells each its
// place, its ports to the others and the pause flag.
func (p *jsPool) start() {
	if p.pauseFlag.IsUndefined() && js.Global().Get("crossOriginIsolated").Truthy() &&
		js.Global().Get("SharedArrayBuffer").Type() == js.TypeFunction {
		p.pauseFlag = js.Global().Get("Int32Array").New(js.Global().Get("SharedArrayBuffer").New(4))
	}
	p.workers = make([]js.Value, p.n)
	for i := range p.workers {
		var w js.Value
		booted := i < len(p.adopt)
		if booted {
			w = p.adopt[i]
		} else {
			w = js.Global().Get("Worker").New(p.script)
		}
		onMsg := js.FuncOf(func(this js.Value, args []js.Value) any {
			p.fromWorker(fromJS(args[0].Get("data")))
			return nil
		})
		onErr := js.FuncOf(func(this js.Value, args []js.Value) any {
			msg := "a worker failed to load"
			if m := args[0].Get("message"); m.Type() == js.TypeString && m.String() != "" {
				msg += ": " + m.String()
			}
			p.fatal(msg)
			return nil
		})
		p.funcs = append(p.funcs, onMsg, onErr)
		w.Set("onmessage", onMsg)
		w.Set("onerror", onErr)
		if !booted {
			boot := js.Global().Get("Object").New()
			boot.Set("boot", p.module)
			w.Call("postMessage", boot)
		}
		p.workers[i] = w
	}
	p.adopt = nil
	if p.joined {
		p.joined = false
		return
	}
	ports := make([][]js.Value, p.n)
	for i := range ports {
		ports[i] = make([]js.Value, p.n)
	}
	for i := 0; i < p.n; i++ {
		for j := i + 1; j < p.n; j++ {
			ch := js.Global().Get("MessageChannel").New()
			ports[i][j], ports[j][i] = ch.Get("port1"), ch.Get("port2")
		}
	}
	for i, w := range p.workers {
		obj, _ := toJS(work.NewMsg(kindInit, 0, initHead{Index: i, Count: p.n}))
		list := js.Global().Get("Array").New()
		var transfer []any
		for j := 0; j < p.n; j++ {
			if j == i {
				list.Call("push", js.Null())
				continue
			}
			list.Call("push", ports[i][j])
			transfer = append(transfer, ports[i][j])
		}
		obj.Set("ports", list)
		obj.Set("pauseFlag", p.pauseFlag)
		w.Call("postMessage", obj, transfer)
	}
}

func (p *jsPool) Size() int { return p.n }

func (p *jsPool) LoadData(pack []byte, spec work.DataSpec, on func(work.Msg)) {
	p.mu.Lock()
	p.pack, p.dataSpec, p.onData = pack, spec, on
	held := p.heldData
	p.heldData = nil
	var asked string
	if p.early != nil {
		asked = p.early.data
	}
	p.mu.Unlock()
	if pack != nil || asked != string(work.NewMsg(work.MsgData, 0, spec).Head) {
		p.sendData()
		return
	}
	// early.js asked for this data already: its answer may be in.
	for _, m := range held {
		on(m)
	}
}

func (p *jsPool) sendData() {
	for _, w := range p.workers {
		m := work.NewMsg(work.MsgData, 0, p.dataSpec)
		if p.pack != nil {
			m.Bytes = [][]byte{p.pack}
		}
		obj, transfer := toJS(m)
		w.Call("postMessage", obj, transfer)
	}
}

func (p *jsPool) Start(spec work.JobSpec, h Handlers) int {
	if job, ok := p.takeEarly(spec, h); ok {
		return job
	}
	p.mu.Lock()
	p.next++
	job := p.next
	p.jobs[job] = &jobState{h: h}
	p.mu.Unlock()
	for _, w := range p.workers {
		obj, transfer := toJS(work.NewMsg(work.MsgJob, job, spec))
		w.Call("postMessage", obj, transfer)
	}
	return job
}

// takeEarly hands the job early.js asked for to h, with its news so far,
// if spec is that job; if not, the early job is stopped, its news unheard.
// Either way it is the page's first job.
func (p *jsPool) takeEarly(spec work.JobSpec, h Handlers) (int, bool) {
	p.mu.Lock()
	e := p.early
	p.early = nil
	var j *jobState
	if e != nil {
		j = p.jobs[e.job]
	}
	p.mu.Unlock()
	if j == nil {
		return 0, false
	}
	same := e.head == string(work.NewMsg(work.MsgJob, e.job, spec).Head)
	p.mu.Lock()
	held := j.heldMsgs
	j.held, j.heldMsgs = false, nil
	if same {
		j.h = h
		if p.askedAt == nil {
			p.askedAt = map[int]float64{}
		}
		p.askedAt[e.job] = e.at
	}
	p.mu.Unlock()
	if !same {
		p.Stop(e.job)
	}
	for _, m := range held {
		p.fromWorker(m)
	}
	return e.job, same
}

// AskedEarly reports when early.js asked for job, in the page's
// milliseconds, if it did.
func (p *jsPool) AskedEarly(job int) (float64, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	at, ok := p.askedAt[job]
	return at, ok
}

func (p *jsPool) Stop(job int) { p.toAll(work.Msg{Kind: work.MsgStop, Job: job}) }

// Pause posts the pause, then raises the flag: a worker that sees the flag
// finds the message when it lets its messages in.
func (p *jsPool) Pause(d time.Duration) {
	p.toAll(work.NewMsg(work.MsgPause, 0, work.PauseSpec{Ms: float64(d) / float64(time.Millisecond)}))
	p.setPauseFlag(1)
}

func (p *jsPool) Resume() {
	p.setPauseFlag(0)
	p.toAll(work.Msg{Kind: work.MsgResume})
}

func (p *jsPool) setPauseFlag(v int) {
	if !p.pauseFlag.IsUndefined() {
		js.Global().Get("Atomics").Call("store", p.pauseFlag, 0, v)
	}
}

// toAll posts m, which carries no numbers, to every worker.
func (p *jsPool) toAll(m work.Msg) {
	for _, w := range p.workers {
		obj, _ := toJS(m)
		w.Call("postMessage", obj)
	}
}

func (p *jsPool) fromWorker(m work.Msg) {
	if m.Kind == "fatal" {
		var f work.Failure
		m.Decode(&f)
		p.fatal(f.Message)
		return
	}
	p.mu.Lock()
	j := p.jobs[m.Job]
	onData := p.onData
	switch {
	case m.Job == 0 && onData == nil:
		p.heldData = append(p.heldData, m)
		p.mu.Unlock()
		return
	case j != nil && j.held:
		j.heldMsgs = append(j.heldMsgs, m)
		p.mu.Unlock()
		return
	}
	p.mu.Unlock()
	switch {
	case m.Job == 0 && onData != nil:
		onData(m)
	case j != nil:
		if j.deliver(m, p.n) {
			p.mu.Lock()
			delete(p.jobs, m.Job)
			p.mu.Unlock()
		} else if m.Kind == work.MsgError {
			// The others may wait for the failed worker forever: start
			// afresh, and end the job with its failure.
			p.restart(fmt.Sprintf("worker %d failed", m.From))
		}
	}
}

// fatal handles a worker whose program stopped: the workers start afresh
// (the jobs under way end with the failure), at most twice; then onFatal
// says the workers are lost.
func (p *jsPool) fatal(msg string) {
	p.mu.Lock()
	p.restarts++
	lost := p.restarts > 2
	p.mu.Unlock()
	if lost {
		p.failJobs(msg)
		if p.onFatal != nil {
			p.onFatal(msg)
		}
		return
	}
	p.restart(msg)
}

func (p *jsPool) restart(why string) {
	for _, w := range p.workers {
		w.Call("terminate")
	}
	for _, f := range p.funcs {
		f.Release()
	}
	p.funcs = nil
	p.failJobs(why)
	p.start()
	p.mu.Lock()
	hasData := p.onData != nil
	p.early = nil
	p.mu.Unlock()
	if hasData {
		p.sendData()
	}
}

// failJobs ends every job under way with the failure.
func (p *jsPool) failJobs(why string) {
	p.mu.Lock()
	jobs := p.jobs
	p.jobs = map[int]*jobState{}
	p.mu.Unlock()
	for _, j := range jobs {
		j.failures = append(j.failures, work.Failure{Worker: -1, Message: why})
		if j.h.Finished != nil {
			j.h.Finished(false, j.failures)
		}
	}
}
