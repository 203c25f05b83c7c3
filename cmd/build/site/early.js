// eALS Live's early start, inlined in the page's <head>: it starts the
// page's Web Workers while the browser is still reading and laying out the
// pre-rendered page, which takes it about a second on a slow machine before
// app.js (a deferred script) runs. The first worker downloads and compiles
// app.wasm meanwhile, as its name says (the message saying so too is for
// browsers without worker names: it waits for the page's thread, busy
// laying the page out, to pass it on); the others wait for the compiled
// module. Each then downloads the data pack, its name saying where (see
// worker.js). The loader in app.js adopts them (window.ealsEarly), hears
// what they said in the meantime, and starts them itself if this script did
// not run.
(function () {
  try {
    if (typeof WebAssembly !== "object" || typeof Worker !== "function" ||
        /bot|googlebot|crawler|spider|robot|crawling/i.test(navigator.userAgent) ||
        new URLSearchParams(location.search).get("wasm") === "false") {
      return;
    }
    // As many as the page's pool uses (workerCount in app/session.go).
    var n = Math.min(Math.max(navigator.hardwareConcurrency || 2, 1), 4);
    var early = { workers: [], heard: [], failed: [], at: performance.now() };
    for (var i = 0; i < n; i++) {
      var w = new Worker("{{WORKER_URL}}", { name: i === 0 ? "{{COMPILE_NAME}}" : "{{PACK_NAME}}" });
      early.workers.push(w);
      early.heard.push([]);
      early.failed.push(null);
      w.onerror = (function (k) { return function (e) { early.failed[k] = e; }; })(i);
      w.onmessage = (function (k) { return function (e) { early.heard[k].push(e); }; })(i);
    }
    early.workers[0].postMessage({ compile: { url: "{{WASM_URL}}", bytes: {{WASM_BYTES}} } });
    window.ealsEarly = early;
  } catch (e) {
    // The loader starts its worker itself, and reports what fails then.
  }
})();
