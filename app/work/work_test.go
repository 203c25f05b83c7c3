package work

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/ealslive/ealslive/core"
	"github.com/ealslive/ealslive/core/eval"
	"github.com/ealslive/ealslive/core/pack"
	"github.com/ealslive/ealslive/core/pack/packfile"
)

// packBytes builds a pack of the shared Yelp data, cut to s.
func packBytes(t testing.TB, s pack.Subset) []byte {
	t.Helper()
	dir := os.Getenv("EALS_DATA")
	if dir == "" {
		dir = filepath.Join("..", "..", "..", "shared", "data", "yelp")
	}
	p, err := pack.BuildDir(dir, s)
	if err != nil {
		t.Fatalf("building a pack from the shared Yelp data: %v", err)
	}
	b, err := packfile.Encode(p)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

var (
	tempeOnce sync.Once
	tempe     []byte
)

// tempePack is the 10-core of the Tempe reviews: 330 people, 255
// businesses, 6,093 reviews.
func tempePack(t testing.TB) []byte {
	tempeOnce.Do(func() { tempe = packBytes(t, pack.Subset{K: 10, City: "Tempe"}) })
	return tempe
}

// group runs n in-process workers on data and then each job in turn, and
// returns every message they posted to the page, in the order it arrived.
// before, if not nil, sees each message as it arrives and may stop the
// workers.
type group struct {
	envs    []*LocalEnv
	workers []*Worker
	page    <-chan Msg
}

func newGroup(t testing.TB, n int, data []byte, store Store) *group {
	return newGroupWith(t, n, data, DataSpec{}, store)
}

// newGroupWith is newGroup with the data message's spec.
func newGroupWith(t testing.TB, n int, data []byte, spec DataSpec, store Store) *group {
	t.Helper()
	g, m := dataGroup(t, n, spec, [][]byte{data}, store)
	if m.Kind != MsgData {
		t.Fatalf("the data message was answered with %q: %s", m.Kind, m.Head)
	}
	return g
}

func (g *group) broadcast(m Msg) {
	var wg sync.WaitGroup
	for _, w := range g.workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w.Handle(m)
		}()
	}
	if m.Kind == MsgData {
		wg.Wait()
	}
}

// run starts job on every worker and collects what they post until each
// is done; watch, if not nil, sees each message as it arrives.
func (g *group) run(t testing.TB, job int, spec JobSpec, watch func(Msg)) []Msg {
	t.Helper()
	for _, e := range g.envs {
		e.ResetStops()
	}
	g.broadcast(NewMsg(MsgJob, job, spec))
	var got []Msg
	for done := 0; done < len(g.workers); {
		m := <-g.page
		if m.Job != job {
			t.Fatalf("a message of job %d during job %d", m.Job, job)
		}
		if m.Kind == MsgError {
			var f Failure
			m.Decode(&f)
			t.Fatalf("worker %d failed: %s", m.From, f.Message)
		}
		if m.Kind == MsgDone {
			done++
		}
		if watch != nil {
			watch(m)
		}
		got = append(got, m)
	}
	return got
}

func (g *group) stop() {
	for _, e := range g.envs {
		e.Stop()
	}
}

func only(t testing.TB, msgs []Msg, kind string) []Msg {
	t.Helper()
	var out []Msg
	for _, m := range msgs {
		if m.Kind == kind {
			out = append(out, m)
		}
	}
	return out
}

func decodedPack(t testing.TB, b []byte) *pack.Pack {
	p, err := pack.Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// tempeModel trains the Tempe pack's leave-one-out training set with the
// tests' settings for epochs, on one thread, and returns the model's file.
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

func testConfig() core.Config {
	cfg := core.DefaultConfig()
	cfg.K = 8
	cfg.Epochs = 4
	return cfg
}

// Training split over any number of workers gives, bit for bit, the model
// core.Train gives on one thread, and the figures eval gives it: the
// objective and sample hit ratio after every epoch, and the final metrics.
func TestTrainEqualsCore(t *testing.T) {
	data := tempePack(t)
	train, test, err := decodedPack(t, data).Data.LeaveOneOut()
	if err != nil {
		t.Fatal(err)
	}
	cfg := testConfig()
	spec := TrainSpec{Config: cfg, Sample: 50, TopN: 20}
	sample := eval.EvenSample(test, spec.Sample)
	var objective, sampleHR []float64
	want, err := core.Train(train, cfg, func(m *core.Model, _ core.EpochInfo) error {
		objective = append(objective, m.Objective().Total())
		r, err := eval.EvaluateOffline(m, train, sample, eval.Options{TopN: spec.TopN})
		sampleHR = append(sampleHR, r.HR)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	wantBytes, err := want.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	final, err := eval.EvaluateOffline(want, train, test, eval.Options{TopN: spec.TopN})
	if err != nil {
		t.Fatal(err)
	}
	plane, err := want.ItemPlane()
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{1, 2, 3} {
		g := newGroup(t, n, data, nil)
		msgs := g.run(t, 1, JobSpec{Kind: JobTrain, Train: &spec}, nil)
		results := only(t, msgs, MsgResult)
		if len(results) != 1 || results[0].From != 0 {
			t.Fatalf("%d workers: %d results, want one from worker 0", n, len(results))
		}
		var run TrainRun
		if err := results[0].Decode(&run); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(results[0].Bytes[0], wantBytes) {
			t.Errorf("%d workers: the model differs from core.Train's", n)
		}
		if run.Epochs != cfg.Epochs || run.Stopped || !run.FinalDone || run.Restored || run.Workers != n {
			t.Errorf("%d workers: run %+v", n, run)
		}
		if run.Final != final {
			t.Errorf("%d workers: final %+v, want %+v", n, run.Final, final)
		}
		if !reflect.DeepEqual(run.Plane, plane) {
			t.Errorf("%d workers: the factor map's plane %+v, want core's %+v", n, run.Plane, plane)
		}
		for e := range objective {
			if run.Objective[e] != objective[e] || run.SampleHR[e] != sampleHR[e] {
				t.Errorf("%d workers, epoch %d: objective %v and sample HR %v, want %v and %v",
					n, e+1, run.Objective[e], run.SampleHR[e], objective[e], sampleHR[e])
			}
		}
		if p := only(t, msgs, MsgProgress); len(p) < cfg.Epochs {
			t.Errorf("%d workers: %d progress messages for %d epochs", n, len(p), cfg.Epochs)
		}
	}
}

// A stop ends training after the epoch under way and the final evaluation
// still runs; the stopped model is not kept. A whole run is kept, and with
// Restore comes back from the store instead of training.
func TestTrainStopAndRestore(t *testing.T) {
	data := tempePack(t)
	store := &MemoryStore{}
	g := newGroup(t, 2, data, store)
	cfg := testConfig()
	cfg.Epochs = 50
	spec := TrainSpec{Config: cfg, Sample: 30, TopN: 20, StoreKey: "k1", Restore: true}
	stopped := false
	msgs := g.run(t, 1, JobSpec{Kind: JobTrain, Train: &spec}, func(m Msg) {
		if m.Kind == MsgProgress && !stopped {
			stopped = true
			g.stop()
		}
	})
	var run TrainRun
	if err := only(t, msgs, MsgResult)[0].Decode(&run); err != nil {
		t.Fatal(err)
	}
	if !run.Stopped || run.Epochs >= cfg.Epochs || run.Epochs < 1 || !run.FinalDone {
		t.Errorf("stopped run: %d epochs, stopped %v, final done %v", run.Epochs, run.Stopped, run.FinalDone)
	}
	if _, found, _ := store.Get("k1"); found {
		t.Error("a stopped run was kept")
	}

	cfg.Epochs = 2
	spec = TrainSpec{Config: cfg, Sample: 30, TopN: 20, StoreKey: "k2", Restore: true}
	first := only(t, g.run(t, 2, JobSpec{Kind: JobTrain, Train: &spec}, nil), MsgResult)[0]
	again := only(t, g.run(t, 3, JobSpec{Kind: JobTrain, Train: &spec}, nil), MsgResult)
	if len(again) != 1 {
		t.Fatalf("the restored job posted %d results", len(again))
	}
	var a, b TrainRun
	first.Decode(&a)
	again[0].Decode(&b)
	if !b.Restored || a.Restored || b.Final != a.Final || b.TrainedAt != a.TrainedAt || a.Plane == nil || !reflect.DeepEqual(b.Plane, a.Plane) {
		t.Errorf("restored run %+v, trained run %+v", b, a)
	}
	if !bytes.Equal(first.Bytes[0], again[0].Bytes[0]) {
		t.Error("the restored model differs from the one trained")
	}
	if m, err := core.LoadModel(again[0].Bytes[0]); err != nil || m.NumUsers() == 0 {
		t.Errorf("the restored model does not load: %v", err)
	}
}

// Each lane of the replay gives exactly what eval.EvaluateOnline gives the
// same recommender, however the lanes are shared out.
func TestReplayEqualsEval(t *testing.T) {
	data, cfg, train, stream, m := streamSplit(t)
	opts := eval.Options{TopN: 20}
	pop, err := core.NewPopularity(train)
	if err != nil {
		t.Fatal(err)
	}
	// The rivals as `eals -protocol online` trains them: with w_new = 4,
	// and BPR and RCD trained on the same earliest reviews.
	w4cfg := cfg
	w4cfg.WNew = 4
	w4, err := core.Train(train, w4cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	bprCfg := core.DefaultBPRConfig()
	bprCfg.K, bprCfg.Epochs = 8, 3
	bpr, err := core.TrainBPR(train, bprCfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	rcdCfg := core.DefaultRCDConfig()
	rcdCfg.K, rcdCfg.Epochs = 8, 3
	rcd, err := core.TrainRCD(train, rcdCfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]eval.OnlineResult{}
	for key, r := range map[string]core.Recommender{LaneLearning: m.Clone(), LaneFrozen: eval.Frozen(m.Clone()), LanePopular: pop,
		"w4": w4, LaneBPR: bpr, LaneRCD: rcd} {
		if want[key], err = eval.EvaluateOnline(r, train, stream, opts); err != nil {
			t.Fatal(err)
		}
	}
	spec := ReplaySpec{Config: cfg, Split: 0.9, TopN: 20, Lanes: []LaneSpec{
		{Key: LaneLearning, Kind: LaneLearning}, {Key: LaneFrozen, Kind: LaneFrozen}, {Key: LanePopular, Kind: LanePopular},
		{Key: "w4", Kind: LaneLearning, WNew: 4}, {Key: LaneBPR, Kind: LaneBPR, BPR: &bprCfg}, {Key: LaneRCD, Kind: LaneRCD, RCD: &rcdCfg}}}
	for _, n := range []int{1, 2, 3} {
		got := replayLanes(t, newGroup(t, n, data, nil), 1, &spec)
		for key, w := range want {
			l, ok := got[key]
			switch {
			case !ok || !l.Done:
				t.Errorf("%d workers: lane %s missing or not done", n, key)
			case l.Overall != w.Metrics || l.NewUserTests != w.NewUserTests || len(l.Curve) != len(w.Curve):
				t.Errorf("%d workers, lane %s: %+v, want %+v", n, key, l.Overall, w.Metrics)
			default:
				for b := range w.ByHistory {
					if l.ByHistory[b] != w.ByHistory[b] {
						t.Errorf("%d workers, lane %s, bucket %s: %+v, want %+v", n, key, w.ByHistory[b].Label, l.ByHistory[b], w.ByHistory[b])
					}
				}
			}
		}
	}
}

// replayLanes runs a replay job on g and returns the lanes of its results,
// by key, each as the last result gave it.
func replayLanes(t testing.TB, g *group, job int, spec *ReplaySpec) map[string]LaneResult {
	t.Helper()
	out := map[string]LaneResult{}
	for _, r := range only(t, g.run(t, job, JobSpec{Kind: JobReplay, Replay: spec}, nil), MsgResult) {
		var p ReplayProgress
		if err := r.Decode(&p); err != nil {
			t.Fatal(err)
		}
		for _, l := range p.Lanes {
			out[l.Key] = l
		}
	}
	return out
}

// The rivals trained and judged in the workers score exactly as the same
// models trained and judged directly.
func TestCompareEqualsCore(t *testing.T) {
	data := tempePack(t)
	train, test, err := decodedPack(t, data).Data.LeaveOneOut()
	if err != nil {
		t.Fatal(err)
	}
	cfg := testConfig()
	uniform := cfg
	uniform.Alpha = 0
	bpr := core.DefaultBPRConfig()
	bpr.K, bpr.Epochs = 8, 3
	rcdCfg := core.DefaultRCDConfig()
	rcdCfg.K, rcdCfg.Epochs = 8, 3
	spec := CompareSpec{TopN: 20, Rivals: []Rival{
		{Key: "eals", Epochs: cfg.Epochs, EALS: &cfg},
		{Key: "uniform", Epochs: uniform.Epochs, EALS: &uniform},
		{Key: "bpr", Epochs: bpr.Epochs, BPR: &bpr},
		{Key: "rcd", Epochs: rcdCfg.Epochs, RCD: &rcdCfg},
	}}
	opts := eval.Options{TopN: 20}
	want := map[string]eval.Metrics{}
	for _, c := range []core.Config{cfg, uniform} {
		m, err := core.Train(train, c, nil)
		if err != nil {
			t.Fatal(err)
		}
		key := "eals"
		if c.Alpha == 0 {
			key = "uniform"
		}
		if want[key], err = eval.EvaluateOffline(m, train, test, opts); err != nil {
			t.Fatal(err)
		}
	}
	b, err := core.TrainBPR(train, bpr, nil)
	if err != nil {
		t.Fatal(err)
	}
	if want["bpr"], err = eval.EvaluateOffline(b, train, test, opts); err != nil {
		t.Fatal(err)
	}
	r, err := core.TrainRCD(train, rcdCfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	if want["rcd"], err = eval.EvaluateOffline(r, train, test, opts); err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{1, 2} {
		g := newGroup(t, n, data, nil)
		got := map[string]RivalResult{}
		for _, m := range only(t, g.run(t, 1, JobSpec{Kind: JobCompare, Compare: &spec}, nil), MsgResult) {
			var r RivalResult
			if err := m.Decode(&r); err != nil {
				t.Fatal(err)
			}
			got[r.Key] = r
		}
		for k, rv := range spec.Rivals {
			key, w := rv.Key, want[rv.Key]
			r := got[key]
			if !r.Done || !r.Evaluated || r.Metrics != w || len(r.EpochMs) != spec.Rivals[k].Epochs {
				t.Errorf("%d workers, %s: %+v, want %+v", n, key, r, w)
			}
		}
	}
}

// A pack that cannot be used is reported once, with its kind, and jobs
// then fail with words, not a hang.
func TestBadPack(t *testing.T) {
	good := tempePack(t)
	envs, page := LocalEnvs(2, nil)
	ws := []*Worker{NewWorker(envs[0]), NewWorker(envs[1])}
	for _, w := range ws {
		w.Handle(Msg{Kind: MsgData, Bytes: [][]byte{good[:len(good)/2]}})
	}
	m := <-page
	var f Failure
	if err := m.Decode(&f); m.Kind != MsgError || err != nil || f.Kind != "truncated" {
		t.Fatalf("a truncated pack: %q %+v", m.Kind, f)
	}
	spec := TrainSpec{Config: testConfig(), Sample: 10, TopN: 10}
	ws[0].Handle(NewMsg(MsgJob, 7, JobSpec{Kind: JobTrain, Train: &spec}))
	if m := <-page; m.Kind != MsgError || m.Job != 7 {
		t.Fatalf("a job without data: %q", m.Kind)
	}
	if m := <-page; m.Kind != MsgDone {
		t.Fatalf("a failed job did not end with done: %q", m.Kind)
	}
}

func TestShare(t *testing.T) {
	for _, n := range []int{0, 1, 7, 500, 3536} {
		for count := 1; count <= 5; count++ {
			next := 0
			for w := 0; w < count; w++ {
				lo, hi := share(n, w, count)
				if lo != next || hi < lo {
					t.Fatalf("share(%d, %d, %d) = [%d, %d), want it to start at %d", n, w, count, lo, hi, next)
				}
				next = hi
			}
			if next != n {
				t.Fatalf("the shares of %d over %d end at %d", n, count, next)
			}
		}
	}
}

// A stop leaves every lane at the same interaction, whichever worker
// replays it, and says so in each worker's result.
func TestReplayStopKeepsLanesInStep(t *testing.T) {
	data := tempePack(t)
	cfg := testConfig()
	bprCfg := core.DefaultBPRConfig()
	bprCfg.K, bprCfg.Epochs = 8, 2
	rcdCfg := core.DefaultRCDConfig()
	rcdCfg.K, rcdCfg.Epochs = 8, 2
	spec := ReplaySpec{Config: cfg, Split: 0.5, TopN: 20, Lanes: []LaneSpec{
		{Key: LaneLearning, Kind: LaneLearning}, {Key: LaneFrozen, Kind: LaneFrozen}, {Key: LanePopular, Kind: LanePopular},
		{Key: "w4", Kind: LaneLearning, WNew: 4}, {Key: LaneBPR, Kind: LaneBPR, BPR: &bprCfg}, {Key: LaneRCD, Kind: LaneRCD, RCD: &rcdCfg}}}
	for _, n := range []int{1, 2, 3} {
		g := newGroup(t, n, data, nil)
		stopped := false
		msgs := g.run(t, 1, JobSpec{Kind: JobReplay, Replay: &spec}, func(m Msg) {
			var p ReplayProgress
			if m.Kind == MsgProgress && m.Decode(&p) == nil && p.Phase == "replaying" && !stopped {
				stopped = true
				g.stop()
			}
		})
		counts := map[int]bool{}
		lanes := 0
		keys := map[string]bool{}
		for _, r := range only(t, msgs, MsgResult) {
			var p ReplayProgress
			if err := r.Decode(&p); err != nil || p.Phase != "stopped" {
				t.Fatalf("%d workers: a result of phase %q (%v)", n, p.Phase, err)
			}
			for _, l := range p.Lanes {
				counts[l.Overall.Count] = true
				keys[l.Key] = true
				lanes++
			}
		}
		// A worker still training a rival when the stop came reports none
		// of its lanes; the others report all of theirs, at one point.
		// Worker 0 trains its rivals before it says it is replaying.
		for w := 0; w < n; w++ {
			present, absent, rival := 0, 0, false
			for k, l := range spec.Lanes {
				if k%n != w {
					continue
				}
				rival = rival || l.Kind == LaneBPR || l.Kind == LaneRCD
				if keys[l.Key] {
					present++
				} else {
					absent++
				}
			}
			if present > 0 && absent > 0 || absent > 0 && (w == 0 || !rival) {
				t.Errorf("%d workers: worker %d reports %d of its lanes and not %d (lanes %v)", n, w, present, absent, keys)
			}
		}
		if !stopped || lanes == 0 || len(counts) != 1 {
			t.Errorf("%d workers: stopped %v, %d lanes, counts %v", n, stopped, lanes, counts)
		}
		for c := range counts {
			if c == 0 || c%replayChunk != 0 {
				t.Errorf("%d workers: lanes stopped after %d interactions, not at a chunk's end", n, c)
			}
		}
	}
}

// The businesses reach the page as the pack has them, and a damaged
// summary is an error.
func TestCatalogTravels(t *testing.T) {
	data := tempePack(t)
	envs, page := LocalEnvs(1, nil)
	NewWorker(envs[0]).Handle(Msg{Kind: MsgData, Bytes: [][]byte{data}})
	m := <-page
	var s DataSummary
	if err := m.Decode(&s); err != nil {
		t.Fatal(err)
	}
	items, err := ReadCatalog(m, s.Catalog)
	if err != nil {
		t.Fatal(err)
	}
	p := decodedPack(t, data)
	if !reflect.DeepEqual(items, p.Items) || s.Catalog.Source != p.Source || s.Catalog.Subset != p.Subset {
		t.Errorf("the catalog differs from the pack's items")
	}
	bad := m
	bad.I32 = append([][]int32(nil), m.I32...)
	bad.I32[6] = append([]int32(nil), m.I32[6]...)
	bad.I32[6][3] = 1 << 30
	if _, err := ReadCatalog(bad, s.Catalog); err == nil {
		t.Error("a name running past the blob was accepted")
	}
	bad.I32 = m.I32[:5]
	if _, err := ReadCatalog(bad, s.Catalog); err == nil {
		t.Error("a summary without the businesses was accepted")
	}

	order, err := ReadPopular(m, len(items))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(order, popularOrder(p)) {
		t.Errorf("the summary's order differs from PopularOrder of the pack")
	}
	for _, damage := range []struct {
		what  string
		order []int32
	}{
		{"a business listed twice", append([]int32{order[1]}, order[1:]...)},
		{"a business out of range", append(slices.Clone(order[1:]), int32(len(order)))},
		{"a business missing", order[1:]},
	} {
		bad.I32 = append(slices.Clone(m.I32[:7]), damage.order)
		if _, err := ReadPopular(bad, len(items)); err == nil {
			t.Errorf("%s in the order was accepted", damage.what)
		}
	}
}

// TestPopularOrderIsStable holds the order to a stable sort by count and
// name regardless of case, on businesses with many equal counts and
// repeated names.
func TestPopularOrderIsStable(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	choices := []string{"Cafe", "cafe", "Bar", "Deli", "Zeta"}
	names := make([]string, 500)
	reviews := make([]int, len(names)-3) // the last three have no count
	for i := range names {
		names[i] = choices[rng.IntN(len(choices))]
	}
	for i := range reviews {
		reviews[i] = rng.IntN(6)
	}
	count := func(i int32) int {
		if int(i) < len(reviews) {
			return reviews[i]
		}
		return 0
	}
	want := make([]int32, len(names))
	for i := range want {
		want[i] = int32(i)
	}
	slices.SortStableFunc(want, func(a, b int32) int {
		if d := count(b) - count(a); d != 0 {
			return d
		}
		return strings.Compare(strings.ToLower(names[a]), strings.ToLower(names[b]))
	})
	if got := PopularOrder(names, reviews); !slices.Equal(got, want) {
		t.Errorf("the order differs from a stable sort:\n got %v\nwant %v", got[:20], want[:20])
	}
}

// Between Web Workers postMessage copies a message, so a sender may send
// views of memory it changes next (as the ensemble sends rows of P and Q);
// the in-process workers must copy too, or the tests would miss a worker
// that reads rows the sender has since changed.
func TestLocalSendCopies(t *testing.T) {
	envs, _ := LocalEnvs(2, nil)
	rows := []float64{1, 2, 3}
	ids := []int32{4, 5}
	m := Msg{Kind: msgRows, Head: []byte(`{}`), F64: [][]float64{rows}, I32: [][]int32{ids}, Bytes: [][]byte{{6}}}
	envs[0].Send(1, m)
	rows[0], ids[0], m.Bytes[0][0], m.Head[0] = -1, -1, 0, 'x'
	got, err := envs[1].Receive(0)
	if err != nil {
		t.Fatal(err)
	}
	if got.F64[0][0] != 1 || got.I32[0][0] != 4 || got.Bytes[0][0] != 6 || string(got.Head) != `{}` {
		t.Errorf("the receiver sees the sender's later changes: %v %v %v %q", got.F64, got.I32, got.Bytes, got.Head)
	}
}

// streamSplit is the test pack as the online protocol splits it, the
// earliest 90% trained with the test settings, for the tests that replay
// the rest.
func streamSplit(t *testing.T) (data []byte, cfg core.Config, train *core.Dataset, stream []core.Interaction, m *core.Model) {
	t.Helper()
	data, cfg = tempePack(t), testConfig()
	train, stream, err := decodedPack(t, data).Data.TimeSplit(0.9)
	if err != nil {
		t.Fatal(err)
	}
	if m, err = core.Train(train, cfg, nil); err != nil {
		t.Fatal(err)
	}
	return data, cfg, train, stream, m
}
