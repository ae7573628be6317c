"""How long a class waits for the arrange app on one Voila server.

Run: ``python benchmarks/classroom.py [--students 30]`` (``make benchmark``).

Each measurement starts a fresh Voila server as ``make app`` does, on 127.0.0.1:

1. **one student alone** (the baseline): a Chromium page opens the shared link;
   time to the first widget, then the two clicks (best arrangement, show down);
2. **the server alone**: N plain HTTP requests for the page at the same moment,
   no browser.  Voila answers each once it has started that page's kernel and
   run the notebook, so this is the server's own share of the wait;
3. **the class**: N Chromium pages open the link at the same moment, then each
   makes the two clicks.  The server and the N browsers share the machine's
   cores, so this mixes the thing measured with the harness: compare it with 2.

Prints the median and the slowest figure of each beside the baseline and the
memory of a session's kernel, and writes them to
``test-output/classroom_load.json``.  It asserts nothing: the browser test
``tests/browser/test_classroom.py`` checks that a class gets working apps.
"""

from __future__ import annotations

import argparse
import json
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
def voila_server(name: str) -> Iterator[tuple[str, int]]:
    """A fresh Voila server for the arrange app; yields its link and process id.
    Its log goes to ``test-output/classroom-voila-<name>.log``."""
    OUT.mkdir(exist_ok=True)
    with launcher.serving(APP, OUT / f"classroom-voila-{name}.log") as (base, pid):
        yield base + QUERY, pid


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


def http_only(link: str, students: int) -> dict[str, list[float]]:
    """N plain requests for the page at once: Voila runs each page's notebook."""

    def fetch(_: int) -> float:
        t0 = time.monotonic()
        with urllib.request.urlopen(link, timeout=LIMIT_MS / 1000) as response:
            body = response.read()
        if b"rl-arrange" not in body and b"application/vnd.jupyter.widget-view" not in body:
            raise SystemExit("Voila answered without the app's widget")
        return time.monotonic() - t0

    with ThreadPoolExecutor(students) as pool:
        return {"page rendered (s)": list(pool.map(fetch, range(students)))}


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
        with voila_server("http") as (link, _):
            server = http_only(link, args.students)
            figures["server alone, no browsers"] = {k: summary(v) for k, v in server.items()}
        with voila_server("class") as (link, pid):
            started = time.monotonic()
            cls = browsers(browser, link, args.students, "class")
            figures["class in browsers"] = {
                k: summary(v) for k, v in cls.items() if k != "no widget"
            }
            figures["class in browsers"]["students with no widget"] = [
                int(n) for n in cls["no widget"]
            ]
            figures["class in browsers"]["whole class (s)"] = round(time.monotonic() - started, 1)
            figures["memory per session, class (MB)"] = round(kernel_memory_mb(pid), 1)
        browser.close()

    out = OUT / "classroom_load.json"
    OUT.mkdir(exist_ok=True)
    out.write_text(json.dumps(figures, indent=2), encoding="utf-8")
    n = args.students
    base = figures["one student alone"]
    rows = [
        (
            "first widget (s)",
            base["first widget (s)"],
            figures["class in browsers"]["first widget (s)"],
        ),
        ("click (s)", base["click (s)"], figures["class in browsers"]["click (s)"]),
    ]
    print(f"Classroom: the arrange app on one Voila server, {n} students at once")
    print(f"{'figure':<34}{'alone, median':>15}{f'{n} at once, median':>22}{'slowest':>10}")
    for name, one, many in rows:
        print(
            f"{name + ', browser':<34}{one['median']:>15.2f}{many['median']:>22.2f}{many['slowest']:>10.2f}"
        )
    srv = figures["server alone, no browsers"]["page rendered (s)"]
    print(
        f"{'page rendered, server alone (s)':<34}{'':>15}{srv['median']:>22.2f}{srv['slowest']:>10.2f}"
    )
    lost = figures["class in browsers"]["students with no widget"]
    print(f"students who got no widget within Voila's limits: {len(lost)} of {n} {lost or ''}")
    print(
        f"memory per session: {figures['memory per session (MB)']} MB alone, "
        f"{figures['memory per session, class (MB)']} MB in the class; figures in {out.relative_to(ROOT)}"
    )


if __name__ == "__main__":
    main()
