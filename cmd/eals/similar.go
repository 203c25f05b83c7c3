package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/ealslive/ealslive/core"
	"github.com/ealslive/ealslive/core/pack"
)

// similarJSON is -similar's answer with -json.
type similarJSON struct {
	To    string        `json:"similar_to"`
	Name  string        `json:"name,omitempty"`
	Model string        `json:"model"`
	Items []neighbourJS `json:"items"`
}

type neighbourJS struct {
	ID     string  `json:"id"`
	Name   string  `json:"name,omitempty"`
	Cosine float64 `json:"cosine"`
}

// similarTo prints the items most like -similar's by the cosine of their
// vectors in rec (core's Similar), with their names where the data has
// them.
func similarTo(o *options, d *core.Dataset, info *dataInfo, rec core.Recommender, stdout io.Writer) error {
	kind, _ := describe(rec)
	s, ok := rec.(core.ItemSimilarity)
	if !ok {
		return usagef("-similar needs item vectors, which -model %s has none of: use eals, als, bpr, rcd or cg", kind)
	}
	item, ok := d.ItemID(o.similar)
	if !ok {
		return usagef("-similar %q is not an item of %s", o.similar, info.source)
	}
	if o.similarN < 1 {
		return usagef("-n %d: want at least 1 item", o.similarN)
	}
	near, err := s.Similar(item, o.similarN)
	if err != nil {
		return err
	}
	name := func(i int32) string {
		if int(i) < len(info.names) {
			return info.names[i]
		}
		return ""
	}
	if o.json {
		out := similarJSON{To: o.similar, Name: name(item), Model: kind, Items: []neighbourJS{}}
		for _, r := range near {
			out.Items = append(out.Items, neighbourJS{ID: d.ItemKey(r.Item), Name: name(r.Item), Cosine: r.Score})
		}
		b, err := json.Marshal(out)
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(stdout, "%s\n", b)
		return err
	}
	title := o.similar
	if n := name(item); n != "" {
		title += " (" + n + ")"
	}
	fmt.Fprintf(stdout, "items most like %s, by the cosine of their vectors in the %s model:\n", title, kind)
	for k, r := range near {
		fmt.Fprintf(stdout, "%3d  %-24s %-40s %7.4f\n", k+1, d.ItemKey(r.Item), name(r.Item), r.Score)
	}
	return nil
}

// yelpNames are the businesses' names from the business file beside the
// Yelp reviews, by d's item id, or nil if there is none.
func yelpNames(reviews string, d *core.Dataset) []string {
	f, err := os.Open(filepath.Join(filepath.Dir(reviews), "phoenix2013_business.tsv"))
	if err != nil {
		return nil
	}
	defer f.Close()
	items, err := pack.ReadBusinesses(f, f.Name())
	if err != nil {
		return nil
	}
	names := make([]string, d.NumItems())
	for _, it := range items {
		if i, ok := d.ItemID(it.ID); ok {
			names[i] = it.Name
		}
	}
	return names
}
