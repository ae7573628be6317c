"""A class on a Voila server warmed before it arrives (``make app STUDENTS=N``):
each student's kernel was started and ran the app up to reading its link, and
each student still gets the deal of their own link; a student past the pool is
served too; a kernel that dies while it waits is replaced.  Function only: how
fast is measured by ``benchmarks/classroom.py``.
"""

from __future__ import annotations

import os
import time
import urllib.request
from pathlib import Path

import pytest

from tools import voila_app as launcher

from .conftest import PAGE_MS, PageWatch

pytestmark = pytest.mark.browser

POOL = 2


def test_warm_kernels_deal_each_students_own_link(browser, output_dir: Path):
    warm = output_dir / f"warm-{os.getpid()}"
    warm.mkdir(parents=True, exist_ok=True)
    pool = launcher.pool_options("book/apps", POOL, ["arrange_13"])
    log = output_dir / f"voila-pool-{os.getpid()}.log"
    with launcher.serving("book/apps", log, pool=pool, warm_dir=warm) as (url, _pid):
        deadline = time.monotonic() + PAGE_MS / 1000
        while launcher.warm_kernels(warm) < POOL:  # only a hang reaches the deadline
            assert time.monotonic() < deadline, f"the pool never filled; see {log}"
            time.sleep(0.5)
        seeds = [11, 12, 13]  # two from the pool, one past it
        contexts = [browser.new_context(viewport={"width": 900, "height": 800}) for _ in seeds]
        pages = [c.new_page() for c in contexts]
        watches = [PageWatch(p) for p in pages]
        for page, seed in zip(pages, seeds):
            page.goto(
                f"{url}voila/render/arrange_13.ipynb?seed={seed}&rules=mb-source",
                wait_until="commit",
                timeout=PAGE_MS,
            )
        from rules_lib.arrange import Draft, deal

        for page, seed in zip(pages, seeds):
            page.locator(".rl-card-table .rl-card-button").first.wait_for(timeout=PAGE_MS)
            assert page.locator(".rl-arrange input[type=number]").input_value() == str(seed)
            back = Draft.from_cards(deal(seed)[0]).back
            shown = page.locator(".rl-table-row[data-row=back] .rl-card-text").all_inner_texts()
            assert shown == [str(c) for c in back]
            assert "Mậu Binh" in page.locator(".rl-showdown select").input_value()
        for watch in watches:
            watch.check()
        for context in contexts:
            context.close()
    assert "is filled with" in log.read_text()  # Voila's own word that the pool was used


def test_a_kernel_that_dies_while_it_waits_is_replaced(output_dir: Path):
    import psutil

    warm = output_dir / f"warm-dies-{os.getpid()}"
    warm.mkdir(parents=True, exist_ok=True)
    pool = launcher.pool_options("book/apps", POOL, ["arrange_13"])
    log = output_dir / f"voila-pool-dies-{os.getpid()}.log"
    with launcher.serving("book/apps", log, pool=pool, warm_dir=warm) as (url, pid):
        deadline = time.monotonic() + PAGE_MS / 1000
        while launcher.warm_kernels(warm) < POOL:  # only a hang reaches the deadline
            assert time.monotonic() < deadline, f"the pool never filled; see {log}"
            time.sleep(0.5)
        kernels = [
            p
            for p in psutil.Process(pid).children(recursive=True)
            if "ipykernel_launcher" in " ".join(p.cmdline())
        ]
        assert len(kernels) == POOL
        kernels[0].kill()  # out of memory, say
        while "A kernel waiting for a student died" not in log.read_text():
            assert time.monotonic() < deadline, f"the death was not noticed; see {log}"
            time.sleep(0.5)
        while launcher.warm_kernels(warm) < POOL:  # the new kernel waits in its place
            assert time.monotonic() < deadline, f"no kernel took its place; see {log}"
            time.sleep(0.5)
        for seed in (21, 22):  # every student of the pool gets a working app and their deal
            link = f"{url}voila/render/arrange_13.ipynb?seed={seed}&rules=mb-source"
            with urllib.request.urlopen(link, timeout=PAGE_MS / 1000) as response:
                page = response.read().decode()
            assert "application/vnd.jupyter.widget-view" in page
            assert launcher.dealt_seed(link, page) == seed
    assert "is filled with" in log.read_text()
