//go:build !wasm

package main

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func get(t *testing.T, h http.Handler, path string) *http.Response {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
	return rec.Result()
}

func TestSiteHandler(t *testing.T) {
	o := fakeInputs(t)
	o.Prefix = "/sub"
	if _, err := generateSite(o); err != nil {
		t.Fatal(err)
	}
	h, err := newSiteHandler(o.Out, "/sub/", true)
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
	}
	if r := get(t, h, "/sub"); r.StatusCode/100 != 3 || r.Header.Get("Location") != "/sub/" {
		t.Errorf("GET /sub: %s to %q, want a redirect to /sub/", r.Status, r.Header.Get("Location"))
	}
	r := get(t, h, "/")
	body, _ := io.ReadAll(r.Body)
	if r.StatusCode != http.StatusNotFound || !strings.Contains(string(body), "/sub/") {
		t.Errorf("GET / outside the prefix: %s %q", r.Status, body)
	}
	if r := get(t, h, "/sub/web/nothing.js"); r.StatusCode != http.StatusNotFound {
		t.Errorf("GET a missing file: %s", r.Status)
	}

	plain, err := newSiteHandler(o.Out, "", false)
	if err != nil {
		t.Fatal(err)
	}
	if r := get(t, plain, "/web/app.wasm"); r.StatusCode != http.StatusOK || r.Header.Get("Cross-Origin-Opener-Policy") != "" {
		t.Errorf("root, no isolation: %s, COOP %q", r.Status, r.Header.Get("Cross-Origin-Opener-Policy"))
	}
	if _, err := newSiteHandler(t.TempDir(), "", true); err == nil || !strings.Contains(err.Error(), "index.html") {
		t.Errorf("serving a folder without a site: err = %v", err)
	}
}
