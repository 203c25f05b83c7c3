package work

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"sync"
	"testing"
)

// countingStore counts the reads of a MemoryStore.
type countingStore struct {
	MemoryStore
	mu    sync.Mutex
	reads int
}

func (s *countingStore) Get(key string) ([]byte, bool, error) {
	s.mu.Lock()
	s.reads++
	s.mu.Unlock()
	return s.MemoryStore.Get(key)
}

func (s *countingStore) count() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.reads
}

// The model kept for the data message's settings is read with the data,
// and the first training job that asks for it gets it without reading the
// store again: the same run and model, byte for byte, as reading it then.
// Other settings, a second job and a damaged model read (or train) as
// before. Worker 0 makes no model ahead where one is kept.
func TestKeptModelReadAhead(t *testing.T) {
	data := tempePack(t)
	sum := sha256.Sum256(data)
	hash := hex.EncodeToString(sum[:])
	store := &countingStore{}
	cfg := testConfig()
	key := ModelKey("v1", hash, cfg)
	spec := TrainSpec{Config: cfg, Sample: 30, TopN: 20, StoreKey: key, Restore: true}
	trained := only(t, newGroup(t, 2, data, store).run(t, 1, JobSpec{Kind: JobTrain, Train: &spec}, nil), MsgResult)[0]

	restored := func(g *group, job int) (TrainRun, []byte) {
		t.Helper()
		res := only(t, g.run(t, job, JobSpec{Kind: JobTrain, Train: &spec}, nil), MsgResult)
		if len(res) != 1 {
			t.Fatalf("job %d posted %d results", job, len(res))
		}
		var run TrainRun
		if err := res[0].Decode(&run); err != nil {
			t.Fatal(err)
		}
		return run, res[0].Bytes[0]
	}

	reads := store.count()
	g := newGroupWith(t, 2, data, DataSpec{Version: "v1", Config: cfg}, store)
	if g.workers[0].prepared != nil {
		t.Error("worker 0 made a model ahead for settings whose model is kept")
	}
	run, model := restored(g, 2)
	if got := store.count() - reads; got != 1 {
		t.Errorf("the data and the first job read the store %d times, want 1 (the model ahead)", got)
	}
	if !run.Restored || !bytes.Equal(model, trained.Bytes[0]) {
		t.Errorf("the model read ahead: restored %v, same bytes %v", run.Restored, bytes.Equal(model, trained.Bytes[0]))
	}
	if run, _ := restored(g, 3); !run.Restored || store.count()-reads != 2 {
		t.Errorf("a second job: restored %v after %d reads, want a read of its own", run.Restored, store.count()-reads)
	}

	// A model kept for other settings, read ahead, is not the one asked for.
	other := cfg
	other.K++
	otherSpec := TrainSpec{Config: other, Sample: 30, TopN: 20, StoreKey: ModelKey("v1", hash, other)}
	newGroup(t, 2, data, store).run(t, 1, JobSpec{Kind: JobTrain, Train: &otherSpec}, nil)
	reads = store.count()
	g = newGroupWith(t, 2, data, DataSpec{Version: "v1", Config: other}, store)
	if run, model := restored(g, 2); !run.Restored || !bytes.Equal(model, trained.Bytes[0]) || store.count()-reads != 2 {
		t.Errorf("read ahead for other settings: restored %v after %d reads, want the kept model after 2", run.Restored, store.count()-reads)
	}

	store.Put(key, []byte("damaged"))
	g = newGroupWith(t, 2, data, DataSpec{Version: "v1", Config: cfg}, store)
	if g.workers[0].prepared == nil {
		t.Error("worker 0 made no model ahead where the kept one is damaged")
	}
	if run, model := restored(g, 2); run.Restored || !bytes.Equal(model, trained.Bytes[0]) {
		t.Errorf("a damaged kept model: restored %v, trained the same model %v", run.Restored, bytes.Equal(model, trained.Bytes[0]))
	}
}

// Where a model is kept for the data message's settings, the workers but
// worker 0 leave the pack undecoded and make no model: worker 0 will send
// the kept model back. A job that needs the data has them decode it then:
// trained again, the model is the same, bit for bit, and a replay scores
// as one by workers that decoded the pack at once.
func TestKeptModelSparesTheOtherWorkers(t *testing.T) {
	data := tempePack(t)
	sum := sha256.Sum256(data)
	cfg := testConfig()
	spec := TrainSpec{Config: cfg, Sample: 30, TopN: 20, StoreKey: ModelKey("v1", hex.EncodeToString(sum[:]), cfg), Restore: true}
	dataSpec := DataSpec{Version: "v1", Config: cfg}
	store := &MemoryStore{}
	deferred := func(g *group) bool {
		for _, w := range g.workers[1:] {
			if w.data.Pack != nil || w.prepared != nil {
				return false
			}
		}
		return true
	}

	first := newGroupWith(t, 2, data, dataSpec, store)
	if w := first.workers[1]; w.data.Pack == nil || w.prepared == nil {
		t.Fatal("with no model kept, worker 1 did not decode the pack and make its model at once")
	}
	trained := only(t, first.run(t, 1, JobSpec{Kind: JobTrain, Train: &spec}, nil), MsgResult)[0]

	g := newGroupWith(t, 3, data, dataSpec, store)
	if !deferred(g) {
		t.Error("a worker decoded the pack or made a model for settings whose model is kept")
	}
	res := only(t, g.run(t, 2, JobSpec{Kind: JobTrain, Train: &spec}, nil), MsgResult)
	var run TrainRun
	if len(res) != 1 || res[0].Decode(&run) != nil || !run.Restored || !bytes.Equal(res[0].Bytes[0], trained.Bytes[0]) {
		t.Fatalf("the kept model was not sent back: %d results, restored %v", len(res), run.Restored)
	}
	if !deferred(g) {
		t.Error("a worker decoded the pack for a model sent back")
	}
	again := spec
	again.Restore = false
	res = only(t, g.run(t, 3, JobSpec{Kind: JobTrain, Train: &again}, nil), MsgResult)
	if len(res) != 1 || !bytes.Equal(res[0].Bytes[0], trained.Bytes[0]) {
		t.Error("trained again by workers that decoded the pack late, the model differs")
	}
	if deferred(g) {
		t.Error("the workers trained without decoding the pack")
	}

	replay := ReplaySpec{Config: cfg, Split: 0.9, TopN: 20, Lanes: []LaneSpec{{Key: LaneLearning, Kind: LaneLearning}, {Key: LanePopular, Kind: LanePopular}}}
	late := newGroupWith(t, 2, data, dataSpec, store)
	if !deferred(late) {
		t.Fatal("worker 1 decoded the pack for settings whose model is kept")
	}
	got, want := replayLanes(t, late, 9, &replay), replayLanes(t, newGroup(t, 2, data, nil), 9, &replay)
	for key, w := range want {
		if l := got[key]; !l.Done || l.Overall != w.Overall || l.NewUserTests != w.NewUserTests {
			t.Errorf("lane %s replayed by a worker that decoded late: %+v, want %+v", key, l.Overall, w.Overall)
		}
	}
	if len(got) != len(want) || len(want) != 2 {
		t.Errorf("%d lanes replayed late, %d at once, want 2", len(got), len(want))
	}
}
