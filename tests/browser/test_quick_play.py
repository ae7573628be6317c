"""A tap, a tap and Play at once: Play judges the selection the taps made.

ipywidgets sends one trait change of a model at a time (the next waits in the
page until the kernel answers), while a button's click, another model, goes at
once: on a fresh serverless app page a pair tapped and played within half a
second was judged as its first card ("yours is a single card").  The card
widget now sends each selection as a message too, in order with the click
(``rules_lib/widgets/card_table.py``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from rules_lib.tien_len import Kind, Play
from rules_lib.widgets import TienLenGame

from .conftest import ANSWER_MS, PageWatch
from .test_live_in_place import wait_live

pytestmark = [pytest.mark.browser, pytest.mark.slow]

SEED = 3  # you lead a trick in which the pair of 5s may be played


def test_a_pair_tapped_and_played_at_once_is_played_as_a_pair(
    offline_browser: Any, served_site: tuple[str, Any], screenshot_dir: Path
) -> None:
    game = TienLenGame(seed=SEED)
    pair = next(
        a for a in game.state.legal_actions() if isinstance(a, Play) and a.kind is Kind.PAIR
    )
    base, _ = served_site
    context = offline_browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    try:
        page = context.new_page()
        watch = PageWatch(page)
        page.goto(f"{base}/apps/tien_len.html?seed={SEED}", wait_until="load")
        wait_live(page, 1)
        widget = page.locator(".rl-tien-len")
        for card in pair.plain:  # two taps and Play, with no wait between them
            widget.locator(".rl-tl-card", has_text=str(card)).tap()
        widget.locator(".rl-tl-play").tap()
        for card in pair.plain:  # both cards leave the hand: Python played the pair
            expect(widget.locator(".rl-tl-hand .rl-tl-card", has_text=str(card))).to_have_count(
                0, timeout=ANSWER_MS
            )
        assert "single card" not in widget.inner_text()
        page.screenshot(path=str(screenshot_dir / "quick-pair-play.png"))
        watch.check()
    finally:
        context.close()
