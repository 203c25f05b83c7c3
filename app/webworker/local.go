package webworker

import (
	"sync"

	"github.com/ealslive/ealslive/app/work"
)

// NewLocalPool returns a pool of n workers on goroutines, each with its
// own work.Worker as a Web Worker has, sharing store.
func NewLocalPool(n int, store work.Store) Pool {
	envs, page := work.LocalEnvs(n, store)
	p := &localPool{envs: envs, jobs: map[int]*jobState{}}
	for _, e := range envs {
		box := work.NewMailbox()
		p.inboxes = append(p.inboxes, box)
		w := work.NewWorker(e)
		go func() {
			for {
				m := box.Take()
				if m.Kind == work.MsgJob {
					e.ResetStops()
				}
				w.Handle(m)
			}
		}()
	}
	go p.listen(page)
	return p
}

type localPool struct {
	envs    []*work.LocalEnv
	inboxes []*work.Mailbox
	mu      sync.Mutex
	next    int
	jobs    map[int]*jobState
	onData  func(work.Msg)
}

func (p *localPool) Size() int { return len(p.envs) }

func (p *localPool) LoadData(parts [][]byte, spec work.DataSpec, on func(work.Msg)) {
	p.mu.Lock()
	p.onData = on
	p.mu.Unlock()
	m := work.NewMsg(work.MsgData, 0, spec)
	m.Bytes = parts
	for _, box := range p.inboxes {
		box.Put(m)
	}
}

func (p *localPool) Start(spec work.JobSpec, h Handlers) int {
	p.mu.Lock()
	p.next++
	job := p.next
	p.jobs[job] = &jobState{h: h}
	p.mu.Unlock()
	for _, box := range p.inboxes {
		box.Put(work.NewMsg(work.MsgJob, job, spec))
	}
	return job
}

func (p *localPool) Stop(job int) {
	for _, e := range p.envs {
		e.Stop()
	}
}

func (p *localPool) listen(page <-chan work.Msg) {
	for m := range page {
		p.mu.Lock()
		j := p.jobs[m.Job]
		onData := p.onData
		p.mu.Unlock()
		switch {
		case m.Job == 0 && onData != nil:
			onData(m)
		case j != nil:
			if j.deliver(m, len(p.envs)) {
				p.mu.Lock()
				delete(p.jobs, m.Job)
				p.mu.Unlock()
			}
		}
	}
}
