// Widgets live in place (tools/live/README.md): the Web Worker that runs the page's one
// Python.  It loads the book's own Pyodide and the live runtime's files the build
// compiled for it (tools/lite/live_bundle.py: never a CDN), runs page_bridge.py, then
// the page's widget cells; comm messages travel as postMessage.  Every message is
// handled in the order it came, one at a time.

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

async function fetched(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return response;
}

// The wheels' files, as one gzipped tar (ustar) of site-packages: read here, each
// file written straight into Pyodide's file system (no Python, no zip in WebAssembly).
async function readTar(url) {
  const response = await fetched(url);
  const bytes = new Uint8Array(await new Response(
    response.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer());
  const text = (start, length) => {
    let end = start;
    while (end < start + length && bytes[end] !== 0) end++;
    return new TextDecoder().decode(bytes.subarray(start, end));
  };
  const files = [];
  for (let at = 0; at + 512 <= bytes.length;) {
    const name = text(at, 100);
    if (!name) break;
    const size = parseInt(text(at + 124, 12).trim() || "0", 8);
    const type = String.fromCharCode(bytes[at + 156] || 48);
    const prefix = text(at + 345, 155);
    if (type === "0") files.push([prefix ? `${prefix}/${name}` : name, bytes.subarray(at + 512, at + 512 + size)]);
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return files;
}

function writeFiles(root, files) {
  const made = new Set();
  for (const [name, data] of files) {
    const path = `${root}/${name}`;
    const folder = path.slice(0, path.lastIndexOf("/"));
    if (!made.has(folder)) {
      pyodide.FS.mkdirTree(folder);
      made.add(folder);
    }
    pyodide.FS.writeFile(path, data);
  }
}

async function start({ pyodideBase, bridgeUrl }) {
  const t0 = performance.now();
  const marks = {};
  const mark = (name) => { marks[name] = performance.now(); };
  say({ type: "progress", step: 1, text: "Starting Python in your browser" });
  const keeping = Boolean(self.caches);
  // everything the start needs, asked for at once (the snapshot kept, if any, too: its
  // key is checked once the files that make it are here)
  const kept = keeping ? readKept() : Promise.resolve(null);
  const [{ loadPyodide }, createModule, manifest, source] = await Promise.all([
    import(pyodideBase + "pyodide.mjs"),
    import(pyodideBase + "pyodide.asm.mjs").then((m) => m.default),
    fetched(pyodideBase + "live.json").then((r) => r.json()),
    fetched(bridgeUrl).then((r) => r.text()),
  ]);
  const site = readTar(new URL(manifest.site, pyodideBase).href);
  site.catch(() => {}); // awaited below; an early failure must not go unhandled
  const key = await snapshotKey(pyodideBase, manifest, source);
  const found = await kept;
  let saved = found && found.key === key ? found.bytes : null;
  mark("read");
  const options = {
    indexURL: pyodideBase,
    stdLibURL: new URL(manifest.stdlib, pyodideBase).href,
    packages: [],
  };
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
  } else if (keeping) {
    options._makeSnapshot = true;
  }
  try {
    pyodide = await loadPyodide(options);
  } catch (error) {
    if (!saved) throw error;
    say({ type: "log", text: `the kept snapshot did not load (${error}): starting afresh` });
    saved = null;
    await dropSnapshot(key); // a snapshot this Pyodide cannot read: start as on a first visit
    delete options._loadSnapshot;
    delete options.createPyodideModule;
    options._makeSnapshot = true;
    pyodide = await loadPyodide(options);
  }
  mark("python");
  say({ type: "progress", step: 2, text: "Loading the rules library and the widgets" });
  // The wheels' files, compiled, into site-packages (a snapshot holds the modules
  // imported, not the files, so a restored Python gets them again too).
  writeFiles(manifest.site_packages, await site);
  pyodide.FS.writeFile("/home/pyodide/page_bridge.py", source);
  pyodide.runPython("import importlib; importlib.invalidate_caches()");
  mark("site");
  say({ type: "progress", step: 3, text: "Importing the widgets" });
  let snapshot = null;
  if (!saved) {
    pyodide.runPython(`import page_bridge; page_bridge.warm_up(${JSON.stringify(manifest.warm_up)})`);
    mark("imports");
    // the snapshot is taken before the bridge is installed: it may hold no JavaScript object
    if (keeping) snapshot = pyodide.makeMemorySnapshot();
  } else {
    mark("imports");
  }
  mark("snapshot");
  bridge = pyodide.pyimport("page_bridge");
  // a restored Python would deal what the snapshot's random state deals: seed afresh
  const entropy = Array.from(crypto.getRandomValues(new Uint8Array(32)),
                             (b) => b.toString(16).padStart(2, "0")).join("");
  bridge.reseed(entropy);
  bridge.install((msgType, commId, json, buffers) => {
    const arrays = toArrays(buffers);
    say({ type: "comm", msgType, commId, json, buffers: arrays }, arrays.map((a) => a.buffer));
  });
  mark("ready");
  const s = (a, b) => Math.round(b - a) / 1000;
  say({
    type: "ready",
    seconds: s(t0, marks.ready),
    // where the seconds went: reading the files and the kept snapshot, Python's start
    // (or its restore), the wheels' files, the widgets' imports, the snapshot, the bridge
    stages: {
      files_s: s(t0, marks.read),
      python_s: s(marks.read, marks.python),
      wheels_s: s(marks.python, marks.site),
      imports_s: s(marks.site, marks.imports),
      snapshot_s: s(marks.imports, marks.snapshot),
      bridge_s: s(marks.snapshot, marks.ready),
    },
    files: manifest.packages.length,
    snapshot: saved ? "used" : snapshot ? "made" : "none",
  });
  if (snapshot) writeSnapshot(key, snapshot);
}

// The memory snapshot (Python started, the widgets imported) kept in the browser's Cache
// Storage, under a key that changes whenever the book's Pyodide, its compiled files or
// the bridge do.
const CACHE = "thirteen-live-snapshots";

async function snapshotKey(pyodideBase, manifest, source) {
  const text = JSON.stringify(manifest) + "\n" + source;
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  const hex = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
  return new URL(`snapshot-${hex.slice(0, 20)}.bin`, pyodideBase).href;
}

// The one snapshot kept (one book, one snapshot), as { key, bytes }, or null.
async function readKept() {
  try {
    const cache = await caches.open(CACHE);
    const keys = await cache.keys();
    if (keys.length !== 1) return null;
    const response = await cache.match(keys[0]);
    return response ? { key: keys[0].url, bytes: new Uint8Array(await response.arrayBuffer()) } : null;
  } catch (error) {
    return null; // no Cache Storage here (a private window): start as on a first visit
  }
}

async function writeSnapshot(key, bytes) {
  try {
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

async function run({ key, code, query, follow }) {
  try {
    const t0 = performance.now();
    const shown = bridge.run_cell(code);
    const modelIds = shown.toJs();
    shown.destroy();
    // a chapter's widgets deal what the page's address asks (?seed=…&rules=…)
    const note = query && follow ? bridge.follow_link(query, follow) : "";
    say({ type: "shown", key, modelIds, note, pythonSeconds: Math.round(performance.now() - t0) / 1000 });
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
