//go:build !wasm

package main

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"go/parser"
	"go/token"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// Compiled with GOOS=js GOARCH=wasm this package is the page, and build
// tags keep the packer, the site generator and the server out of it: they
// would triple app.wasm. These tests hold the build to
// that, in every plain `go test ./...`.

// serverFiles hold the native build tool's code.
var serverFiles = []string{"main.go", "commands.go", "pack.go"}

// serverImports are what the packer, generator and server import and the
// page has no use for. A file of the wasm build importing one of them is
// server code that lost its build tag.
var serverImports = []string{"flag", "os/exec", "net", "net/http", "net/http/httptest", "compress/gzip", "crypto/sha256"}

// serverDeps must not reach app.wasm at all, directly or not. net/http,
// compress/gzip (through net/http) and regexp (through text/template) do:
// go-app imports them, so they are not listed.
var serverDeps = []string{
	"flag",              // the commands' flags
	"os/exec",           // the packer runs brotli
	"net/http/httptest", // go-app's generator renders pages through it
	"testing",
	"github.com/ealslive/ealslive/cmd/build/site", // the generator and server
}

// serverDepPrefixes are whole module trees that belong to the browser tests.
var serverDepPrefixes = []string{
	"github.com/chromedp/",
	"github.com/gobwas/", // chromedp's WebSocket
}

type listedPackage struct {
	ImportPath string
	GoFiles    []string
	Imports    []string
	Deps       []string
}

// goCmd runs the go command for GOOS=js GOARCH=wasm in this package's
// folder. go test puts the toolchain that runs it first in PATH.
func goCmd(t *testing.T, args ...string) []byte {
	t.Helper()
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("no go command in PATH: %v", err)
	}
	cmd := exec.Command(gobin, args...)
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("GOOS=js GOARCH=wasm go %s: %v\n%s", strings.Join(args, " "), err, stderr.Bytes())
	}
	return out
}

func TestWasmBuildHasNoServerCode(t *testing.T) {
	var pkg listedPackage
	if err := json.Unmarshal(goCmd(t, "list", "-deps=false", "-json", "."), &pkg); err != nil {
		t.Fatalf("go list -json: %v", err)
	}
	var deps []string
	for _, line := range strings.Split(strings.TrimSpace(string(goCmd(t, "list", "-deps", "."))), "\n") {
		deps = append(deps, strings.TrimSpace(line))
	}

	// The list is really the page's: the wasm entry point and go-app's
	// browser side are in it.
	if !slices.Contains(pkg.GoFiles, "main_wasm.go") {
		t.Fatalf("the wasm build's files %q lack main_wasm.go: did GOOS=js GOARCH=wasm apply?", pkg.GoFiles)
	}
	for _, want := range []string{"syscall/js", "github.com/maxence-charriere/go-app/v9/pkg/app", "github.com/ealslive/ealslive/app"} {
		if !slices.Contains(deps, want) {
			t.Errorf("the wasm build does not depend on %s; is this the page's build?", want)
		}
	}

	for _, f := range pkg.GoFiles {
		if slices.Contains(serverFiles, f) {
			t.Errorf("%s (the native build tool) is compiled into app.wasm; it needs //go:build !wasm", f)
		}
		parsed, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range parsed.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			if slices.Contains(serverImports, path) {
				t.Errorf("%s is in the wasm build and imports %s: server or generator code belongs behind //go:build !wasm", f, path)
			}
		}
	}
	for _, d := range deps {
		if slices.Contains(serverDeps, d) {
			t.Errorf("app.wasm depends on %s, which only the native build tool needs", d)
		}
		for _, p := range serverDepPrefixes {
			if strings.HasPrefix(d, p) {
				t.Errorf("app.wasm depends on %s, which only the browser tests need", d)
			}
		}
	}
	if t.Failed() {
		t.Logf("wasm build files: %q\ndirect imports: %q", pkg.GoFiles, pkg.Imports)
	}
}

// The packages a wasm build needs can still carry code it does not: the
// data-pack encoder and the Yelp reader live in core/pack beside the
// decoder. The linker must leave them out, and so the functions named in
// the linked binary are checked too. Skipped with -short: it links
// app.wasm (under a second once `make build` has filled the build cache).
func TestWasmBinaryHasNoServerCode(t *testing.T) {
	if testing.Short() {
		t.Skip("links app.wasm")
	}
	out := filepath.Join(t.TempDir(), "app.wasm")
	// -trimpath as the Makefile builds, to share its build cache; no -s,
	// which would drop the function names.
	goCmd(t, "build", "-trimpath", "-o", out, ".")
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	names, err := wasmFuncNames(b)
	if err != nil {
		t.Fatalf("reading the function names of app.wasm: %v", err)
	}
	// The linker writes a/b/c.F as a_b_c.F and (*T).M as __T_.M.
	const (
		core    = "github.com_ealslive_ealslive_core."
		corePk  = "github.com_ealslive_ealslive_core_pack."
		goApp   = "github.com_maxence_charriere_go_app_v9_pkg_app."
		netHTTP = "net_http."
	)
	for _, want := range []string{"main.main", corePk + "Decode"} {
		if !slices.Contains(names, want) {
			t.Fatalf("app.wasm has no function %s among its %d names: has the linker's naming changed?", want, len(names))
		}
	}
	denied := []struct{ prefix, what string }{
		{corePk + "Build", "the Yelp packer"},
		{corePk + "ReadBusinesses", "the Yelp business reader"},
		{corePk + "Encode", "the pack encoder"},
		{core + "ReadFile", "the TSV reader of the command line"},
		{core + "ReadEvents", "the TSV reader of the command line"},
		{goApp + "GenerateStaticWebsite", "go-app's static site generator"},
		{goApp + "__Handler_.ServeHTTP", "go-app's server"},
		{netHTTP + "__Server_.", "an HTTP server"},
		{netHTTP + "ListenAndServe", "an HTTP server"},
		{"net_http_httptest.", "net/http/httptest"},
		{"github.com_ealslive_ealslive_cmd_build_site.", "the site generator and server"},
	}
	for _, n := range names {
		for _, d := range denied {
			if strings.HasPrefix(n, d.prefix) {
				t.Errorf("app.wasm holds %s (%s)", n, d.what)
			}
		}
		// Of this package, the page needs only main.
		if strings.HasPrefix(n, "main.") && !strings.HasPrefix(n, "main.main") && !strings.HasPrefix(n, "main.init") {
			t.Errorf("app.wasm holds %s of the native build tool", n)
		}
	}
}

// wasmFuncNames returns the function names of a WebAssembly module's
// "name" custom section.
func wasmFuncNames(b []byte) ([]string, error) {
	if len(b) < 8 || string(b[:4]) != "\x00asm" {
		return nil, errors.New("not a WebAssembly module")
	}
	r := bytes.NewReader(b[8:])
	uvarint := func(r *bytes.Reader) (int, error) {
		v, err := binary.ReadUvarint(r)
		if err == nil && v > uint64(r.Len()) {
			err = errors.New("a length runs past the end")
		}
		return int(v), err
	}
	name := func(r *bytes.Reader) (string, error) {
		n, err := uvarint(r)
		if err != nil {
			return "", err
		}
		s := make([]byte, n)
		_, err = io.ReadFull(r, s)
		return string(s), err
	}
	for r.Len() > 0 {
		id, err := r.ReadByte()
		if err != nil {
			return nil, err
		}
		size, err := uvarint(r)
		if err != nil {
			return nil, err
		}
		sec := make([]byte, size)
		if _, err := io.ReadFull(r, sec); err != nil {
			return nil, err
		}
		if id != 0 {
			continue
		}
		s := bytes.NewReader(sec)
		if n, err := name(s); err != nil || n != "name" {
			continue
		}
		for s.Len() > 0 {
			sub, err := s.ReadByte()
			if err != nil {
				return nil, err
			}
			n, err := uvarint(s)
			if err != nil {
				return nil, err
			}
			body := make([]byte, n)
			if _, err := io.ReadFull(s, body); err != nil {
				return nil, err
			}
			if sub != 1 { // function names
				continue
			}
			f := bytes.NewReader(body)
			count, err := binary.ReadUvarint(f)
			if err != nil {
				return nil, err
			}
			var names []string
			for range count {
				if _, err := binary.ReadUvarint(f); err != nil { // index
					return nil, err
				}
				nm, err := name(f)
				if err != nil {
					return nil, err
				}
				names = append(names, nm)
			}
			return names, nil
		}
	}
	return nil, errors.New("no function names (built with -s?)")
}
