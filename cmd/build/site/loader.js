// -----------------------------------------------------------------------------
// eALS Live's loader, in place of go-app's goappInitWebAssembly (written into
// app.js by cmd/build/site). The pre-rendered page stays visible under a slim
// progress bar while the page's first Web Worker downloads and compiles
// app.wasm, off the page's thread, and hands the module back; the page runs
// it, and keeps it and the worker for the pool (window.ealsWasm). When the
// program cannot start, or stops, the page is replaced by a message that
// says what happened and what to do, never a frozen loader.
// -----------------------------------------------------------------------------

// ealsWasm says where app.wasm is and how large, for the progress bar (a
// compressed response's Content-Length is not it). A function, since app.js
// calls goappInitWebAssembly above this point, before any variable here is
// set.
function ealsWasmFile() {
  return { url: "{{WASM_URL}}", bytes: {{WASM_BYTES}}, worker: "{{WORKER_URL}}", compileName: "{{COMPILE_NAME}}" };
}

async function goappInitWebAssembly() {
  const ui = ealsLoaderUI();
  if (!ealsCanRun(ui)) {
    return;
  }
  ealsGuardStorage();
  const output = ealsCaptureOutput();
  let compiled, instance, go;
  try {
    compiled = await ealsCompileInWorker(ealsWasmFile(), ui.progress);
    go = new Go();
    // app.wasm imports the workers' kernels (see worker.js); the page's
    // program does not train or evaluate, so it gets none.
    const none = () => { throw new Error("the page has no kernels"); };
    go.importObject.ealskernel = { ready: () => 0, solveRow: none, dotRows: none, gram: none, countBefore: none };
    instance = await WebAssembly.instantiate(compiled.module, go.importObject);
  } catch (err) {
    ui.fail(ealsStartFailure(err));
    return;
  }
  window.ealsWasm = {
    module: compiled.module, url: ealsWasmFile().url, workers: compiled.workers, workersAt: compiled.at,
    inbox: compiled.inbox,
  };
  let exited;
  try {
    // Runs the page's Go code until it first waits: the Go runtime's start
    // (cmd/build/main_wasm.go then yields once, and go-app draws the page
    // in the browser's next task).
    exited = go.run(instance);
  } catch (err) {
    ui.fail(ealsRuntimeFailure(err));
    return;
  }
  ui.done();
  // The page's Go program never returns: it ending means a panic or an
  // exit, after which every button is dead. Say so.
  exited.then(() => ui.fail(ealsStopped(go, output())));
}

// ealsServiceWorkerLater stands for go-app's goappInitServiceWorker at the
// start of app.js. Registering go-app's service worker makes it download
// the whole site, app.wasm included, to work offline: on a first visit that
// doubles the page's biggest download while the page is starting. So a page
// that runs its program registers it once it says it is ready or has
// failed (ealsSettled, called by the Go code); one that does not registers
// it at once.
function ealsServiceWorkerLater() {
  if (!goappCanLoadWebAssembly() || typeof WebAssembly !== "object") {
    ealsSettled();
  }
}

function ealsSettled() {
  if (ealsSettled.done) {
    return;
  }
  ealsSettled.done = true;
  goappInitServiceWorker();
}

// Kept so that go-app's own code finds what it looks for.
function goappCanLoadWebAssembly() {
  if (/bot|googlebot|crawler|spider|robot|crawling/i.test(navigator.userAgent)) {
    return false;
  }
  const urlParams = new URLSearchParams(window.location.search);
  return urlParams.get("wasm") !== "false";
}

function ealsCanRun(ui) {
  if (!goappCanLoadWebAssembly()) {
    ui.remove();
    return false;
  }
  if (typeof WebAssembly !== "object" || typeof WebAssembly.instantiate !== "function") {
    ui.fail({
      title: "This browser cannot run the page",
      detail: "eALS Live trains a recommender inside your browser with WebAssembly, which this browser does not provide or has turned off.",
      hint: "Open the page in a current Firefox, Chrome, Edge or Safari, or allow WebAssembly for it.",
    });
    return false;
  }
  return true;
}

// The loader's view: go-app's loader element, which the stylesheet draws as
// a thin bar along the top of the page, and a message in place of the page
// when something fails.
function ealsLoaderUI() {
  const loader = document.getElementById("app-wasm-loader");
  const label = document.getElementById("app-wasm-loader-label");
  if (loader) {
    loader.setAttribute("role", "progressbar");
    loader.setAttribute("aria-label", "Loading the page");
    loader.setAttribute("aria-valuemin", "0");
    loader.setAttribute("aria-valuemax", "100");
  }
  let shown = -1;
  return {
    progress(fraction) {
      const pct = Math.max(0, Math.min(100, Math.round(fraction * 100)));
      if (!loader || pct === shown) {
        return;
      }
      shown = pct;
      loader.style.setProperty("--eals-progress", String(pct / 100));
      loader.setAttribute("aria-valuenow", String(pct));
      if (label) {
        label.textContent = "Loading the page: " + pct + "%";
      }
    },
    done() {
      if (loader) {
        loader.classList.add("eals-loaded");
      }
    },
    remove() {
      if (loader) {
        loader.remove();
      }
    },
    fail(f) {
      ealsShowFailure(f);
      if (loader) {
        loader.remove();
      }
    },
  };
}

// ealsShowFailure replaces the page with what went wrong and what to do.
// The page's own code may already show a failure (a damaged data pack, say);
// a failure of the program itself replaces that too.
function ealsShowFailure(f) {
  let box = document.getElementById("eals-fatal");
  if (!box) {
    box = document.createElement("main");
    box.id = "eals-fatal";
    box.className = "fatal";
    document.body.insertBefore(box, document.body.firstChild);
  }
  box.textContent = "";
  const h = document.createElement("h1");
  h.textContent = f.title;
  const p = document.createElement("p");
  p.textContent = f.detail;
  box.append(h, p);
  if (f.hint) {
    const hint = document.createElement("p");
    hint.className = "fatal-hint";
    hint.textContent = f.hint;
    box.append(hint);
  }
  const reload = document.createElement("button");
  reload.type = "button";
  reload.textContent = "Reload the page";
  reload.addEventListener("click", () => location.reload());
  box.append(reload);
  box.setAttribute("role", "alert");
  document.body.classList.add("eals-failed");
  for (const el of document.body.children) {
    if (el !== box && el.tagName !== "SCRIPT") {
      el.setAttribute("inert", "");
      el.setAttribute("aria-hidden", "true");
    }
  }
  window.ealsFatal = JSON.stringify(f);
}

// ealsCompileInWorker has the page's first Web Worker fetch and compile
// app.wasm (web/worker.js), so that neither the download nor the
// compilation runs on the page's thread; the worker reports progress as a
// fraction. The worker is the one early.js started, if it did. It resolves
// to the module, the page's workers booted with it (the first compiled it;
// the others started early are handed it here, so that they start while
// the page's own Go program does), when the first was started, and their
// messages since (inbox), which the page's pool reads first.
function ealsCompileInWorker(file, progress) {
  const early = window.ealsEarly;
  window.ealsEarly = null;
  const inbox = [];
  return new Promise((resolve, reject) => {
    const at = early ? early.at : performance.now();
    let w;
    if (early) {
      w = early.workers[0];
    } else {
      try {
        w = new Worker(file.worker, { name: file.compileName });
      } catch (err) {
        reject({ stage: "worker", err: { name: err.name, message: String(err.message || err) } });
        return;
      }
    }
    let compiled = false;
    const onMessage = (event) => {
      const m = event.data || {};
      if (compiled) {
        inbox.push(m);
      } else if (typeof m.progress === "number") {
        progress(m.progress);
      } else if (m.compiled) {
        compiled = true;
        w.onerror = null;
        progress(1);
        resolve({
          module: m.compiled, workers: [w].concat(ealsBootOthers(early, m.compiled, inbox)), at: at,
          inbox: inbox,
        });
      } else if (m.compileError) {
        reject(m.compileError);
      } else if (m.kind === "fatal") {
        let why = "";
        try { why = JSON.parse(m.head).Message; } catch (e) { why = "its program stopped"; }
        reject({ stage: "compile", err: { name: "Error", message: why } });
      } else if (m.kind) {
        inbox.push(m);
      }
    };
    const onError = (event) => {
      reject({ stage: "worker", err: { name: "Error", message: event.message || "the worker script could not be loaded" } });
    };
    w.onmessage = onMessage;
    w.onerror = onError;
    progress(0);
    if (!early) {
      // The worker's name asks it already; the message is for a browser
      // that gives workers no name (see worker.js).
      w.postMessage({ compile: { url: file.url, bytes: file.bytes } });
      return;
    }
    for (const event of early.heard[0]) {
      onMessage(event);
    }
    if (early.failed[0]) {
      onError(early.failed[0]);
    }
  });
}

// ealsBootOthers hands the module to the early workers after the first,
// leaving out any whose script failed: the pool starts those again, and
// then hears why they fail. What they said so far, and say next, goes to
// inbox.
function ealsBootOthers(early, module, inbox) {
  const booted = [];
  if (!early) {
    return booted;
  }
  for (let k = 1; k < early.workers.length; k++) {
    const w = early.workers[k];
    if (early.failed[k]) {
      w.terminate();
      continue;
    }
    for (const event of early.heard[k]) {
      inbox.push(event.data);
    }
    w.onmessage = (event) => inbox.push(event.data);
    w.onerror = null;
    w.postMessage({ boot: module });
    booted.push(w);
  }
  return booted;
}

function ealsStartFailure(e) {
  const where = ealsWasmFile().url;
  const hostHint = "If you host this page, build it with `make site` and publish the whole folder, web/app.wasm included.";
  switch (e && e.stage) {
    case "worker":
      return {
        title: "This browser cannot run the page",
        detail: "The page trains its model in Web Workers, and this browser did not start one: " + e.err.message + ".",
        hint: "Open the page in a current Firefox, Chrome, Edge or Safari. If you host it, publish web/worker.js with the rest of the site.",
      };
    case "fetch":
      return {
        title: "The page could not be downloaded",
        detail: "Downloading its program (" + where + ") failed: " + e.err.message + ".",
        hint: "Check your connection and reload. After one complete visit the page also works offline.",
      };
    case "status":
      return {
        title: e.status === 404 ? "The page's program is missing" : "The page's program could not be downloaded",
        detail: "The server answered " + where + " with HTTP " + e.status + (e.statusText ? " " + e.statusText : "") + ", so there is nothing to run.",
        hint: e.status === 404 ? hostHint : "Reload in a moment; if it happens again, the server is at fault.",
      };
    case "notwasm":
      return {
        title: "The page's program is missing",
        detail: "The server answered " + where + " with " + (e.type || "something") + " that is not a WebAssembly program" +
          (/^\s*</.test(e.head) ? " (it looks like a web page: the file is probably missing and the host sent a fallback page)" : "") + ".",
        hint: hostHint,
      };
    case "compile":
      return ealsRuntimeFailure(e.err);
    default:
      return ealsRuntimeFailure(e);
  }
}

function ealsRuntimeFailure(err) {
  const text = String(err && err.message ? err.message : err);
  if ((err && err.name === "RangeError") || /memory/i.test(text)) {
    return {
      title: "Not enough memory to start the page",
      detail: "The browser could not give the page's program the memory it needs (" + text + ").",
      hint: "Close other tabs or programs and reload.",
    };
  }
  return {
    title: "The page's program could not start",
    detail: "The browser refused it: " + text + ".",
    hint: "Reload the page. If it happens again, the file on the server is damaged: rebuild and publish it (`make site`).",
  };
}

function ealsStopped(go, output) {
  const lines = output.split("\n").filter((l) => l.trim() !== "");
  const first = lines.findIndex((l) => /^(panic|fatal error):/.test(l));
  const why = first >= 0 ? lines.slice(first, first + 2).join(" ") : lines.slice(-2).join(" ");
  return {
    title: "The page stopped working",
    detail: "Its program ended unexpectedly" + (why ? ": " + why : "") + ". The buttons on this page no longer do anything.",
    hint: "Reload the page; your clicks are kept. If it happens again, please report the message above.",
  };
}

// ealsCaptureOutput keeps what the Go program writes (wasm_exec.js prints
// it to the console), so a panic can be quoted: from the first "panic:" or
// "fatal error:" on, or else the last few kilobytes. The panic's own line
// comes first and its stack after it, which can run past any fixed tail
// (a click's panic, raised inside the click's own redraw, is 4 kB deep).
function ealsCaptureOutput() {
  let kept = "";
  let panic = null;
  const fs = globalThis.fs;
  if (fs && typeof fs.writeSync === "function" && !fs.ealsCaptured) {
    const write = fs.writeSync.bind(fs);
    const decoder = new TextDecoder();
    fs.writeSync = (fd, buf) => {
      const text = decoder.decode(buf);
      const all = kept + text;
      if (panic !== null) {
        panic = (panic + text).slice(0, 4096);
      } else {
        const at = all.search(/(^|\n)(panic|fatal error):/);
        if (at >= 0) {
          panic = all.slice(at).replace(/^\n/, "").slice(0, 4096);
        }
      }
      kept = all.slice(-4096);
      return write(fd, buf);
    };
    fs.ealsCaptured = true;
  }
  return () => (panic !== null ? panic : kept);
}

// ealsGuardStorage stands in an in-memory store for localStorage when the
// browser blocks it (it throws, or it is null): go-app's state store walks
// localStorage and would panic, and the page then works for the visit. The
// page reads window.ealsStorageProblem to say once that clicks will not
// survive a reload.
function ealsGuardStorage() {
  let problem = "";
  try {
    const s = window.localStorage;
    if (!s) {
      problem = "this browser gives the page no storage";
    } else {
      s.getItem("ealslive.clicks");
      void s.length;
    }
  } catch (err) {
    problem = "this browser blocks the page's storage (" + (err && err.name ? err.name : err) + ")";
  }
  if (!problem) {
    return;
  }
  const items = new Map();
  class MemoryStorage {
    get length() { return items.size; }
    key(i) { return Array.from(items.keys())[i] ?? null; }
    getItem(k) { return items.has(String(k)) ? items.get(String(k)) : null; }
    setItem(k, v) { items.set(String(k), String(v)); }
    removeItem(k) { items.delete(String(k)); }
    clear() { items.clear(); }
  }
  try {
    Object.defineProperty(window, "localStorage", { value: new MemoryStorage(), configurable: true });
  } catch (err) {
    problem += "; the page could not stand in for it (" + err + ")";
  }
  window.ealsStorageProblem = problem;
}
