package work

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/ealslive/ealslive/core"
)

// ModelKey names a trained model in the store: the same data, settings and
// version of the page train the same model, bit for bit. The page and the
// workers both name models with it, so worker 0 can read the kept model
// ahead (see DataSpec).
func ModelKey(version, packHash string, cfg core.Config) string {
	return fmt.Sprintf("eals %s %s K%d c%g a%g l%g w%g e%d i%d s%d std%g", version, packHash,
		cfg.K, cfg.C0, cfg.Alpha, cfg.Lambda, cfg.WNew, cfg.Epochs, cfg.OnlineIters, cfg.Seed, cfg.InitStd)
}

// keptModel is a model read from the store and checked.
type keptModel struct {
	key    string
	run    TrainRun
	model  []byte      // the model file
	loaded *core.Model // the file, read
}

// readKept reads and checks the model kept under key; nil if there is
// none that reads. Damage on the disk is found here, off the page's
// thread, which then reads the model without checking it again; damage
// means training.
func (w *Worker) readKept(key string) *keptModel {
	st := w.env.Store()
	if key == "" || st == nil {
		return nil
	}
	b, found, err := st.Get(key)
	if err != nil || !found {
		return nil
	}
	head, model, err := readStoredRun(b)
	if err != nil {
		return nil
	}
	k := &keptModel{key: key, model: model}
	if json.Unmarshal(head, &k.run) != nil {
		return nil
	}
	if k.loaded, err = core.LoadModel(model); err != nil {
		return nil
	}
	k.run.Restored = true
	return k
}

// restore sends the model kept under the spec's key, if asked to and there
// is one that reads, and reports whether it did. The model read ahead
// with the data serves the first training job only: a later one may have
// replaced it in the store.
func (w *Worker) restore(job int, spec TrainSpec) bool {
	k := w.readAhead
	w.readAhead = nil
	key := spec.key(w.data.Hash)
	if !spec.Restore || key == "" {
		return false
	}
	if k == nil || k.key != key {
		k = w.readKept(key)
	}
	if k == nil {
		return false
	}
	out := NewMsg(MsgResult, job, k.run)
	out.Bytes = [][]byte{k.model}
	w.env.Post(out)
	w.keepTrained(&trainedModel{data: w.data, cfg: spec.Config, epochs: k.run.Epochs,
		trainMs: k.run.SetupMs + sum(k.run.EpochMs), m: k.loaded})
	return true
}

// storedRun joins a run's head and its model for the store: the head's
// length, the head, the model file.
func storedRun(head, model []byte) []byte {
	b := binary.LittleEndian.AppendUint32(nil, uint32(len(head)))
	return append(append(b, head...), model...)
}

func readStoredRun(b []byte) (head, model []byte, err error) {
	if len(b) < 4 {
		return nil, nil, errors.New("work: a kept model too short to read")
	}
	n := binary.LittleEndian.Uint32(b)
	if uint64(n) > uint64(len(b)-4) {
		return nil, nil, errors.New("work: a kept model whose head runs past its end")
	}
	return b[4 : 4+n], b[4+n:], nil
}
