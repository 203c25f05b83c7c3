//go:build js && wasm

package webworker

import (
	"errors"
	"fmt"
	"sync"
	"syscall/js"

	"github.com/ealslive/ealslive/app/work"
)

// Run is app.wasm in a Web Worker (web/worker.js starts it with the
// argument "worker"): it handles the page's messages one at a time, a job
// running to its end before the next message is taken, and never returns.
func Run() {
	useKernels()
	e := &env{self: js.Global(), page: work.NewMailbox(), stops: map[int]int{}}
	e.initYield()
	e.onPage = js.FuncOf(func(this js.Value, args []js.Value) any {
		e.fromPage(args[0].Get("data"))
		return nil
	})
	e.self.Set("onmessage", e.onPage)
	// Messages that came while the program was starting.
	if early := e.self.Get("ealsEarly"); early.Type() == js.TypeObject {
		for k := 0; k < early.Length(); k++ {
			e.fromPage(early.Index(k))
		}
		e.self.Delete("ealsEarly")
	}
	w := work.NewWorker(e)
	// The pack this worker's script started downloading (its name says
	// where), decoded while the page's own program starts. Messages from
	// the page wait meanwhile: every one of them needs the data.
	if url := e.self.Get("ealsPackURL"); url.Type() == js.TypeString && url.String() != "" {
		w.DecodeAhead(url.String())
	}
	for {
		m := e.page.Take()
		if m.Kind == work.MsgJob {
			e.mu.Lock()
			e.job = m.Job
			e.mu.Unlock()
		}
		w.Handle(m)
	}
}

// kindInit is the page's first message: this worker's number, the number
// of workers, and a MessagePort to each of the others (null for itself).
const kindInit = "init"

// env is a Web Worker's work.Env.
type env struct {
	self   js.Value
	onPage js.Func
	page   *work.Mailbox // messages from the page, in order
	index  int
	count  int
	ports  []js.Value      // to each other worker
	peers  []*work.Mailbox // from each other worker
	funcs  []js.Func

	mu    sync.Mutex
	job   int
	stops map[int]int // by job

	yieldPort js.Value
	yielded   chan struct{}
	store     *idbStore
}

// fromPage runs in the message handler: it must not wait.
func (e *env) fromPage(data js.Value) {
	m := fromJS(data)
	switch m.Kind {
	case kindInit:
		e.init(m, data)
	case work.MsgStop:
		e.mu.Lock()
		e.stops[m.Job]++
		e.mu.Unlock()
	default:
		e.page.Put(m)
	}
}

type initHead struct {
	Index, Count int
}

// init takes this worker's place among the others, with the message's
// ports (an array of MessagePorts, null for itself).
func (e *env) init(m work.Msg, data js.Value) {
	ports := data.Get("ports")
	var h initHead
	if err := m.Decode(&h); err != nil {
		return
	}
	e.index, e.count = h.Index, h.Count
	e.ports = make([]js.Value, h.Count)
	e.peers = make([]*work.Mailbox, h.Count)
	for from := 0; from < h.Count; from++ {
		e.peers[from] = work.NewMailbox()
		if from == h.Index || ports.Type() != js.TypeObject || from >= ports.Length() {
			continue
		}
		p := ports.Index(from)
		box := e.peers[from]
		fn := js.FuncOf(func(this js.Value, args []js.Value) any {
			box.Put(fromJS(args[0].Get("data")))
			return nil
		})
		e.funcs = append(e.funcs, fn)
		p.Set("onmessage", fn)
		p.Call("start")
		e.ports[from] = p
	}
	if s := e.self.Get("ealsStore"); s.Type() == js.TypeObject {
		e.store = &idbStore{js: s}
	}
}

func (e *env) Index() int { return e.index }
func (e *env) Count() int { return max(e.count, 1) }

func (e *env) Post(m work.Msg) {
	m.From = e.index
	obj, transfer := toJS(m)
	e.self.Call("postMessage", obj, transfer)
}

func (e *env) Send(to int, m work.Msg) {
	m.From = e.index
	obj, transfer := toJS(m)
	e.ports[to].Call("postMessage", obj, transfer)
}

func (e *env) Receive(from int) (work.Msg, error) {
	if from < 0 || from >= len(e.peers) || from == e.index {
		return work.Msg{}, fmt.Errorf("worker: no worker %d to receive from", from)
	}
	return e.peers[from].Take(), nil
}

func (e *env) Stops() int {
	e.yield()
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.stops[e.job]
}

func (e *env) Store() work.Store {
	if e.store == nil {
		return nil
	}
	return e.store
}

// SHA256 hashes b with the browser's WebCrypto (see work.Digester). Go
// yields while the digest's promise settles.
func (e *env) SHA256(b []byte) (sum [32]byte, ok bool) {
	crypto := e.self.Get("crypto")
	if crypto.Type() != js.TypeObject {
		return sum, false
	}
	subtle := crypto.Get("subtle")
	if subtle.Type() != js.TypeObject {
		return sum, false // not a secure context
	}
	u8 := js.Global().Get("Uint8Array").New(len(b))
	js.CopyBytesToJS(u8, b)
	digest, err := await(subtle.Call("digest", "SHA-256", u8))
	if err != nil {
		return sum, false
	}
	out := js.Global().Get("Uint8Array").New(digest)
	if out.Length() != len(sum) {
		return sum, false
	}
	js.CopyBytesToGo(sum[:], out)
	return sum, true
}

// FetchPack downloads url with web/worker.js's ealsFetchPack, which
// shares one download per address between its callers (see work.PackFetcher).
func (e *env) FetchPack(url string) ([]byte, float64, error) {
	fetch := e.self.Get("ealsFetchPack")
	if fetch.Type() != js.TypeFunction {
		return nil, 0, &work.FetchError{URL: url, Reason: "the worker's script cannot download"}
	}
	v, err := await(fetch.Invoke(url))
	if err != nil {
		return nil, 0, &work.FetchError{URL: url, Reason: err.Error()}
	}
	if u8 := v.Get("bytes"); u8.Type() == js.TypeObject {
		b := make([]byte, u8.Get("byteLength").Int())
		js.CopyBytesToGo(b, u8)
		// The script's copy would outlive the data: the Go program keeps
		// its own.
		if forget := e.self.Get("ealsForgetPack"); forget.Type() == js.TypeFunction {
			forget.Invoke(url)
		}
		return b, v.Get("ms").Float(), nil
	}
	return nil, 0, &work.FetchError{URL: url, Status: v.Get("status").Int(), Reason: v.Get("reason").String()}
}

// initYield makes a channel the worker posts to itself: a round trip on it
// lets every message queued before it in, at a cost of microseconds, where
// a timer would cost a millisecond or more.
func (e *env) initYield() {
	ch := js.Global().Get("MessageChannel").New()
	e.yielded = make(chan struct{}, 1)
	fn := js.FuncOf(func(this js.Value, args []js.Value) any {
		select {
		case e.yielded <- struct{}{}:
		default:
		}
		return nil
	})
	e.funcs = append(e.funcs, fn)
	ch.Get("port1").Set("onmessage", fn)
	e.yieldPort = ch.Get("port2")
}

func (e *env) yield() {
	e.yieldPort.Call("postMessage", 0)
	<-e.yielded
}

// idbStore is work.Store over web/worker.js's ealsStore (IndexedDB).
type idbStore struct{ js js.Value }

func (s *idbStore) Get(key string) ([]byte, bool, error) {
	v, err := await(s.js.Call("get", key))
	if err != nil {
		return nil, false, err
	}
	if v.IsNull() || v.IsUndefined() {
		return nil, false, nil
	}
	b := make([]byte, v.Get("byteLength").Int())
	js.CopyBytesToGo(b, v)
	return b, true, nil
}

func (s *idbStore) Has(key string) (bool, error) {
	v, err := await(s.js.Call("has", key))
	if err != nil {
		return false, err
	}
	return v.Truthy(), nil
}

func (s *idbStore) Put(key string, value []byte) error {
	u8 := js.Global().Get("Uint8Array").New(len(value))
	js.CopyBytesToJS(u8, value)
	_, err := await(s.js.Call("put", key, u8))
	return err
}

// await waits for a promise; the worker's Go code yields to the event loop
// meanwhile.
func await(p js.Value) (js.Value, error) {
	type outcome struct {
		v   js.Value
		err error
	}
	ch := make(chan outcome, 1)
	var ok, fail js.Func
	ok = js.FuncOf(func(this js.Value, args []js.Value) any {
		ch <- outcome{v: args[0]}
		return nil
	})
	fail = js.FuncOf(func(this js.Value, args []js.Value) any {
		ch <- outcome{err: errors.New(args[0].Call("toString").String())}
		return nil
	})
	defer ok.Release()
	defer fail.Release()
	p.Call("then", ok, fail)
	o := <-ch
	return o.v, o.err
}
