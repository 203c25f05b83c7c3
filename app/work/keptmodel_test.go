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
