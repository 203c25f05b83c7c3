package app

import (
	"fmt"
	"strings"
	"time"

	"github.com/ealslive/ealslive/app/catalog"
	"github.com/ealslive/ealslive/app/datainfo"
	"github.com/ealslive/ealslive/app/textfmt"
	"github.com/ealslive/ealslive/app/work"
	"github.com/ealslive/ealslive/core"
	"github.com/ealslive/ealslive/core/pack"
)

// The runner's part that loads data: the workers read it (the pack, a
// visitor's file, a planted world) and worker 0 sends the page only what
// it shows, the businesses with their counts.

// LoadData makes d the page's data: the workers read it, the page says
// what they read, and the model trains on it, your clicks on it coming
// back (each data set keeps its own). Should d not be readable, the page
// says why and keeps the data it has.
func (r *runner) LoadData(d dataSource, parts [][]byte) {
	if r.busy() != "" {
		return
	}
	r.load(d, parts, true)
}

// Use trains a fresh model with cfg on the data d: the data in use, or d
// once loaded. A model kept for the same data and settings comes back
// instead of training: either way it is the model the settings give.
func (r *runner) Use(d dataSource, cfg core.Config) {
	if r.data.Cat != nil && sameSource(d, r.source) {
		r.Train(cfg)
		return
	}
	if r.busy() != "" {
		return
	}
	r.inUse.Config = cfg
	r.load(d, nil, true)
}

// load asks the workers for the data d, with parts' bytes if the page has
// them (a file just picked), and takes worker 0's answer (gotSummary);
// with train, the model trains once it is in. Any earlier load still under
// way is forgotten.
func (r *runner) load(d dataSource, parts [][]byte, train bool) {
	r.loads++
	gen := r.loads
	r.loading = &d
	spec := d.spec(r.version, r.inUse.Config, r.packURL, parts != nil)
	if d.Kind != datainfo.SourcePack || r.data.Cat != nil {
		r.pub.publish(keyLoad, loadState{Reading: d.String()})
	}
	r.pool.LoadData(parts, spec, func(m work.Msg) {
		r.pub.dispatch(func() {
			if gen == r.loads {
				r.gotSummary(d, m, train)
			}
		})
	})
	r.publishHold()
}

// gotSummary takes what worker 0 says about the data d: what it holds, or
// why it cannot be used (see dataFailed). It may come again for the same
// data: the workers restarted, or went back to it after other data failed.
func (r *runner) gotSummary(d dataSource, m work.Msg, train bool) {
	r.loading = nil
	defer r.publishHold()
	held := r.heldFailure
	r.heldFailure = nil
	if held != nil && m.Kind != work.MsgError {
		defer r.page.fail(*held)
	}
	if m.Kind == work.MsgError {
		var f work.Failure
		m.Decode(&f)
		r.dataFailed(d, f, train)
		return
	}
	// A load that went back to the data in use keeps saying why.
	r.pub.publish(keyLoad, loadState{Problem: r.loadProblem})
	r.loadProblem = ""
	start := time.Now()
	var sum work.DataSummary
	err := m.Decode(&sum)
	if err == nil && r.data.Info != nil && sum.Hash == r.data.Info.Hash {
		return // the data in use, again
	}
	var items []pack.Item
	var popular []int32
	if err == nil {
		items, err = work.ReadCatalog(m, sum.Catalog)
	}
	if err == nil {
		popular, err = work.ReadPopular(m, len(items))
	}
	if err != nil {
		r.page.fail(datainfo.Failure{Title: "The data could not be read", Detail: fmt.Sprintf("The workers' summary of it is damaged (%v).", err)})
		return
	}
	first := r.data.Cat == nil
	if d.Kind == datainfo.SourceFile {
		d.Hash = sum.Hash
	}
	r.source = d
	saveSource(d)
	cat := catalog.New(items)
	cat.SetCounts(ints(m.I32[0]), ints(m.I32[1]), popular)
	info := datainfo.New(d.Kind, d.File, d.Items, d.Planted, sum)
	info.IndexMs = textfmt.DurationMillis(time.Since(start))
	r.data = dataSet{Cat: cat, Info: info}
	if !first {
		// A model of other data knows none of this data's ids: the page
		// trains on it.
		r.inUse = modelInUse{Config: r.inUse.Config}
		r.adopted = false
		r.forgetNewcomers()
	}
	r.page.dataArrived(r.data, d, first)
	r.pub.publish(keyData, r.data)
	r.pub.publish(keyModel, r.inUse)
	r.publishTraining()
	if train {
		r.Train(r.inUse.Config)
	}
}

func ints(v []int32) []int {
	out := make([]int, len(v))
	for k, x := range v {
		out[k] = int(x)
	}
	return out
}

// failAfterData is the page's failure for a training job asked for with
// the data: while the data is on its way, the job fails on any worker
// without it, and may be heard of before worker 0 says why the data cannot
// be had. So the failure waits for the data's word (gotSummary): the
// data's own failure if it cannot be had, else this one.
func (r *runner) failAfterData(f datainfo.Failure) {
	if r.loading != nil {
		r.heldFailure = &f
		return
	}
	r.page.fail(f)
}

// dataFailed takes worker 0's word that d cannot be used. The site's pack
// stops the page; any other data is named in a note, and the workers go
// back to the data in use, or, on the page's first load, to the site's
// pack.
func (r *runner) dataFailed(d dataSource, f work.Failure, train bool) {
	if d.Kind == datainfo.SourcePack {
		r.page.fail(datainfo.PackFailure(r.packURL, f))
		return
	}
	problem := fmt.Sprintf("%s could not be used: %s. ", capitalise(d.String()), strings.TrimSuffix(f.Message, "."))
	back := r.source
	if r.data.Cat == nil {
		// The page's first load: nothing in use to go back to.
		back = dataSource{Kind: datainfo.SourcePack}
		saveSource(back)
		train = true
		problem += "The page uses " + back.String() + " instead."
	} else {
		problem += "The page keeps " + r.source.String() + "."
	}
	r.page.note(problem)
	r.load(back, nil, train)
	r.loadProblem = problem
}
