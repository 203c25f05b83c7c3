package work

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"slices"
	"strings"
	"sync"
	"testing"
)

// fetchingEnv is a LocalEnv that downloads packs from a map: each address
// fails as many times as fails says, then gives its bytes in ms.
type fetchingEnv struct {
	*LocalEnv
	ms float64

	mu      sync.Mutex
	packs   map[string][]byte
	fails   map[string]int
	fetched []string
}

func (e *fetchingEnv) FetchPack(url string) ([]byte, float64, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.fetched = append(e.fetched, url)
	if e.fails[url] > 0 {
		e.fails[url]--
		return nil, 0, &FetchError{URL: url, Reason: "TypeError: Failed to fetch"}
	}
	b, ok := e.packs[url]
	if !ok {
		return nil, 0, &FetchError{URL: url, Status: 404, Reason: "Not Found"}
	}
	return slices.Clone(b), e.ms, nil
}

// fetchingGroup is n workers that download from packs, each failing fails
// times first at every address.
func fetchingGroup(n int, packs map[string][]byte, fails int) (*group, []*fetchingEnv) {
	envs, page := LocalEnvs(n, nil)
	g := &group{envs: envs, page: page}
	var fetchers []*fetchingEnv
	for _, e := range envs {
		f := &fetchingEnv{LocalEnv: e, ms: 12.5, packs: packs, fails: map[string]int{}}
		for url := range packs {
			f.fails[url] = fails
		}
		fetchers = append(fetchers, f)
		g.workers = append(g.workers, NewWorker(f))
	}
	return g, fetchers
}

// Workers that download and decode the pack before the page names it
// train core.Train's model bit for bit, each having downloaded it once,
// and worker 0's summary gives the pack's hash, size and download time.
func TestDecodedAheadTrainsTheSameModel(t *testing.T) {
	const url = "/web/yelp.msgpack"
	data := tempePack(t)
	cfg, _, wantBytes := tempeModel(t, testConfig().Epochs)
	for _, n := range []int{1, 2} {
		g, fetchers := fetchingGroup(n, map[string][]byte{url: data}, 0)
		for _, w := range g.workers {
			w.DecodeAhead(url)
		}
		g.broadcast(NewMsg(MsgData, 0, DataSpec{Config: cfg, Pack: url}))
		m := <-g.page
		var sum DataSummary
		if m.Kind != MsgData || m.Decode(&sum) != nil {
			t.Fatalf("%d workers: the data message was answered with %q: %s", n, m.Kind, m.Head)
		}
		hash := sha256.Sum256(data)
		if sum.Hash != hex.EncodeToString(hash[:]) || sum.Bytes != len(data) || sum.DownloadMs != 12.5 || sum.Items != 255 {
			t.Errorf("%d workers: the summary says hash %s, %d bytes in %g ms, %d businesses", n, sum.Hash, sum.Bytes, sum.DownloadMs, sum.Items)
		}
		for k, f := range fetchers {
			if !slices.Equal(f.fetched, []string{url}) {
				t.Errorf("%d workers: worker %d downloaded %q, want the pack once", n, k, f.fetched)
			}
			if g.workers[k].prepared == nil {
				t.Errorf("%d workers: worker %d made no model ahead for the settings the page named", n, k)
			}
		}
		spec := TrainSpec{Config: cfg, Sample: 10, TopN: 20}
		results := only(t, g.run(t, 1, JobSpec{Kind: JobTrain, Train: &spec}, nil), MsgResult)
		if len(results) != 1 || !bytes.Equal(results[0].Bytes[0], wantBytes) {
			t.Errorf("%d workers: the model differs from core.Train's", n)
		}
	}
}

// The pack the page names is the one the workers use, whatever they had
// ahead: a download that failed is tried again, another address is
// downloaded, and a pack that does not decode fails without a second
// download.
func TestThePageNamesThePack(t *testing.T) {
	data := tempePack(t)
	answer := func(t *testing.T, w *Worker, page <-chan Msg, url string) (DataSummary, Failure) {
		t.Helper()
		w.Handle(NewMsg(MsgData, 0, DataSpec{Pack: url}))
		m := <-page
		var sum DataSummary
		var f Failure
		switch m.Kind {
		case MsgData:
			m.Decode(&sum)
		case MsgError:
			m.Decode(&f)
		default:
			t.Fatalf("the data message was answered with %q", m.Kind)
		}
		return sum, f
	}

	for _, tc := range []struct {
		name        string
		packs       map[string][]byte
		fails       int
		names       string // the address the page names; DecodeAhead had /a
		wantFetched []string
	}{
		{"a failed download", map[string][]byte{"/a": data}, 1, "/a", []string{"/a", "/a"}},
		{"another address", map[string][]byte{"/a": data[:100], "/b": data}, 0, "/b", []string{"/a", "/b"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, f := fetchingGroup(1, tc.packs, tc.fails)
			g.workers[0].DecodeAhead("/a")
			if sum, fail := answer(t, g.workers[0], g.page, tc.names); sum.Bytes != len(data) || fail.Message != "" {
				t.Errorf("the pack at %s gave %d bytes and %q", tc.names, sum.Bytes, fail.Message)
			}
			if !slices.Equal(f[0].fetched, tc.wantFetched) {
				t.Errorf("downloaded %q, want %q", f[0].fetched, tc.wantFetched)
			}
		})
	}
	t.Run("not a pack", func(t *testing.T) {
		g, f := fetchingGroup(1, map[string][]byte{"/a": []byte("<!DOCTYPE html>")}, 0)
		g.workers[0].DecodeAhead("/a")
		if _, fail := answer(t, g.workers[0], g.page, "/a"); fail.Kind != "notpack" {
			t.Errorf("a page of HTML failed as %+v", fail)
		}
		if len(f[0].fetched) != 1 {
			t.Errorf("downloaded %q, want once", f[0].fetched)
		}
	})
	t.Run("missing", func(t *testing.T) {
		g, _ := fetchingGroup(1, nil, 0)
		if _, fail := answer(t, g.workers[0], g.page, "/a"); fail.Kind != "download" || fail.Status != 404 || !strings.Contains(fail.Message, "/a: HTTP 404") {
			t.Errorf("a missing pack failed as %+v", fail)
		}
	})
	t.Run("no way to download", func(t *testing.T) {
		envs, page := LocalEnvs(1, nil)
		if _, fail := answer(t, NewWorker(envs[0]), page, "/a"); !strings.Contains(fail.Message, "cannot download") {
			t.Errorf("a worker that cannot download failed as %+v", fail)
		}
	})
}
