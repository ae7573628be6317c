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
the server sent, and where the first visit's seconds went (Python starting,
wheels, imports, the widgets' own code); it also measures the server's CPU per
visit (a class of any size costs only these files).  It asserts nothing: the
browser test ``tests/browser/test_live_in_place.py`` checks that it works.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import resource
import statistics
import sys
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT))
import serve  # noqa: E402

from tests.browser.test_live_in_place import python_figures  # noqa: E402

SITE = ROOT / "_build" / "html"
OUT = ROOT / "test-output"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
]
PAGE_MS = 420_000
LIVE = "n => document.querySelectorAll('.rl-live-bar[data-live=\"1\"]').length === n"


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


def live_visit(context: Any, url: str, count: int) -> dict[str, Any]:
    page = context.new_page()
    if count:  # a chapter: from the click on "Play it live"
        page.goto(url, wait_until="load")
        _sent()
        started = time.monotonic()
        page.locator(".rl-live-go").first.click()
    else:  # an app page: from opening its address (it starts at once)
        _sent()
        started = time.monotonic()
        page.goto(url, wait_until="load")
    page.wait_for_function(LIVE, arg=max(count, 1), timeout=PAGE_MS)
    seconds = time.monotonic() - started
    python = python_figures(page)
    page.close()
    return {"s": seconds, "bytes": _sent(), "python": python}


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
    args = parser.parse_args()
    if not (SITE / "book" / "tien_len" / "index.html").exists():
        raise SystemExit("the book is not built: run `make build` first")
    from playwright.sync_api import sync_playwright

    handler = functools.partial(Counting, directory=str(SITE))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    chapter = f"{base}/book/tien_len/index.html"
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
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        for run in range(args.runs):
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            rows["first"].append(live_visit(context, chapter, 2))
            rows["second"].append(live_visit(context, chapter, 2))
            context.close()
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            rows["app_first"].append(live_visit(context, app, 0))
            rows["app_second"].append(live_visit(context, app, 0))
            context.close()
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            rows["notebook"].append(notebook_visit(context, base))
            context.close()
            print(f"  run {run + 1} of {args.runs} done", flush=True)
        browser.close()
    cpu_after = resource.getrusage(resource.RUSAGE_SELF)
    server.shutdown()
    visits = sum(len(v) for v in rows.values())
    # the server is a thread of this process: its CPU is this process's, less Playwright's
    # client (an upper bound for the server's own share)
    cpu = (cpu_after.ru_utime + cpu_after.ru_stime) - (cpu_before.ru_utime + cpu_before.ru_stime)

    print("\nLive in place: the Tiến Lên chapter's two widgets, from the click to live (s)")
    labels = {
        "first": ("live in place, first visit", "target <= 6 s, <= 10 MB"),
        "second": ("live in place, second visit", "target <= 2 s"),
        "app_first": ("app page apps/tien_len.html, first visit", "issue 15: <= 10 s"),
        "app_second": ("app page apps/tien_len.html, second visit", "issue 15: <= 3 s"),
        "notebook": ("reference: JupyterLite notebook, Run All", "the old route"),
    }
    for key, (label, target) in labels.items():
        seconds = [r["s"] for r in rows[key]]
        megabytes = statistics.median(r["bytes"] for r in rows[key]) / 1e6
        print(f"{label:44s} {summary(seconds)}   {megabytes:5.1f} MB sent   ({target})")
    stages = [r["python"]["stages"] for r in rows["first"]]
    print(
        "first visit, where the seconds go (medians): "
        + ", ".join(
            f"{name} {statistics.median(s[name] for s in stages):.2f}" for name in stages[0]
        )
    )
    snapshot = statistics.median(r["python"].get("snapshot_bytes", 0) for r in rows["first"])
    print(f"memory snapshot kept by the browser: {snapshot / 1e6:.1f} MB")
    print(f"this process (the server and Playwright's client): {cpu / visits:.3f} CPU s per visit")
    OUT.mkdir(exist_ok=True)
    (OUT / "live_in_place_benchmark.json").write_text(json.dumps(rows, indent=1) + "\n")
    print("figures in test-output/live_in_place_benchmark.json")


if __name__ == "__main__":
    main()
