package app

import (
	"encoding/json"
	"fmt"
	"net/url"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/ealslive/ealslive/app/settings"
	"github.com/ealslive/ealslive/app/work"
	"github.com/ealslive/ealslive/core"
)

// Where the page's data comes from: the site's own pack (the Phoenix
// reviews, or what its host packed), a file of the visitor's, read and
// trained on in the workers and kept in their store, never sent anywhere,
// or a world with planted tastes. The choice is kept in localStorage, so
// a reload comes back to it.
const (
	sourcePack    = "pack"
	sourceFile    = "file"
	sourcePlanted = "planted"
	sourceKey     = "ealslive.data"
)

// dataSource is a choice of data.
type dataSource struct {
	Kind    string              `json:"kind"`
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
	case sourceFile:
		spec.Log = &work.LogSource{Name: d.File, ItemsName: d.Items, Options: d.Options}
		if !sent {
			spec.Log.Kept = d.Hash
		}
	case sourcePlanted:
		spec.Planted = d.Planted
	default:
		spec.Pack = packURL
	}
	return spec
}

// String names the data for the visitor.
func (d dataSource) String() string {
	switch d.Kind {
	case sourceFile:
		return "your file " + d.File
	case sourcePlanted:
		return fmt.Sprintf("a world of %d planted tastes", d.Planted.Groups)
	}
	return "the Phoenix reviews"
}

// loadSource returns the data chosen on an earlier visit; a damaged or
// unknown choice is the site's pack.
func loadSource() dataSource {
	raw, found, err := readStorage(sourceKey)
	var d dataSource
	if err != nil || !found || json.Unmarshal([]byte(raw), &d) != nil {
		return dataSource{Kind: sourcePack}
	}
	switch {
	case d.Kind == sourceFile && d.File != "" && d.Hash != "":
	case d.Kind == sourcePlanted && d.Planted != nil:
	default:
		return dataSource{Kind: sourcePack}
	}
	return d
}

// saveSource keeps the choice for the next visit.
func saveSource(d dataSource) {
	if d.Kind == sourcePack {
		writeStorage(sourceKey, "")
		return
	}
	b, _ := json.Marshal(d)
	writeStorage(sourceKey, string(b))
}

// load asks the workers for the data d, with parts' bytes if the page has
// them (a file just picked), and takes worker 0's answer (gotSummary);
// with train, the model card trains once it is in. Any earlier load still
// under way is forgotten.
func (s *session) load(ctx app.Context, d dataSource, parts [][]byte, train bool) {
	s.loads++
	gen := s.loads
	s.loading = &d
	url := ctx.ResolveStaticResource("/web/yelp.msgpack")
	spec := d.spec(app.Getenv("GOAPP_VERSION"), s.inUse.Config, url, parts != nil)
	if d.Kind != sourcePack || s.data.Cat != nil {
		s.publish(ctx, keyLoad, loadState{Reading: d.String()})
	}
	s.runs.pool.LoadData(parts, spec, func(m work.Msg) {
		s.self.Dispatch(func(ctx app.Context) {
			if gen == s.loads {
				s.gotSummary(ctx, d, url, m, train)
			}
		})
	})
	s.publish(ctx, keyBusy, s.runHold())
}

// SwitchData makes d the page's data: the workers read it, the page says
// what they read, and the model trains on it, your clicks on it coming
// back (each data set keeps its own). Should d not be readable, the page
// says why and keeps the data it has.
func (s *session) SwitchData(ctx app.Context, d dataSource, parts [][]byte) {
	if s.busy() != "" {
		return
	}
	s.load(ctx, d, parts, true)
}

// dataFailed takes worker 0's word that d cannot be used. The site's pack
// stops the page; any other data is named in a note, and the workers go
// back to the data in use, or, on the page's first load, to the site's
// pack.
func (s *session) dataFailed(ctx app.Context, d dataSource, url string, f work.Failure, train bool) {
	if d.Kind == sourcePack {
		s.fail(ctx, workerPackFailure(url, f))
		return
	}
	problem := fmt.Sprintf("%s could not be used: %s. ", capitalise(d.String()), strings.TrimSuffix(f.Message, "."))
	back := s.source
	if s.data.Cat == nil {
		// The page's first load: nothing in use to go back to.
		back = dataSource{Kind: sourcePack}
		saveSource(back)
		train = true
		problem += "The page uses the Phoenix reviews instead."
	} else {
		problem += "The page keeps " + s.source.String() + "."
	}
	s.note(ctx, problem)
	s.load(ctx, back, nil, train)
	s.loadProblem = problem
}

// The query keys of a link's data: "data" is the source's kind, "file"
// a file's name (a link cannot carry the file itself), "world" a planted
// world's configuration (core.PlantedConfig's String).
const (
	linkData  = "data"
	linkFile  = "file"
	linkWorld = "world"
)

// firstSource is the data the page starts with: a link's, when it names
// data the page can have, else the one chosen on an earlier visit. A link
// made on a file of someone's own cannot carry the file: the page says so,
// and learns the link's likes once that file is loaded (linkFile).
func (s *session) firstSource(ctx app.Context) dataSource {
	stored := loadSource()
	q, _ := url.ParseQuery(strings.TrimPrefix(s.linkQuery(), "?"))
	switch q.Get(linkData) {
	case sourcePack:
		return dataSource{Kind: sourcePack}
	case sourcePlanted:
		c, err := core.ParsePlanted(q.Get(linkWorld))
		if err != nil {
			s.note(ctx, "The link's world="+settings.Quote(q.Get(linkWorld))+" cannot be made ("+
				strings.TrimPrefix(err.Error(), "core: ")+"), so the page makes the default world with planted tastes.")
			c = core.DefaultPlanted()
		}
		return dataSource{Kind: sourcePlanted, Planted: &c}
	case sourceFile:
		name := q.Get(linkFile)
		if stored.Kind == sourceFile && stored.File == name {
			return stored
		}
		s.linkFile = name
		s.note(ctx, "This link was made on a file of its author's own, "+settings.Quote(name)+
			", which a link cannot carry. Load that file under The model (Data: your file) to see the same list; "+
			"until then the page shows the data it has.")
	}
	return stored
}

// linkQueryOf is the link's data part for d.
func linkQueryOf(d dataSource) string {
	switch d.Kind {
	case sourceFile:
		return linkData + "=" + sourceFile + "&" + linkFile + "=" + url.QueryEscape(d.File)
	case sourcePlanted:
		return linkData + "=" + sourcePlanted + "&" + linkWorld + "=" + url.QueryEscape(d.Planted.String())
	}
	return linkData + "=" + sourcePack
}
