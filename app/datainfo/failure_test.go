package datainfo

import (
	"strconv"
	"strings"
	"testing"

	"github.com/ealslive/ealslive/app/work"
	"github.com/ealslive/ealslive/core"
	"github.com/ealslive/ealslive/core/pack"
	"github.com/ealslive/ealslive/core/pack/packfile"
)

// smallPack encodes a pack of three users and three businesses over three
// days.
func smallPack(t *testing.T) []byte {
	t.Helper()
	day := int64(86400)
	base := int64(1262304000) // 2010-01-01
	events := []core.Event{
		{User: "u1", Item: "a", Time: base}, {User: "u1", Item: "b", Time: base + day},
		{User: "u2", Item: "a", Time: base + day}, {User: "u2", Item: "c", Time: base + 400*day},
		{User: "u3", Item: "b", Time: base + 2*day},
	}
	d, err := core.NewDataset(events)
	if err != nil {
		t.Fatal(err)
	}
	items := make([]pack.Item, d.NumItems())
	for i := range items {
		id := d.ItemKey(int32(i))
		items[i] = pack.Item{ID: id, Name: "Business " + id, Categories: []string{"Cafes"}, City: "Mesa", Lat: 33.4, Lon: -111.8, Stars: 4}
	}
	b, err := packfile.Encode(&pack.Pack{Source: "test source", License: "test terms", Subset: pack.Subset{K: 1}, Items: items, Data: d})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestPackFailures(t *testing.T) {
	good := smallPack(t)
	version := len("eALS Live pack") + 1
	other := append([]byte(nil), good...)
	other[version] = 9
	for _, tc := range []struct {
		name  string
		b     []byte
		title string
		says  string
	}{
		{"garbage", []byte("<!DOCTYPE html><title>Not found</title>"), "corrupted", "not an eALS Live data pack"},
		{"truncated", good[:len(good)-7], "incomplete", "truncated"},
		{"empty", nil, "incomplete", "empty"},
		{"other version", other, "another version", "format version 9, but this page reads version " + strconv.Itoa(pack.Schema)},
		{"trailing bytes", append(append([]byte(nil), good...), 0xc0), "corrupted", "unexpected data"},
	} {
		// As the page meets it: worker 0 cannot decode the pack and says
		// why.
		envs, page := work.LocalEnvs(1, nil)
		work.NewWorker(envs[0]).Handle(work.Msg{Kind: work.MsgData, Bytes: [][]byte{tc.b}})
		m := <-page
		var wf work.Failure
		if m.Kind != work.MsgError || m.Decode(&wf) != nil {
			t.Fatalf("%s: the worker answered %q", tc.name, m.Kind)
		}
		f := PackFailure("/web/yelp.msgpack", wf)
		if !strings.Contains(f.Title, tc.title) || !strings.Contains(f.Detail, tc.says) || f.Hint == "" {
			t.Errorf("%s: failure %+v; want the title to say %q and the detail %q", tc.name, f, tc.title, tc.says)
		}
	}
}

// fetchingEnv is a worker's Env whose downloads give err.
type fetchingEnv struct {
	*work.LocalEnv
	err error
}

func (e fetchingEnv) FetchPack(url string) ([]byte, float64, error) { return nil, 0, e.err }

func TestDownloadFailures(t *testing.T) {
	const url = "/web/yelp.msgpack"
	for _, tc := range []struct {
		name                string
		err                 error
		title, says, advice string
	}{
		{"missing", &work.FetchError{URL: url, Status: 404, Reason: "Not Found"}, "The data is missing", "HTTP 404", "make pack"},
		{"offline", &work.FetchError{URL: url, Reason: "TypeError: Failed to fetch"}, "The data could not be downloaded", "Failed to fetch", "connection"},
		{"server", &work.FetchError{URL: url, Status: 500, Reason: "Internal Server Error"}, "The data could not be downloaded", "HTTP 500", "connection"},
	} {
		// As the page meets it: worker 0 cannot download the pack the
		// page names, and says why.
		envs, page := work.LocalEnvs(1, nil)
		w := work.NewWorker(fetchingEnv{envs[0], tc.err})
		w.Handle(work.NewMsg(work.MsgData, 0, work.DataSpec{Pack: url}))
		m := <-page
		var wf work.Failure
		if m.Kind != work.MsgError || m.Decode(&wf) != nil {
			t.Fatalf("%s: the worker answered %q", tc.name, m.Kind)
		}
		f := PackFailure(url, wf)
		if f.Title != tc.title || !strings.Contains(f.Detail, tc.says) || !strings.Contains(f.Hint, tc.advice) {
			t.Errorf("%s: failure %+v; want the title %q, the detail to say %q and the hint %q", tc.name, f, tc.title, tc.says, tc.advice)
		}
	}
}
