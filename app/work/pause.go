package work

import (
	"sync"
	"time"
)

// A click is drawn on the page's thread while the workers may hold every
// core: the page can ask them to pause (MsgPause) until it has drawn it
// (MsgResume). Long work gives way between pieces of a few milliseconds
// (Env.GiveWay), so the click waits for one piece at most.

// PauseSpec is the head of a MsgPause: the longest the page may keep the
// workers waiting, should its MsgResume never come (a hidden tab, which
// paints nothing, waits for no frame).
type PauseSpec struct{ Ms float64 }

// Pause is a worker's record of the page's requests for the processor.
type Pause struct {
	mu      sync.Mutex
	until   time.Time
	resumed chan struct{}
}

// Ask records a MsgPause: wait for up to d from now.
func (p *Pause) Ask(d time.Duration) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.init()
	select { // a resumption that came before this pause does not end it
	case <-p.resumed:
	default:
	}
	p.until = time.Now().Add(d)
}

// End records a MsgResume.
func (p *Pause) End() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.init()
	p.until = time.Time{}
	select {
	case p.resumed <- struct{}{}:
	default:
	}
}

func (p *Pause) init() {
	if p.resumed == nil {
		p.resumed = make(chan struct{}, 1)
	}
}

// Wait returns once no pause is asked for: at once, or when the page
// resumes the workers or the pause's time is up.
func (p *Pause) Wait() {
	for {
		p.mu.Lock()
		p.init()
		wait, resumed := time.Until(p.until), p.resumed
		p.mu.Unlock()
		if wait <= 0 {
			return
		}
		t := time.NewTimer(wait)
		select {
		case <-resumed:
		case <-t.C:
		}
		t.Stop()
	}
}
