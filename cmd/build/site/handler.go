package site

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"io"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"
)

// NewHandler serves a folder written by Generate as a careful static host
// would, under the prefix the site was built for (it refuses another, since
// the page's links would point elsewhere). For each file it sends the
// Brotli or gzip copy the browser accepts, with the file's own MIME type and
// a strong ETag of the bytes sent: a browser revalidating an older copy
// gets 304 only when the bytes are the same, so a rebuilt site reaches
// visitors whatever the files' times, rollbacks included. isolate adds the
// cross-origin isolation headers, which give the page a 5 µs clock instead
// of 100 µs.
func NewHandler(dir, prefix string, isolate bool) (http.Handler, error) {
	p, err := NormalizePrefix(prefix)
	if err != nil {
		return nil, err
	}
	st, err := os.Stat(filepath.Join(dir, "index.html"))
	if err != nil || st.IsDir() {
		return nil, fmt.Errorf("%s has no index.html: generate the site first (`make site` or `build site -out %s`)", dir, dir)
	}
	m, err := readMarker(dir)
	if err != nil {
		return nil, err
	}
	if m.Prefix != p {
		return nil, fmt.Errorf("%s was built for %s, not %s: serve it with -prefix %q, or build it for %s with `build site -prefix %s`",
			dir, describePrefix(m.Prefix), describePrefix(p), m.Prefix, describePrefix(p), p)
	}
	files := &fileServer{dir: dir, isolate: isolate, copies: m.Copies}
	if p == "" {
		return files, nil
	}
	mux := http.NewServeMux()
	mux.Handle(p+"/", http.StripPrefix(p, files))
	// Without its slash the prefix is the site too: the mux would redirect
	// only GET requests that match a pattern exactly, so say it here.
	mux.HandleFunc(p, func(w http.ResponseWriter, r *http.Request) {
		target := p + "/"
		if r.URL.RawQuery != "" {
			target += "?" + r.URL.RawQuery
		}
		http.Redirect(w, r, target, http.StatusMovedPermanently)
	})
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "not found: this server has the site at "+p+"/", http.StatusNotFound)
	})
	return mux, nil
}

func describePrefix(p string) string {
	if p == "" {
		return "the root (/)"
	}
	return p + "/"
}

// fileServer serves the files of one site folder.
type fileServer struct {
	dir     string
	isolate bool
	copies  map[string]string // site path -> SHA-256 of the file its copies compress
	etags   sync.Map          // etagKey -> string
	sums    sync.Map          // etagKey -> hex SHA-256 of a file
}

type etagKey struct {
	path string
	size int64
	mod  time.Time
}

// mimeTypes are the types browsers insist on, and the rest of the site's
// files, so that the answer does not depend on the host's mime tables.
var mimeTypes = map[string]string{
	".html":        "text/html; charset=utf-8",
	".js":          "text/javascript; charset=utf-8",
	".css":         "text/css; charset=utf-8",
	".wasm":        "application/wasm",
	".webmanifest": "application/manifest+json",
	".msgpack":     "application/octet-stream",
	".svg":         "image/svg+xml",
	".png":         "image/png",
	".json":        "application/json",
}

// encodings are the compressed copies the server looks for, best first.
var encodings = []struct{ name, ext string }{{"br", ".br"}, {"gzip", ".gz"}}

func (s *fileServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	name := path.Clean("/" + r.URL.Path)
	if strings.HasSuffix(r.URL.Path, "/") {
		name = path.Join(name, "index.html")
	}
	// No dot files (the site's marker), and no compressed copy asked for
	// by name: each is served as its file's encoding.
	base := path.Base(name)
	if strings.HasPrefix(base, ".") || strings.HasSuffix(base, ".br") || strings.HasSuffix(base, ".gz") {
		http.NotFound(w, r)
		return
	}
	file := filepath.Join(s.dir, filepath.FromSlash(name))
	h := w.Header()
	h.Set("Content-Type", mimeType(name))
	// Revalidate every time, so a rebuilt site shows at once; the ETag
	// makes that a 304 when nothing changed.
	h.Set("Cache-Control", "no-cache")
	if s.isolate {
		h.Set("Cross-Origin-Opener-Policy", "same-origin")
		h.Set("Cross-Origin-Embedder-Policy", "require-corp")
	}
	accept := r.Header.Get("Accept-Encoding")
	if !s.copiesCurrent(name, file) {
		// The file was replaced after its copies were made: send it as
		// it is rather than stale bytes.
		accept = ""
	}
	f, info, enc := s.open(file, accept)
	if f == nil {
		h.Del("Content-Type")
		http.NotFound(w, r)
		return
	}
	defer f.Close()
	if enc.name != "" || s.hasCopies(file) {
		h.Add("Vary", "Accept-Encoding")
	}
	if enc.name != "" {
		h.Set("Content-Encoding", enc.name)
		// ServeContent leaves Content-Length out when the handler names an
		// encoding (it expects the body to be compressed on the fly), and a
		// range of a compressed copy is of no use to a browser: send it
		// whole, with its length, which also lets a progress bar work.
		h.Set("Content-Length", strconv.FormatInt(info.Size(), 10))
		r.Header.Del("Range")
	}
	etag, err := s.etag(f, file+enc.ext, info)
	if err != nil {
		http.Error(w, "reading "+name+": "+err.Error(), http.StatusInternalServerError)
		return
	}
	h.Set("ETag", etag)
	// ServeContent answers If-None-Match from the ETag (and then ignores
	// If-Modified-Since), ranges, HEAD and Content-Length.
	http.ServeContent(w, r, name, info.ModTime(), f)
}

// open returns the best representation of file the client accepts, with
// its encoding (none for the file itself), or nil if there is no such file.
func (s *fileServer) open(file, accept string) (*os.File, os.FileInfo, struct{ name, ext string }) {
	var none struct{ name, ext string }
	for _, e := range encodings {
		if !accepts(accept, e.name) {
			continue
		}
		if f, info := openFile(file + e.ext); f != nil {
			return f, info, e
		}
	}
	f, info := openFile(file)
	return f, info, none
}

func openFile(name string) (*os.File, os.FileInfo) {
	f, err := os.Open(name)
	if err != nil {
		return nil, nil
	}
	info, err := f.Stat()
	if err != nil || info.IsDir() {
		f.Close()
		return nil, nil
	}
	return f, info
}

// copiesCurrent reports whether the compressed copies of the site's file
// name (at path file) still compress it, by the hash the generator
// recorded; a file without copies has none to be stale.
func (s *fileServer) copiesCurrent(name, file string) bool {
	want, ok := s.copies[strings.TrimPrefix(name, "/")]
	if !ok {
		return true
	}
	info, err := os.Stat(file)
	if err != nil {
		// Gone: its copies must not stand in for it.
		return false
	}
	key := etagKey{file, info.Size(), info.ModTime()}
	sum, ok := s.sums.Load(key)
	if !ok {
		b, err := os.ReadFile(file)
		if err != nil {
			return true
		}
		h := sha256.Sum256(b)
		sum = hex.EncodeToString(h[:])
		s.sums.Store(key, sum)
	}
	return sum.(string) == want
}

func (s *fileServer) hasCopies(file string) bool {
	for _, e := range encodings {
		if _, err := os.Stat(file + e.ext); err == nil {
			return true
		}
	}
	return false
}

// etag is a strong validator of the bytes f holds, computed once per
// version of the file (its path, size and time) and kept.
func (s *fileServer) etag(f *os.File, path string, info os.FileInfo) (string, error) {
	key := etagKey{path, info.Size(), info.ModTime()}
	if v, ok := s.etags.Load(key); ok {
		return v.(string), nil
	}
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return "", err
	}
	tag := `"` + base64.RawURLEncoding.EncodeToString(h.Sum(nil)[:18]) + `"`
	s.etags.Store(key, tag)
	return tag, nil
}

func mimeType(name string) string {
	if t, ok := mimeTypes[path.Ext(name)]; ok {
		return t
	}
	return "application/octet-stream"
}

// accepts reports whether an Accept-Encoding header allows coding, with a
// quality above zero given to it by name or by "*".
func accepts(header, coding string) bool {
	star := false
	for _, part := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		q := 1.0
		for _, p := range strings.Split(params, ";") {
			k, v, ok := strings.Cut(strings.TrimSpace(p), "=")
			if ok && strings.EqualFold(strings.TrimSpace(k), "q") {
				if f, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil {
					q = f
				}
			}
		}
		switch {
		case strings.EqualFold(name, coding):
			return q > 0
		case name == "*":
			star = q > 0
		}
	}
	return star
}
