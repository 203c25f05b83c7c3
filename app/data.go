package app

import (
	"fmt"
	"time"

	"github.com/ealslive/ealslive/app/work"
	"github.com/ealslive/ealslive/core"
	"github.com/ealslive/ealslive/core/pack"
)

// dataInfo says what the visitor's browser downloaded and trains on.
type dataInfo struct {
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
	// Source is where the data comes from (sourcePack, sourceFile or
	// sourcePlanted), Name a file's name; Format the layout read.
	Source              string
	Name, Format        string
	HasTimes, HasCoords bool
	Read                *work.ReadSummary // a file, as read
	Planted             *core.PlantedConfig
	MemBytes            uint64 // what worker 0 holds once the data is in
}

// newDataInfo is what the page says of the data d, from worker 0's
// summary.
func newDataInfo(d dataSource, sum work.DataSummary) *dataInfo {
	i := &dataInfo{Bytes: sum.Bytes, Hash: sum.Hash, Users: sum.Users, Items: sum.Items, Reviews: sum.Reviews,
		From: time.Unix(sum.From, 0).UTC(), To: time.Unix(sum.To, 0).UTC(), Train: sum.Train, TestCases: sum.TestCases,
		Subset: sum.Catalog.Subset.String(), License: sum.Catalog.License,
		Source: d.Kind, Name: d.File, Format: sum.Format, HasTimes: sum.HasTimes, HasCoords: sum.HasCoords,
		Read: sum.Read, Planted: d.Planted, MemBytes: sum.MemBytes}
	i.Origin = sum.Catalog.Source
	return i
}

// failure is why the page cannot go on, worded for a visitor.
type failure struct {
	Title, Detail, Hint string
}

// downloadFailure words a pack worker 0 could not download from url.
func downloadFailure(url string, f work.Failure) failure {
	if f.Status == 404 {
		return failure{
			Title:  "The data is missing",
			Detail: fmt.Sprintf("The server has no data pack at %s (HTTP 404), so there is nothing to train on.", url),
			Hint:   "If you host this page, build the pack with `make pack` (or `make site`) and publish web/yelp.msgpack with the rest of the site.",
		}
	}
	return failure{
		Title:  "The data could not be downloaded",
		Detail: f.Message,
		Hint:   "Check your connection and reload. After one complete visit the page also works offline.",
	}
}

// workerPackFailure words a pack the workers could not download or decode.
func workerPackFailure(url string, f work.Failure) failure {
	switch f.Kind {
	case "download":
		return downloadFailure(url, f)
	case "version":
		return versionFailure(url, f.Version)
	case "truncated":
		return truncatedFailure(f.Message)
	}
	return corruptFailure(url, f.Message)
}

func versionFailure(url string, found int64) failure {
	return failure{
		Title:  "The data is from another version",
		Detail: fmt.Sprintf("The data pack at %s has format version %d, but this page reads version %d.", url, found, pack.Schema),
		Hint:   "If you host this page, rebuild the pack and the page together (`make site`).",
	}
}

func truncatedFailure(msg string) failure {
	return failure{
		Title:  "The data arrived incomplete",
		Detail: msg,
		Hint:   "Reload the page; if it happens again, the file on the server is cut short.",
	}
}

func corruptFailure(url, msg string) failure {
	return failure{
		Title:  "The data is corrupted",
		Detail: fmt.Sprintf("The data pack at %s could not be read: %s", url, msg),
		Hint:   "If you host this page, rebuild the pack with `make pack`.",
	}
}
