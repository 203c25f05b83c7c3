package work

import (
	"errors"
	"fmt"

	"github.com/ealslive/ealslive/core"
	"github.com/ealslive/ealslive/core/pack"
)

// A PackFetcher downloads the data pack. In a Web Worker it is the
// browser's fetch, which the worker's script starts as soon as app.wasm is
// compiled: each worker fetches and decodes the pack itself (DecodeAhead)
// while the page's own program starts, instead of waiting for the page to
// download it and pass it on.
type PackFetcher interface {
	// FetchPack returns the bytes at url and how long, in milliseconds,
	// their download took. A failed download is a *FetchError.
	FetchPack(url string) (b []byte, ms float64, err error)
}

// FetchError is a download that failed: an HTTP status, or no response.
type FetchError struct {
	URL    string
	Status int // 0 when there was no response
	Reason string
}

func (e *FetchError) Error() string {
	if e.Status != 0 {
		return fmt.Sprintf("%s: HTTP %d %s", e.URL, e.Status, e.Reason)
	}
	return fmt.Sprintf("%s: %s", e.URL, e.Reason)
}

// packIn is a pack as a worker holds it: its bytes and, once decoded, its
// data with the leave-one-out split made; or why it cannot be used.
type packIn struct {
	url        string // "" for a pack the page sent
	bytes      []byte // the pack, or a visitor's log
	downloadMs float64
	data       *Data
	err        error

	// Another source than a pack (see source.go): a log with its item
	// file, or a planted world; hash is then the one the data goes by.
	log     *LogSource
	items   []byte
	planted *core.PlantedConfig
	hash    string
	read    *ReadSummary
}

// DecodeAhead fetches the pack at url and decodes it, before the page asks
// for it: the page's MsgData for the same address then only names it.
// The worker's loop calls it first thing, as the page's program starts.
// A worker other than worker 0 only fetches it: whether it decodes the
// pack at once is decided with the page's message (see loadData).
func (w *Worker) DecodeAhead(url string) {
	in := w.fetch(url)
	if w.env.Index() == 0 {
		in.decode()
	}
	w.ahead = in
}

// fetch downloads the pack at url, if the worker's Env can.
func (w *Worker) fetch(url string) *packIn {
	f, ok := w.env.(PackFetcher)
	if !ok {
		return &packIn{url: url, err: errors.New("work: this worker cannot download the data pack")}
	}
	b, ms, err := f.FetchPack(url)
	return &packIn{url: url, bytes: b, downloadMs: ms, err: err}
}

// packFor is the pack a MsgData gives: its bytes, or the one at its spec's
// address, decoded ahead if it was. A download that failed ahead is tried
// once more: the network may have come back since.
func (w *Worker) packFor(m Msg, spec DataSpec) *packIn {
	ahead := w.ahead
	w.ahead = nil
	switch {
	case spec.Planted != nil:
		return &packIn{planted: spec.Planted, hash: sourceHash(spec, nil)}
	case spec.Log != nil:
		return w.logFor(m, spec)
	case len(m.Bytes) == 1:
		return &packIn{bytes: m.Bytes[0]}
	case len(m.Bytes) > 1 || spec.Pack == "":
		return &packIn{err: errors.New("work: the data message carries no pack")}
	case ahead != nil && ahead.url == spec.Pack && !errors.As(ahead.err, new(*FetchError)):
		return ahead
	}
	return w.fetch(spec.Pack)
}

// logFor is the visitor's log a MsgData gives: its bytes, or the log kept
// under its spec's hash.
func (w *Worker) logFor(m Msg, spec DataSpec) *packIn {
	src := spec.Log
	in := &packIn{log: src}
	switch {
	case src.Kept != "":
		in.hash = src.Kept
		in.bytes, in.items, in.err = w.keptLog(src.Kept)
		return in
	case len(m.Bytes) == 0 || len(m.Bytes) > 2:
		in.err = errors.New("work: the data message carries no log")
		return in
	}
	in.bytes = m.Bytes[0]
	if len(m.Bytes) == 2 {
		in.items = m.Bytes[1]
	}
	if err := CheckLogSize(src.Name, len(in.bytes)+len(in.items)); err != nil {
		in.err = err
		return in
	}
	in.hash = sourceHash(spec, [][]byte{in.bytes, in.items})
	return in
}

// decode reads the pack (or the log, or makes the planted world) and
// splits it, once.
func (in *packIn) decode() {
	if in.err != nil || in.data != nil {
		return
	}
	var p *pack.Pack
	var err error
	switch {
	case in.planted != nil:
		p, err = plantedIn(in.planted)
	case in.log != nil:
		p, in.read, err = logIn(in.log, in.bytes, in.items)
	default:
		p, err = pack.Decode(in.bytes)
	}
	if err != nil {
		in.err = err
		return
	}
	d := &Data{Pack: p}
	if _, _, err := d.LeaveOneOut(); err != nil {
		in.err = err
		return
	}
	in.data = d
}
