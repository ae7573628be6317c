// Widgets live in place (tools/live/README.md): the Web Worker that runs the page's one
// Python.  It loads the book's own Pyodide and the wheels the widgets import (never a CDN),
// runs page_bridge.py, then the page's widget cells; comm messages travel as postMessage.
// Every message is handled in the order it came, one at a time.

let pyodide = null;
let bridge = null;
let chain = Promise.resolve();

const say = (message, transfer) => self.postMessage(message, transfer || []);

self.onmessage = (event) => {
  chain = chain.then(() => handle(event.data)).catch((error) =>
    say({ type: "error", text: String((error && error.message) || error) }));
};

async function handle(message) {
  if (message.type === "start") return start(message);
  if (message.type === "run") return run(message);
  if (message.type === "comm_msg") return commMsg(message);
}

// Which wheels of the lock the widgets need: the closure of `wanted`'s dependencies,
// less the packages page_bridge.py stands in for.
function wheelsFor(lock, wanted, skip) {
  const seen = new Set();
  const files = [];
  const visit = (name) => {
    if (seen.has(name) || skip.includes(name)) return;
    seen.add(name);
    const info = lock.packages[name];
    if (!info) throw new Error(`the book's Pyodide has no package ${name}`);
    for (const dep of info.depends || []) visit(dep);
    files.push(info.file_name);
  };
  wanted.forEach(visit);
  return files;
}

async function start({ pyodideBase, bridgeUrl, wanted, skip }) {
  const t0 = performance.now();
  say({ type: "progress", step: 1, text: "Starting Python in your browser" });
  const { loadPyodide } = await import(pyodideBase + "pyodide.mjs");
  const lock = await (await fetch(pyodideBase + "pyodide-lock.json")).json();
  const urls = wheelsFor(lock, wanted, skip).map((file) => new URL(file, pyodideBase).href);
  const source = await (await fetch(bridgeUrl)).text();
  const key = await snapshotKey(pyodideBase, lock, source);
  let saved = await readSnapshot(key);
  const tRead = performance.now();
  const createModule = (await import(pyodideBase + "pyodide.asm.mjs")).default;
  const options = { indexURL: pyodideBase, packages: [] };
  if (saved) {
    options._loadSnapshot = saved;
    // Pyodide copies the snapshot's memory over the new module's, but the module starts
    // with the memory its WebAssembly declares (30 MiB here), which a snapshot of the
    // widgets outgrows: grow it first, as the module itself grows its heap.
    options.createPyodideModule = async (settings) => {
      const module = await createModule(settings);
      const header = new Uint32Array(saved.buffer, saved.byteOffset, 4)[1];
      const needed = saved.length - header;
      if (needed > module.HEAP8.length && !module._emscripten_resize_heap(needed)) {
        throw new Error(`cannot grow Python's memory to ${needed} bytes`);
      }
      return module;
    };
  } else {
    options._makeSnapshot = true;
  }
  try {
    pyodide = await loadPyodide(options);
  } catch (error) {
    if (!saved) throw error;
    say({ type: "log", text: `the kept snapshot did not load (${error}): starting afresh` });
    saved = null;
    await dropSnapshot(key); // a snapshot this Pyodide cannot read: start as on a first visit
    pyodide = await loadPyodide({ indexURL: pyodideBase, packages: [], _makeSnapshot: true });
  }
  const t1 = performance.now();
  say({ type: "progress", step: 2, text: "Loading the rules library and the widgets" });
  // The wheels' files, unpacked into site-packages (a snapshot holds the modules
  // imported, not the files).  Not loadPackage: what it records cannot be snapshotted.
  const wheels = await Promise.all(urls.map(async (url) => {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    return response.arrayBuffer();
  }));
  for (const wheel of wheels) pyodide.unpackArchive(wheel, "wheel");
  pyodide.FS.writeFile("/home/pyodide/page_bridge.py", source);
  const t2 = performance.now();
  say({ type: "progress", step: 3, text: "Importing the widgets" });
  if (!saved) pyodide.runPython("import page_bridge; page_bridge.warm_up(\"rules_lib.widgets\")");
  let snapshot = null;
  if (!saved) snapshot = pyodide.makeMemorySnapshot();
  bridge = pyodide.pyimport("page_bridge");
  bridge.install((msgType, commId, json, buffers) => {
    const arrays = toArrays(buffers);
    say({ type: "comm", msgType, commId, json, buffers: arrays }, arrays.map((a) => a.buffer));
  });
  const t3 = performance.now();
  const s = (a, b) => Math.round(b - a) / 1000;
  say({
    type: "ready",
    seconds: s(t0, t3),
    stages: { snapshot_read_s: s(t0, tRead), python_s: s(tRead, t1), packages_s: s(t1, t2), imports_s: s(t2, t3) },
    files: urls.length,
    snapshot: saved ? "used" : "made",
  });
  if (snapshot) writeSnapshot(key, snapshot);
}

// The memory snapshot (Python started, the widgets imported) kept in the browser's Cache
// Storage, under a key that changes whenever the book's Pyodide, wheels or bridge do.
const CACHE = "thirteen-live-snapshots";

async function snapshotKey(pyodideBase, lock, source) {
  const text = JSON.stringify(lock) + "\n" + source;
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  const hex = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
  return new URL(`snapshot-${hex.slice(0, 20)}.bin`, pyodideBase).href;
}

async function readSnapshot(key) {
  try {
    if (!self.caches) return null;
    const response = await (await caches.open(CACHE)).match(key);
    return response ? new Uint8Array(await response.arrayBuffer()) : null;
  } catch (error) {
    return null; // no Cache Storage here (a private window): start as on a first visit
  }
}

async function writeSnapshot(key, bytes) {
  try {
    if (!self.caches) return;
    const cache = await caches.open(CACHE);
    for (const old of await cache.keys()) await cache.delete(old); // one book, one snapshot
    await cache.put(key, new Response(bytes));
    say({ type: "kept", bytes: bytes.length });
  } catch (error) {
    say({ type: "kept", bytes: 0, text: String(error) });
  }
}

async function dropSnapshot(key) {
  try {
    await (await caches.open(CACHE)).delete(key);
  } catch (error) { /* nothing kept */ }
}

function toArrays(buffers) {
  const list = buffers && buffers.toJs ? buffers.toJs() : buffers || [];
  if (buffers && buffers.destroy) buffers.destroy();
  return Array.from(list, (b) => new Uint8Array(b));
}

async function run({ key, code }) {
  try {
    const t0 = performance.now();
    const shown = bridge.run_cell(code);
    const modelIds = shown.toJs();
    shown.destroy();
    say({ type: "shown", key, modelIds, pythonSeconds: Math.round(performance.now() - t0) / 1000 });
  } catch (error) {
    say({ type: "failed", key, text: pythonError(error) });
  }
}

function commMsg({ commId, json, buffers, msgId }) {
  const arrays = pyodide.toPy((buffers || []).map((b) => new Uint8Array(b)));
  let text = "";
  try {
    text = bridge.receive(commId, json, arrays);
  } finally {
    arrays.destroy();
  }
  say({ type: "idle", msgId, text });
}

function pythonError(error) {
  const text = String((error && error.message) || error);
  const lines = text.trim().split("\n");
  return lines[lines.length - 1] || text;
}
