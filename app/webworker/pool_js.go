//go:build js && wasm

package webworker

import (
	"errors"
	"fmt"
	"sync"
	"syscall/js"

	"github.com/ealslive/ealslive/app/work"
)

// NewPool starts n Web Workers from script (web/worker.js), each running
// the compiled module the page's loader kept (window.ealsWasm.module),
// joined to each other by MessagePorts. It adopts the workers the page's
// head started (cmd/build/site's early.js); what they said before the pool
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
	jp := &jsPool{n: n, script: script, module: module.Get("module"), onFatal: onFatal}
	// The workers the loader started are already booting with the module:
	// the one that compiled it becomes worker 0. Any beyond n (the loader
	// guesses n as workerCount does) would only hold memory.
	if ws := module.Get("workers"); ws.Type() == js.TypeObject {
		for k := 0; k < ws.Length(); k++ {
			if k < n {
				jp.adopt = append(jp.adopt, ws.Index(k))
			} else {
				ws.Index(k).Call("terminate")
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

type jsPool struct {
	n       int
	script  string
	module  js.Value
	workers []js.Value
	funcs   []js.Func
	onFatal func(string)

	jobs     jobTable
	mu       sync.Mutex
	parts    [][]byte // the data the page sent, if any: sent again on a restart
	dataSpec work.DataSpec
	restarts int
	adopt    []js.Value // workers the loader started, booted already
}

// start creates the workers, boots each with the module and tells each its
// place and its ports to the others.
func (p *jsPool) start() {
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
		w.Call("postMessage", obj, transfer)
	}
}

func (p *jsPool) Size() int { return p.n }

func (p *jsPool) LoadData(parts [][]byte, spec work.DataSpec, on func(work.Msg)) {
	p.mu.Lock()
	p.parts, p.dataSpec = parts, spec
	p.mu.Unlock()
	p.jobs.hearData(on)
	p.sendData()
}

func (p *jsPool) sendData() {
	for _, w := range p.workers {
		m := work.NewMsg(work.MsgData, 0, p.dataSpec)
		m.Bytes = p.parts
		obj, transfer := toJS(m)
		w.Call("postMessage", obj, transfer)
	}
}

func (p *jsPool) Start(spec work.JobSpec, h Handlers) int {
	job := p.jobs.add(h)
	for _, w := range p.workers {
		obj, transfer := toJS(work.NewMsg(work.MsgJob, job, spec))
		w.Call("postMessage", obj, transfer)
	}
	return job
}

func (p *jsPool) Stop(job int) { p.toAll(work.Msg{Kind: work.MsgStop, Job: job}) }

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
	if p.jobs.route(m, p.n) {
		// The others may wait for the failed worker forever: start
		// afresh, and end the job with its failure.
		p.restart(fmt.Sprintf("worker %d failed", m.From))
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
		p.jobs.failAll(msg)
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
	p.jobs.failAll(why)
	p.start()
	if p.jobs.hasData() {
		p.sendData()
	}
}
