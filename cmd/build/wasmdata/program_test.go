package wasmdata

import (
	"bytes"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
)

// TestJoinGoProgram joins the segments of a program built by this Go
// toolchain, as the site does app.wasm's, and runs both modules under Node
// (with the toolchain's go_js_wasm_exec, as make test-wasm does): they
// print the same.
func TestJoinGoProgram(t *testing.T) {
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("no go command in PATH: %v", err)
	}
	dir := t.TempDir()
	built := filepath.Join(dir, "built.wasm")
	cmd := exec.Command(gobin, "build", "-trimpath", "-ldflags=-s -w", "-o", built, "./testdata/program")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building the program: %v\n%s", err, out)
	}
	mod, err := os.ReadFile(built)
	if err != nil {
		t.Fatal(err)
	}
	got, st, err := Join(mod, DefaultGap)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d segments joined into %d; %d bytes became %d", st.Before, st.After, len(mod), len(got))
	if st.After >= st.Before/10 {
		t.Errorf("%d segments joined into %d: the linker's gaps are no longer short", st.Before, st.After)
	}
	if !maps.Equal(memory(t, got), memory(t, mod)) {
		t.Error("the joined program starts with another memory")
	}
	joined := filepath.Join(dir, "joined.wasm")
	if err := os.WriteFile(joined, got, 0o644); err != nil {
		t.Fatal(err)
	}

	exec := filepath.Join(runtime.GOROOT(), "lib", "wasm", "go_js_wasm_exec")
	run := func(path string) []byte {
		t.Helper()
		out, err := exec_(exec, path)
		if err != nil {
			t.Fatalf("running %s under Node (make test-wasm needs Node too): %v\n%s", filepath.Base(path), err, out)
		}
		return out
	}
	want := run(built)
	if !bytes.HasPrefix(want, []byte("Phoenix")) || !bytes.Contains(want, []byte("CAFÉ Ÿ Ǆ ﬀ true true")) {
		t.Fatalf("the program as built printed:\n%s", want)
	}
	if out := run(joined); !bytes.Equal(out, want) {
		t.Errorf("joined, the program printed:\n%s\nas built:\n%s", out, want)
	}
}

func exec_(name string, args ...string) ([]byte, error) {
	return exec.Command(name, args...).CombinedOutput()
}
