package work

import (
	"encoding/hex"
	"errors"

	"github.com/ealslive/ealslive/core"
	"github.com/ealslive/ealslive/core/pack"
)

// Data is the decoded pack and the splits jobs train on, each made once.
type Data struct {
	// Pack is nil while the pack's decoding is put off (see loadData):
	// LeaveOneOut and TimeSplit decode it when a job first needs it.
	Pack *pack.Pack
	Hash string // SHA-256 of the pack's bytes, hex; "" where no one needs it
	// later is the pack as fetched, decoded once a job needs it.
	later *packIn

	loo                  *core.Dataset // leave-one-out training set
	looTest              []core.Interaction
	timeTrain            *core.Dataset // the online protocol's first 90%
	timeStream           []core.Interaction
	timeSplitAt          float64
	looErr, timeSplitErr error
}

// DataSpec is the head of a MsgData. It names the model kept from an
// earlier visit that the page's first training job will most likely ask
// for (see ModelKey, whose pack hash the workers know first): worker 0
// starts reading it before it decodes the pack and checks it once it has
// posted the summary, while the page takes that in, instead of after the
// page has asked. A zero DataSpec reads nothing ahead.
type DataSpec struct {
	Version string // the page's version, "" for none
	Config  core.Config
	// Pack is the pack's address, for a MsgData that carries no pack:
	// each worker downloads it itself (see PackFetcher), if it has not
	// already.
	Pack string `json:",omitempty"`
	// Log and Planted name another source than a pack (see source.go).
	Log     *LogSource          `json:",omitempty"`
	Planted *core.PlantedConfig `json:",omitempty"`
}

// DataSummary is the head of the MsgData worker 0 posts once the pack is
// decoded: what the page says about the data, and its businesses (see
// ReadCatalog). Its I32 starts with the reviews of each business in the
// data and in the leave-one-out training set.
type DataSummary struct {
	Hash             string
	Users, Items     int
	Reviews          int
	From, To         int64 // Unix seconds of the first and last review
	Train, TestCases int   // the leave-one-out split
	Catalog          CatalogHead
	// Bytes is the pack's size, and DownloadMs how long worker 0 took to
	// download it (0 for a pack the page sent).
	Bytes      int
	DownloadMs float64
	// What the data is and holds, as the page says it: its layout, and
	// whether its interactions have times and its items coordinates.
	Format              string
	HasTimes, HasCoords bool
	Read                *ReadSummary `json:",omitempty"` // a visitor's log, as read
	// MemBytes is what worker 0's program holds from the system once the
	// data is in, the workers' memory for it.
	MemBytes uint64
}

// loadData decodes the pack the message gives (see packFor) and splits it;
// worker 0 tells the page what it holds, or why it cannot be used, while
// it reads ahead the kept model m's DataSpec names.
func (w *Worker) loadData(m Msg) {
	report := w.env.Index() == 0
	w.readAhead = nil
	fail := func(err error) {
		w.data = nil
		if report {
			w.env.Post(NewMsg(MsgError, m.Job, packFailure(err)))
		}
	}
	var spec DataSpec
	hasSpec := len(m.Head) > 0 && m.Decode(&spec) == nil
	in := w.packFor(m, spec)
	if in.err != nil {
		fail(in.err)
		return
	}
	// Worker 0 names the pack (to the page, and in the kept model's key);
	// the others name it only to look for that model, below.
	hash := in.hash
	if hash == "" && (report || (hasSpec && spec.Version != "" && w.env.Store() != nil)) {
		sum := sha256Of(w.env, in.bytes)
		hash = hex.EncodeToString(sum[:])
	}
	if !report && hash != "" && spec.Version != "" && w.env.Store() != nil {
		// Where a model is kept for the page's settings, worker 0 will
		// most likely send it back and no worker train: the others leave
		// the pack undecoded and make no model until a job needs them,
		// leaving the cores to the page and worker 0 on a return visit.
		if kept, err := w.env.Store().Has(ModelKey(spec.Version, hash, spec.Config)); err == nil && kept {
			w.data, w.prepared = &Data{Hash: hash, later: in}, nil
			return
		}
	}
	var ahead chan *keptModel
	if report && hasSpec && spec.Version != "" {
		// In a goroutine: the store's read runs in the browser while this
		// one decodes, and the model is checked as soon as it yields.
		ahead = make(chan *keptModel, 1)
		go func() { ahead <- w.readKept(ModelKey(spec.Version, hash, spec.Config)) }()
	}
	in.decode()
	if in.err != nil {
		fail(in.err)
		if ahead != nil {
			<-ahead
		}
		return
	}
	d := in.data
	d.Hash = hash
	train, test, _ := d.LeaveOneOut() // made by decode
	w.data = d
	w.prepared = nil
	if hasSpec {
		// Last, once worker 0 has posted the summary and read ahead: where
		// a model is kept, a return visit restores it, and a model made
		// ahead would only hold back its restoring.
		defer func() {
			if w.readAhead == nil {
				w.prepare(train, spec.Config)
			}
		}()
	}
	if !report {
		return
	}
	if in.log != nil && in.log.Kept == "" {
		// Kept for the visitor's next visit; a browser that keeps nothing
		// costs them only that.
		_ = w.keepLog(hash, in.bytes, in.items)
	}
	p := d.Pack
	s := DataSummary{Hash: d.Hash, Users: p.Data.NumUsers(), Items: p.Data.NumItems(), Reviews: p.Data.Len(),
		Train: train.Len(), TestCases: len(test), Bytes: len(in.bytes), DownloadMs: in.downloadMs,
		Format: p.Format, HasTimes: p.HasTimes, HasCoords: p.HasCoords, Read: in.read, MemBytes: memBytes()}
	if all := p.Data.Interactions(); len(all) > 0 {
		// The pack stores interactions in time order.
		s.From, s.To = all[0].Time, all[len(all)-1].Time
	}
	var out Msg
	out.I32 = [][]int32{int32s(p.Data.ItemCounts()), int32s(train.ItemCounts())}
	putCatalog(&out, &s.Catalog, p)
	head := NewMsg(MsgData, m.Job, s)
	out.Kind, out.Job, out.Head = head.Kind, head.Job, head.Head
	w.env.Post(out)
	if ahead != nil {
		w.readAhead = <-ahead
	}
}

func int32s(v []int) []int32 {
	out := make([]int32, len(v))
	for k, x := range v {
		out[k] = int32(x)
	}
	return out
}

// packFailure describes a pack that cannot be used, with its kind, so the
// page can word it.
func packFailure(err error) Failure {
	f := Failure{Message: err.Error(), Kind: "invalid"}
	var ve *pack.VersionError
	var fe *FetchError
	switch {
	case errors.As(err, &fe):
		f.Kind, f.Status, f.Message = "download", fe.Status, fe.Error()
	case errors.As(err, &ve):
		f.Kind, f.Version = "version", ve.Found
	case errors.Is(err, pack.ErrTruncated):
		f.Kind = "truncated"
	case errors.Is(err, pack.ErrNotPack):
		f.Kind = "notpack"
	}
	return f
}

// decodeLater decodes a pack whose decoding loadData put off.
func (d *Data) decodeLater() error {
	in := d.later
	if in == nil {
		return nil
	}
	in.decode()
	if in.err != nil {
		return in.err
	}
	hash := d.Hash
	*d = *in.data // the pack and its leave-one-out split
	d.Hash = hash
	return nil
}

// LeaveOneOut returns the offline protocol's split, made once.
func (d *Data) LeaveOneOut() (*core.Dataset, []core.Interaction, error) {
	if err := d.decodeLater(); err != nil {
		return nil, nil, err
	}
	if d.loo == nil && d.looErr == nil {
		d.loo, d.looTest, d.looErr = d.Pack.Data.LeaveOneOut()
	}
	return d.loo, d.looTest, d.looErr
}

// TimeSplit returns the online protocol's split at frac, made once per
// fraction.
func (d *Data) TimeSplit(frac float64) (*core.Dataset, []core.Interaction, error) {
	if err := d.decodeLater(); err != nil {
		return nil, nil, err
	}
	if d.timeTrain == nil || d.timeSplitAt != frac {
		d.timeTrain, d.timeStream, d.timeSplitErr = d.Pack.Data.TimeSplit(frac)
		d.timeSplitAt = frac
	}
	return d.timeTrain, d.timeStream, d.timeSplitErr
}
