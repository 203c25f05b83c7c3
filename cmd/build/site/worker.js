// eALS Live's Web Worker: app.wasm in its worker role (see app/worker),
// which trains and evaluates off the page's thread. The page posts the
// compiled module first ({boot: module}); messages that arrive before the Go
// program has installed its own handler wait in ealsEarly.
"use strict";
importScripts("../wasm_exec.js");

self.ealsEarly = [];
self.onmessage = (event) => {
  const msg = event.data;
  if (msg && msg.boot) {
    boot(msg.boot);
    return;
  }
  self.ealsEarly.push(msg);
};

async function boot(module) {
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
    const instance = await WebAssembly.instantiate(module, go.importObject);
    go.run(instance).then(() => {
      self.postMessage({ kind: "fatal", head: JSON.stringify({ Message: "the worker's program stopped: " + lastLines(kept) }) });
    });
  } catch (err) {
    self.postMessage({ kind: "fatal", head: JSON.stringify({ Message: "the worker could not start: " + err }) });
  }
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
