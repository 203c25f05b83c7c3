package webworker

import "github.com/ealslive/ealslive/app/work"

// NewLocalPool returns a pool of n workers on goroutines, each with its
// own work.Worker as a Web Worker has, sharing store.
func NewLocalPool(n int, store work.Store) Pool {
	envs, page := work.LocalEnvs(n, store)
	p := &localPool{envs: envs}
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
	jobs    jobTable
}

func (p *localPool) Size() int { return len(p.envs) }

func (p *localPool) LoadData(parts [][]byte, spec work.DataSpec, on func(work.Msg)) {
	p.jobs.hearData(on)
	m := work.NewMsg(work.MsgData, 0, spec)
	m.Bytes = parts
	for _, box := range p.inboxes {
		box.Put(m)
	}
}

func (p *localPool) Start(spec work.JobSpec, h Handlers) int {
	job := p.jobs.add(h)
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
		p.jobs.route(m, len(p.envs))
	}
}
