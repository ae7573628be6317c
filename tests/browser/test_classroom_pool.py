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
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from tools import voila_app as launcher

from .conftest import PAGE_MS, PageWatch

pytestmark = pytest.mark.browser

POOL = 2


@contextmanager
def warm_pool(output_dir: Path, name: str) -> Iterator[tuple[str, int, Path, Path]]:
    """Voila with ``POOL`` kernels warm for the arrange app; yields its address,
    process id, log and the folder where waiting kernels leave their marks."""
    warm = output_dir / f"warm-{name}-{os.getpid()}"
    warm.mkdir(parents=True, exist_ok=True)
    pool = launcher.pool_options("book/apps", POOL, ["arrange_13"])
    log = output_dir / f"voila-pool-{name}-{os.getpid()}.log"
    with launcher.serving("book/apps", log, pool=pool, warm_dir=warm) as (url, pid):
        wait_until(lambda: launcher.warm_kernels(warm) >= POOL, f"the pool never filled; see {log}")
        yield url, pid, log, warm
    assert "is filled with" in log.read_text()  # Voila's own word that the pool was used


def wait_until(ready: Callable[[], bool], failure: str) -> None:
    deadline = time.monotonic() + PAGE_MS / 1000  # only a hang reaches it
    while not ready():
        assert time.monotonic() < deadline, failure
        time.sleep(0.5)


def test_warm_kernels_deal_each_students_own_link(browser, output_dir: Path):
    with warm_pool(output_dir, "links") as (url, _pid, _log, _warm):
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


def test_a_kernel_that_dies_while_it_waits_is_replaced(output_dir: Path):
    import psutil

    with warm_pool(output_dir, "dies") as (url, pid, log, warm):
        kernels = [
            p
            for p in psutil.Process(pid).children(recursive=True)
            if "ipykernel_launcher" in " ".join(p.cmdline())
        ]
        assert len(kernels) == POOL
        kernels[0].kill()  # out of memory, say
        wait_until(
            lambda: "A kernel waiting for a student died" in log.read_text(),
            f"the death was not noticed; see {log}",
        )
        # the new kernel waits in its place
        wait_until(
            lambda: launcher.warm_kernels(warm) >= POOL, f"no kernel took its place; see {log}"
        )
        for seed in (21, 22):  # every student of the pool gets a working app and their deal
            link = f"{url}voila/render/arrange_13.ipynb?seed={seed}&rules=mb-source"
            with urllib.request.urlopen(link, timeout=PAGE_MS / 1000) as response:
                page = response.read().decode()
            assert "application/vnd.jupyter.widget-view" in page
            assert launcher.dealt_seed(link, page) == seed
