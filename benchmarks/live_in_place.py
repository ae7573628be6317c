"""What a reader pays to play a chapter's widgets live, with no server behind them.

Run: ``python benchmarks/live_in_place.py [--runs 3]`` after ``make build``
(``make benchmark`` runs it).  The built site is served on 127.0.0.1 as ``make
serve`` serves it (gzip copies where the build made them); Chromium resolves no
other host.  Each run opens a fresh browser context (an empty cache) and times,
until every widget of the Tiến Lên chapter (or app) is live:

1. **live in place, first visit**: "Play it live" on the chapter page (one
   Pyodide in a Web Worker, the widgets drawn where they stand);
2. **live in place, second visit**: the same page again in the same browser (its
   cache, and the memory snapshot the first visit kept);
3. **the app without a server**: ``apps/tien_len.html?seed=7``, a first and a
   second visit, from opening the address (the page starts at once);
4. **the reference, JupyterLite's notebook** (the book's earlier "Try it live"):
   the chapter's notebook opened, Run All Cells, until its game widget shows.

It prints each figure's median, fastest and slowest beside the targets, the bytes
the server sent, and where a visit's seconds went, as the page's worker timed
them (``window.__rlLive``): reading its files, Python starting (or restored from
the snapshot), the wheels' files, the imports, making the snapshot, then the
widgets' own Python and the page drawing them.  The machine's load (1-minute
average, before and after) is printed too: on a shared machine the figures are
only comparable at a like load.  It also measures the server's CPU per visit (a
class of any size costs only these files).  It asserts nothing: the browser test
``tests/browser/test_live_in_place.py`` checks that it works.

``--site DIR`` times another built copy of the site (default ``_build/html``);
``--no-notebook`` leaves out the JupyterLite reference (a minute a run).
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import http.server
import json
import os
import resource
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT))
import serve  # noqa: E402

from tests.browser.test_live_in_place import CHAPTERS, python_figures  # noqa: E402

SITE = ROOT / "_build" / "html"
CHAPTER = CHAPTERS["tien_len"][0]  # the page with the Tiến Lên game
OUT = ROOT / "test-output"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
]
PAGE_MS = 420_000
# In every page, before its own scripts: the page's clock at the reader's click and at
# the first frame once every widget of the page is live (however many the page has).
TIMER = """
window.__rlBench = {};
window.addEventListener("click", () => {
  if (window.__rlBench.click === undefined) window.__rlBench.click = performance.now();
}, true);
new MutationObserver((records, observer) => {
  const bars = document.querySelectorAll(".rl-live-bar");
  if (bars.length && [...bars].every((b) => b.dataset.live === "1")) {
    observer.disconnect();
    requestAnimationFrame(() => { window.__rlBench.live = performance.now(); });
  }
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-live"] });
"""
LIVE = "() => window.__rlBench && window.__rlBench.live !== undefined"


class Counting(serve.Handler):  # type: ignore[misc,name-defined]
    sent: list[int] = []  # noqa: RUF012 (one list for the run, shared by the threads)

    def log_message(self, format: str, *args: object) -> None:
        pass

    def copyfile(self, source: Any, outputfile: Any) -> None:
        start = source.tell()
        super().copyfile(source, outputfile)
        self.sent.append(source.tell() - start)


def _sent() -> int:
    total = sum(Counting.sent)
    Counting.sent.clear()
    return total


def live_visit(context: Any, url: str, chapter: bool) -> dict[str, Any]:
    """One visit: ``s`` on the page's own clock (from the click on a chapter's "Play
    it live", from opening an app's address, to the first frame with every widget
    live), ``whole_s`` as Playwright saw it (from asking for the click, which first
    waits until the page is still, or for the address)."""
    page = context.new_page()
    if chapter:  # a chapter: from the click on "Play it live"
        page.goto(url, wait_until="load")
        _sent()
        started = time.monotonic()
        page.locator(".rl-live-go").first.click()
    else:  # an app page: from opening its address (it starts at once)
        _sent()
        started = time.monotonic()
        page.goto(url, wait_until="load")
    page.wait_for_function(LIVE, timeout=PAGE_MS)
    whole = time.monotonic() - started
    clock = page.evaluate("window.__rlBench")
    python = python_figures(page)
    page.close()
    seconds = (clock["live"] - clock.get("click", 0)) / 1000 if chapter else clock["live"] / 1000
    return {"s": seconds, "whole_s": whole, "bytes": _sent(), "python": python}


@contextlib.contextmanager
def fresh_browser(p: Any, incognito: bool) -> Iterator[Any]:
    """A browser with nothing kept: a new profile of its own, as a reader's browser
    (with its code cache, which keeps Pyodide's compiled WebAssembly for the next
    visit), or, with ``incognito``, a Playwright context (no code cache)."""
    viewport = {"width": 1280, "height": 900}
    if incognito:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        context = browser.new_context(viewport=viewport)
        try:
            context.add_init_script(TIMER)
            yield context
        finally:
            browser.close()
        return
    with tempfile.TemporaryDirectory() as profile:
        context = p.chromium.launch_persistent_context(
            profile, executable_path="/usr/bin/chromium", args=ARGS, viewport=viewport
        )
        try:
            context.add_init_script(TIMER)
            yield context
        finally:
            context.close()


def where_the_seconds_go(rows: list[dict[str, Any]]) -> str:
    """The medians of the worker's stages, then the widgets' own Python and the
    rest of the way to live widgets (the page making and drawing their views)."""
    figures: dict[str, list[float]] = {}
    for row in rows:
        python = row["python"]
        for name, value in python["stages"].items():
            figures.setdefault(name, []).append(value)
        shown = python.get("shown", {}).values()
        cells = sum(s.get("python_s", 0) for s in shown)
        last = max((s.get("live_s", 0) for s in shown), default=0)
        figures.setdefault("widgets_python_s", []).append(cells)
        figures.setdefault("page_drawing_s", []).append(max(0.0, last - python["ready_s"] - cells))
        figures.setdefault("worker_to_live_s", []).append(last)
    return ", ".join(f"{name} {statistics.median(v):.2f}" for name, v in figures.items())


def notebook_visit(context: Any, base: str) -> dict[str, Any]:
    page = context.new_page()
    _sent()
    started = time.monotonic()
    page.goto(f"{base}/lite/notebooks/index.html?path=tien_len.ipynb", wait_until="load")
    page.locator(".jp-CodeCell").first.wait_for(state="visible", timeout=PAGE_MS)
    menu = page.locator(".lm-MenuBar-itemLabel", has_text="Run").first
    item = page.locator(
        ".lm-Menu-item", has=page.locator(".lm-Menu-itemLabel", has_text="Run All Cells")
    ).first
    while True:  # JupyterLab greys the command out until the notebook is current
        menu.click()
        item.wait_for(state="visible")
        if "lm-mod-disabled" not in (item.get_attribute("class") or ""):
            item.click()
            break
        page.keyboard.press("Escape")
        time.sleep(0.3)
    page.locator(".rl-tien-len .rl-tl-card").first.wait_for(state="visible", timeout=PAGE_MS)
    seconds = time.monotonic() - started
    page.close()
    return {"s": seconds, "bytes": _sent()}


def summary(values: list[float]) -> str:
    return (
        f"median {statistics.median(values):6.2f}   fastest {min(values):6.2f}   "
        f"slowest {max(values):6.2f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--site", type=Path, default=SITE, help="the built site to time")
    parser.add_argument("--no-notebook", action="store_true", help="leave out the notebook route")
    parser.add_argument(
        "--incognito", action="store_true", help="Playwright's contexts: no code cache kept"
    )
    args = parser.parse_args()
    site = args.site
    if not (site / f"{CHAPTER}.html").exists():
        raise SystemExit("the book is not built: run `make build` first")
    from playwright.sync_api import sync_playwright

    load_before = os.getloadavg()[0]
    handler = functools.partial(Counting, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    chapter = f"{base}/{CHAPTER}.html"
    app = f"{base}/apps/tien_len.html?seed=7"
    rows: dict[str, list[dict[str, Any]]] = {
        "first": [],
        "second": [],
        "app_first": [],
        "app_second": [],
        "notebook": [],
    }
    cpu_before = resource.getrusage(resource.RUSAGE_SELF)
    with sync_playwright() as p:
        for run in range(args.runs):
            with fresh_browser(p, args.incognito) as context:
                rows["first"].append(live_visit(context, chapter, True))
                rows["second"].append(live_visit(context, chapter, True))
            with fresh_browser(p, args.incognito) as context:
                rows["app_first"].append(live_visit(context, app, False))
                rows["app_second"].append(live_visit(context, app, False))
            if not args.no_notebook:
                with fresh_browser(p, args.incognito) as context:
                    rows["notebook"].append(notebook_visit(context, base))
            print(f"  run {run + 1} of {args.runs} done", flush=True)
    cpu_after = resource.getrusage(resource.RUSAGE_SELF)
    server.shutdown()
    visits = sum(len(v) for v in rows.values())
    # the server is a thread of this process: its CPU is this process's, less Playwright's
    # client (an upper bound for the server's own share)
    cpu = (cpu_after.ru_utime + cpu_after.ru_stime) - (cpu_before.ru_utime + cpu_before.ru_stime)

    load_after = os.getloadavg()[0]
    print(
        f"\nLive in place: the widgets of {CHAPTER}, from the click to live (s, the "
        "page's clock; 'whole' as Playwright saw it); load average "
        f"{load_before:.1f} before, {load_after:.1f} after, on {os.cpu_count()} cores; "
        + ("Playwright's incognito contexts" if args.incognito else "a fresh profile per run")
    )
    labels = {
        "first": ("live in place, first visit", "issue 30: <= 4 s, <= 10 MB"),
        "second": ("live in place, second visit", "issue 30: <= 1.5 s"),
        "app_first": ("app page apps/tien_len.html, first visit", "issue 15: <= 10 s"),
        "app_second": ("app page apps/tien_len.html, second visit", "issue 15: <= 3 s"),
        "notebook": ("reference: JupyterLite notebook, Run All", "the old route"),
    }
    for key, (label, target) in labels.items():
        if not rows[key]:
            continue
        seconds = [r["s"] for r in rows[key]]
        megabytes = statistics.median(r["bytes"] for r in rows[key]) / 1e6
        whole = statistics.median(r.get("whole_s", r["s"]) for r in rows[key])
        print(
            f"{label:44s} {summary(seconds)}   whole {whole:5.2f}   {megabytes:5.1f} MB sent"
            f"   ({target})"
        )
    print("where the seconds go, as the page's worker timed them (medians, s):")
    for key in ("first", "second"):
        print(f"  {key} visit: {where_the_seconds_go(rows[key])}")
    snapshot = statistics.median(r["python"].get("snapshot_bytes", 0) for r in rows["first"])
    print(f"memory snapshot kept by the browser: {snapshot / 1e6:.1f} MB")
    print(f"this process (the server and Playwright's client): {cpu / visits:.3f} CPU s per visit")
    OUT.mkdir(exist_ok=True)
    (OUT / "live_in_place_benchmark.json").write_text(json.dumps(rows, indent=1) + "\n")
    print("figures in test-output/live_in_place_benchmark.json")


if __name__ == "__main__":
    main()
