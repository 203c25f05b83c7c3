package site

import (
	"bytes"
	_ "embed"
	"encoding/base64"
	"errors"
	"net/url"
	"strconv"
	"strings"
)

// loaderJS replaces go-app's goappInitWebAssembly in app.js; workerJS is
// web/worker.js, the bootstrap of the page's Web Workers.
var (
	//go:embed loader.js
	loaderJS string
	//go:embed worker.js
	workerJS string
)

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
		return nil, errors.New("go-app's app.js has no goappInitWebAssembly to replace: is go-app still v9.8.0?")
	}
	if bytes.Count(appJS[:at], []byte(goappRegisters)) != 1 {
		return nil, errors.New("go-app's app.js does not call goappInitServiceWorker once at its start: is go-app still v9.8.0?")
	}
	loader := filesFor(prefix, wasmBytes).Replace(loaderJS)
	out := bytes.Replace(appJS[:at:at], []byte(goappRegisters), []byte(ealsRegisters), 1)
	return append(out, loader...), nil
}

//go:embed early.js
var earlyJS string

// earlyStart is the <script> element, for the page's head, that starts the
// workers before app.js runs (see early.js).
func earlyStart(prefix string, wasmBytes int64) string {
	return "<script>" + filesFor(prefix, wasmBytes).Replace(earlyJS) + "</script>"
}

// filesFor fills the scripts' placeholders: where app.wasm and the
// workers' script are under prefix, app.wasm's size, and the workers'
// names, which ask each to download the data pack and the first to compile
// app.wasm (see worker.js).
func filesFor(prefix string, wasmBytes int64) *strings.Replacer {
	wasm, worker := prefix+"/web/app.wasm", prefix+"/web/worker.js"
	size := strconv.FormatInt(wasmBytes, 10)
	pack := prefix + "/web/yelp.msgpack"
	compile := url.Values{"compile": {wasm}, "bytes": {size}, "pack": {pack}}
	return strings.NewReplacer(
		"{{WASM_URL}}", wasm,
		"{{WASM_BYTES}}", size,
		"{{WORKER_URL}}", worker,
		"{{PACK_NAME}}", url.Values{"pack": {pack}}.Encode(),
		"{{COMPILE_NAME}}", compile.Encode(),
	)
}

// withKernel writes the workers' kernels, a WebAssembly module of about
// 1.7 kB, into their script: inline, it needs no request of its own and is
// there as soon as the script is.
func withKernel(js string, kernel []byte) string {
	return strings.Replace(js, "{{KERNEL_WASM}}", base64.StdEncoding.EncodeToString(kernel), 1)
}
