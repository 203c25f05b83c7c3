package work

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"runtime"

	"github.com/ealslive/ealslive/core"
	"github.com/ealslive/ealslive/core/pack"
)

// Where the data comes from, beside the site's pack: a visitor's own log,
// which the page sends or a worker kept from an earlier visit, or a world
// with planted tastes, which each worker makes from its configuration.

// LogSource is a visitor's interaction log: the page sends its bytes in
// the MsgData (the log, then its item file if any), or names one kept from
// an earlier visit by its hash.
type LogSource struct {
	Name      string // the file's name, which the reader's format detection and messages use
	ItemsName string `json:",omitempty"` // the item file's name, "" for none
	Options   LogOptions
	// Kept is the hash of a log a worker kept (see KeptLogKey); the
	// message then carries no bytes.
	Kept string `json:",omitempty"`
}

// LogOptions are how to read a log, as core.LogOptions without the item
// table, which travels as a file.
type LogOptions struct {
	Format    core.Format `json:",omitempty"`
	MinRating float64     `json:",omitempty"`
	KCore     int         `json:",omitempty"`
}

// MaxLogMB is the largest log the page accepts, with its item file, in
// the decimal megabytes the page states it in and file managers show
// sizes in: a MovieLens-1M-sized file (1,000,000 ratings, about 25 MB)
// with room to spare; each worker holds its own copy and data set.
const MaxLogMB = 64

// MaxLogBytes is MaxLogMB in bytes, the figure every check compares with,
// so that no file the page says is over the limit passes it.
const MaxLogBytes = MaxLogMB * 1_000_000

// CheckLogSize refuses a log whose bytes, with its item file's, are over
// MaxLogBytes, in the words the page shows. The size is rounded up to the
// tenth of a megabyte it shows, so that a refused file never shows as
// within the limit.
func CheckLogSize(name string, size int) error {
	if size <= MaxLogBytes {
		return nil
	}
	return fmt.Errorf("%s is %.1f MB; the page reads files of up to %d MB", name, math.Ceil(float64(size)/1e5)/10, MaxLogMB)
}

// KeptLogKey and KeptItemsKey are where a worker keeps a visitor's log and
// its item file, by the hash the data goes by (see sourceHash).
func KeptLogKey(hash string) string   { return "log/" + hash }
func KeptItemsKey(hash string) string { return "log-items/" + hash }

// logIn reads a visitor's log into the pack the jobs use: its data set as
// core reads it, and its items' names and categories.
func logIn(src *LogSource, file, items []byte) (*pack.Pack, *ReadSummary, error) {
	opts := core.LogOptions{Format: src.Options.Format, MinRating: src.Options.MinRating, KCore: src.Options.KCore}
	if len(items) > 0 {
		t, err := core.ReadItems(bytes.NewReader(items), src.ItemsName)
		if err != nil {
			return nil, nil, err
		}
		opts.Items = t
	}
	l, err := core.ReadLog(bytes.NewReader(file), src.Name, opts)
	if err != nil {
		return nil, nil, err
	}
	p := &pack.Pack{Source: src.Name, Format: l.Format, HasTimes: l.HasTimes, Data: l.Data,
		Subset: pack.Subset{K: l.KCore, MinRating: l.MinRating}}
	p.Items = make([]pack.Item, l.Data.NumItems())
	for i := range p.Items {
		it := pack.Item{ID: l.Data.ItemKey(int32(i)), Name: l.ItemLabel(int32(i))}
		if i < len(l.Items) {
			it.Categories = l.Items[i].Categories
		}
		p.Items[i] = it
	}
	read := &ReadSummary{Rows: l.Rows, BelowMinRating: l.BelowMinRating, Repeats: l.Repeats,
		OutsideKCore: l.OutsideKCore, Notes: l.Notes()}
	if opts.Items != nil {
		read.ItemFormat = opts.Items.Format
	}
	return p, read, nil
}

// plantedIn makes a planted world the pack the jobs use: each item's one
// category is its group's name.
func plantedIn(c *core.PlantedConfig) (*pack.Pack, error) {
	w, err := core.Planted(*c)
	if err != nil {
		return nil, err
	}
	p := &pack.Pack{Source: "a world with planted tastes", Format: "a planted world", HasTimes: true, Data: w.Data}
	p.Items = make([]pack.Item, len(w.Items))
	for i, it := range w.Items {
		p.Items[i] = pack.Item{ID: it.ID, Name: it.Name, Categories: it.Categories}
	}
	return p, nil
}

// ReadSummary is what reading a visitor's log took in and left out.
type ReadSummary struct {
	Rows                                  int // data rows read
	BelowMinRating, Repeats, OutsideKCore int
	Notes                                 []string // core's words on how it was read
	ItemFormat                            string   // the item file's layout, "" for none
}

// sourceHash is the hash the data goes by, in the kept model's key and the
// visitor's saved clicks: the pack's bytes, or a log's with its item file
// and options, or a planted world's configuration.
func sourceHash(spec DataSpec, parts [][]byte) string {
	h := sha256.New()
	switch {
	case spec.Planted != nil:
		b, _ := json.Marshal(spec.Planted)
		h.Write([]byte("planted\x00"))
		h.Write(b)
	case spec.Log != nil:
		b, _ := json.Marshal(spec.Log.Options)
		h.Write([]byte("log\x00"))
		h.Write(b)
		for _, part := range parts {
			fmt.Fprintf(h, "\x00%d\x00", len(part))
			h.Write(part)
		}
	default:
		return ""
	}
	return hex.EncodeToString(h.Sum(nil))
}

// keptLog reads a log a worker kept, and its item file if it had one.
func (w *Worker) keptLog(hash string) (file, items []byte, err error) {
	st := w.env.Store()
	if st == nil {
		return nil, nil, errors.New("work: this browser keeps no files")
	}
	file, found, err := st.Get(KeptLogKey(hash))
	switch {
	case err != nil:
		return nil, nil, err
	case !found:
		return nil, nil, ErrNoKeptLog
	}
	items, _, err = st.Get(KeptItemsKey(hash))
	return file, items, err
}

// ErrNoKeptLog is a kept log that is no longer there (the browser's
// storage was cleared).
var ErrNoKeptLog = errors.New("the file kept from your last visit is no longer in this browser's storage")

// keepLog keeps a visitor's log and its item file for their next visit.
func (w *Worker) keepLog(hash string, file, items []byte) error {
	st := w.env.Store()
	if st == nil {
		return nil
	}
	if err := st.Put(KeptLogKey(hash), file); err != nil {
		return err
	}
	if len(items) > 0 {
		return st.Put(KeptItemsKey(hash), items)
	}
	return nil
}

// memBytes is what this worker's program holds from the system.
func memBytes() uint64 {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.Sys
}
