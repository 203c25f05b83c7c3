package site

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
)

// This file is the one place the site generator edits what go-app writes,
// for what go-app v9 offers no option: the page's own loader in app.js, a
// viewport that lets the visitor zoom, and no og:url naming the generator's
// temporary server. Each edit checks that it finds what it expects and
// fails the build otherwise; cmd/build's TestGoAppVersion fails when
// go.mod moves go-app off the version they were written for (v9.8.0).

// editGoAppOutput makes the edits in the site go-app generated in dir.
func editGoAppOutput(dir, prefix string, wasmBytes int64) error {
	if err := editFile(filepath.Join(dir, "index.html"), func(b []byte) ([]byte, error) {
		return zoomable(generatorURL.ReplaceAll(b, nil))
	}); err != nil {
		return err
	}
	return editFile(filepath.Join(dir, "app.js"), func(b []byte) ([]byte, error) {
		return withLoader(b, prefix, wasmBytes)
	})
}

// go-app's app.js defines goappInitWebAssembly, then its helpers
// goappCanLoadWebAssembly and fetchWithProgress, last in the file; the
// loader replaces all three.
const goappLoaderStart = "async function goappInitWebAssembly() {"

// goappRegisters is app.js's call that registers go-app's service worker as
// the page starts; the loader puts it off (see ealsServiceWorkerLater).
const (
	goappRegisters = "\ngoappInitServiceWorker();\n"
	ealsRegisters  = "\nealsServiceWorkerLater();\n"
)

// withLoader returns go-app's app.js with eALS Live's loader in place of
// go-app's, loading app.wasm from under prefix and knowing its size.
func withLoader(appJS []byte, prefix string, wasmBytes int64) ([]byte, error) {
	at := bytes.Index(appJS, []byte(goappLoaderStart))
	if at < 0 || !bytes.Contains(appJS[at:], []byte("function fetchWithProgress(")) {
		return nil, errors.New("go-app's app.js has no goappInitWebAssembly to replace (see goappoutput.go)")
	}
	if bytes.Count(appJS[:at], []byte(goappRegisters)) != 1 {
		return nil, errors.New("go-app's app.js does not call goappInitServiceWorker once at its start (see goappoutput.go)")
	}
	loader := filesFor(prefix, wasmBytes).Replace(loaderJS)
	out := bytes.Replace(appJS[:at:at], []byte(goappRegisters), []byte(ealsRegisters), 1)
	return append(out, loader...), nil
}

// goappViewport is the viewport go-app writes, which forbids zooming.
const goappViewport = `content="width=device-width, initial-scale=1, maximum-scale=1, user-scalable=0, viewport-fit=cover"`

// zoomable lets the visitor zoom the page: a reader with low vision
// enlarges it, and WCAG 1.4.4 requires that it be allowed.
func zoomable(index []byte) ([]byte, error) {
	if !bytes.Contains(index, []byte(goappViewport)) {
		return nil, fmt.Errorf("index.html: go-app's viewport meta tag is not the one expected (%s; see goappoutput.go)", goappViewport)
	}
	return bytes.Replace(index, []byte(goappViewport), []byte(`content="width=device-width, initial-scale=1, viewport-fit=cover"`), 1), nil
}

// generatorURL matches the og:url tag go-app fills with the address of the
// temporary server it renders pages from: meaningless once published.
var generatorURL = regexp.MustCompile(`<meta[^>]*property="og:url"[^>]*>\n?`)

func editFile(path string, edit func([]byte) ([]byte, error)) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	b, err = edit(b)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return os.WriteFile(path, b, 0o644)
}
