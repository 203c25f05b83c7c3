package work

import (
	"crypto/sha256"
	"encoding/hex"
	"testing"
)

// digestingEnv is an Env with a Digester, as a browser worker has: its
// sums are marked (the SHA-256 of "digester:" and the bytes), so that a
// test can tell them from Go's.
type digestingEnv struct {
	*LocalEnv
	can   bool
	calls int
}

func (e *digestingEnv) SHA256(b []byte) ([32]byte, bool) {
	e.calls++
	if !e.can {
		return [32]byte{}, false
	}
	return markedSum(b), true
}

func markedSum(b []byte) [32]byte {
	return sha256.Sum256(append([]byte("digester:"), b...))
}

func hexOf(sum [32]byte) string { return hex.EncodeToString(sum[:]) }

// Worker 0 names the pack and the trained model with its Env's Digester
// when the Env has one that can hash (WebCrypto in a browser), and with
// Go's SHA-256 when it cannot (no WebCrypto outside a secure context).
func TestHashesUseTheDigester(t *testing.T) {
	data := tempePack(t)
	spec := TrainSpec{Config: testConfig(), Sample: 20, TopN: 20}
	for _, can := range []bool{true, false} {
		envs, page := LocalEnvs(2, nil)
		d := &digestingEnv{LocalEnv: envs[0], can: can}
		g := &group{envs: envs, page: page, workers: []*Worker{NewWorker(d), NewWorker(envs[1])}}
		msg := NewMsg(MsgData, 0, DataSpec{})
		msg.Bytes = [][]byte{data}
		g.broadcast(msg)
		var sum DataSummary
		if err := (<-page).Decode(&sum); err != nil {
			t.Fatal(err)
		}
		results := only(t, g.run(t, 1, JobSpec{Kind: JobTrain, Train: &spec}, nil), MsgResult)
		if len(results) != 1 {
			t.Fatalf("%d results, want 1", len(results))
		}
		var run TrainRun
		if err := results[0].Decode(&run); err != nil {
			t.Fatal(err)
		}
		model := results[0].Bytes[0]
		wantPack, wantModel := sha256.Sum256(data), sha256.Sum256(model)
		if can {
			wantPack, wantModel = markedSum(data), markedSum(model)
		}
		if sum.Hash != hexOf(wantPack) {
			t.Errorf("digester able %v: the pack is named %s, want %s", can, sum.Hash, hexOf(wantPack))
		}
		if run.Checksum != hexOf(wantModel) {
			t.Errorf("digester able %v: the model's checksum is %s, want %s", can, run.Checksum, hexOf(wantModel))
		}
		if d.calls != 2 {
			t.Errorf("digester able %v: asked %d times, want 2 (the pack, the model)", can, d.calls)
		}
	}
}
