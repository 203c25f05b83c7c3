package work

import (
	"errors"
	"runtime"
	"sync"
)

// LocalEnvs returns n Envs joined in-process, each to be driven by its own
// goroutine, and the channel their messages to the page arrive on. They
// run the same jobs as the page's Web Workers, natively, for tests and the
// command line; store (which may be nil) is shared.
func LocalEnvs(n int, store Store) ([]*LocalEnv, <-chan Msg) {
	page := make(chan Msg, 1024)
	g := &localGroup{page: page, store: store, boxes: make([][]*Mailbox, n)}
	envs := make([]*LocalEnv, n)
	for i := range envs {
		g.boxes[i] = make([]*Mailbox, n)
		for j := range g.boxes[i] {
			g.boxes[i][j] = NewMailbox()
		}
		envs[i] = &LocalEnv{g: g, index: i}
	}
	return envs, page
}

type localGroup struct {
	page  chan Msg
	store Store
	boxes [][]*Mailbox // boxes[to][from]
}

// LocalEnv is one in-process worker's Env.
type LocalEnv struct {
	g     *localGroup
	index int
	mu    sync.Mutex
	stops int
}

func (e *LocalEnv) Index() int   { return e.index }
func (e *LocalEnv) Count() int   { return len(e.g.boxes) }
func (e *LocalEnv) Store() Store { return e.g.store }

func (e *LocalEnv) Post(m Msg) {
	m.From = e.index
	e.g.page <- m
}

func (e *LocalEnv) Send(to int, m Msg) {
	m.From = e.index
	e.g.boxes[to][e.index].Put(m.clone())
}

func (e *LocalEnv) Receive(from int) (Msg, error) {
	if from < 0 || from >= e.Count() || from == e.index {
		return Msg{}, errors.New("work: no such worker to receive from")
	}
	return e.g.boxes[e.index][from].Take(), nil
}

// Stop asks the worker's current job to stop, as the page's MsgStop does.
func (e *LocalEnv) Stop() {
	e.mu.Lock()
	e.stops++
	e.mu.Unlock()
}

// ResetStops forgets the stops, as a worker does when a job starts.
func (e *LocalEnv) ResetStops() {
	e.mu.Lock()
	e.stops = 0
	e.mu.Unlock()
}

func (e *LocalEnv) Stops() int {
	// Let the page in, as a Web Worker yields to its event loop: where Go
	// runs one goroutine at a time (WebAssembly), a job that never blocks
	// would otherwise run to its end before the page's stop is sent.
	runtime.Gosched()
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.stops
}

// MemoryStore is a Store in memory.
type MemoryStore struct {
	mu sync.Mutex
	m  map[string][]byte
}

func (s *MemoryStore) Get(key string) ([]byte, bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	b, ok := s.m[key]
	return b, ok, nil
}

func (s *MemoryStore) Has(key string) (bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	_, ok := s.m[key]
	return ok, nil
}

func (s *MemoryStore) Put(key string, value []byte) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.m == nil {
		s.m = map[string][]byte{}
	}
	s.m[key] = append([]byte(nil), value...)
	return nil
}
