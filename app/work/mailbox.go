package work

import "sync"

// Mailbox is an unbounded queue of messages: a sender never waits, which a
// browser's message handler must not.
type Mailbox struct {
	mu    sync.Mutex
	ready *sync.Cond
	q     []Msg
}

// NewMailbox returns an empty mailbox.
func NewMailbox() *Mailbox {
	b := &Mailbox{}
	b.ready = sync.NewCond(&b.mu)
	return b
}

// Put adds m at the end.
func (b *Mailbox) Put(m Msg) {
	b.mu.Lock()
	b.q = append(b.q, m)
	b.mu.Unlock()
	b.ready.Signal()
}

// Take removes and returns the first message, waiting for one if need be.
func (b *Mailbox) Take() Msg {
	b.mu.Lock()
	defer b.mu.Unlock()
	for len(b.q) == 0 {
		b.ready.Wait()
	}
	m := b.q[0]
	b.q[0] = Msg{}
	b.q = b.q[1:]
	return m
}
