package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/ealslive/ealslive/core"
	"github.com/ealslive/ealslive/core/pack"
)

// loadData reads -data, or makes the -synthetic set. When -out is given it
// writes the synthetic set there, says so on stdout (as a JSON line with
// -json), and returns a nil
// data set: there is nothing more to do.
func loadData(o *options, stdout io.Writer) (*core.Dataset, string, error) {
	if o.synthetic != "" {
		s := o.syn
		d, err := core.Synthetic(s.users, s.items, s.interactions, s.zipf, o.cfg.Seed)
		if err != nil {
			return nil, "", &usageError{err.Error()}
		}
		source := fmt.Sprintf("synthetic %d,%d,%d,%g seed %d", s.users, s.items, s.interactions, s.zipf, o.cfg.Seed)
		if o.out == "" {
			return d, source, nil
		}
		if err := writePaper(o.out, d); err != nil {
			return nil, "", err
		}
		if o.json {
			b, err := json.Marshal(map[string]any{"wrote": o.out, "users": d.NumUsers(), "items": d.NumItems(),
				"interactions": d.Len(), "source": source})
			if err != nil {
				return nil, "", err
			}
			fmt.Fprintf(stdout, "%s\n", b)
		} else {
			fmt.Fprintf(stdout, "wrote %s: %d users, %d items, %d interactions (%s)\n", o.out, d.NumUsers(), d.NumItems(), d.Len(), source)
		}
		return nil, "", nil
	}
	d, err := readData(o.data, o.format)
	if errors.Is(err, fs.ErrNotExist) && o.data == defaultData() {
		err = fmt.Errorf("%w (the default data; -data PATH or EALS_DATA=DIR reads another)", err)
	}
	return d, o.data, err
}

// readData reads a TSV, a paper-format log or a data pack; "auto" tells a
// pack by its magic bytes and the two text layouts by their first line.
func readData(path, format string) (*core.Dataset, error) {
	if format != "pack" {
		f, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		head := make([]byte, 512)
		n, _ := io.ReadFull(f, head)
		f.Close()
		switch {
		case !pack.IsPack(head[:n]):
		case format == "auto":
			format = "pack"
		default:
			return nil, fmt.Errorf("%s is a data pack, not a %s log: use -format pack, or auto", path, format)
		}
	}
	if format != "pack" {
		return core.ReadFile(path, core.Format(format))
	}
	p, err := pack.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return p.Data, nil
}

// writePaper writes d in the paper's layout, "user item rating timestamp",
// one interaction per line in input order, rating 1 (implicit feedback).
func writePaper(path string, d *core.Dataset) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	for _, x := range d.Interactions() {
		fmt.Fprintf(w, "%s\t%s\t1\t%d\n", d.UserKey(x.User), d.ItemKey(x.Item), x.Time)
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}
