"""A class of 30 on one Voila server: every session opens the app and plays.

One Voila server on 127.0.0.1 serves the arrange-your-13 app; 30 browser
pages (separate browser contexts, like 30 students) open it at once with the
same shared link, then each deals, asks for the best arrangement and shows
down. No session may fail. The figures (time to first widget, slowest
interaction, memory per session) are printed and written to
``test-output/classroom_load.json``; they are measurements, not asserted
limits.
"""

from __future__ import annotations

import json
import statistics
import time

import psutil
import pytest

from .conftest import PageWatch

pytestmark = pytest.mark.browser

STUDENTS = 30


def _kernels_memory(server_pid: int) -> tuple[int, float]:
    """Number of kernel processes under the server and their total memory (MB, USS or RSS)."""
    server = psutil.Process(server_pid)
    total = 0.0
    count = 0
    for child in server.children(recursive=True):
        try:
            if "ipykernel" not in " ".join(child.cmdline()):
                continue
            try:
                total += child.memory_full_info().uss
            except psutil.AccessDenied:  # pragma: no cover
                total += child.memory_info().rss
            count += 1
        except psutil.NoSuchProcess:  # pragma: no cover
            continue
    return count, total / 2**20


def _wait_text(page, selector: str, text: str, timeout: float = 120_000) -> None:
    page.wait_for_function(
        "([sel, text]) => { const el = document.querySelector(sel);"
        " return el !== null && el.innerText.includes(text); }",
        arg=[selector, text],
        timeout=timeout,
    )


@pytest.mark.parametrize("voila_app", ["arrange_13"], indirect=True)
def test_thirty_students_play_the_same_deal_on_one_server(browser, voila_app, output_dir):
    link = voila_app.rstrip("/") + "/?seed=42&rules=cp-source"
    contexts = [
        browser.new_context(viewport={"width": 900, "height": 800}) for _ in range(STUDENTS)
    ]
    pages = [c.new_page() for c in contexts]
    watches = [PageWatch(p) for p in pages]
    started = time.monotonic()
    for page in pages:  # the whole class opens the link at once
        page.goto(link, wait_until="commit")
    first_widget = []
    for page in pages:
        page.locator(".rl-arrange").wait_for(state="visible", timeout=240_000)
        first_widget.append(time.monotonic() - started)
    kernels, memory_mb = _kernels_memory(voila_app.pid)

    # every student got deal 42 and plays it
    interactions = []
    for page in pages:
        assert page.locator(".rl-arrange input[type=number]").input_value() == "42"
        t0 = time.monotonic()
        page.get_by_role("button", name="Show the best arrangement").click()
        _wait_text(page, ".rl-arrange", "best arrangement for the book")
        interactions.append(time.monotonic() - t0)
    for page in pages:
        t0 = time.monotonic()
        page.get_by_role("button", name="Show down").click()
        _wait_text(page, ".rl-showdown", "Running total after 1 deal")
        interactions.append(time.monotonic() - t0)
    # the same deal, set the same way by the solver: every student sees the same score
    scores = {page.locator(".rl-showdown h4").first.inner_text() for page in pages}
    assert len(scores) == 1, scores

    figures = {
        "students": STUDENTS,
        "kernels running": kernels,
        "memory per session (MB)": round(memory_mb / max(kernels, 1), 1),
        "first widget, median (s)": round(statistics.median(first_widget), 2),
        "first widget, last student (s)": round(max(first_widget), 2),
        "interaction, median (ms)": round(statistics.median(interactions) * 1000),
        "interaction, slowest (ms)": round(max(interactions) * 1000),
    }
    (output_dir / "classroom_load.json").write_text(json.dumps(figures, indent=2))
    print("\nclassroom load:", json.dumps(figures))
    assert kernels >= STUDENTS  # (plus the one the fixture's start-up check opened)
    for context in contexts:
        context.close()
    for watch in watches:
        watch.check()
