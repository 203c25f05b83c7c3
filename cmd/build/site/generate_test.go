package site

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"io"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	ui "github.com/ealslive/ealslive/app"
	"github.com/ealslive/ealslive/app/datainfo"
	"github.com/ealslive/ealslive/cmd/build/wasmdata"
	"github.com/ealslive/ealslive/core"
	"github.com/ealslive/ealslive/core/pack"
	"github.com/ealslive/ealslive/core/pack/packfile"
)

// repoRoot is where the Makefile runs; go test runs in cmd/build/site.
const repoRoot = "../../.."

// The generator renders the page's real route, as `build site` does.
func init() { ui.RegisterRoutes() }

func TestNormalizePrefix(t *testing.T) {
	for _, tc := range []struct {
		in, want string
		ok       bool
	}{
		{"", "", true},
		{"/", "", true},
		{"sub", "/sub", true},
		{"/sub/", "/sub", true},
		{" /a/b-c_d ", "/a/b-c_d", true},
		{"/a//b", "", false},
		{"/a/../b", "", false},
		{"/a b", "", false},
		{"/a?x", "", false},
	} {
		got, err := NormalizePrefix(tc.in)
		if got != tc.want || (err == nil) != tc.ok {
			t.Errorf("NormalizePrefix(%q) = %q, %v; want %q, ok %v", tc.in, got, err, tc.want, tc.ok)
		}
	}
}

// A stand-in for the assembled kernels: the generator only copies them.
const fakeKernel = "\x00asm fake kernels"

// A stand-in for app.wasm: a module whose memory starts with "abc" at 16
// and "z" at 28, in two data segments, and the module the site sends,
// those joined into one (see wasmdata).
const (
	builtWasm = "\x00asm\x01\x00\x00\x00" + "\x0b\x0f" +
		"\x02" + "\x00\x41\x10\x0b\x03abc" + "\x00\x41\x1c\x0b\x01z"
	sentWasm = "\x00asm\x01\x00\x00\x00" + "\x0b\x13" +
		"\x01" + "\x00\x41\x10\x0b\x0dabc\x00\x00\x00\x00\x00\x00\x00\x00\x00z"
)

// fakeInputs writes stand-ins for the build outputs, so that the
// generator is tested without building app.wasm, the pack or the kernels.
func fakeInputs(t *testing.T) Options {
	t.Helper()
	dir := t.TempDir()
	web := filepath.Join(dir, "web")
	if err := os.Mkdir(web, 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(path, content string) {
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(web, "app.wasm"), builtWasm)
	write(filepath.Join(web, "yelp.msgpack"), "fake pack")
	write(filepath.Join(web, "kernel.wasm"), fakeKernel)
	write(filepath.Join(dir, "wasm_exec.js"), "// the toolchain's glue\n")
	return Options{
		Out:      filepath.Join(dir, "site"),
		Web:      web,
		Assets:   filepath.Join(repoRoot, "assets"),
		WasmExec: filepath.Join(dir, "wasm_exec.js"),
		Cache:    "-",
	}
}

func readSite(t *testing.T, dir, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func readVersion(t *testing.T, dir string) string {
	t.Helper()
	m, err := readMarker(dir)
	if err != nil {
		t.Fatal(err)
	}
	return m.Version
}

func TestGenerateSite(t *testing.T) {
	for _, prefix := range []string{"", "/demo/ealslive"} {
		t.Run("prefix="+prefix, func(t *testing.T) {
			o := fakeInputs(t)
			o.Prefix = prefix
			if _, err := Generate(o); err != nil {
				t.Fatal(err)
			}
			for _, f := range append([]string{"index.html", "app.js", "app-worker.js", "manifest.webmanifest", "app.css", markerFile},
				"web/app.wasm", "web/yelp.msgpack", "web/style.css", "web/icon.svg", "web/icon-192.png", "web/icon-512.png") {
				if _, err := os.Stat(filepath.Join(o.Out, f)); err != nil {
					t.Errorf("the site lacks %s: %v", f, err)
				}
			}
			if got := readSite(t, o.Out, "wasm_exec.js"); got != "// the toolchain's glue\n" {
				t.Errorf("wasm_exec.js is not the toolchain's copy: %.60q", got)
			}
			if got := readSite(t, o.Out, "web/app.wasm"); got != sentWasm {
				t.Errorf("web/app.wasm = %q, want its data segments joined: %q", got, sentWasm)
			}

			index := readSite(t, o.Out, "index.html")
			for _, want := range []string{
				`href="` + prefix + `/web/style.css"`,
				`src="` + prefix + `/app.js"`,
				`<noscript><style>#app-wasm-loader{display:none}</style></noscript>`,
				`<noscript><p class="notice notice-error">`,
				`eALS Live`,
			} {
				if !strings.Contains(index, want) {
					t.Errorf("index.html lacks %s", want)
				}
			}
			// The workers download the pack: a preload would be a second
			// download, for a page that never reads it.
			for _, bad := range []string{"raw.githubusercontent.com", "127.0.0.1", "og:url", "user-scalable", "maximum-scale", "as=\"fetch\"", "l.rel = \"preload\""} {
				if strings.Contains(index, bad) {
					t.Errorf("index.html contains %q", bad)
				}
			}

			appJS := readSite(t, o.Out, "app.js")
			if want := `"` + prefix + `/web/app.wasm"`; !strings.Contains(appJS, want) {
				t.Errorf("app.js does not load %s", want)
			}
			if strings.Contains(appJS, `"//web/app.wasm"`) {
				t.Error("app.js loads //web/app.wasm, another host")
			}
			// The page's own loader replaces go-app's, knowing app.wasm's
			// size as sent (29 bytes) for its progress bar.
			for _, want := range []string{"function ealsCompileInWorker(", "bytes: 29, worker: \"" + prefix + "/web/worker.js\", compileName: ", "This browser cannot run the page",
				"function goappInitWebAssembly()", "function goappCanLoadWebAssembly()", "function ealsSettled()", "\nealsServiceWorkerLater();\n"} {
				if !strings.Contains(appJS, want) {
					t.Errorf("app.js lacks %s", want)
				}
			}
			// go-app's service worker is registered once the page is ready,
			// not as app.js starts.
			if strings.Contains(appJS, "\ngoappInitServiceWorker();\n") {
				t.Error("app.js registers the service worker as it starts")
			}
			// The head starts the workers, with the same files as the loader.
			// Each worker's name says where the data pack is, and the first
			// one's what to compile and how large it is.
			pack := "pack=" + url.QueryEscape(prefix+"/web/yelp.msgpack")
			compile := "bytes=29&compile=" + url.QueryEscape(prefix+"/web/app.wasm") + "&" + pack
			early := `new Worker("` + prefix + `/web/worker.js", { name: i === 0 ? "` + compile + `" : "` + pack + `" })`
			if at := strings.Index(index, early); at < 0 || at > strings.Index(index, "</head>") {
				t.Errorf("the head of index.html does not start the workers (%s)", early)
			}
			if want := `compileName: "` + compile + `"`; !strings.Contains(appJS, want) {
				t.Errorf("app.js lacks %s", want)
			}
			for _, bad := range []string{"fetchWithProgress(", "{{"} {
				if strings.Contains(appJS, bad) {
					t.Errorf("app.js still holds %q", bad)
				}
			}
			workerJS := readSite(t, o.Out, "web/worker.js")
			if !strings.Contains(workerJS, `importScripts("../wasm_exec.js")`) {
				t.Errorf("web/worker.js does not load the toolchain's glue: %.80q", workerJS)
			}
			// The kernels are written into the workers' script, not served.
			if want := `atob("` + base64.StdEncoding.EncodeToString([]byte(fakeKernel)) + `")`; !strings.Contains(workerJS, want) || strings.Contains(workerJS, "{{") {
				t.Errorf("web/worker.js lacks the kernels (%s) or holds a placeholder", want)
			}
			if _, err := os.Stat(filepath.Join(o.Out, "web", "kernel.wasm")); err == nil {
				t.Error("the site serves web/kernel.wasm, which worker.js holds")
			}
			checkCompressedCopies(t, o.Out)
			version := readVersion(t, o.Out)
			worker := readSite(t, o.Out, "app-worker.js")
			for _, want := range []string{version, `"` + prefix + `/web/yelp.msgpack"`, `"` + prefix + `/web/app.wasm"`,
				`"` + prefix + `/web/icon-192.png"`, `"` + prefix + `/"`, `"` + prefix + `/web/worker.js"`} {
				if !strings.Contains(worker, want) {
					t.Errorf("the service worker does not cache %s", want)
				}
			}
			manifest := readSite(t, o.Out, "manifest.webmanifest")
			if want := `"scope": "` + prefix + `/"`; !strings.Contains(manifest, want) {
				t.Errorf("the manifest lacks %s", want)
			}
		})
	}
}

// The version changes exactly when something the site serves changes, so
// the service worker refreshes its cache then and only then.
func TestSiteVersion(t *testing.T) {
	o := fakeInputs(t)
	version := func() string {
		if _, err := Generate(o); err != nil {
			t.Fatal(err)
		}
		return readVersion(t, o.Out)
	}
	v1 := version()
	if v2 := version(); v2 != v1 {
		t.Errorf("the same inputs give versions %s and %s", v1, v2)
	}
	if err := os.WriteFile(filepath.Join(o.Web, "yelp.msgpack"), []byte("another pack"), 0o644); err != nil {
		t.Fatal(err)
	}
	v3 := version()
	if v3 == v1 {
		t.Error("a new pack keeps the version")
	}
	if err := os.WriteFile(filepath.Join(o.Web, "kernel.wasm"), []byte("other kernels"), 0o644); err != nil {
		t.Fatal(err)
	}
	if v := version(); v == v3 {
		t.Error("new kernels keep the version")
	} else {
		v3 = v
	}
	o.Prefix = "/elsewhere"
	if v4 := version(); v4 == v3 {
		t.Error("a new prefix keeps the version")
	}
}

func TestGenerateSiteRefuses(t *testing.T) {
	o := fakeInputs(t)
	foreign := filepath.Join(t.TempDir(), "mine")
	if err := os.MkdirAll(foreign, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(foreign, "notes.txt"), []byte("keep me"), 0o644); err != nil {
		t.Fatal(err)
	}
	o2 := o
	o2.Out = foreign
	if _, err := Generate(o2); err == nil || !strings.Contains(err.Error(), "not written by `build site`") {
		t.Errorf("writing into a foreign folder: err = %v", err)
	}
	if b, _ := os.ReadFile(filepath.Join(foreign, "notes.txt")); !bytes.Equal(b, []byte("keep me")) {
		t.Error("the foreign folder was touched")
	}

	if err := os.Remove(filepath.Join(o.Web, "app.wasm")); err != nil {
		t.Fatal(err)
	}
	if _, err := Generate(o); err == nil || !strings.Contains(err.Error(), "make wasm") {
		t.Errorf("without app.wasm: err = %v", err)
	}
	o4 := fakeInputs(t)
	if err := os.Remove(filepath.Join(o4.Web, "kernel.wasm")); err != nil {
		t.Fatal(err)
	}
	if _, err := Generate(o4); err == nil || !strings.Contains(err.Error(), "make web/kernel.wasm") {
		t.Errorf("without the kernels: err = %v", err)
	}
	o3 := fakeInputs(t)
	o3.Prefix = "/a/../b"
	if _, err := Generate(o3); err == nil {
		t.Error("a bad prefix was accepted")
	}
}

// checkCompressedCopies holds every compressible file of at least a
// kilobyte to a gzip copy (and a Brotli one where the brotli command is
// installed) that decodes to the same bytes, and the rest to none.
func checkCompressedCopies(t *testing.T, dir string) {
	t.Helper()
	brotli, _ := exec.LookPath("brotli")
	for _, name := range []string{"index.html", "app.js", "app-worker.js", "app.css", "web/style.css"} {
		want := readSite(t, dir, name)
		if len(want) < minCompressed {
			t.Fatalf("%s is too small (%d bytes) to test its copies", name, len(want))
		}
		f, err := os.Open(filepath.Join(dir, name+".gz"))
		if err != nil {
			t.Errorf("%s has no gzip copy: %v", name, err)
			continue
		}
		zr, err := gzip.NewReader(f)
		if err != nil {
			t.Fatalf("%s.gz: %v", name, err)
		}
		got, err := io.ReadAll(zr)
		f.Close()
		if err != nil || string(got) != want {
			t.Errorf("%s.gz does not decode to %s (%v)", name, name, err)
		}
		if brotli == "" {
			continue
		}
		out, err := exec.Command(brotli, "-d", "-c", filepath.Join(dir, name+".br")).Output()
		if err != nil || string(out) != want {
			t.Errorf("%s.br does not decode to %s (%v)", name, name, err)
		}
	}
	for _, small := range []string{"web/app.wasm", "web/icon-192.png"} {
		if _, err := os.Stat(filepath.Join(dir, small+".gz")); err == nil {
			t.Errorf("%s has a gzip copy: too small, or already compressed", small)
		}
	}
}

// Compressed copies come from the cache when it has them, by the hash of
// what they compress, and go into it when it does not.
func TestCompressedCopiesAreCached(t *testing.T) {
	o := fakeInputs(t)
	o.Cache = t.TempDir()
	if _, err := Generate(o); err != nil {
		t.Fatal(err)
	}
	// app.js: go-app writes the attributes of index.html in random order.
	js := readSite(t, o.Out, "app.js")
	sum := sha256.Sum256([]byte(js))
	cached := filepath.Join(o.Cache, hex.EncodeToString(sum[:])+".gz")
	if b, err := os.ReadFile(cached); err != nil || string(b) != readSite(t, o.Out, "app.js.gz") {
		t.Fatalf("the cache does not hold app.js's gzip copy as the site does (%v)", err)
	}
	if err := os.WriteFile(cached, []byte("from the cache"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Generate(o); err != nil {
		t.Fatal(err)
	}
	if got := readSite(t, o.Out, "app.js.gz"); got != "from the cache" {
		t.Errorf("app.js.gz was compressed again instead of taken from the cache")
	}
}

func TestGenerateSendsUnjoinableWasmAsBuilt(t *testing.T) {
	o := fakeInputs(t)
	// A passive segment is named by its index: joining is not safe.
	passive := "\x00asm\x01\x00\x00\x00" + "\x0b\x07" + "\x02" + "\x01\x01a" + "\x01\x01b"
	if err := os.WriteFile(filepath.Join(o.Web, "app.wasm"), []byte(passive), 0o644); err != nil {
		t.Fatal(err)
	}
	var log strings.Builder
	o.Log = &log
	sum, err := Generate(o)
	if err != nil {
		t.Fatal(err)
	}
	if got := readSite(t, o.Out, "web/app.wasm"); got != passive {
		t.Errorf("web/app.wasm = %q, want it as built", got)
	}
	if !strings.Contains(log.String(), "app.wasm is sent as built: data segments not joinable") {
		t.Errorf("the log does not say app.wasm went as built: %q", log.String())
	}
	if strings.Contains(sum.String(), "segments") {
		t.Errorf("the summary counts segments it did not join: %s", sum)
	}
}

func TestGenerateRefusesWhatIsNotWasm(t *testing.T) {
	o := fakeInputs(t)
	if err := os.WriteFile(filepath.Join(o.Web, "app.wasm"), []byte("<!doctype html>"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Generate(o)
	if !errors.Is(err, wasmdata.ErrNotModule) || !strings.Contains(err.Error(), "make wasm") {
		t.Errorf("Generate with an app.wasm of HTML: %v; want not a module, and how to build one", err)
	}
	if _, statErr := os.Stat(o.Out); !errors.Is(statErr, os.ErrNotExist) {
		t.Errorf("a site was started anyway: %v", statErr)
	}
}

// The version follows app.wasm as sent: a module as built and the same
// module already joined make the same site.
func TestVersionFollowsTheWasmSent(t *testing.T) {
	versions := map[string]string{}
	for _, in := range []string{builtWasm, sentWasm} {
		o := fakeInputs(t)
		if err := os.WriteFile(filepath.Join(o.Web, "app.wasm"), []byte(in), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := Generate(o); err != nil {
			t.Fatal(err)
		}
		if got := readSite(t, o.Out, "web/app.wasm"); got != sentWasm {
			t.Fatalf("web/app.wasm = %q, want %q", got, sentWasm)
		}
		versions[in] = readVersion(t, o.Out)
	}
	if versions[builtWasm] != versions[sentWasm] {
		t.Errorf("the same app.wasm sent gave versions %s and %s", versions[builtWasm], versions[sentWasm])
	}
}

// A site says what its own pack holds: the page's environment carries
// the pack's head, the page as pre-rendered and its description speak of
// that data in its words, and the process's environment is as it was.
func TestGenerateNamesTheSitesData(t *testing.T) {
	o := fakeInputs(t)
	var log strings.Builder
	o.Log = &log
	if _, err := Generate(o); err != nil {
		t.Fatal(err)
	}
	// A pack that cannot be read: the page falls back to the Phoenix
	// reviews' words until its data arrives, and the log says so.
	if !strings.Contains(log.String(), "the page does not name its data before downloading it") {
		t.Errorf("the log does not say the fake pack went unnamed: %q", log.String())
	}
	if got := readSite(t, o.Out, "index.html"); !strings.Contains(got, "real Yelp reviews from Phoenix") {
		t.Errorf("a site with an unreadable pack does not fall back to the Phoenix reviews")
	}

	l, err := core.ReadLog(strings.NewReader("userId,movieId,rating,timestamp\n1,1,4,1\n1,2,4,2\n2,1,4,3\n2,2,4,4\n"), "ratings.csv", core.LogOptions{})
	if err != nil {
		t.Fatal(err)
	}
	p, err := pack.BuildLog(l, pack.LogSource("ratings.csv", "movies.csv"), "", 0)
	if err != nil {
		t.Fatal(err)
	}
	b, err := packfile.Encode(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(o.Web, "yelp.msgpack"), b, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Generate(o); err != nil {
		t.Fatal(err)
	}
	if got := readSite(t, o.Out, "app.js"); !strings.Contains(got, datainfo.SitePackEnv) || !strings.Contains(got, "ratings.csv with movies.csv") {
		t.Errorf("app.js does not tell the page its pack's head")
	}
	index := readSite(t, o.Out, "index.html")
	for _, want := range []string{
		"It trains in your browser on ratings.csv with movies.csv, then updates itself the moment you like a movie.",
		"trained in your browser on ratings.csv with movies.csv, updated on every click.",
		"Find movies you like",
	} {
		if !strings.Contains(index, want) {
			t.Errorf("the pre-rendered page does not say %q", want)
		}
	}
	if strings.Contains(index, "Yelp") {
		t.Errorf("the pre-rendered page of a site on ratings.csv speaks of Yelp")
	}
	if v, set := os.LookupEnv(datainfo.SitePackEnv); set {
		t.Errorf("the generator left %s=%q in the process's environment", datainfo.SitePackEnv, v)
	}
}
