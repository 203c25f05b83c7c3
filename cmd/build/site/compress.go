package site

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// compressible are the extensions worth a compressed copy; images are
// compressed already.
var compressible = map[string]bool{
	".html": true, ".js": true, ".css": true, ".wasm": true, ".msgpack": true,
	".webmanifest": true, ".svg": true, ".json": true,
}

// minCompressed is the smallest file given compressed copies: below one
// packet, compression saves no round trip.
const minCompressed = 1024

// compressSite writes name.gz and, if the brotli command is installed,
// name.br beside every compressible file of dir, so that any static host
// that can serve them (and NewHandler) sends a fraction of the bytes. It
// reports whether it wrote Brotli copies.
//
// Brotli at its best level is slow on app.wasm, so copies are
// kept in a cache folder by the hash of what they compress: the same
// app.wasm is compressed once, however many sites are made from it (the
// browser tests make dozens). cache "" means no cache.
// It returns, by path in the site, the hash of each file it made copies
// of, so that a server can tell when a file was replaced after them.
func compressSite(dir, cache string, log io.Writer) (brotli bool, sums map[string]string, err error) {
	sums = map[string]string{}
	brotliPath, lookErr := exec.LookPath("brotli")
	brotli = lookErr == nil
	if !brotli && log != nil {
		fmt.Fprintln(log, "site: no brotli command (Debian: apt-get install brotli), so only gzip copies are written; app.wasm then travels about 35% larger")
	}
	err = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !compressible[filepath.Ext(path)] {
			return err
		}
		info, err := d.Info()
		if err != nil || info.Size() < minCompressed {
			return err
		}
		c := copier{cache: cache, src: path}
		if err := c.write(".gz", func(dst string) error { return writeGzip(path, dst) }); err != nil {
			return err
		}
		if brotli {
			if err := c.write(".br", func(dst string) error { return writeBrotli(brotliPath, path, dst) }); err != nil {
				return err
			}
		}
		rel, err := filepath.Rel(dir, path)
		if err != nil {
			return err
		}
		sums[filepath.ToSlash(rel)] = c.hash()
		return nil
	})
	return brotli, sums, err
}

// copier writes a compressed copy of src beside it, through the cache.
type copier struct {
	cache, src string
	sum        string // hash of src, once computed
}

func (c *copier) write(ext string, compress func(dst string) error) error {
	dst := c.src + ext
	if c.cache == "" || c.hash() == "" {
		return compress(dst)
	}
	cached := filepath.Join(c.cache, c.hash()+ext)
	if b, err := os.ReadFile(cached); err == nil {
		return os.WriteFile(dst, b, 0o644)
	}
	if err := compress(dst); err != nil {
		return err
	}
	// The cache only saves time: failing to fill it is no error. The copy
	// goes in under a temporary name, so a reader never sees half of it.
	if b, err := os.ReadFile(dst); err == nil && os.MkdirAll(c.cache, 0o755) == nil {
		tmp := fmt.Sprintf("%s.%d.tmp", cached, os.Getpid())
		if os.WriteFile(tmp, b, 0o644) == nil && os.Rename(tmp, cached) != nil {
			os.Remove(tmp)
		}
	}
	return nil
}

// hash is the SHA-256 of the file copied, hex, read once.
func (c *copier) hash() string {
	if c.sum == "" {
		b, err := os.ReadFile(c.src)
		if err != nil {
			return ""
		}
		h := sha256.Sum256(b)
		c.sum = hex.EncodeToString(h[:])
	}
	return c.sum
}

// defaultCache is where compressed copies are kept between runs.
func defaultCache() string {
	dir, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	return filepath.Join(dir, "ealslive", "site-compressed")
}

// writeGzip writes dst, path at gzip's best level, with no name or time in
// its header, so the same file always gives the same bytes.
func writeGzip(path, dst string) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	w, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		return err
	}
	if _, err := w.Write(b); err != nil {
		return err
	}
	if err := w.Close(); err != nil {
		return err
	}
	return os.WriteFile(dst, buf.Bytes(), 0o644)
}

func writeBrotli(brotli, path, dst string) error {
	out, err := exec.Command(brotli, "-q", "11", "-f", "-o", dst, path).CombinedOutput()
	if err != nil {
		return fmt.Errorf("brotli %s: %v: %s", path, err, strings.TrimSpace(string(out)))
	}
	return nil
}
