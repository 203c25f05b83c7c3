package work

import (
	"fmt"

	"github.com/ealslive/ealslive/core"
)

// ensemble is one worker's copy of a model that every worker of a job
// trains together, each epoch split over them (see core.Shard).
type ensemble struct {
	env   Env
	job   int
	shard *core.Shard
}

func newEnsemble(env Env, job int, m *core.Model) (*ensemble, error) {
	sh, err := core.NewShard(m, env.Index(), env.Count())
	if err != nil {
		return nil, err
	}
	return &ensemble{env: env, job: job, shard: sh}, nil
}

// epoch runs one epoch in step with the other workers; every copy ends it
// equal to the model one thread trains.
func (e *ensemble) epoch() error {
	sh := e.shard
	sh.SolveUsers()
	if err := e.exchange(false); err != nil {
		return err
	}
	sh.EndUsers()
	sh.SolveItems()
	if err := e.exchange(true); err != nil {
		return err
	}
	sh.EndEpoch()
	return nil
}

// exchange sends this worker's rows of P (or of Q with their predictions)
// to the others and writes theirs into this copy.
func (e *ensemble) exchange(items bool) error {
	env, sh := e.env, e.shard
	if env.Count() == 1 {
		return nil // this copy already has every row
	}
	rows := func(p int) (lo, hi int) {
		if items {
			return sh.ItemRange(p)
		}
		return sh.UserRange(p)
	}
	lo, hi := rows(env.Index())
	m := Msg{Kind: msgRows, Job: e.job}
	if items {
		m.F64 = [][]float64{sh.ItemRows(lo, hi), sh.Predictions(lo, hi)}
	} else {
		m.F64 = [][]float64{sh.UserRows(lo, hi)}
	}
	sendAll(env, m)
	for from := 0; from < env.Count(); from++ {
		if from == env.Index() {
			continue
		}
		got, err := receiveKind(env, from, msgRows, nil)
		if err != nil {
			return err
		}
		lo, _ := rows(from)
		switch {
		case !items && len(got.F64) == 1:
			err = sh.SetUserRows(lo, got.F64[0])
		case items && len(got.F64) == 2:
			if err = sh.SetItemRows(lo, got.F64[0]); err == nil {
				err = sh.SetPredictions(lo, got.F64[1])
			}
		default:
			err = fmt.Errorf("work: worker %d sent %d blocks of rows", from, len(got.F64))
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// share returns the cases [lo, hi) of n that worker w of count evaluates.
func share(n, w, count int) (lo, hi int) { return n * w / count, n * (w + 1) / count }

// rankShare is the head of a msgRanks: whether the worker evaluated its
// whole share (the ranks are in I32[0]).
type rankShare struct{ Complete bool }

// gatherRanks sends this worker's ranks to worker 0, which returns every
// worker's in worker order, and so in case order, with whether all were
// complete; the others return nil.
func gatherRanks(env Env, job int, mine []int32, complete bool) ([]int32, bool, error) {
	if env.Index() != 0 {
		m := NewMsg(msgRanks, job, rankShare{Complete: complete})
		m.I32 = [][]int32{mine}
		env.Send(0, m)
		return nil, false, nil
	}
	all := append([]int32(nil), mine...)
	for from := 1; from < env.Count(); from++ {
		var s rankShare
		m, err := receiveKind(env, from, msgRanks, &s)
		if err != nil {
			return nil, false, err
		}
		if len(m.I32) != 1 {
			return nil, false, fmt.Errorf("work: worker %d sent no ranks", from)
		}
		all = append(all, m.I32[0]...)
		complete = complete && s.Complete
	}
	return all, complete, nil
}
