//go:build !wasm

package main

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// siteMarker is written into every generated site so that a later run may
// replace the folder without risking someone else's files.
const siteMarker = ".ealslive-site"

// siteOptions says where a site's inputs are and where it goes.
type siteOptions struct {
	Out      string // folder to write
	Prefix   string // URL path the site is served under; "" for the root
	Web      string // folder with the built app.wasm and data pack
	Assets   string // folder with the styles and icons
	WasmExec string // the toolchain's wasm_exec.js
}

// Files the page needs. The pack and the wasm binary are build outputs in
// Web; the rest are sources in Assets.
var (
	builtFiles = []string{"app.wasm", "yelp.msgpack"}
	assetFiles = []string{"style.css", "icon.svg", "icon-192.png", "icon-512.png"}
)

func runSite(args []string) error {
	fs := flag.NewFlagSet("site", flag.ContinueOnError)
	o := siteOptions{}
	fs.StringVar(&o.Out, "out", "dist", "folder to write the static site into (replaced if it holds an earlier site)")
	fs.StringVar(&o.Prefix, "prefix", "", "URL path the site will be served under, e.g. /ealslive (empty: the root)")
	fs.StringVar(&o.Web, "web", "web", "folder holding the built app.wasm and yelp.msgpack")
	fs.StringVar(&o.Assets, "assets", "assets", "folder holding style.css and the icons")
	fs.StringVar(&o.WasmExec, "wasm-exec", "wasm_exec.js", "the Go toolchain's wasm_exec.js (the Makefile copies it)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	sum, err := generateSite(o)
	if err != nil {
		return err
	}
	fmt.Println(sum)
	return nil
}

// normalizePrefix returns "" for the root or "/a/b" for a sub-path.
func normalizePrefix(p string) (string, error) {
	p = strings.TrimSpace(p)
	p = strings.Trim(p, "/")
	if p == "" {
		return "", nil
	}
	for _, part := range strings.Split(p, "/") {
		if part == "" || part == "." || part == ".." {
			return "", fmt.Errorf("prefix %q: want a URL path such as /ealslive", p)
		}
		if strings.ContainsAny(part, " ?#%\\\"'<>") {
			return "", fmt.Errorf("prefix %q: use letters, digits, '-', '_' and '/' only", p)
		}
	}
	return "/" + p, nil
}

// generateSite writes a static site that works from any static host at
// o.Prefix, offline after the first visit, and returns a one-line summary.
func generateSite(o siteOptions) (string, error) {
	prefix, err := normalizePrefix(o.Prefix)
	if err != nil {
		return "", err
	}
	inputs := map[string]string{} // name in web/ -> source path
	for _, f := range builtFiles {
		inputs[f] = filepath.Join(o.Web, f)
	}
	for _, f := range assetFiles {
		inputs[f] = filepath.Join(o.Assets, f)
	}
	for name, path := range inputs {
		if _, err := os.Stat(path); err != nil {
			hint := ""
			switch name {
			case "app.wasm":
				hint = " (build it with `make wasm`)"
			case "yelp.msgpack":
				hint = " (build it with `make pack`)"
			}
			return "", fmt.Errorf("missing input %s%s: %w", path, hint, err)
		}
	}
	wasmExec, err := os.ReadFile(o.WasmExec)
	if err != nil {
		return "", fmt.Errorf("reading the toolchain's wasm_exec.js (copy it with `make wasm_exec.js`): %w", err)
	}
	version, err := siteVersion(prefix, wasmExec, inputs)
	if err != nil {
		return "", err
	}
	if err := clearSite(o.Out); err != nil {
		return "", err
	}

	registerRoutes()
	if err := app.GenerateStaticWebsite(o.Out, newHandler(prefix, version)); err != nil {
		return "", fmt.Errorf("generating the site: %w", err)
	}
	if err := dropGeneratorURL(filepath.Join(o.Out, "index.html")); err != nil {
		return "", err
	}
	// go-app writes its own copy of wasm_exec.js; the one that matches the
	// toolchain that built app.wasm must win.
	if err := os.WriteFile(filepath.Join(o.Out, "wasm_exec.js"), wasmExec, 0o644); err != nil {
		return "", err
	}
	for name, src := range inputs {
		if err := copyFile(filepath.Join(o.Out, "web", name), src); err != nil {
			return "", err
		}
	}
	if err := os.WriteFile(filepath.Join(o.Out, siteMarker), []byte(version+"\n"), 0o644); err != nil {
		return "", err
	}

	wasmRaw, wasmGz, err := sizes(inputs["app.wasm"])
	if err != nil {
		return "", err
	}
	packRaw, packGz, err := sizes(inputs["yelp.msgpack"])
	if err != nil {
		return "", err
	}
	at := prefix + "/"
	return fmt.Sprintf("site %s for %s (version %s): app.wasm %s raw, %s gzip; yelp.msgpack %s raw, %s gzip",
		o.Out, at, version[:12], megabytes(wasmRaw), megabytes(wasmGz), megabytes(packRaw), megabytes(packGz)), nil
}

// newHandler describes the page to go-app. Every path is local so that the
// site works offline; the version is pinned so that the service worker
// caches one consistent set of files and updates only when they change.
func newHandler(prefix, version string) *app.Handler {
	// app.GitHubPages("") would make the wasm path "//web/app.wasm", a
	// host-relative URL, so the root gets LocalDir.
	var res app.ResourceProvider = app.LocalDir("")
	cacheable := []string{"/web/yelp.msgpack", "/web/icon.svg"}
	if prefix != "" {
		res = app.CustomProvider("", prefix)
		// go-app caches the page as "/sub", but browsers ask for "/sub/".
		cacheable = append(cacheable, prefix+"/")
	}
	return &app.Handler{
		Name:        "eALS Live",
		ShortName:   "eALS Live",
		Title:       "eALS Live: a recommender that learns while you click",
		Description: "Matrix factorisation (eALS, SIGIR 2016) trained in your browser on real Yelp reviews from Phoenix, updated on every click.",
		Author:      "eALS Live",
		Lang:        "en",
		Icon: app.Icon{
			Default:    "/web/icon-192.png",
			Large:      "/web/icon-512.png",
			AppleTouch: "/web/icon-192.png",
			SVG:        "/web/icon.svg",
		},
		BackgroundColor:    "#f6f4ef",
		ThemeColor:         "#1f5c4d",
		LoadingLabel:       "Loading the page (WebAssembly) … {progress}%",
		Styles:             []string{"/web/style.css"},
		CacheableResources: cacheable,
		RawHeaders:         []string{noJSHeader, noWasmHeader, preloadPack(prefix)},
		Resources:          res,
		Version:            version,
	}
}

// noJSHeader hides go-app's loading screen when scripts are off, so the
// page's pre-rendered explanation shows instead of a spinner that never
// stops.
const noJSHeader = `<noscript><style>#app-wasm-loader{display:none}</style></noscript>`

// noWasmHeader replaces go-app's loading label with a plain explanation
// when the browser has no WebAssembly: go-app would otherwise spin forever
// (its loader dereferences WebAssembly before its try block).
const noWasmHeader = `<script>
document.addEventListener("DOMContentLoaded", function () {
  if (typeof WebAssembly === "object" && typeof WebAssembly.instantiate === "function") return;
  var label = document.getElementById("app-wasm-loader-label");
  var icon = document.getElementById("app-wasm-loader-icon");
  if (icon) icon.className = "goapp-logo";
  if (label) {
    label.className = "goapp-label eals-nowasm";
    label.textContent = "This page needs WebAssembly, which this browser does not provide or has turned off: it trains a recommender inside the browser. Please open it in a current Firefox, Chrome, Edge or Safari.";
  }
});
</script>`

// preloadPack starts downloading the data pack with the page, so that it
// arrives while the browser compiles app.wasm; the page's fetch then takes
// the preloaded response. crossorigin matches fetch's default mode.
func preloadPack(prefix string) string {
	return `<link rel="preload" href="` + prefix + `/web/yelp.msgpack" as="fetch" type="application/octet-stream" crossorigin="anonymous">`
}

// generatorURL matches the og:url tag go-app fills with the address of the
// temporary server it renders pages from: meaningless once published.
var generatorURL = regexp.MustCompile(`<meta[^>]*property="og:url"[^>]*>\n?`)

func dropGeneratorURL(path string) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	return os.WriteFile(path, generatorURL.ReplaceAll(b, nil), 0o644)
}

// siteVersion hashes everything the site serves, so the service worker
// refreshes its cache exactly when a file changes.
func siteVersion(prefix string, wasmExec []byte, inputs map[string]string) (string, error) {
	h := sha256.New()
	fmt.Fprintf(h, "prefix %q\n", prefix)
	h.Write(wasmExec)
	for _, name := range append(append([]string(nil), builtFiles...), assetFiles...) {
		f, err := os.Open(inputs[name])
		if err != nil {
			return "", err
		}
		fmt.Fprintf(h, "\n%s\n", name)
		_, err = io.Copy(h, f)
		f.Close()
		if err != nil {
			return "", err
		}
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// clearSite empties dir if it holds a site written by generateSite, and
// refuses to touch a folder with other content.
func clearSite(dir string) error {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	if len(entries) == 0 {
		return nil
	}
	if _, err := os.Stat(filepath.Join(dir, siteMarker)); err != nil {
		return fmt.Errorf("%s is not empty and was not written by `build site`; choose another -out", dir)
	}
	return os.RemoveAll(dir)
}

func copyFile(dst, src string) error {
	b, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	return os.WriteFile(dst, b, 0o644)
}

// sizes returns a file's size raw and gzip-compressed at the best level,
// the sizes a static host's compression would approach.
func sizes(path string) (raw, gz int, err error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0, 0, err
	}
	var buf bytes.Buffer
	w, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	w.Write(b)
	if err := w.Close(); err != nil {
		return 0, 0, err
	}
	return len(b), buf.Len(), nil
}

func megabytes(n int) string { return fmt.Sprintf("%.2f MB", float64(n)/1e6) }
