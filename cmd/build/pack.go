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
	data := fs.String("data", dataDefault, "directory holding "+pack.ReviewsFile+" and "+pack.BusinessFile+"; $EALS_DATA sets the default")
	out := fs.String("out", "web/yelp.msgpack", "pack file to write (its directory is created)")
	var s pack.Subset
	fs.IntVar(&s.K, "k", 10, "iterative k-core over distinct (user, business) pairs; 0 or 1 for none")
	fs.StringVar(&s.Category, "category", "", "only businesses with this Yelp category, e.g. Restaurants (case-insensitive)")
	fs.StringVar(&s.City, "city", "", "only businesses in this city, e.g. Phoenix (case-insensitive)")
	fs.IntVar(&s.MaxInteractions, "max", 0, "then keep only the latest N pairs of the k-core; 0 for all")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: build pack [flags]\n\nPacks a subset of the Phoenix Yelp reviews for the page. Steps run in\nthis order: -category and -city, distinct pairs, the -k core, then the\n-max latest pairs.\n\nflags:")
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

	if err := checkDataDir(*data); err != nil {
		return err
	}
	p, err := pack.BuildDir(*data, s)
	if err != nil {
		return err
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
	fmt.Fprintf(stdout, "%s: %s: %d users, %d items, %d interactions; %d bytes raw, %d gzip -9, %s\n",
		*out, p.Subset, p.Data.NumUsers(), p.Data.NumItems(), p.Data.Len(), len(b), gz, brotliSize(b))
	return nil
}

// checkDataDir says what is missing and how to point the build elsewhere,
// which a bare "no such file" from deep in the reader does not.
func checkDataDir(dir string) error {
	const how = "pass -data DIR, set EALS_DATA=DIR, or run make DATA=DIR"
	st, err := os.Stat(dir)
	switch {
	case err != nil:
		return fmt.Errorf("no Yelp data folder at %s (%v): %s", dir, err, how)
	case !st.IsDir():
		return fmt.Errorf("%s is a file, not the Yelp data folder: %s", dir, how)
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
