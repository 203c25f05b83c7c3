package site

import (
	_ "embed"
	"encoding/base64"
	"net/url"
	"strconv"
	"strings"
)

// loaderJS replaces go-app's goappInitWebAssembly in app.js (see
// goappoutput.go); workerJS is web/worker.js, the bootstrap of the page's Web Workers.
var (
	//go:embed loader.js
	loaderJS string
	//go:embed worker.js
	workerJS string
)

//go:embed early.js
var earlyJS string

// earlyStart is the <script> element, for the page's head, that starts the
// workers before app.js runs (see early.js).
func earlyStart(prefix string, wasmBytes int64) string {
	return "<script>" + filesFor(prefix, wasmBytes).Replace(earlyJS) + "</script>"
}

// packURL is where the data pack is under prefix.
func packURL(prefix string) string { return prefix + "/web/yelp.msgpack" }

// filesFor fills the scripts' placeholders: where app.wasm and the
// workers' script are under prefix, app.wasm's size, and the workers'
// names, which ask each to download the data pack and the first to compile
// app.wasm (see worker.js).
func filesFor(prefix string, wasmBytes int64) *strings.Replacer {
	wasm, worker := prefix+"/web/app.wasm", prefix+"/web/worker.js"
	size := strconv.FormatInt(wasmBytes, 10)
	pack := packURL(prefix)
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
