// eALS Live's early start, inlined in the page's <head>: it starts the
// page's Web Workers while the browser is still reading and laying out the
// pre-rendered page, which takes it about a second on a slow machine before
// app.js (a deferred script) runs. The first worker downloads and compiles
// app.wasm meanwhile, as its name says (the message saying so too is for
// browsers without worker names: it waits for the page's thread, busy
// laying the page out, to pass it on); the others wait for the compiled
// module. Each then downloads the data pack, its name saying where (see
// worker.js), and, where the page's first job can be told already, trains
// (askEarly). The loader in app.js adopts them (window.ealsEarly), hears what
// they said in the meantime, and starts them itself if this script did not
// run.
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
    askEarly(early, {{EARLY_PLAN}});
    window.ealsEarly = early;
  } catch (e) {
    // The loader starts its worker itself, and reports what fails then.
  }

  // askEarly joins the workers and asks them for the data and the page's
  // first training, as the page's pool would, when the page will ask for
  // that very job: the default settings (none of the visitor's own stored,
  // no link's in the address). Each worker then trains as soon as its
  // program has started and the pack is in, instead of idling until the
  // page's program runs and asks; the pool takes the run over
  // (early.asked), or stops it should the page ask for another.
  function askEarly(early, plan) {
    if (location.search !== "") {
      return;
    }
    try {
      var stored = localStorage.getItem(plan.settingsKey);
      if (stored !== null && stored !== plan.settings) {
        return;
      }
    } catch (e) {
      // No storage: the page runs with its defaults.
    }
    var flag;
    try {
      if (self.crossOriginIsolated && typeof SharedArrayBuffer === "function") {
        flag = new Int32Array(new SharedArrayBuffer(4));
      }
    } catch (e) {
      flag = undefined;
    }
    var ws = early.workers, ports = [];
    for (var i = 0; i < ws.length; i++) {
      ports.push([]);
    }
    for (var i = 0; i < ws.length; i++) {
      for (var j = i + 1; j < ws.length; j++) {
        var ch = new MessageChannel();
        ports[i][j] = ch.port1;
        ports[j][i] = ch.port2;
      }
    }
    for (var i = 0; i < ws.length; i++) {
      var list = [], transfer = [];
      for (var j = 0; j < ws.length; j++) {
        list.push(j === i ? null : ports[i][j]);
        if (j !== i) {
          transfer.push(ports[i][j]);
        }
      }
      ws[i].postMessage({ kind: "init", job: 0, from: 0, head: JSON.stringify({ Index: i, Count: ws.length }), ports: list, pauseFlag: flag }, transfer);
      ws[i].postMessage(plan.data);
      ws[i].postMessage(plan.job);
    }
    early.asked = { job: plan.job.job, head: plan.job.head, data: plan.data.head, at: performance.now(), pauseFlag: flag };
  }
})();
