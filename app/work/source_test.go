package work

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/ealslive/ealslive/core"
)

// syntheticLog writes a synthetic data set as a MovieLens ratings.csv,
// shuffled in time as a real log is, and its movies.csv.
func syntheticLog(t testing.TB) (log, items []byte) {
	t.Helper()
	d, err := core.Synthetic(120, 90, 2400, 0.8, 11)
	if err != nil {
		t.Fatal(err)
	}
	var b, it bytes.Buffer
	b.WriteString("userId,movieId,rating,timestamp\n")
	for k, x := range d.Interactions() {
		fmt.Fprintf(&b, "%s,%s,%d,%d\n", d.UserKey(x.User), d.ItemKey(x.Item), 1+k%5, x.Time)
	}
	it.WriteString("movieId,title,genres\n")
	for i := 0; i < d.NumItems(); i++ {
		fmt.Fprintf(&it, "%s,\"Film %d, the sequel\",Drama|Genre %d\n", d.ItemKey(int32(i)), i, i%4)
	}
	return b.Bytes(), it.Bytes()
}

// dataGroup is n workers given the data message spec with parts, and
// worker 0's answer to it (only worker 0 answers).
func dataGroup(t testing.TB, n int, spec DataSpec, parts [][]byte, store Store) (*group, Msg) {
	t.Helper()
	envs, page := LocalEnvs(n, store)
	g := &group{envs: envs, page: page}
	for _, e := range envs {
		g.workers = append(g.workers, NewWorker(e))
	}
	msg := NewMsg(MsgData, 0, spec)
	msg.Bytes = parts
	g.broadcast(msg)
	return g, <-page
}

// trainedAsCore trains on g and holds the model to core.Train on want's
// leave-one-out split, bit for bit.
func trainedAsCore(t *testing.T, g *group, want *core.Dataset) {
	t.Helper()
	train, _, err := want.LeaveOneOut()
	if err != nil {
		t.Fatal(err)
	}
	cfg := testConfig()
	m, err := core.Train(train, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	wantBytes, err := m.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	spec := TrainSpec{Config: cfg, Sample: 20, TopN: 10}
	results := only(t, g.run(t, 1, JobSpec{Kind: JobTrain, Train: &spec}, nil), MsgResult)
	if len(results) != 1 || !bytes.Equal(results[0].Bytes[0], wantBytes) {
		t.Errorf("the workers' model is not core.Train's on the same data (%d results)", len(results))
	}
}

// A visitor's log is read by core's reader in every worker, summarised
// for the page with what was read and left out, trained on as core trains
// on it, and kept for the next visit, which reads it back by its hash.
func TestLogIsReadAsCoreReadsIt(t *testing.T) {
	log, items := syntheticLog(t)
	opts := LogOptions{MinRating: 2}
	want, err := core.ReadLog(bytes.NewReader(log), "ratings.csv", core.LogOptions{MinRating: 2})
	if err != nil {
		t.Fatal(err)
	}
	store := &MemoryStore{}
	spec := DataSpec{Log: &LogSource{Name: "ratings.csv", ItemsName: "movies.csv", Options: opts}}
	g, m := dataGroup(t, 2, spec, [][]byte{log, items}, store)
	var sum DataSummary
	if m.Kind != MsgData || m.Decode(&sum) != nil {
		t.Fatalf("the log was answered with %q: %s", m.Kind, m.Head)
	}
	if sum.Format != want.Format || !sum.HasTimes || sum.HasCoords || sum.Reviews != want.Data.Len() ||
		sum.Users != want.Data.NumUsers() || sum.Items != want.Data.NumItems() {
		t.Errorf("summary %+v, want core's %s: %d users, %d items, %d interactions", sum, want.Format,
			want.Data.NumUsers(), want.Data.NumItems(), want.Data.Len())
	}
	if r := sum.Read; r == nil || r.Rows != want.Rows || r.BelowMinRating != want.BelowMinRating || r.BelowMinRating == 0 ||
		r.ItemFormat != "MovieLens movies.csv" {
		t.Errorf("what was read: %+v, want %d rows and %d below the rating", r, want.Rows, want.BelowMinRating)
	}
	catalog, err := ReadCatalog(m, sum.Catalog)
	if err != nil {
		t.Fatal(err)
	}
	if got := catalog[3]; got.ID != want.Data.ItemKey(3) || !strings.HasPrefix(got.Name, "Film ") || len(got.Categories) != 2 {
		t.Errorf("item 3 travels as %+v", got)
	}
	trainedAsCore(t, g, want.Data)

	kept := DataSpec{Log: &LogSource{Name: "ratings.csv", Options: opts, Kept: sum.Hash}}
	g, m = dataGroup(t, 2, kept, nil, store)
	var again DataSummary
	if m.Kind != MsgData || m.Decode(&again) != nil || again.Hash != sum.Hash || again.Reviews != sum.Reviews {
		t.Fatalf("the kept log read back as %q %s, want the summary of hash %s", m.Kind, m.Head, sum.Hash)
	}
	trainedAsCore(t, g, want.Data)
	other := DataSpec{Log: &LogSource{Name: "ratings.csv", Options: opts, Kept: strings.Repeat("0", 64)}}
	if _, m := dataGroup(t, 1, other, nil, store); m.Kind != MsgError || !strings.Contains(string(m.Head), "no longer in this browser") {
		t.Errorf("a log no longer kept is answered with %q: %s", m.Kind, m.Head)
	}
}

// A log that cannot be read is answered with the reader's words, naming the
// file and the line; one over the page's limit is refused without reading.
func TestBadLogSaysWhy(t *testing.T) {
	spec := DataSpec{Log: &LogSource{Name: "bad.csv"}}
	_, m := dataGroup(t, 2, spec, [][]byte{[]byte("user,item,rating\na,b,1\na,c,x\n")}, nil)
	if m.Kind != MsgError || !strings.Contains(string(m.Head), "bad.csv:3") {
		t.Errorf("a bad log is answered with %q: %s", m.Kind, m.Head)
	}
	big := make([]byte, MaxLogBytes+1)
	_, m = dataGroup(t, 1, spec, [][]byte{big}, nil)
	if m.Kind != MsgError || !strings.Contains(string(m.Head), "up to 64 MB") {
		t.Errorf("a log over the limit is answered with %q: %s", m.Kind, m.Head)
	}
}

// The page's limit is one unit, decimal megabytes, stated and checked
// alike: a file of 66,000,000 bytes, within 64 binary megabytes, is
// refused as over "64 MB", the limit itself is not, and a log's item file
// counts towards it.
func TestLogLimitIsOneUnit(t *testing.T) {
	if MaxLogBytes != MaxLogMB*1_000_000 {
		t.Fatalf("MaxLogBytes is %d, want MaxLogMB (%d) decimal megabytes", MaxLogBytes, MaxLogMB)
	}
	for _, c := range []struct {
		size int
		want string // "" for within the limit
	}{
		{0, ""},
		{MaxLogBytes, ""},
		{MaxLogBytes + 1, "big.csv is 64.1 MB; the page reads files of up to 64 MB"},
		{66_000_000, "big.csv is 66.0 MB; the page reads files of up to 64 MB"},
		{64 << 20, "big.csv is 67.2 MB; the page reads files of up to 64 MB"},
		{65 << 20, "big.csv is 68.2 MB; the page reads files of up to 64 MB"},
	} {
		err := CheckLogSize("big.csv", c.size)
		if got := fmt.Sprint(err); (c.want == "" && err != nil) || (c.want != "" && got != c.want) {
			t.Errorf("a file of %d bytes: %v, want %q", c.size, err, c.want)
		}
	}

	// Through the workers: the log's bytes with its item file's.
	spec := DataSpec{Log: &LogSource{Name: "big.csv"}}
	for _, c := range []struct {
		what       string
		log, items int
		refused    bool
		shownSize  string // the size the refusal gives
	}{
		{"a log of 66,000,000 bytes", 66_000_000, 0, true, "66.0 MB"},
		{"a log at the limit", MaxLogBytes, 0, false, ""},
		{"a log at the limit with an item file", MaxLogBytes - 10, 11, true, "64.1 MB"},
	} {
		parts := [][]byte{make([]byte, c.log)}
		if c.items > 0 {
			parts = append(parts, make([]byte, c.items))
		}
		_, m := dataGroup(t, 1, spec, parts, nil)
		refusal := "big.csv is " + c.shownSize + "; the page reads files of up to 64 MB"
		switch {
		case m.Kind != MsgError:
			t.Errorf("%s is answered with %q, want an error", c.what, m.Kind)
		case c.refused && !strings.Contains(string(m.Head), refusal):
			t.Errorf("%s is answered with %s, want %q", c.what, m.Head, refusal)
		case !c.refused && strings.Contains(string(m.Head), "the page reads files of up to"):
			// A file of NULs: within the limit, it is read and refused by the reader.
			t.Errorf("%s is refused for its size: %s", c.what, m.Head)
		}
	}
}

// A planted world is made by each worker from its configuration, and
// trained on as core trains on it.
func TestPlantedWorldIsCoresWorld(t *testing.T) {
	cfg := core.DefaultPlanted()
	cfg.Users, cfg.Items = 200, 80
	w, err := core.Planted(cfg)
	if err != nil {
		t.Fatal(err)
	}
	g, m := dataGroup(t, 2, DataSpec{Planted: &cfg}, nil, nil)
	var sum DataSummary
	if m.Kind != MsgData || m.Decode(&sum) != nil || sum.Reviews != w.Data.Len() || sum.Hash == "" {
		t.Fatalf("the planted world was answered with %q: %s", m.Kind, m.Head)
	}
	catalog, err := ReadCatalog(m, sum.Catalog)
	if err != nil {
		t.Fatal(err)
	}
	for i, it := range catalog {
		if len(it.Categories) != 1 || it.Categories[0] != w.GroupNames[w.ItemGroup[i]] {
			t.Fatalf("item %d travels as %+v, want its group %s", i, it, w.GroupNames[w.ItemGroup[i]])
		}
	}
	trainedAsCore(t, g, w.Data)
}
