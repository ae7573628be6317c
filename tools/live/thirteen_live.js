// Widgets live in place (tools/live/README.md).
//
// A chapter's widgets are drawn from the state saved at build time: each such picture
// is shown as a picture (framed, labelled, inert: nothing in it answers a tap or takes
// the keyboard's focus), and a tap on it, or its "Play it live" button, brings every
// widget of the page to life where it stands.  One Pyodide, in a Web Worker
// (thirteen_live_worker.mjs), runs the page's widget cells (the list the build wrote in
// #rl-live-cells); a widget manager on the page draws the live widgets from the same comm
// messages a kernel would send.  An app page (apps/<app>.html) starts at once and shows its
// app in a box of its own.  Nothing is fetched from another host.
(function () {
  "use strict";
  var here = document.currentScript.src.replace(/[^\/]*$/, ""); // .../_static/
  var page = null; // what the build wrote in #rl-live-cells, read once the page is parsed
  var STEPS = 4; // start Python, load the wheels, import the widgets, then the widgets
  var state = { started: false, worker: null, manager: null, comms: {}, pending: {}, next: 1 };
  var bars = [];
  var PICTURE = " of the first position, not live yet: tap it, or Play it live, to play.";

  function viewScript(modelId) {
    var scripts = document.querySelectorAll('script[type="application/vnd.jupyter.widget-view+json"]');
    for (var i = 0; i < scripts.length; i++) {
      try {
        if (JSON.parse(scripts[i].textContent).model_id === modelId) return scripts[i];
      } catch (e) { /* not a view */ }
    }
    return null;
  }

  // The saved view in a frame that says it is a picture: the bar on top (just above the
  // widget's own controls), the picture below it, inert until the page is live.
  function framePicture(record) {
    var script = record.script;
    var frame = document.createElement("div");
    frame.className = "rl-live-frame rl-live-picture";
    var frozen = document.createElement("div");
    frozen.className = "rl-live-frozen";
    frozen.inert = true;
    frozen.setAttribute("inert", "");
    var drawn = script.previousElementSibling; // the picture, if the page drew it already
    if (!(drawn && drawn.classList.contains("widget-subarea"))) drawn = null;
    script.parentElement.insertBefore(frame, drawn || script);
    frame.append(record.bar, frozen);
    if (drawn) frozen.appendChild(drawn);
    frozen.appendChild(script); // the widget manager draws the picture beside it, in the frame
    // a tap or click on the picture (which, inert, passes it to the frame) or on its
    // label starts it live
    frame.addEventListener("click", function () { goLive(record); });
    record.frame = frame;
    record.frozen = frozen;
  }

  function makeBar(cell, index) {
    var script = cell.model_id ? viewScript(cell.model_id) : null;
    var target = cell.target ? document.querySelector(cell.target) : null;
    if (!script && !target) return null;
    var bar = document.createElement("div");
    bar.className = "rl-live-bar";
    bar.setAttribute("role", "group");
    bar.setAttribute("aria-label", "Live widget " + (index + 1));
    var button = document.createElement("button");
    button.type = "button";
    button.className = "rl-live-go";
    button.textContent = "Play it live";
    var status = document.createElement("span");
    status.className = "rl-live-status";
    status.setAttribute("aria-live", "polite");
    var tag = document.createElement("strong"); // what it is, first and plainly
    tag.className = "rl-live-tag";
    tag.textContent = "Picture";
    status.append(tag, PICTURE);
    var progress = document.createElement("progress");
    progress.className = "rl-live-progress";
    progress.max = STEPS;
    progress.value = 0;
    progress.hidden = true;
    progress.setAttribute("aria-label", "Starting Python");
    bar.append(button, progress, status);
    var record = { key: cell.model_id || cell.target, bar: bar, button: button, status: status,
                   progress: progress, cell: cell, script: script, target: target };
    button.addEventListener("click", function () { goLive(record); });
    if (script) {
      button.setAttribute("aria-describedby", "rl-live-status-" + index);
      status.id = "rl-live-status-" + index;
      framePicture(record);
    } else {
      button.hidden = true;
      target.appendChild(bar);
    }
    return record;
  }

  function each(fn) { bars.forEach(function (b) { if (b) fn(b); }); }

  function progressTo(step, text) {
    each(function (b) {
      if (b.done) return;
      b.progress.hidden = false;
      b.progress.value = step;
      b.status.textContent = text + "…";
    });
  }

  function fail(b, text) {
    b.done = true;
    b.progress.hidden = true;
    b.bar.classList.add("rl-live-failed");
    b.bar.setAttribute("role", "alert");
    b.status.textContent = "This widget could not go live: " + text +
      (b.script ? " The picture below stays." : " Reload the page to try again.");
    pageButtons();
  }

  // The page's own "Play the widgets live" buttons say what the page is doing: busy
  // while Python starts, then, once every widget is live, that it is live (and rest).
  function pageButtons() {
    var all = bars.filter(Boolean);
    var live = all.filter(function (b) { return b.bar.dataset.live; }).length;
    var done = all.every(function (b) { return b.done; });
    document.querySelectorAll(".rl-live-page-button").forEach(function (button) {
      button.setAttribute("aria-disabled", "true");
      if (!done) {
        button.classList.add("rl-live-busy");
        button.setAttribute("aria-busy", "true");
        button.textContent = "Starting the widgets…";
        return;
      }
      button.classList.remove("rl-live-busy");
      button.removeAttribute("aria-busy");
      button.classList.add("rl-live-page-done");
      button.textContent = !all.length ? "No widget of this page can go live"
        : live === all.length ? "The widgets are live"
        : live ? "Some widgets are live" : "The widgets could not go live";
      // a disabled button drops the keyboard's focus: only one the reader is not on
      if (document.activeElement !== button) button.disabled = true;
    });
  }

  function goLive(first) {
    if (state.started) return;
    state.started = true;
    state.t0 = performance.now();
    // aria-disabled, not disabled: a disabled button loses the keyboard's focus, and
    // the reader who pressed it would start again from the top of the page
    each(function (b) {
      b.button.setAttribute("aria-disabled", "true");
      if (b.frame) b.frame.classList.add("rl-live-starting");
    });
    pageButtons();
    var order = bars.filter(Boolean);
    if (!order.length) return; // nothing to bring to life: no Python to start
    if (first) order = [first].concat(order.filter(function (b) { return b !== first; }));
    state.order = order;
    progressTo(0, "Starting Python in your browser");
    // the worker starts at once; the widget manager (on the page already) loads meanwhile
    startWorker();
    state.managerReady = new Promise(function (resolve, reject) {
      window.require(["@jupyter-widgets/html-manager"], function (hm) {
        state.manager = new hm.HTMLManager({ loader: hm.requireLoader });
        resolve();
      }, reject);
    });
    state.managerReady.catch(function (error) {
      each(function (b) { if (!b.done) fail(b, "the widget manager did not load (" + error + ")."); });
    });
  }

  function startWorker() {
    var worker = new Worker(here + "thirteen_live_worker.mjs", { type: "module" });
    state.worker = worker;
    // As a kernel connection does, handle the worker's messages one at a time, each
    // after the one before has finished: a widget's updates follow its comm_open and
    // must wait until the page has made its model.
    var chain = Promise.resolve();
    worker.onmessage = function (event) {
      chain = chain.then(function () { return onWorker(event.data); }).catch(function (error) {
        console.error("[live]", error);
      });
    };
    worker.onerror = function (event) {
      each(function (b) { if (!b.done) fail(b, "Python stopped (" + (event.message || "an error") + ")."); });
    };
    worker.postMessage({
      type: "start",
      pyodideBase: new URL(page.pyodide, here).href,
      bridgeUrl: here + "page_bridge.py",
    });
  }

  function pageQuery() { return window.location.search.replace(/^\?/, ""); }

  function runMessage(b) {
    var cell = b.cell;
    var message = { type: "run", key: b.key, code: cell.code };
    // an app: the page's link as a Python string literal (JSON encodes it, never pasted raw)
    if (cell.query) {
      message.code = "QUERY = " + JSON.stringify(window.location.search.replace(/^\?/, "")) + "\n" + cell.code;
    }
    // a chapter: its widgets deal what the page's address asks (?seed=…&rules=…)
    else if (page.follow && pageQuery()) {
      message.query = pageQuery();
      message.follow = page.follow;
    }
    return message;
  }

  function onWorker(m) {
    if (m.type === "progress") progressTo(m.step, m.text);
    else if (m.type === "ready") {
      window.__rlLive = { ready_s: m.seconds, stages: m.stages, wheels: m.files, snapshot: m.snapshot, shown: {} };
      progressTo(4, "Starting the widgets");
      return state.managerReady.then(function () {
        window.__rlLive.manager_s = (performance.now() - state.t0) / 1000;
        state.order.forEach(function (b) { state.worker.postMessage(runMessage(b)); });
      }, function () { /* said by goLive */ });
    } else if (m.type === "comm") return onComm(m);
    else if (m.type === "shown") {
      if (window.__rlLive) window.__rlLive.shown[m.key] = { python_s: m.pythonSeconds };
      return show(m.key, m.modelIds, m.note);
    } else if (m.type === "failed") each(function (b) { if (b.key === m.key) fail(b, m.text); });
    else if (m.type === "idle") onIdle(m);
    else if (m.type === "kept" && window.__rlLive) window.__rlLive.snapshot_bytes = m.bytes;
    else if (m.type === "error") each(function (b) { if (!b.done) fail(b, m.text); });
    else if (m.type === "log") console.warn("[live]", m.text);
  }

  // The page's end of one comm: what ipywidgets' models call to talk to their Python twin.
  function Comm(id, target) {
    this.comm_id = id;
    this.target_name = target;
    this._onMsg = null;
    this._onClose = null;
  }
  Comm.prototype.open = function () { return ""; };
  Comm.prototype.send = function (data, callbacks, metadata, buffers) {
    var msgId = "live-" + state.next++;
    state.pending[msgId] = callbacks || null;
    var arrays = (buffers || []).map(function (b) {
      return b instanceof ArrayBuffer ? new Uint8Array(b.slice(0))
        : new Uint8Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));
    });
    state.worker.postMessage({ type: "comm_msg", commId: this.comm_id, json: JSON.stringify(data),
                               buffers: arrays, msgId: msgId });
    return msgId;
  };
  Comm.prototype.close = function () {
    delete state.comms[this.comm_id];
    return "";
  };
  Comm.prototype.on_msg = function (cb) { this._onMsg = cb; };
  Comm.prototype.on_close = function (cb) { this._onClose = cb; };

  function onComm(m) {
    var message = JSON.parse(m.json);
    var msg = {
      header: { msg_type: m.msgType, msg_id: "py-" + state.next++ },
      parent_header: {},
      content: { comm_id: m.commId, data: message.data, target_name: message.target_name },
      metadata: message.metadata,
      buffers: m.buffers.map(function (a) { return new DataView(a.buffer); }),
    };
    if (m.msgType === "comm_open") {
      var comm = new Comm(m.commId, message.target_name);
      state.comms[m.commId] = comm;
      return state.manager.handle_comm_open(comm, msg).catch(function (error) { console.error("[live]", error); });
    }
    var known = state.comms[m.commId];
    if (m.msgType === "comm_msg" && known && known._onMsg) return known._onMsg(msg);
    if (m.msgType === "comm_close") {
      delete state.comms[m.commId];
      if (known && known._onClose) known._onClose(msg);
    }
  }

  // Python has handled a message from the page: tell its model (ipywidgets holds further
  // changes back until the "kernel" is idle again), and show a handler's error.
  function onIdle(m) {
    var callbacks = state.pending[m.msgId];
    delete state.pending[m.msgId];
    if (m.text) {
      console.error("[live] a widget's handler failed:", m.text);
      var last = m.text.trim().split("\n").pop();
      each(function (b) { if (b.bar.dataset.live) b.status.textContent = "The widget hit an error: " + last; });
    }
    var status = callbacks && callbacks.iopub && callbacks.iopub.status;
    if (status) status({ header: { msg_type: "status" }, parent_header: { msg_id: m.msgId },
                         content: { execution_state: "idle" }, metadata: {} });
  }

  function show(key, modelIds, note) {
    var b = bars.filter(function (x) { return x && x.key === key; })[0];
    if (!b) return;
    // the live widgets are drawn in a box beside the picture (a widget needs a host that
    // is in the page), hidden until all of them are drawn, then take its place
    var area = document.createElement("div");
    area.className = "rl-live-area";
    area.hidden = true;
    if (b.script) b.script.parentElement.insertBefore(area, b.script);
    else b.target.appendChild(area);
    return Promise.all(modelIds.map(function (id) {
      return state.manager.get_model(id).then(function (model) { return state.manager.create_view(model); });
    })).then(function (views) {
      return views.reduce(function (done, view) {
        var box = document.createElement("div");
        box.className = "widget-subarea";
        area.appendChild(box);
        return done.then(function () { return state.manager.display_view(view, box); });
      }, Promise.resolve());
    }).then(function () {
      if (b.script) {
        var old = area.previousElementSibling;
        if (old && old.classList.contains("widget-subarea")) old.remove();
        b.script.remove(); // the saved view is gone: the live one stands in its place
        b.frozen.inert = false;
        b.frozen.removeAttribute("inert");
        b.frame.classList.remove("rl-live-picture", "rl-live-starting");
        b.frame.classList.add("rl-live-frame-on");
      }
      area.hidden = false;
      window.dispatchEvent(new Event("resize")); // the widget manager lays the views out again
      b.done = true;
      b.progress.hidden = true;
      if (document.activeElement === b.button) { // keep the keyboard where it was
        b.status.tabIndex = -1;
        b.status.focus();
      }
      b.button.hidden = true;
      b.bar.classList.add("rl-live-on");
      b.status.textContent = "Live: Python runs in your browser." +
        (note ? " This page's address could not be used as given: " + note + "." : "");
      b.bar.dataset.live = "1";
      if (window.__rlLive) window.__rlLive.shown[key].live_s = (performance.now() - state.t0) / 1000;
      pageButtons();
    }).catch(function (error) { fail(b, String((error && error.message) || error)); });
  }

  function init() {
    var config = document.getElementById("rl-live-cells");
    if (!config) return;
    page = JSON.parse(config.textContent);
    bars = page.cells.map(makeBar);
    document.querySelectorAll(".rl-live-page-button").forEach(function (button) {
      button.addEventListener("click", function () { goLive(null); });
    });
    if (page.autostart) goLive(null);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
