package main

import (
	"bufio"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/ealslive/ealslive/core"
	"github.com/ealslive/ealslive/core/pack"
)

// dataInfo says where a data set came from and how it was read, for the
// summary.
type dataInfo struct {
	source   string   // the file, or the synthetic set's arguments
	format   string   // the layout read, as core names it
	hasTimes bool     // false: the splits follow the input order
	notes    []string // what a reader of the results should know, a sentence each
	read     *readJSON
	// names are the items' names by id, where the data has them; nil
	// otherwise.
	names []string
}

// readJSON is what became of a log's rows.
type readJSON struct {
	Rows           int `json:"rows"`
	BelowMinRating int `json:"below_min_rating"`
	Repeats        int `json:"repeats"`
	OutsideKCore   int `json:"outside_kcore"`
}

// loadData reads -data, or makes the -synthetic set. When -out is given it
// writes the synthetic set there, says so on stdout (as a JSON line with
// -json), and returns a nil data set: there is nothing more to do.
func loadData(o *options, stdout io.Writer) (*core.Dataset, *dataInfo, error) {
	if o.synthetic == "" {
		d, info, err := readData(o)
		if errors.Is(err, fs.ErrNotExist) && o.data == defaultData() {
			err = fmt.Errorf("%w (the default data; -data PATH or EALS_DATA=DIR reads another)", err)
		}
		return d, info, err
	}
	d, info, items, err := makeData(o)
	if err != nil || o.out == "" {
		return d, info, err
	}
	if err := writePaper(o.out, d); err != nil {
		return nil, nil, err
	}
	wrote := map[string]any{"wrote": o.out, "users": d.NumUsers(), "items": d.NumItems(), "interactions": d.Len(), "source": info.source}
	also := ""
	if items != nil {
		path := itemsPath(o.out)
		if err := writeItems(path, items); err != nil {
			return nil, nil, err
		}
		wrote["items_file"] = path
		also = fmt.Sprintf("; items in %s", path)
	}
	if o.json {
		b, err := json.Marshal(wrote)
		if err != nil {
			return nil, nil, err
		}
		fmt.Fprintf(stdout, "%s\n", b)
	} else {
		fmt.Fprintf(stdout, "wrote %s: %d users, %d items, %d interactions (%s)%s\n", o.out, d.NumUsers(), d.NumItems(), d.Len(), info.source, also)
	}
	return nil, nil, nil
}

// makeData makes the -synthetic set, and a planted world's items.
func makeData(o *options) (*core.Dataset, *dataInfo, []core.ItemInfo, error) {
	s := o.syn
	if c := s.planted; c != nil {
		c.Seed = o.cfg.Seed
		w, err := core.Planted(*c)
		if err != nil {
			return nil, nil, nil, &usageError{err.Error()}
		}
		groups := w.GroupNames
		if len(groups) > 3 {
			groups = append(groups[:3:3], "…")
		}
		source := fmt.Sprintf("planted world: %d groups (%s), %d users, %d items, %d per user, noise %g, zipf %g, seed %d",
			c.Groups, strings.Join(groups, ", "), c.Users, c.Items, c.PerUser, c.Noise, c.Zipf, c.Seed)
		info := &dataInfo{source: source, format: "planted world", hasTimes: true, names: make([]string, len(w.Items))}
		for i, it := range w.Items {
			info.names[i] = it.Name
		}
		return w.Data, info, w.Items, nil
	}
	d, err := core.Synthetic(s.users, s.items, s.interactions, s.zipf, o.cfg.Seed)
	if err != nil {
		return nil, nil, nil, &usageError{err.Error()}
	}
	source := fmt.Sprintf("synthetic %d,%d,%d,%g seed %d", s.users, s.items, s.interactions, s.zipf, o.cfg.Seed)
	return d, &dataInfo{source: source, format: "synthetic", hasTimes: true}, nil, nil
}

// readData reads -data: a data pack, told by its magic bytes, or any log
// core reads, in the -format given or detected, with -items, -min-rating
// and -kcore.
func readData(o *options) (*core.Dataset, *dataInfo, error) {
	format := o.format
	if format != "pack" {
		isPack, err := sniffPack(o.data)
		if err != nil {
			return nil, nil, err
		}
		switch {
		case !isPack:
		case format == "auto":
			format = "pack"
		default:
			return nil, nil, fmt.Errorf("%s is a data pack, not a %s log: use -format pack, or auto", o.data, format)
		}
	}
	if format == "pack" {
		return readPack(o)
	}
	opts := core.LogOptions{Format: core.Format(format), MinRating: o.minRating, KCore: o.kcore}
	if o.items != "" {
		items, err := core.ReadItemFile(o.items)
		if err != nil {
			return nil, nil, err
		}
		opts.Items = items
	}
	l, err := core.ReadLogFile(o.data, opts)
	if err != nil {
		return nil, nil, err
	}
	info := &dataInfo{source: o.data, format: l.Format, hasTimes: l.HasTimes, notes: l.Notes(),
		read: &readJSON{Rows: l.Rows, BelowMinRating: l.BelowMinRating, Repeats: l.Repeats, OutsideKCore: l.OutsideKCore}}
	if l.Items != nil {
		info.format += ", items from " + l.ItemFormat
		info.names = make([]string, l.Data.NumItems())
		for i := range info.names {
			info.names[i] = l.ItemLabel(int32(i))
		}
	} else if l.Format == core.FormatYelp.Name() {
		info.names = yelpNames(o.data, l.Data)
	}
	return l.Data, info, nil
}

// sniffPack reports whether the file at path starts like a data pack.
func sniffPack(path string) (bool, error) {
	f, err := os.Open(path)
	if err != nil {
		return false, err
	}
	defer f.Close()
	head := make([]byte, 512)
	n, _ := io.ReadFull(f, head)
	return pack.IsPack(head[:n]), nil
}

// readPack reads a data pack, which is already cut to its subset.
func readPack(o *options) (*core.Dataset, *dataInfo, error) {
	if o.items != "" || o.minRating != 0 || o.kcore > 1 {
		return nil, nil, usagef("%s is a data pack, chosen and named when it was built: leave out -items, -min-rating and -kcore", o.data)
	}
	p, err := pack.ReadFile(o.data)
	if err != nil {
		return nil, nil, err
	}
	info := &dataInfo{source: o.data, format: "data pack", hasTimes: p.HasTimes}
	if p.Format != "" {
		info.format += " of " + p.Format
	}
	if !p.HasTimes {
		info.notes = []string{core.NoTimesNote}
	}
	info.names = make([]string, len(p.Items))
	for i, it := range p.Items {
		info.names[i] = it.Name
	}
	return p.Data, info, nil
}

// writePaper writes d in the paper's layout, "user item rating timestamp",
// one interaction per line in input order, rating 1 (implicit feedback).
func writePaper(path string, d *core.Dataset) error {
	return writeFile(path, func(w *bufio.Writer) error {
		for _, x := range d.Interactions() {
			fmt.Fprintf(w, "%s\t%s\t1\t%d\n", d.UserKey(x.User), d.ItemKey(x.Item), x.Time)
		}
		return nil
	})
}

// itemsPath is where -out writes a planted world's items: beside the
// interactions, "world.tsv" giving "world-items.csv".
func itemsPath(out string) string {
	return strings.TrimSuffix(out, filepath.Ext(out)) + "-items.csv"
}

// writeItems writes items as an item file core.ReadItems reads: a header
// "id,name,category", then a row an item, categories separated by "|".
func writeItems(path string, items []core.ItemInfo) error {
	return writeFile(path, func(w *bufio.Writer) error {
		cw := csv.NewWriter(w)
		cw.Write([]string{"id", "name", "category"})
		for _, it := range items {
			cw.Write([]string{it.ID, it.Name, strings.Join(it.Categories, "|")})
		}
		cw.Flush()
		return cw.Error()
	})
}

// writeFile creates path and fills it with fill, saying which file a
// failure to write was in.
func writeFile(path string, fill func(w *bufio.Writer) error) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	err = fill(w)
	if err == nil {
		err = w.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}
