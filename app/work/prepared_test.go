package work

import (
	"bytes"
	"testing"

	"github.com/ealslive/ealslive/core"
)

// A model made ahead is handed to the first job with its settings and
// data, once; any other job gets a new one.
func TestStartModelTakesThePreparedOnce(t *testing.T) {
	train, _, err := decodedPack(t, tempePack(t)).Data.LeaveOneOut()
	if err != nil {
		t.Fatal(err)
	}
	cfg := testConfig()
	cfg.Threads = 1
	other := cfg
	other.Seed++

	var w Worker
	w.prepare(train, cfg)
	if w.prepared == nil {
		t.Fatal("no model was made for valid settings")
	}
	made := w.prepared.m
	if m, err := w.startModel(train, cfg); err != nil || m != made {
		t.Errorf("the job with the data's settings did not start from the model made ahead (%v)", err)
	}
	if m, err := w.startModel(train, cfg); err != nil || m == made {
		t.Errorf("a second job started from the model the first trained (%v)", err)
	}

	w.prepare(train, cfg)
	made = w.prepared.m
	if m, err := w.startModel(train, other); err != nil || m == made {
		t.Errorf("a job with other settings started from the model made ahead (%v)", err)
	}
	if w.prepared != nil {
		t.Error("the model made ahead outlived the job that did not use it")
	}

	w.prepare(train, core.Config{})
	if w.prepared != nil {
		t.Error("a model was made for invalid settings")
	}
}

// Whatever the data's message names, every training job on any number of
// workers gives core.Train's model bit for bit: the model made ahead is
// the one the job would have made.
func TestTrainWithModelMadeAhead(t *testing.T) {
	data := tempePack(t)
	cfg, _, wantBytes := tempeModel(t, testConfig().Epochs)
	other := cfg
	other.Seed++
	for _, tc := range []struct {
		name string
		spec DataSpec
		made bool
	}{
		{"the job's settings", DataSpec{Config: cfg}, true},
		{"other settings", DataSpec{Config: other}, true},
		{"no settings", DataSpec{}, false},
	} {
		for _, n := range []int{1, 2} {
			g := newGroupWith(t, n, data, tc.spec, nil)
			for k, w := range g.workers {
				if (w.prepared != nil) != tc.made {
					t.Errorf("%s, %d workers: worker %d made a model ahead: %v, want %v", tc.name, n, k, w.prepared != nil, tc.made)
				}
			}
			// The second job finds no model made ahead.
			for job := 1; job <= 2; job++ {
				spec := TrainSpec{Config: cfg, Sample: 10, TopN: 20}
				results := only(t, g.run(t, job, JobSpec{Kind: JobTrain, Train: &spec}, nil), MsgResult)
				if len(results) != 1 || !bytes.Equal(results[0].Bytes[0], wantBytes) {
					t.Errorf("%s, %d workers, job %d: the model differs from core.Train's", tc.name, n, job)
				}
			}
			g.stop()
		}
	}
}
