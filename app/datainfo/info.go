package datainfo

import (
	"time"

	"github.com/ealslive/ealslive/app/work"
	"github.com/ealslive/ealslive/core"
	"github.com/ealslive/ealslive/core/pack"
)

// Where the page's data comes from: the site's own pack (the Phoenix
// reviews, or what its host packed), a file of the visitor's, or a world
// with planted tastes.
const (
	SourcePack    = "pack"
	SourceFile    = "file"
	SourcePlanted = "planted"
)

// Info says what the visitor's browser downloaded and trains on.
type Info struct {
	Bytes     int
	Users     int
	Items     int
	Subset    string
	Origin    string // where the data came from, in a sentence
	License   string
	Hash      string
	Reviews   int
	From, To  time.Time
	Train     int // reviews the model trains on
	TestCases int // held out, one per user with history
	// Source is where the data comes from (SourcePack, SourceFile or
	// SourcePlanted), Name a file's name; Format the layout read.
	Source              string
	Name, Format        string
	ItemFile            string // the item file's name, of a file or of the log a pack was made from; "" for none
	HasTimes, HasCoords bool
	Read                *work.ReadSummary // a file, as read
	Planted             *core.PlantedConfig
	MemBytes            uint64 // what worker 0 holds once the data is in
	// DownloadMs is worker 0's fetch of a pack; IndexMs the page's
	// indexing of the businesses the workers sent.
	DownloadMs, IndexMs float64
}

// New is what the page says of the data from source (a file named file,
// with its item file named items, or a planted world), from worker 0's
// summary.
func New(source, file, items string, planted *core.PlantedConfig, sum work.DataSummary) *Info {
	switch source {
	case SourceFile:
	case SourcePlanted:
		items = ""
	default:
		// A pack made from a log names its item file in its source.
		items = pack.LogItems(sum.Catalog.Source)
	}
	return &Info{ItemFile: items, Bytes: sum.Bytes, Hash: sum.Hash, Users: sum.Users, Items: sum.Items, Reviews: sum.Reviews,
		From: time.Unix(sum.From, 0).UTC(), To: time.Unix(sum.To, 0).UTC(), Train: sum.Train, TestCases: sum.TestCases,
		Subset: sum.Catalog.Subset.String(), License: sum.Catalog.License, Origin: sum.Catalog.Source,
		Source: source, Name: file, Format: sum.Format, HasTimes: sum.HasTimes, HasCoords: sum.HasCoords,
		Read: sum.Read, Planted: planted, MemBytes: sum.MemBytes, DownloadMs: sum.DownloadMs}
}

// Yelp says whether the data is the Phoenix reviews, the site's pack as
// this repository builds it.
func (d *Info) Yelp() bool {
	return d == nil || ((d.Source == "" || d.Source == SourcePack) && (d.Format == "" || d.Format == core.FormatYelp.Name()))
}
