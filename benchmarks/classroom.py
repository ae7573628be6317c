"""How long a class waits for the arrange app on one Voila server, and on none.

Run: ``python benchmarks/classroom.py [--students 30]`` (``make benchmark``).

Each measurement starts a fresh Voila server as ``make app`` does, on 127.0.0.1:

1. **one student alone** (the baseline): a Chromium page opens the shared link;
   time to the first widget, then the two clicks (best arrangement, show down);
2. **the server alone**: N plain HTTP requests for the page at the same moment,
   no browser.  Voila answers each once it has started that page's kernel and
   run the notebook, so this is the server's own share of the wait;
3. **the server warm**: the same N requests, each with its own deal number,
   on a server started with N kernels waiting (``make app STUDENTS=N``); then
   one student alone in Chromium on that warm server;
4. **the class**: N Chromium pages open the link at the same moment, then each
   makes the two clicks.  The server and the N browsers share the machine's
   cores, so this mixes the thing measured with the harness: compare it with 2
   and 3, and with **the browsers alone**: the same N pages opening a small
   static page, which shows the browsers' own cost on these cores;
5. **the serverless app** (after ``make build``): N students fetch at the same
   moment every file a first visit to ``apps/arrange_13.html`` fetches (the page,
   the live runtime, Pyodide, the wheels), plain HTTP with gzip, from one static
   server as ``make serve`` runs it: then Python runs in each student's browser.

For 2, 3 and 5 it also reports the CPU seconds the server (and its kernels)
spent per student during the arrivals.

Prints the median and the slowest figure of each beside the baseline and the
memory of a session's kernel, and writes them to
``test-output/classroom_load.json``.  It asserts nothing: the browser test
``tests/browser/test_classroom.py`` checks that a class gets working apps.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import sys
import time
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import psutil

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT))
import voila_app as launcher  # noqa: E402

from tests.browser.conftest import CHROMIUM_ARGS, chromium_path  # noqa: E402

APP = "book/apps/arrange_13.ipynb"
QUERY = "?seed=42&rules=cp-source"
LIMIT_MS = (launcher.KERNEL_STARTUP_S + launcher.IOPUB_S) * 1000


OUT = ROOT / "test-output"


@contextmanager
def voila_server(name: str, students: int = 0) -> Iterator[tuple[str, int]]:
    """A fresh Voila server for the arrange app (with ``students`` kernels
    started ahead, and waited for); yields its link and process id.  Its log
    goes to ``test-output/classroom-voila-<name>.log``."""
    OUT.mkdir(exist_ok=True)
    warm = OUT / f"classroom-warm-{name}"
    shutil.rmtree(warm, ignore_errors=True)
    warm.mkdir()
    pool = launcher.pool_options(APP, students)
    log = OUT / f"classroom-voila-{name}.log"
    with launcher.serving(APP, log, pool=pool, warm_dir=warm) as (base, pid):
        started = time.monotonic()
        while launcher.warm_kernels(warm) < students:
            if time.monotonic() - started > LIMIT_MS / 1000:
                raise SystemExit(f"the pool did not fill; see {log}")
            time.sleep(0.5)
        if students:
            print(f"  {students} kernels warm after {time.monotonic() - started:.0f} s", flush=True)
        yield base + QUERY, pid


def cpu_seconds(server_pid: int) -> float:
    """CPU seconds used so far by the server and every process under it."""
    total = 0.0
    server = psutil.Process(server_pid)
    for proc in [server, *server.children(recursive=True)]:
        try:
            times = proc.cpu_times()
            total += times.user + times.system
        except psutil.Error:
            continue
    return total


def kernel_memory_mb(server_pid: int) -> float:
    """Median memory (unique set size, MB) of the kernels under the server."""
    sizes = []
    for child in psutil.Process(server_pid).children(recursive=True):
        try:
            if "ipykernel" in " ".join(child.cmdline()):
                sizes.append(child.memory_full_info().uss / 2**20)
        except psutil.Error:
            continue
    return statistics.median(sizes) if sizes else float("nan")


def _wait_text(page: Any, selector: str, text: str) -> None:
    page.wait_for_function(
        "([sel, text]) => { const el = document.querySelector(sel);"
        " return el !== null && el.innerText.includes(text); }",
        arg=[selector, text],
        timeout=LIMIT_MS,
    )


def browsers(browser: Any, link: str, students: int, name: str) -> dict[str, list[float]]:
    """N pages open ``link`` at once, then each makes the two clicks.

    A student whose page shows no widget within Voila's own limits is counted
    in ``"no widget"`` (a screenshot and the page's text are kept in
    test-output) and makes no clicks."""
    from playwright.sync_api import Error as PlaywrightError

    contexts = [
        browser.new_context(viewport={"width": 900, "height": 800}) for _ in range(students)
    ]
    for context in contexts:  # Voila answers a page only once its kernel runs: be patient
        context.set_default_timeout(LIMIT_MS)
    pages = [c.new_page() for c in contexts]
    started = time.monotonic()
    for page in pages:
        page.goto(link, wait_until="commit")
    first, failed, working = [], [], []
    for number, page in enumerate(pages, 1):
        try:
            page.locator(".rl-arrange").wait_for(state="visible", timeout=LIMIT_MS)
        except PlaywrightError:
            failed.append(float(number))
            page.screenshot(path=str(OUT / f"classroom-{name}-student{number}.png"), full_page=True)
            text = page.evaluate("document.body ? document.body.innerText : ''")
            (OUT / f"classroom-{name}-student{number}.txt").write_text(text, encoding="utf-8")
            continue
        first.append(time.monotonic() - started)
        working.append(page)
    pages = working
    clicks = []
    for button, selector, answer in (
        ("Show the best arrangement", ".rl-arrange", "best arrangement for the book"),
        ("Show down", ".rl-showdown", "Running total after 1 deal"),
    ):
        for page in pages:
            t0 = time.monotonic()
            page.get_by_role("button", name=button).click()
            _wait_text(page, selector, answer)
            clicks.append(time.monotonic() - t0)
    for context in contexts:
        context.close()
    return {"first widget (s)": first, "click (s)": clicks, "no widget": failed}


def http_only(link: str, students: int, own_seeds: bool = False) -> dict[str, list[Any]]:
    """N plain requests for the page at once (each with its own deal number if
    ``own_seeds``): Voila runs each page's notebook, or hands it a warm kernel.
    A page not complete within Voila's own limits is counted in ``"failed"``.
    ``"pages"`` are the pages' HTML (empty for a failed one), for :func:`other_deals`."""

    def url(number: int) -> str:
        return link.replace("seed=42", f"seed={1000 + number}") if own_seeds else link

    def fetch(number: int) -> tuple[float, str]:
        t0 = time.monotonic()
        deadline = t0 + LIMIT_MS / 1000
        chunks = []
        try:
            with urllib.request.urlopen(url(number), timeout=30) as response:
                while chunk := response.read(65536):
                    chunks.append(chunk)
                    if time.monotonic() > deadline:
                        return -1.0, ""
        except OSError:
            return -1.0, ""
        page = b"".join(chunks).decode("utf-8", "replace")
        if "application/vnd.jupyter.widget-view" not in page:
            return -1.0, ""  # Voila answered without the app's widget
        return time.monotonic() - t0, page

    with ThreadPoolExecutor(students) as pool:
        results = list(pool.map(fetch, range(students)))
    times = [t for t, _page in results]
    return {
        "page rendered (s)": [t for t in times if t >= 0],
        "failed": [float(n) for n, t in enumerate(times, 1) if t < 0],
        "pages": [page for _t, page in results],
    }


def other_deals(link: str, pages: list[str]) -> int:
    """How many of the pages :func:`http_only` fetched with their own deal
    numbers dealt another: each page's kernel is asked what it dealt."""
    return sum(
        1
        for number, page in enumerate(pages)
        if page and launcher.dealt_seed(link, page) != 1000 + number
    )


SITE = ROOT / "_build" / "html"
SERVERLESS_APP = "apps/arrange_13.html"


def serverless_files() -> list[str]:
    """What a student's browser fetches on a first visit to the serverless arrange app:
    the page, its scripts, the live runtime, Pyodide and the wheels the widgets import
    (the closure of ``thirteen_lite.LIVE_PACKAGES`` in the lock, as the worker takes it)."""
    sys.path.insert(0, str(ROOT / "tools" / "lite"))
    from thirteen_lite import LIVE_PACKAGES, LIVE_STAND_INS

    page = (SITE / SERVERLESS_APP).read_text(encoding="utf-8")
    files = [SERVERLESS_APP]
    files += [
        f"apps/{src}" for src in re.findall(r'<(?:script|link)[^>]*(?:src|href)="([^"]+)"', page)
    ]
    files += ["_static/thirteen_live_worker.mjs", "_static/page_bridge.py"]
    pyodide = "lite/static/pyodide/"
    files += [
        pyodide + name
        for name in (
            "pyodide.mjs",
            "pyodide.asm.mjs",
            "pyodide.asm.wasm",
            "python_stdlib.zip",
            "pyodide-lock.json",
        )
    ]
    lock = json.loads((SITE / pyodide / "pyodide-lock.json").read_text(encoding="utf-8"))
    seen: set[str] = set()

    def visit(name: str) -> None:
        if name in seen or name in LIVE_STAND_INS:
            return
        seen.add(name)
        for dep in lock["packages"][name].get("depends", []):
            visit(dep)
        files.append(pyodide + lock["packages"][name]["file_name"])

    for name in LIVE_PACKAGES:
        visit(name)
    return [str(Path(f).as_posix()).replace("apps/../", "") for f in files]


def serverless(students: int) -> dict[str, Any]:
    """N students fetch the serverless app's files at the same moment (plain HTTP, gzip
    accepted, as a browser asks) from one static server, ``tools/serve.py`` as ``make
    serve`` runs it; the server's CPU seconds and memory while it serves them."""
    import subprocess

    files = serverless_files()
    server = subprocess.Popen(
        [sys.executable, str(ROOT / "tools" / "serve.py"), "--port", "0", str(SITE)],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "THIRTEEN_SERVE_QUIET": "1"},
    )
    try:
        line = server.stdout.readline() if server.stdout else ""
        base = line.split(" at ")[1].split("/ ")[0] if " at " in line else ""
        if not base:
            raise SystemExit(f"tools/serve.py did not start: {line!r}")
        process = psutil.Process(server.pid)
        cpu0 = sum(process.cpu_times()[:2])

        def student(_number: int) -> tuple[float, int]:
            t0 = time.monotonic()
            total = 0
            for path in files:
                request = urllib.request.Request(
                    f"{base}/{path}", headers={"Accept-Encoding": "gzip"}
                )
                with urllib.request.urlopen(request, timeout=LIMIT_MS / 1000) as response:
                    total += len(response.read())
            return time.monotonic() - t0, total

        with ThreadPoolExecutor(students) as pool:
            results = list(pool.map(student, range(students)))
        cpu = sum(process.cpu_times()[:2]) - cpu0
        memory = process.memory_info().rss / 1e6
    finally:
        server.terminate()
        server.wait()
    return {
        "files per student": len(files),
        "MB per student": round(results[0][1] / 1e6, 2),
        "all files fetched (s)": [t for t, _ in results],
        "CPU s per student": round(cpu / students, 3),
        "server memory (MB)": round(memory, 1),
    }


def static_pages(browser: Any, students: int) -> dict[str, list[float]]:
    """The browsers alone: N pages open a small static page at once."""
    import http.server
    import threading

    folder = OUT / "classroom-static"
    folder.mkdir(exist_ok=True)
    (folder / "index.html").write_text(
        "<!doctype html><title>class</title><p class='here'>Hello, class</p>", encoding="utf-8"
    )

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def __init__(self, *a: Any, **k: Any) -> None:
            super().__init__(*a, directory=str(folder), **k)

        def log_message(self, *a: Any) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Quiet)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/index.html"
    contexts = [browser.new_context() for _ in range(students)]
    pages = [c.new_page() for c in contexts]
    started = time.monotonic()
    for page in pages:
        page.goto(url, wait_until="commit", timeout=LIMIT_MS)
    shown = []
    for page in pages:
        page.locator(".here").wait_for(timeout=LIMIT_MS)
        shown.append(time.monotonic() - started)
    for context in contexts:
        context.close()
    server.shutdown()
    return {"page shown (s)": shown}


def summary(values: list[float]) -> dict[str, float]:
    if not values:
        return {"median": float("nan"), "slowest": float("nan")}
    return {"median": round(statistics.median(values), 3), "slowest": round(max(values), 3)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--students", type=int, default=30)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    figures: dict[str, Any] = {"students": args.students}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        with voila_server("alone") as (link, pid):
            alone = browsers(browser, link, 1, "alone")
            figures["one student alone"] = {
                k: summary(v) for k, v in alone.items() if k != "no widget"
            }
            figures["memory per session (MB)"] = round(kernel_memory_mb(pid), 1)
        with voila_server("http") as (link, pid):
            cpu = cpu_seconds(pid)
            server = http_only(link, args.students, own_seeds=True)
            figures["cold server, no browsers"] = {
                "page rendered (s)": summary(server["page rendered (s)"])
            }
            figures["cold server, no browsers"]["pages failed"] = len(server["failed"])
            figures["cold server, no browsers"]["CPU s per student"] = round(
                (cpu_seconds(pid) - cpu) / args.students, 2
            )
            figures["cold server, no browsers"]["pages with another deal"] = other_deals(
                link, server["pages"]
            )
        with voila_server("warm", students=args.students) as (link, pid):
            figures["memory per warm kernel (MB)"] = round(kernel_memory_mb(pid), 1)
            cpu = cpu_seconds(pid)
            warm = http_only(link, args.students, own_seeds=True)
            figures["warm server, no browsers"] = {
                "page rendered (s)": summary(warm["page rendered (s)"])
            }
            figures["warm server, no browsers"]["pages failed"] = len(warm["failed"])
            figures["warm server, no browsers"]["CPU s per student"] = round(
                (cpu_seconds(pid) - cpu) / args.students, 3
            )
            figures["warm server, no browsers"]["pages with another deal"] = other_deals(
                link, warm["pages"]
            )
        with voila_server("warm-one", students=2) as (link, _pid):
            one = browsers(browser, link.replace("seed=42", "seed=77"), 1, "warm-one")
            figures["one student, warm server"] = {
                k: summary(v) for k, v in one.items() if k != "no widget"
            }
        if (SITE / SERVERLESS_APP).exists():
            served = serverless(args.students)
            served["all files fetched (s)"] = summary(served["all files fetched (s)"])
            figures["serverless app, static server, no browsers"] = served
        statics = static_pages(browser, args.students)
        figures["browsers alone, static page"] = {k: summary(v) for k, v in statics.items()}
        with voila_server("class", students=args.students) as (link, pid):
            started = time.monotonic()
            cls = browsers(browser, link, args.students, "class")
            figures["class in browsers, warm server"] = {
                k: summary(v) for k, v in cls.items() if k != "no widget"
            }
            figures["class in browsers, warm server"]["students with no widget"] = [
                int(n) for n in cls["no widget"]
            ]
            figures["class in browsers, warm server"]["whole class (s)"] = round(
                time.monotonic() - started, 1
            )
            figures["memory per session, class (MB)"] = round(kernel_memory_mb(pid), 1)
        browser.close()

    out = OUT / "classroom_load.json"
    OUT.mkdir(exist_ok=True)
    out.write_text(json.dumps(figures, indent=2), encoding="utf-8")
    n = args.students
    cls = figures["class in browsers, warm server"]
    print(f"Classroom: the arrange app on one Voila server, {n} students in the same second")
    print(f"{'figure':<46}{'median':>9}{'slowest':>9}{'CPU s/student':>15}")

    def row(name: str, fig: dict[str, Any], key: str) -> None:
        cpu = fig.get("CPU s per student", "")
        print(f"{name:<46}{fig[key]['median']:>9.2f}{fig[key]['slowest']:>9.2f}{cpu!s:>15}")

    row(
        "one student alone, cold: first widget (s)",
        figures["one student alone"],
        "first widget (s)",
    )
    row(
        "one student, warm server: first widget (s)",
        figures["one student, warm server"],
        "first widget (s)",
    )
    row(
        f"{n} plain fetches, cold server (s)",
        figures["cold server, no browsers"],
        "page rendered (s)",
    )
    row(
        f"{n} plain fetches, warm server (s)",
        figures["warm server, no browsers"],
        "page rendered (s)",
    )
    row(
        f"{n} browsers alone, a static page (s)",
        figures["browsers alone, static page"],
        "page shown (s)",
    )
    row(f"{n} browsers, warm server: first widget (s)", cls, "first widget (s)")
    row(f"{n} browsers, warm server: a click (s)", cls, "click (s)")
    served = figures.get("serverless app, static server, no browsers")
    if served:
        row(f"{n} students, serverless app: every file (s)", served, "all files fetched (s)")
        print(
            f"serverless app: {served['files per student']} files, {served['MB per student']} MB "
            f"per student (gzip), the static server at {served['server memory (MB)']} MB"
        )
    else:
        print("serverless app: not measured (no built book: run `make build` first)")
    for kind in ("cold", "warm"):
        fig = figures[f"{kind} server, no browsers"]
        print(
            f"plain fetches, {kind} server: {fig['pages failed']} of {n} failed within Voila's "
            f"limits, {fig['pages with another deal']} dealt another deal than their link's"
        )
    lost = cls["students with no widget"]
    print(f"students who got no widget within Voila's limits: {len(lost)} of {n} {lost or ''}")
    print(
        f"memory: {figures['memory per session (MB)']} MB per session alone, "
        f"{figures['memory per warm kernel (MB)']} MB per warm kernel; "
        f"figures in {out.relative_to(ROOT)}"
    )


if __name__ == "__main__":
    main()
