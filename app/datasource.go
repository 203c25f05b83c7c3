package app

import (
	"encoding/json"

	"github.com/ealslive/ealslive/app/datainfo"
	"github.com/ealslive/ealslive/app/work"
	"github.com/ealslive/ealslive/core"
)

// Where the page's data comes from: the site's own pack (the Phoenix
// reviews, or what its host packed), a file of the visitor's, read and
// trained on in the workers and kept in their store, never sent anywhere,
// or a world with planted tastes. The choice is kept in localStorage, so
// a reload comes back to it.
const sourceKey = "ealslive.data"

// The kinds of data source, as datainfo names them.
const (
	sourcePack    = datainfo.SourcePack
	sourceFile    = datainfo.SourceFile
	sourcePlanted = datainfo.SourcePlanted
)

// dataSource is a choice of data.
type dataSource struct {
	Kind    string              `json:"kind"`            // datainfo.SourcePack, SourceFile or SourcePlanted
	File    string              `json:"file,omitempty"`  // a file's name
	Items   string              `json:"items,omitempty"` // its item file's name, "" for none
	Hash    string              `json:"hash,omitempty"`  // a file's hash once read: the workers keep it by that
	Options work.LogOptions     `json:"options,omitempty"`
	Planted *core.PlantedConfig `json:"planted,omitempty"`
}

// spec is what the workers are asked for: the pack at packURL, the file
// (in the message, or kept by hash), or the planted world.
func (d dataSource) spec(version string, cfg core.Config, packURL string, sent bool) work.DataSpec {
	spec := work.DataSpec{Version: version, Config: cfg}
	switch d.Kind {
	case datainfo.SourceFile:
		spec.Log = &work.LogSource{Name: d.File, ItemsName: d.Items, Options: d.Options}
		if !sent {
			spec.Log.Kept = d.Hash
		}
	case datainfo.SourcePlanted:
		spec.Planted = d.Planted
	default:
		spec.Pack = packURL
	}
	return spec
}

// String names the data for the visitor, as datainfo.Info.Called does
// once it is in: the site's pack as the site's generator described it.
func (d dataSource) String() string {
	switch d.Kind {
	case datainfo.SourceFile, datainfo.SourcePlanted:
		return (&datainfo.Info{Source: d.Kind, Name: d.File, Planted: d.Planted}).Called()
	}
	return sitePack().Called()
}

// loadSource returns the data chosen on an earlier visit; a damaged or
// unknown choice is the site's pack.
func loadSource() dataSource {
	raw, found, err := readStorage(sourceKey)
	var d dataSource
	if err != nil || !found || json.Unmarshal([]byte(raw), &d) != nil {
		return dataSource{Kind: datainfo.SourcePack}
	}
	switch {
	case d.Kind == datainfo.SourceFile && d.File != "" && d.Hash != "":
	case d.Kind == datainfo.SourcePlanted && d.Planted != nil:
	default:
		return dataSource{Kind: datainfo.SourcePack}
	}
	return d
}

// saveSource keeps the choice for the next visit.
func saveSource(d dataSource) {
	if d.Kind == datainfo.SourcePack {
		writeStorage(sourceKey, "")
		return
	}
	b, _ := json.Marshal(d)
	writeStorage(sourceKey, string(b))
}
