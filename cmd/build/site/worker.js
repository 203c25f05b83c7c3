// eALS Live's Web Worker: app.wasm in its worker role (see app/webworker),
// which trains and evaluates off the page's thread. The first worker is
// asked to fetch and compile app.wasm, by its name (bytes=…&compile=URL)
// and by a message ({compile: {url, bytes}}): it reports progress, hands
// the compiled module to the page, then boots with it; the others get the
// module ({boot: module}). Messages that arrive before the Go program has
// installed its own handler wait in ealsEarly.
"use strict";
importScripts("../wasm_exec.js");

self.ealsEarly = [];
self.onmessage = (event) => {
  const msg = event.data;
  if (msg && msg.boot) {
    boot(msg.boot);
    return;
  }
  if (msg && msg.compile) {
    compileOnce(msg.compile);
    return;
  }
  self.ealsEarly.push(msg);
};

// The worker's name says what to compile, so that it starts as soon as it
// runs: a message posted to a worker that has not started yet waits for the
// page's thread to pass it on, and on a first visit that thread is laying
// out the page. The message still comes, for a browser that gives workers
// no name; whichever arrives first is done. (Not the address's fragment: a
// script the service worker answers from its cache runs at the cached
// address, without it.)
let compiling = false;
function compileOnce(file) {
  if (!compiling) {
    compiling = true;
    compile(file);
  }
}
{
  const asked = new URLSearchParams(self.name || "");
  if (asked.has("compile")) {
    compileOnce({ url: asked.get("compile"), bytes: Number(asked.get("bytes")) || 0 });
  }
}

// compile fetches and compiles app.wasm for the page. A wrong MIME type is
// no reason to fail when the bytes are right, so only application/wasm is
// compiled while streaming, and anything else is read whole and checked.
async function compile(file) {
  let module;
  try {
    module = await fetchAndCompile(file);
  } catch (err) {
    self.postMessage({ compileError: err.stage ? err : { stage: "compile", err: plain(err) } });
    return;
  }
  // Boot first, then hand the module over: the Go runtime's start, which
  // the page's runs too, compiles its functions here (V8 compiles a wasm
  // function on its first call, into the module's code, which the page
  // shares), so the page's thread has less to compile.
  await boot(module);
  self.postMessage({ compiled: module });
}

async function fetchAndCompile(file) {
  let response;
  try {
    response = await fetch(file.url);
  } catch (err) {
    throw { stage: "fetch", err: plain(err) };
  }
  if (!response.ok) {
    throw { stage: "status", status: response.status, statusText: response.statusText };
  }
  const type = (response.headers.get("Content-Type") || "").split(";")[0].trim().toLowerCase();
  if (type === "application/wasm" && WebAssembly.compileStreaming) {
    // The response itself is compiled, not a copy of its body: the browser
    // keeps compiled code beside a response it fetched (the service
    // worker's copy, on return visits) and hands it back next time,
    // instead of every thread compiling the functions it calls. A clone,
    // read alongside, counts the bytes for the progress bar.
    countProgress(response.clone(), file.bytes);
    try {
      return await WebAssembly.compileStreaming(response);
    } catch (err) {
      throw { stage: "compile", err: plain(err) };
    }
  }
  const body = counted(response, file.bytes);
  const bytes = new Uint8Array(await new Response(body).arrayBuffer());
  const magic = bytes.length >= 4 && bytes[0] === 0 && bytes[1] === 0x61 && bytes[2] === 0x73 && bytes[3] === 0x6d;
  if (!magic) {
    throw { stage: "notwasm", type: type, head: new TextDecoder().decode(bytes.subarray(0, 64)) };
  }
  console.warn("eALS Live: " + file.url + " was served as " + (type || "no type") + " instead of application/wasm; it was compiled anyway, without streaming.");
  try {
    return await WebAssembly.compile(bytes);
  } catch (err) {
    throw { stage: "compile", err: plain(err) };
  }
}

// countProgress reads a response's body to its end, posting progress.
async function countProgress(response, total) {
  const body = counted(response, total);
  if (!body) {
    return;
  }
  const reader = body.getReader();
  try {
    while (!(await reader.read()).done) {}
  } catch (err) {
    // The compile reports what failed.
  }
}

// counted passes a response's body through, posting the share of the file
// received at most every 50 ms.
function counted(response, total) {
  if (!response.body) {
    return response.body;
  }
  const reader = response.body.getReader();
  let loaded = 0, last = 0;
  return new ReadableStream({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) {
        controller.close();
        return;
      }
      loaded += value.byteLength;
      const now = Date.now();
      if (total > 0 && now - last > 50) {
        last = now;
        self.postMessage({ progress: Math.min(loaded / total, 0.99) });
      }
      controller.enqueue(value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}

// plain makes an error something postMessage can carry.
function plain(err) {
  return { name: (err && err.name) || "Error", message: String((err && err.message) || err) };
}

// The data pack: every worker downloads it itself, once app.wasm is in
// (before, the download would share the connection with it), and its Go
// program decodes it while the page's own starts (work.DecodeAhead). Its
// name says where (pack=URL). The browser's HTTP cache makes the workers'
// downloads one: the others wait for the first and revalidate it.
// ealsFetchPack resolves, and never rejects, to {bytes, ms} or to {status,
// reason}; a failure is forgotten, so that the next call tries again, and
// so are bytes once the Go program has its copy (ealsForgetPack).
self.ealsPackURL = new URLSearchParams(self.name || "").get("pack") || "";
const packs = new Map();
self.ealsFetchPack = (url) => {
  if (!packs.has(url)) {
    const start = performance.now();
    const got = fetch(url).then(async (response) => {
      if (!response.ok) {
        return { status: response.status, reason: response.statusText };
      }
      const bytes = new Uint8Array(await response.arrayBuffer());
      return { bytes: bytes, ms: performance.now() - start };
    }).catch((err) => ({ status: 0, reason: String(err) }));
    got.then((r) => {
      if (!r.bytes) {
        packs.delete(url);
      }
    });
    packs.set(url, got);
  }
  return packs.get(url);
};
self.ealsForgetPack = (url) => packs.delete(url);

async function boot(module) {
  if (self.ealsPackURL) {
    self.ealsFetchPack(self.ealsPackURL);
  }
  let kept = "";
  const write = globalThis.fs.writeSync.bind(globalThis.fs);
  const decoder = new TextDecoder();
  globalThis.fs.writeSync = (fd, buf) => {
    kept = (kept + decoder.decode(buf)).slice(-4096);
    return write(fd, buf);
  };
  try {
    const go = new Go();
    go.argv = ["app.wasm", "worker"];
    const attachKernel = kernelImports(go);
    const instance = await WebAssembly.instantiate(module, go.importObject);
    attachKernel(instance);
    go.run(instance).then(() => {
      self.postMessage({ kind: "fatal", head: JSON.stringify({ Message: "the worker's program stopped: " + lastLines(kept) }) });
    });
  } catch (err) {
    self.postMessage({ kind: "fatal", head: JSON.stringify({ Message: "the worker could not start: " + err }) });
  }
}

// kernelImports gives the Go program the module "ealskernel" it imports:
// core's innermost loops, an epoch's row solve, the rankings' scoring and
// counting and the forming of the caches S^p and S^q, as hand-written WebAssembly with
// SIMD (core/hostkernels.wat, assembled at build time), three to five
// times as fast as Go's own WebAssembly and with the same bits. The
// kernels work in the Go program's memory, so they are instantiated once
// that exists (the returned function); until then, and in a browser
// without WebAssembly SIMD, ready says 0 and Go's loops run.
function kernelImports(go) {
  let module = null, kernels = null;
  try {
    module = new WebAssembly.Module(Uint8Array.from(atob("{{KERNEL_WASM}}"), (c) => c.charCodeAt(0)));
  } catch (err) {
    // No SIMD here: Go's own loops run.
  }
  go.importObject.ealskernel = {
    ready: () => (kernels ? 1 : 0),
    solveRow: (x, other, ids, n, ws, cs, c, pred, s, sScale, lambda, block, a, wr, k) =>
      kernels.solveRow(x, other, ids, n, ws, cs, c, pred, s, sScale, lambda, block, a, wr, k),
    dotRows: (dst, p, q, n, k) => kernels.dotRows(dst, p, q, n, k),
    gram: (dst, m, n, k, w) => kernels.gram(dst, m, n, k, w),
    countBefore: (dst, p, q, n, k, score, from, item) => kernels.countBefore(dst, p, q, n, k, score, from, item),
  };
  return (instance) => {
    if (module) {
      try {
        kernels = new WebAssembly.Instance(module, { go: { mem: instance.exports.mem } }).exports;
      } catch (err) {
        kernels = null;
      }
    }
  };
}

function lastLines(text) {
  const lines = text.split("\n").filter((l) => l.trim() !== "");
  const first = lines.findIndex((l) => /^(panic|fatal error):/.test(l));
  return (first >= 0 ? lines.slice(first, first + 2) : lines.slice(-2)).join(" ") || "no message";
}

// ealsStore keeps trained models in IndexedDB for returning visitors: the
// few most recent, by key (the pack's hash, the settings and the site's
// version). Every failure is a rejected promise; the worker then trains.
self.ealsStore = (() => {
  const keep = 3;
  let opened = null;
  function open() {
    if (!opened) {
      opened = new Promise((resolve, reject) => {
        if (!self.indexedDB) {
          reject(new Error("no IndexedDB"));
          return;
        }
        const req = indexedDB.open("ealslive", 1);
        req.onupgradeneeded = () => req.result.createObjectStore("models");
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
        req.onblocked = () => reject(new Error("IndexedDB is blocked by another tab"));
      });
      opened.catch(() => { opened = null; });
    }
    return opened;
  }
  function done(req) {
    return new Promise((resolve, reject) => {
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
  }
  return {
    async get(key) {
      const db = await open();
      const value = await done(db.transaction("models").objectStore("models").get(key));
      return value && value.bytes ? value.bytes : null;
    },
    async has(key) {
      const db = await open();
      return (await done(db.transaction("models").objectStore("models").count(key))) > 0;
    },
    async put(key, bytes) {
      const db = await open();
      const tx = db.transaction("models", "readwrite");
      const store = tx.objectStore("models");
      store.put({ bytes: bytes, at: Date.now() }, key);
      const all = await done(store.getAllKeys());
      if (all.length > keep) {
        const times = await Promise.all(all.map((k) => done(store.get(k)).then((v) => [k, (v && v.at) || 0])));
        times.sort((a, b) => a[1] - b[1]);
        for (const [k] of times.slice(0, all.length - keep)) {
          store.delete(k);
        }
      }
      await new Promise((resolve, reject) => {
        tx.oncomplete = resolve;
        tx.onerror = () => reject(tx.error);
        tx.onabort = () => reject(tx.error || new Error("aborted"));
      });
    },
  };
})();
