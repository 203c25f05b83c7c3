package work

import (
	"bytes"
	"testing"
	"time"

	"github.com/ealslive/ealslive/core"
)

// waiting runs p.Wait and returns a channel closed when it returns.
func waiting(p *Pause) <-chan struct{} {
	done := make(chan struct{})
	go func() {
		p.Wait()
		close(done)
	}()
	return done
}

// waitReturns reports whether p.Wait returns within d.
func waitReturns(p *Pause, d time.Duration) bool {
	select {
	case <-waiting(p):
		return true
	case <-time.After(d):
		return false
	}
}

func TestPauseHoldsUntilResumedOrItsTimeIsUp(t *testing.T) {
	var p Pause
	if !waitReturns(&p, time.Second) {
		t.Fatal("Wait held with no pause asked for")
	}
	p.Ask(time.Hour)
	done := waiting(&p)
	select {
	case <-done:
		t.Fatal("Wait returned during an hour's pause")
	case <-time.After(50 * time.Millisecond):
	}
	p.End()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("Wait held after the pause ended")
	}

	// A pause whose end never comes ends when its time is up.
	start := time.Now()
	p.Ask(30 * time.Millisecond)
	if !waitReturns(&p, 5*time.Second) {
		t.Fatal("a 30 ms pause held for 5 s")
	}
	if held := time.Since(start); held < 30*time.Millisecond {
		t.Errorf("a 30 ms pause held for %v", held)
	}

	// An end that came before a pause does not end it.
	p.End()
	p.End()
	p.Ask(time.Hour)
	if waitReturns(&p, 50*time.Millisecond) {
		t.Error("an earlier end let a later pause through")
	}
	p.End()
}

// Workers that give way to the page, however often it asks, train the
// same model bit for bit.
func TestTrainGivesWayAndStaysExact(t *testing.T) {
	data := tempePack(t)
	cfg, _, wantBytes := tempeModel(t, 3)
	g := newGroup(t, 2, data, nil)
	before := []int{g.envs[0].GaveWay(), g.envs[1].GaveWay()}
	// Every message the workers post asks them to pause, and every
	// other one to go on before its time is up.
	n := 0
	spec := TrainSpec{Config: cfg, Sample: 50, TopN: 20}
	msgs := g.run(t, 1, JobSpec{Kind: JobTrain, Train: &spec}, func(Msg) {
		n++
		for _, e := range g.envs {
			if n%2 == 0 {
				e.Resume()
			} else {
				e.Pause(5 * time.Millisecond)
			}
		}
	})
	results := only(t, msgs, MsgResult)
	if len(results) != 1 || !bytes.Equal(results[0].Bytes[0], wantBytes) {
		t.Fatal("the model trained while giving way differs from core.Train's")
	}
	// At least at every chunk of the final evaluation (Tempe's 330
	// held-out users, 165 a worker).
	for k, e := range g.envs {
		if got := e.GaveWay() - before[k]; got < 165/evalChunk {
			t.Errorf("worker %d gave way %d times", k, got)
		}
	}
}

// An epoch's passes give way between pieces of about e.piece observed
// entries, and the pieces give the bits of whole passes.
func TestEpochGivesWayBetweenPieces(t *testing.T) {
	cfg, train, wantBytes := tempeModel(t, 2)
	envs, _ := LocalEnvs(2, nil)
	models := make([]*core.Model, len(envs))
	errs := make(chan error, len(envs))
	const piece = 100
	for k, env := range envs {
		m, err := core.NewModel(train, cfg)
		if err != nil {
			t.Fatal(err)
		}
		models[k] = m
		e, err := newEnsemble(env, 1, m)
		if err != nil {
			t.Fatal(err)
		}
		e.piece = piece
		go func() {
			for range cfg.Epochs {
				if err := e.epoch(); err != nil {
					errs <- err
					return
				}
			}
			errs <- nil
		}()
	}
	for range envs {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	for k, m := range models {
		got, _ := m.MarshalBinary()
		if !bytes.Equal(got, wantBytes) {
			t.Errorf("worker %d's model differs from core.Train's", k)
		}
		// Each pass solves about half of the training reviews on each
		// worker, in pieces of about piece entries.
		if min := cfg.Epochs * 2 * (train.Len() / 2 / piece / 2); envs[k].GaveWay() < min {
			t.Errorf("worker %d gave way %d times in %d epochs, want at least %d", k, envs[k].GaveWay(), cfg.Epochs, min)
		}
	}
}

// tempeModel trains, on one thread, the model of Tempe's leave-one-out
// split that the workers must give bit for bit, with testConfig's settings
// and the given epochs, and returns them, the training data and the model
// file.
func tempeModel(t *testing.T, epochs int) (core.Config, *core.Dataset, []byte) {
	t.Helper()
	train, _, err := decodedPack(t, tempePack(t)).Data.LeaveOneOut()
	if err != nil {
		t.Fatal(err)
	}
	cfg := testConfig()
	cfg.Epochs = epochs
	m, err := core.Train(train, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, err := m.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	return cfg, train, b
}
