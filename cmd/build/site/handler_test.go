package site

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

func get(t *testing.T, h http.Handler, path string, header ...string) *http.Response {
	t.Helper()
	rec := httptest.NewRecorder()
	req := httptest.NewRequest(http.MethodGet, path, nil)
	for k := 0; k+1 < len(header); k += 2 {
		req.Header.Set(header[k], header[k+1])
	}
	h.ServeHTTP(rec, req)
	return rec.Result()
}

func body(t *testing.T, r *http.Response) []byte {
	t.Helper()
	b, err := io.ReadAll(r.Body)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestSiteHandler(t *testing.T) {
	o := fakeInputs(t)
	o.Prefix = "/sub"
	if _, err := Generate(o); err != nil {
		t.Fatal(err)
	}
	h, err := NewHandler(o.Out, "/sub/", true)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		path, contentType string
	}{
		{"/sub/web/app.wasm", "application/wasm"},
		{"/sub/manifest.webmanifest", "application/manifest+json"},
		{"/sub/web/yelp.msgpack", "application/octet-stream"},
		{"/sub/", "text/html; charset=utf-8"},
		{"/sub/web/style.css", "text/css; charset=utf-8"},
		{"/sub/app.js", "text/javascript; charset=utf-8"},
		{"/sub/web/worker.js", "text/javascript; charset=utf-8"},
	} {
		r := get(t, h, tc.path)
		if r.StatusCode != http.StatusOK {
			t.Errorf("GET %s: %s", tc.path, r.Status)
			continue
		}
		if got := r.Header.Get("Content-Type"); got != tc.contentType {
			t.Errorf("GET %s: Content-Type %q, want %q", tc.path, got, tc.contentType)
		}
		if r.Header.Get("Cross-Origin-Opener-Policy") != "same-origin" || r.Header.Get("Cross-Origin-Embedder-Policy") != "require-corp" {
			t.Errorf("GET %s: no cross-origin isolation headers", tc.path)
		}
		if r.Header.Get("Cache-Control") != "no-cache" {
			t.Errorf("GET %s: Cache-Control %q", tc.path, r.Header.Get("Cache-Control"))
		}
		if etag := r.Header.Get("ETag"); !strings.HasPrefix(etag, `"`) || len(etag) < 20 {
			t.Errorf("GET %s: ETag %q, want a strong validator", tc.path, etag)
		}
	}
	for _, path := range []string{"/sub", "/sub?k=64&likes=1,2"} {
		r := get(t, h, path)
		want := strings.Replace(path, "/sub", "/sub/", 1)
		if r.StatusCode != http.StatusMovedPermanently || r.Header.Get("Location") != want {
			t.Errorf("GET %s: %s to %q, want a redirect to %s", path, r.Status, r.Header.Get("Location"), want)
		}
	}
	r := get(t, h, "/")
	if b := body(t, r); r.StatusCode != http.StatusNotFound || !strings.Contains(string(b), "/sub/") {
		t.Errorf("GET / outside the prefix: %s %q", r.Status, b)
	}
	for _, path := range []string{"/sub/web/nothing.js", "/sub/" + markerFile, "/sub/index.html.gz", "/sub/web/"} {
		if r := get(t, h, path); r.StatusCode != http.StatusNotFound {
			t.Errorf("GET %s: %s, want 404", path, r.Status)
		}
	}

	plain, err := NewHandler(o.Out, "/sub", false)
	if err != nil {
		t.Fatal(err)
	}
	if r := get(t, plain, "/sub/web/app.wasm"); r.StatusCode != http.StatusOK || r.Header.Get("Cross-Origin-Opener-Policy") != "" {
		t.Errorf("no isolation: %s, COOP %q", r.Status, r.Header.Get("Cross-Origin-Opener-Policy"))
	}
	if _, err := NewHandler(t.TempDir(), "", true); err == nil || !strings.Contains(err.Error(), "index.html") {
		t.Errorf("serving a folder without a site: err = %v", err)
	}
}

// A site is served only under the prefix it was built for: elsewhere its
// links point nowhere, and the page would sit unstyled.
func TestSiteHandlerRefusesAnotherPrefix(t *testing.T) {
	o := fakeInputs(t)
	o.Prefix = "/ealslive"
	if _, err := Generate(o); err != nil {
		t.Fatal(err)
	}
	for _, prefix := range []string{"", "/other", "/ealslive/more"} {
		_, err := NewHandler(o.Out, prefix, true)
		if err == nil || !strings.Contains(err.Error(), "built for /ealslive/") || !strings.Contains(err.Error(), `-prefix "/ealslive"`) {
			t.Errorf("serving a site built for /ealslive at %q: err = %v", prefix, err)
		}
	}
	root := fakeInputs(t)
	if _, err := Generate(root); err != nil {
		t.Fatal(err)
	}
	if _, err := NewHandler(root.Out, "/sub", true); err == nil || !strings.Contains(err.Error(), "built for the root (/)") {
		t.Errorf("serving a root site under /sub: err = %v", err)
	}
	// A folder with an index.html but no marker was not written here.
	foreign := t.TempDir()
	if err := os.WriteFile(filepath.Join(foreign, "index.html"), []byte("<p>hi</p>"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := NewHandler(foreign, "", true); err == nil || !strings.Contains(err.Error(), "not written by `build site`") {
		t.Errorf("serving a foreign folder: err = %v", err)
	}
}

// Each file goes out as the compressed copy the browser accepts, with its
// own type and a Content-Length that is the copy's.
func TestSiteHandlerSendsCompressedCopies(t *testing.T) {
	o := fakeInputs(t)
	if _, err := Generate(o); err != nil {
		t.Fatal(err)
	}
	h, err := NewHandler(o.Out, "", true)
	if err != nil {
		t.Fatal(err)
	}
	raw := readSite(t, o.Out, "app.js")
	_, errBrotli := os.Stat(filepath.Join(o.Out, "app.js.br"))
	for _, tc := range []struct {
		accept, encoding string
	}{
		{"", ""},
		{"gzip", "gzip"},
		{"gzip, deflate, br, zstd", "br"},
		{"br;q=0, gzip", "gzip"},
		{"gzip;q=0", ""},
		{"*", "br"},
		{"identity", ""},
		{"BR", "br"},
	} {
		want := tc.encoding
		if want == "br" && errBrotli != nil {
			want = "gzip" // no brotli command on this machine
		}
		r := get(t, h, "/app.js", "Accept-Encoding", tc.accept)
		b := body(t, r)
		if got := r.Header.Get("Content-Encoding"); got != want {
			t.Errorf("Accept-Encoding %q: Content-Encoding %q, want %q", tc.accept, got, want)
		}
		if got := r.Header.Get("Content-Type"); got != "text/javascript; charset=utf-8" {
			t.Errorf("Accept-Encoding %q: Content-Type %q", tc.accept, got)
		}
		if got := r.Header.Get("Vary"); got != "Accept-Encoding" {
			t.Errorf("Accept-Encoding %q: Vary %q", tc.accept, got)
		}
		if n, _ := strconv.Atoi(r.Header.Get("Content-Length")); n != len(b) {
			t.Errorf("Accept-Encoding %q: Content-Length %d for %d bytes", tc.accept, n, len(b))
		}
		switch want {
		case "":
			if string(b) != raw {
				t.Errorf("Accept-Encoding %q: the body is not app.js", tc.accept)
			}
		case "gzip":
			zr, err := gzip.NewReader(bytes.NewReader(b))
			if err != nil {
				t.Fatal(err)
			}
			if got, _ := io.ReadAll(zr); string(got) != raw {
				t.Errorf("Accept-Encoding %q: the gzip body is not app.js", tc.accept)
			}
		case "br":
			if want, _ := os.ReadFile(filepath.Join(o.Out, "app.js.br")); !bytes.Equal(b, want) {
				t.Errorf("Accept-Encoding %q: the body is not app.js.br", tc.accept)
			}
		}
	}
	// Each copy has its own validator.
	plain := get(t, h, "/app.js").Header.Get("ETag")
	zipped := get(t, h, "/app.js", "Accept-Encoding", "gzip").Header.Get("ETag")
	if plain == zipped {
		t.Errorf("app.js and its gzip copy share the ETag %s", plain)
	}
	// A small file has no copies and varies on nothing.
	if r := get(t, h, "/web/app.wasm", "Accept-Encoding", "br, gzip"); r.Header.Get("Content-Encoding") != "" || r.Header.Get("Vary") != "" {
		t.Errorf("the 16-byte app.wasm: Content-Encoding %q, Vary %q", r.Header.Get("Content-Encoding"), r.Header.Get("Vary"))
	}
}

// Revalidation goes by content: the same bytes give 304 whatever the
// dates say, other bytes give 200 even when the new file is older than the
// browser's copy (a rollback).
func TestSiteHandlerValidatesByContent(t *testing.T) {
	o := fakeInputs(t)
	if _, err := Generate(o); err != nil {
		t.Fatal(err)
	}
	h, err := NewHandler(o.Out, "", true)
	if err != nil {
		t.Fatal(err)
	}
	first := get(t, h, "/web/yelp.msgpack")
	etag, modified := first.Header.Get("ETag"), first.Header.Get("Last-Modified")
	if r := get(t, h, "/web/yelp.msgpack", "If-None-Match", etag); r.StatusCode != http.StatusNotModified {
		t.Errorf("revalidating unchanged bytes: %s, want 304", r.Status)
	}

	// Roll back: other bytes, dated a day earlier than the browser's copy.
	path := filepath.Join(o.Out, "web", "yelp.msgpack")
	if err := os.WriteFile(path, []byte("the previous pack"), 0o644); err != nil {
		t.Fatal(err)
	}
	yesterday := time.Now().Add(-24 * time.Hour)
	if err := os.Chtimes(path, yesterday, yesterday); err != nil {
		t.Fatal(err)
	}
	r := get(t, h, "/web/yelp.msgpack", "If-None-Match", etag, "If-Modified-Since", modified)
	if r.StatusCode != http.StatusOK || string(body(t, r)) != "the previous pack" {
		t.Errorf("revalidating after a rollback: %s, want 200 with the older bytes", r.Status)
	}
	if r.Header.Get("ETag") == etag {
		t.Error("the rolled-back file kept the ETag of the newer one")
	}
}

func TestAccepts(t *testing.T) {
	for _, tc := range []struct {
		header, coding string
		want           bool
	}{
		{"br", "br", true},
		{"gzip, br", "br", true},
		{"gzip;q=1.0, br;q=0.5", "br", true},
		{"br;q=0", "br", false},
		{"br; q=0.000", "br", false},
		{"*;q=0.1", "gzip", true},
		{"*;q=0", "gzip", false},
		{"*, gzip;q=0", "gzip", false},
		{"", "gzip", false},
		{"identity", "gzip", false},
		{"x-gzip", "gzip", false},
	} {
		if got := accepts(tc.header, tc.coding); got != tc.want {
			t.Errorf("accepts(%q, %q) = %v, want %v", tc.header, tc.coding, got, tc.want)
		}
	}
}

// A file replaced after the site was made goes out as it now is: its
// compressed copies hold the old bytes.
func TestSiteHandlerSkipsStaleCopies(t *testing.T) {
	o := fakeInputs(t)
	if _, err := Generate(o); err != nil {
		t.Fatal(err)
	}
	h, err := NewHandler(o.Out, "", true)
	if err != nil {
		t.Fatal(err)
	}
	if r := get(t, h, "/app.js", "Accept-Encoding", "gzip"); r.Header.Get("Content-Encoding") != "gzip" {
		t.Fatalf("before the change app.js goes out as %q", r.Header.Get("Content-Encoding"))
	}
	fresh := strings.Repeat("// replaced by hand\n", 100)
	if err := os.WriteFile(filepath.Join(o.Out, "app.js"), []byte(fresh), 0o644); err != nil {
		t.Fatal(err)
	}
	r := get(t, h, "/app.js", "Accept-Encoding", "gzip, br")
	if b := body(t, r); r.Header.Get("Content-Encoding") != "" || string(b) != fresh {
		t.Errorf("after the change: Content-Encoding %q, body %.40q", r.Header.Get("Content-Encoding"), b)
	}
}

// A file removed after the site was made is gone, copies or not.
func TestSiteHandlerRemovedFile(t *testing.T) {
	o := fakeInputs(t)
	if _, err := Generate(o); err != nil {
		t.Fatal(err)
	}
	h, err := NewHandler(o.Out, "", true)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(o.Out, "app.js")); err != nil {
		t.Fatal(err)
	}
	if r := get(t, h, "/app.js", "Accept-Encoding", "gzip, br"); r.StatusCode != http.StatusNotFound {
		t.Errorf("a removed file with copies: %s, want 404", r.Status)
	}
}
