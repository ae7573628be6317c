"""A class on a Voila server warmed before it arrives (``make app STUDENTS=N``):
each student's kernel was started and ran the app up to reading its link, and
each student still gets the deal of their own link; a student past the pool is
served too.  Function only: how fast is measured by ``benchmarks/classroom.py``.
"""

from __future__ import annotations

import os
import time
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
