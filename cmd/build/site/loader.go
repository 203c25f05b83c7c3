package site

import (
	"bytes"
	_ "embed"
	"encoding/base64"
	"encoding/json"
	"errors"
	"net/url"
	"strconv"
	"strings"

	ui "github.com/ealslive/ealslive/app"
	"github.com/ealslive/ealslive/app/work"
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
// workers before app.js runs (see early.js), and asks them for the page's
// first training of a site of version version.
func earlyStart(prefix, version string, wasmBytes int64) string {
	plan := strings.NewReplacer("{{EARLY_PLAN}}", string(earlyPlanFor(prefix, version)))
	return "<script>" + plan.Replace(filesFor(prefix, wasmBytes).Replace(earlyJS)) + "</script>"
}

// earlyPlan is what early.js asks the workers for, as the page's pool would
// (app/worker): the data pack and the page's first training job, as
// messages in the form the pool posts, and how to tell whether that job is
// the one the page will ask for (ui.EarlyTraining).
type earlyPlan struct {
	Data        postedMsg `json:"data"`
	Job         postedMsg `json:"job"`
	SettingsKey string    `json:"settingsKey"`
	Settings    string    `json:"settings"`
}

// postedMsg is a work.Msg as the pool posts it (app/worker's toJS), with
// its head only.
type postedMsg struct {
	Kind string `json:"kind"`
	Job  int    `json:"job"`
	From int    `json:"from"`
	Head string `json:"head"`
}

// earlyJob is the number the page's pool gives the early job: its first.
const earlyJob = 1

// earlyPlanFor writes the plan as JSON, which escapes <, > and & and so
// stays inside its <script> element.
func earlyPlanFor(prefix, version string) []byte {
	first := ui.FirstTraining(version)
	data, _ := json.Marshal(work.DataSpec{Version: version, Config: first.Spec.Config, Pack: packURL(prefix)})
	job, _ := json.Marshal(work.JobSpec{Kind: work.JobTrain, Train: &first.Spec})
	plan, _ := json.Marshal(earlyPlan{
		Data:        postedMsg{Kind: work.MsgData, Head: string(data)},
		Job:         postedMsg{Kind: work.MsgJob, Job: earlyJob, Head: string(job)},
		SettingsKey: first.SettingsKey,
		Settings:    first.Settings,
	})
	return plan
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
