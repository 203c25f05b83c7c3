package site

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/ealslive/ealslive/app/datainfo"
	"github.com/ealslive/ealslive/cmd/build/wasmdata"
	"github.com/ealslive/ealslive/core/pack"
)

// Options says where a site's inputs are and where it goes.
type Options struct {
	Out      string // folder to write
	Prefix   string // URL path the site is served under; "" for the root
	Web      string // folder with the built app.wasm and data pack
	Assets   string // folder with the styles and icons
	WasmExec string // the toolchain's wasm_exec.js
	// Log receives a line for each step that could not be done as asked
	// but did not stop the site (no brotli command, say); nil discards.
	Log io.Writer
	// Cache is where compressed copies are kept by the hash of what they
	// compress, to make each once; "" is the user's cache folder, "-" none.
	Cache string
}

// Files the page needs. The pack, the wasm binary and the workers'
// kernels (core/hostkernels.wat assembled, which go into worker.js) are
// build outputs in Web; the rest are sources in Assets.
var (
	builtFiles = []string{"app.wasm", "yelp.msgpack", "kernel.wasm"}
	assetFiles = []string{"style.css", "icon.svg", "icon-192.png", "icon-512.png"}
)

// Summary describes a generated site.
type Summary struct {
	Out, Prefix, Version string
	Wasm, Pack           Sizes
	Brotli               bool           // .br copies were written
	WasmSegments         wasmdata.Stats // app.wasm's data segments, as built and as sent
}

// Sizes are a file's bytes as stored and as sent compressed.
type Sizes struct{ Raw, Gzip, Brotli int }

func (s Summary) String() string {
	segments := ""
	if s.WasmSegments.Before > 0 {
		segments = fmt.Sprintf(" (data in %d segments, %d as built)", s.WasmSegments.After, s.WasmSegments.Before)
	}
	line := fmt.Sprintf("site %s for %s/ (version %s): app.wasm %s%s; yelp.msgpack %s",
		s.Out, s.Prefix, s.Version[:12], s.Wasm, segments, s.Pack)
	if !s.Brotli {
		line += " (no brotli command: gzip copies only)"
	}
	return line
}

func (s Sizes) String() string {
	out := fmt.Sprintf("%s raw, %s gzip", megabytes(s.Raw), megabytes(s.Gzip))
	if s.Brotli > 0 {
		out += ", " + megabytes(s.Brotli) + " brotli"
	}
	return out
}

// Generate writes a static site that works from any static host at
// o.Prefix, offline after the first visit. The routes must be registered
// with go-app first (the page and the generator share them).
func Generate(o Options) (Summary, error) {
	prefix, err := NormalizePrefix(o.Prefix)
	if err != nil {
		return Summary{}, err
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
			case "kernel.wasm":
				hint = " (build it with `make web/kernel.wasm`, which needs binaryen's wasm-as)"
			}
			return Summary{}, fmt.Errorf("missing input %s%s: %w", path, hint, err)
		}
	}
	wasmExec, err := os.ReadFile(o.WasmExec)
	if err != nil {
		return Summary{}, fmt.Errorf("reading the toolchain's wasm_exec.js (copy it with `make wasm_exec.js`): %w", err)
	}
	wasm, segments, err := joinedWasm(inputs["app.wasm"], o.Log)
	if err != nil {
		return Summary{}, err
	}
	version, err := siteVersion(prefix, wasmExec, wasm, inputs)
	if err != nil {
		return Summary{}, err
	}
	if err := clearSite(o.Out); err != nil {
		return Summary{}, err
	}

	head := packHead(inputs["yelp.msgpack"], o.Log)
	if err := withEnv(datainfo.SitePackEnv, head, func() error {
		return app.GenerateStaticWebsite(o.Out, newHandler(prefix, version, int64(len(wasm)), head))
	}); err != nil {
		return Summary{}, fmt.Errorf("generating the site: %w", err)
	}
	if err := editGoAppOutput(o.Out, prefix, int64(len(wasm))); err != nil {
		return Summary{}, err
	}
	// go-app writes its own copy of wasm_exec.js; the one that matches the
	// toolchain that built app.wasm must win.
	if err := os.WriteFile(filepath.Join(o.Out, "wasm_exec.js"), wasmExec, 0o644); err != nil {
		return Summary{}, err
	}
	kernel, err := os.ReadFile(inputs["kernel.wasm"])
	if err != nil {
		return Summary{}, err
	}
	if err := os.WriteFile(filepath.Join(o.Out, "web", "worker.js"), []byte(withKernel(workerJS, kernel)), 0o644); err != nil {
		return Summary{}, err
	}
	for name, src := range inputs {
		if name == "app.wasm" || name == "kernel.wasm" {
			continue
		}
		if err := copyFile(filepath.Join(o.Out, "web", name), src); err != nil {
			return Summary{}, err
		}
	}
	if err := os.WriteFile(filepath.Join(o.Out, "web", "app.wasm"), wasm, 0o644); err != nil {
		return Summary{}, err
	}
	cache := o.Cache
	switch cache {
	case "":
		cache = defaultCache()
	case "-":
		cache = ""
	}
	brotli, sums, err := compressSite(o.Out, cache, o.Log)
	if err != nil {
		return Summary{}, err
	}
	if err := writeMarker(o.Out, marker{Version: version, Prefix: prefix, Copies: sums}); err != nil {
		return Summary{}, err
	}
	sum := Summary{Out: o.Out, Prefix: prefix, Version: version, Brotli: brotli, WasmSegments: segments}
	if sum.Wasm, err = sizesOf(filepath.Join(o.Out, "web", "app.wasm")); err != nil {
		return Summary{}, err
	}
	if sum.Pack, err = sizesOf(filepath.Join(o.Out, "web", "yelp.msgpack")); err != nil {
		return Summary{}, err
	}
	return sum, nil
}

// newHandler describes the page to go-app. Every path is local so that the
// site works offline; the version is pinned so that the service worker
// caches one consistent set of files and updates only when they change.
// The pack's head (see packHead) goes to the page in its environment,
// which also says what the data is in the page's description.
func newHandler(prefix, version string, wasmBytes int64, head string) *app.Handler {
	// app.GitHubPages("") would make the wasm path "//web/app.wasm", a
	// host-relative URL, so the root gets LocalDir.
	var res app.ResourceProvider = app.LocalDir("")
	cacheable := []string{"/web/yelp.msgpack", "/web/icon.svg", "/web/worker.js"}
	if prefix != "" {
		res = app.CustomProvider("", prefix)
		// go-app caches the page as "/sub", but browsers ask for "/sub/".
		cacheable = append(cacheable, prefix+"/")
	}
	return &app.Handler{
		Name:        "eALS Live",
		ShortName:   "eALS Live",
		Title:       "eALS Live: a recommender that learns while you click",
		Description: "Matrix factorisation (eALS, SIGIR 2016) trained in your browser on " + datainfo.SitePack(head).About() + ", updated on every click.",
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
		LoadingLabel:       "Loading the page: {progress}%",
		Styles:             []string{"/web/style.css"},
		CacheableResources: cacheable,
		RawHeaders:         []string{noJSHeader, earlyStart(prefix, wasmBytes)},
		Resources:          res,
		Version:            version,
		Env:                app.Environment{datainfo.SitePackEnv: head},
	}
}

// packHead is the head of the pack at path in JSON, for the page's
// environment (datainfo.SitePackEnv): the page names the site's data and
// calls its things by their names before it has downloaded it. A pack
// that cannot be read gives "", and the page speaks of the Phoenix
// reviews until its data arrives; the page itself says what is wrong with
// the pack.
func packHead(path string, log io.Writer) string {
	p, err := pack.ReadFile(path)
	if err != nil {
		if log != nil {
			fmt.Fprintf(log, "the page does not name its data before downloading it: %v\n", err)
		}
		return ""
	}
	return datainfo.HeadOf(p).JSON()
}

// withEnv runs fn with the environment variable key set to v, and then
// as it was: go-app's pre-rendering reads the page's environment from the
// process's (app.Getenv), so that the page as pre-rendered speaks of the
// site's data as the page does in the browser.
func withEnv(key, v string, fn func() error) error {
	old, had := os.LookupEnv(key)
	if err := os.Setenv(key, v); err != nil {
		return err
	}
	defer func() {
		if had {
			os.Setenv(key, old)
		} else {
			os.Unsetenv(key)
		}
	}()
	return fn()
}

// noJSHeader hides the loader's bar when scripts are off, so the page's
// pre-rendered explanation shows without a bar that never moves.
const noJSHeader = `<noscript><style>#app-wasm-loader{display:none}</style></noscript>`

// siteVersion hashes everything the site serves, so the service worker
// refreshes its cache exactly when a file changes.
func siteVersion(prefix string, wasmExec, wasm []byte, inputs map[string]string) (string, error) {
	h := sha256.New()
	fmt.Fprintf(h, "prefix %q\n", prefix)
	h.Write(wasmExec)
	fmt.Fprintf(h, "\nloader\n%s\nearly\n%s\nworker\n%s\n", loaderJS, earlyJS, workerJS)
	for _, name := range append(append([]string(nil), builtFiles...), assetFiles...) {
		if name == "app.wasm" {
			// As sent, with its segments joined.
			fmt.Fprintf(h, "\n%s\n", name)
			h.Write(wasm)
			continue
		}
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

// clearSite empties dir if it holds a site written by Generate, and
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
	if _, err := os.Stat(filepath.Join(dir, markerFile)); err != nil {
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

// sizesOf reads a site file's size and those of its compressed copies
// (0 for a copy it lacks).
func sizesOf(path string) (Sizes, error) {
	var s Sizes
	for _, f := range []struct {
		ext string
		n   *int
	}{{"", &s.Raw}, {".gz", &s.Gzip}, {".br", &s.Brotli}} {
		st, err := os.Stat(path + f.ext)
		switch {
		case err == nil:
			*f.n = int(st.Size())
		case f.ext != "" && errors.Is(err, os.ErrNotExist):
			// Too small for copies, or no brotli command.
		default:
			return Sizes{}, err
		}
	}
	return s, nil
}

func megabytes(n int) string { return fmt.Sprintf("%.2f MB", float64(n)/1e6) }

// NormalizePrefix returns "" for the root or "/a/b" for a sub-path.
func NormalizePrefix(p string) (string, error) {
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
