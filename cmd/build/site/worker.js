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
      self.postMessage({ fatal: "the worker's program stopped: " + lastLines(kept) });
    });
  } catch (err) {
    self.postMessage({ fatal: "the worker could not start: " + err });
  }
}

function lastLines(text) {
  const lines = text.split("\n").filter((l) => l.trim() !== "");
  const first = lines.findIndex((l) => /^(panic|fatal error):/.test(l));
  return (first >= 0 ? lines.slice(first, first + 2) : lines.slice(-2)).join(" ") || "no message";
}
