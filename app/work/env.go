package work

import "crypto/sha256"

// Env is a worker's view of the others and of the page while it runs a
// job. Messages between two workers arrive in the order they were sent.
type Env interface {
	// Index is this worker's number, 0 to Count()-1. Worker 0 speaks for
	// the group: it posts the progress and results of group work.
	Index() int
	Count() int
	// Post sends m to the page.
	Post(m Msg)
	// Send sends a copy of m to worker to, as postMessage does: the
	// sender may change m's slices once Send returns, so it can send views
	// of its own memory.
	Send(to int, m Msg)
	// Receive returns the next message from worker from.
	Receive(from int) (Msg, error)
	// Stops is how many times the page has asked the current job to stop,
	// counting any stop waiting to be let in. A job decides what each
	// means: training ends at the first, its final evaluation at the next.
	// It lets the page's messages in, so long work calls it between
	// pieces.
	Stops() int
	// Store keeps trained models between visits; nil if there is none.
	Store() Store
}

// Store keeps bytes by key: the browser's IndexedDB in a worker.
type Store interface {
	Get(key string) (value []byte, found bool, err error)
	Put(key string, value []byte) error
	// Has reports whether a value is kept under key, without reading it.
	Has(key string) (bool, error)
}

// A Digester hashes with SHA-256 faster than Go does on WebAssembly: in a
// worker, the browser's WebCrypto, which is native code (see
// docs/performance.md). An Env may offer one. ok is false when it cannot hash (WebCrypto needs a secure context:
// not a site served over plain HTTP to another machine); Go hashes then.
type Digester interface {
	SHA256(b []byte) (sum [32]byte, ok bool)
}

// sha256Of hashes b with env's Digester if it has one that can.
func sha256Of(env Env, b []byte) [32]byte {
	if d, ok := env.(Digester); ok {
		if sum, ok := d.SHA256(b); ok {
			return sum
		}
	}
	return sha256.Sum256(b)
}
