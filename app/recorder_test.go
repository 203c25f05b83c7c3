package app

import (
	"testing"
	"time"

	"github.com/ealslive/ealslive/app/visitor"
)

// recorder is a publisher for tests that drive the page's owners without
// a browser: it keeps the latest value of each key and the order they were
// published in, and runs what the workers' news dispatches when the test
// asks (run), on the test's goroutine, as the page's UI goroutine would.
type recorder struct {
	values    map[string]any
	published []string
	queue     chan func()
}

func newRecorder() *recorder {
	return &recorder{values: map[string]any{}, queue: make(chan func(), 1024)}
}

func (r *recorder) publish(key string, v any) {
	r.values[key] = v
	r.published = append(r.published, key)
}
func (r *recorder) publishNow(key string, v any) { r.publish(key, v) }
func (r *recorder) publishOnPaint(key string, v func(paintedAt float64) any) {
	r.publish(key, v(0))
}
func (r *recorder) dispatch(fn func()) { r.queue <- fn }

// run runs dispatched news until cond holds, failing the test after a
// minute.
func (r *recorder) run(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.After(time.Minute)
	for !cond() {
		select {
		case fn := <-r.queue:
			fn()
		case <-deadline:
			t.Fatalf("gave up waiting for %s; published %v", what, r.published)
		}
	}
}

// testSession is the page's owners on a recorder, with a store in memory.
func testSession() (*session, *recorder) {
	rec := newRecorder()
	s := &session{}
	s.views = newViews(rec)
	s.you = newYou(rec, s, visitor.MemoryStore{})
	s.runs = newRunner(rec, s, "test", "/web/yelp.msgpack")
	s.guide = newGuide(rec, commands{s.you, s.runs, s.views, nil}, s.you, s.runs, s.views)
	return s, rec
}
