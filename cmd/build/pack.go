//go:build !wasm

package main

import (
	"bytes"
	"compress/gzip"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"github.com/ealslive/ealslive/core"
	"github.com/ealslive/ealslive/core/pack"
	"github.com/ealslive/ealslive/core/pack/packfile"
)

// defaultDataDir is where the shared Yelp files sit beside the checkout.
const defaultDataDir = "../shared/data/yelp"

func runPack(args []string) error {
	return packCommand(args, os.Stdout, os.Stderr)
}

// packCommand is runPack with its output streams passed in, for tests.
func packCommand(args []string, stdout, stderr io.Writer) error {
	dataDefault := defaultDataDir
	if env := os.Getenv("EALS_DATA"); env != "" {
		dataDefault = env
	}
	fs := flag.NewFlagSet("build pack", flag.ContinueOnError)
	fs.SetOutput(stderr)
	data := fs.String("data", dataDefault, "the Yelp data folder (holding "+pack.ReviewsFile+" and "+pack.BusinessFile+"), or an interaction log file; $EALS_DATA sets the default")
	out := fs.String("out", "web/yelp.msgpack", "pack file to write (its directory is created)")
	var s pack.Subset
	fs.IntVar(&s.K, "k", 10, "iterative k-core over distinct (user, item) pairs; 0 or 1 for none")
	fs.StringVar(&s.Category, "category", "", "Yelp folder: only businesses with this Yelp category, e.g. Restaurants (case-insensitive)")
	fs.StringVar(&s.City, "city", "", "Yelp folder: only businesses in this city, e.g. Phoenix (case-insensitive)")
	fs.IntVar(&s.MaxInteractions, "max", 0, "then keep only the latest N pairs of the k-core; 0 for all")
	var l logFlags
	fs.StringVar(&l.items, "items", "", "log file: an item file of names and categories (MovieLens u.item, movies.csv, movies.dat, or id,name[,category])")
	fs.Float64Var(&l.minRating, "min-rating", 0, "log file: keep only rows rated at least this; 0 keeps every row")
	fs.StringVar(&l.format, "format", string(core.FormatAuto), "log file: its layout, one of "+strings.Join(formatNames(), ", "))
	fs.StringVar(&l.license, "license", "", "log file: the terms the data is used under, recorded in the pack")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: build pack [flags]\n\nPacks a subset of the Phoenix Yelp reviews, or any interaction log, for the\npage. Steps run in this order: -category and -city (Yelp) or -min-rating\n(a log), distinct pairs, the -k core, then the -max latest pairs.\n\nflags:")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected arguments %q (flags only; see -h)", fs.Args())
	}
	if !slices.Contains(formatNames(), l.format) {
		return fmt.Errorf("invalid value %q for flag -format: want one of %s", l.format, strings.Join(formatNames(), ", "))
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })

	var p *pack.Pack
	var notes []string
	if st, err := os.Stat(*data); err == nil && !st.IsDir() {
		if set["category"] || set["city"] {
			return fmt.Errorf("conflicting flags: -category and -city choose Yelp businesses, and %s is a log file (a folder holds the Yelp data)", *data)
		}
		if p, notes, err = packLog(*data, l, s); err != nil {
			return err
		}
	} else {
		for _, f := range []string{"items", "min-rating", "format", "license"} {
			if set[f] {
				return fmt.Errorf("conflicting flags: -%s applies to a log file, and %s is the Yelp data folder", f, *data)
			}
		}
		if err := checkDataDir(*data); err != nil {
			return err
		}
		if p, err = pack.BuildDir(*data, s); err != nil {
			return err
		}
	}
	b, err := packfile.Encode(p)
	if err != nil {
		return err
	}
	if err := writeFileAtomic(*out, b); err != nil {
		return err
	}
	gz, err := gzipSize(b)
	if err != nil {
		return err
	}
	for _, n := range notes {
		fmt.Fprintf(stderr, "note: %s\n", n)
	}
	fmt.Fprintf(stdout, "%s: %s: %d users, %d items, %d interactions (%s); %d bytes raw, %d gzip -9, %s\n",
		*out, p.Subset, p.Data.NumUsers(), p.Data.NumItems(), p.Data.Len(), p.Format, len(b), gz, brotliSize(b))
	return nil
}

// logFlags are the flags that read a log file.
type logFlags struct {
	items, format, license string
	minRating              float64
}

// formatNames are the values -format takes.
func formatNames() []string {
	var names []string
	for _, f := range core.Formats() {
		names = append(names, string(f))
	}
	return names
}

// packLog packs the log in the file at path with the reader core.ReadLog,
// and returns the pack and what the reader noted about the log.
func packLog(path string, l logFlags, s pack.Subset) (*pack.Pack, []string, error) {
	opts := core.LogOptions{Format: core.Format(l.format), MinRating: l.minRating, KCore: s.K}
	source := pack.LogSource(filepath.Base(path), "")
	if l.items != "" {
		items, err := core.ReadItemFile(l.items)
		if err != nil {
			return nil, nil, err
		}
		opts.Items = items
		source = pack.LogSource(filepath.Base(path), filepath.Base(l.items))
	}
	read, err := core.ReadLogFile(path, opts)
	if err != nil {
		return nil, nil, err
	}
	p, err := pack.BuildLog(read, source, l.license, s.MaxInteractions)
	if err != nil {
		return nil, nil, err
	}
	return p, read.Notes(), nil
}

// checkDataDir says what is missing and how to point the build elsewhere,
// which a bare "no such file" from deep in the reader does not.
func checkDataDir(dir string) error {
	const how = "pass -data DIR or FILE, set EALS_DATA=DIR, or run make DATA=DIR or DATA=FILE"
	if _, err := os.Stat(dir); err != nil {
		return fmt.Errorf("no Yelp data folder or log file at %s (%v): %s", dir, err, how)
	}
	for _, name := range []string{pack.ReviewsFile, pack.BusinessFile} {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			return fmt.Errorf("the Yelp data folder %s lacks %s (%v): %s", dir, name, err, how)
		}
	}
	return nil
}

// writeFileAtomic writes through a temporary file so that a failed build
// never leaves a half-written pack for the page to choke on.
func writeFileAtomic(path string, b []byte) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(dir, ".pack-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(b); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

func gzipSize(b []byte) (int, error) {
	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		return 0, err
	}
	if _, err := zw.Write(b); err != nil {
		return 0, err
	}
	if err := zw.Close(); err != nil {
		return 0, err
	}
	return buf.Len(), nil
}

// brotliSize asks the brotli command, when installed, rather than pulling
// a brotli library into the module for one number.
func brotliSize(b []byte) string {
	path, err := exec.LookPath("brotli")
	if err != nil {
		return "brotli: n/a (no brotli command)"
	}
	cmd := exec.Command(path, "-c", "-q", "11")
	cmd.Stdin = bytes.NewReader(b)
	outb, err := cmd.Output()
	if err != nil {
		return "brotli: n/a (" + err.Error() + ")"
	}
	return fmt.Sprintf("%d brotli -q 11", len(outb))
}
