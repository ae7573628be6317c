"""A newcomer on a phone: from the home page to each game's guided first hand,
and through it by taps alone; on a desktop, through one by the keyboard alone.

At 390 x 844 with touch, on the built site served on 127.0.0.1: the home page's
link "Learn it with a first hand" opens the game's first page (one tap); the
link and the lesson's first card lie within three screens of scrolling in all;
a tap brings the widget live (the second tap); then the lesson is played with
its own **Show me**, and the button or card it names, step after step, until
"Play a real hand" shows.  A mistake is tried once on the way and must be
explained, with the step unchanged.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from rules_lib.games import GAMES

from .conftest import ANSWER_MS, PageWatch
from .test_live_in_place import wait_live

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PHONE = {"width": 390, "height": 844}
# each game's guided widget (its root's class)
LESSONS = {
    "mau_binh": ".rl-setting-lesson",
    "chinese_poker": ".rl-setting-lesson",
    "tien_len": ".rl-tl-lesson",
    "three_thirteen": ".rl-tt-lesson",
    "tredici": ".rl-td-lesson",
    "pyramid": ".rl-pyramid-first",
    "indian_rummy": ".rl-ir-first",
}
# what the button that deals a real game says, when a game's differs
REAL = {"pyramid": "Play a real game", "indian_rummy": "Play a real game"}
PRESS = re.compile(r"[Pp]ress (.+?)(?:[.]|$)")


def _screens(locator: Any) -> float:
    top = locator.evaluate("(el) => el.getBoundingClientRect().top + window.scrollY")
    return float(top) / PHONE["height"]


def _step(widget: Any) -> str:
    return str(widget.locator(".rl-lesson-count").inner_text())


def _follow_show_me(widget: Any) -> None:
    """Press Show me, then do what it says: press the named button, or tap the lit card."""
    answer = widget.locator(".rl-lesson-answer")
    before = answer.inner_text().strip()  # e.g. a mistake's explanation, still shown
    widget.locator(".rl-lesson-show").tap()
    if before:  # wait for Show me's own answer, not the one before it
        expect(answer).not_to_have_text(before, timeout=ANSWER_MS)
    expect(answer).to_contain_text(re.compile("[Pp]ress|Tap"), timeout=ANSWER_MS)
    said = answer.inner_text().strip()
    found = PRESS.search(said)
    if found:  # "Now press Play.", "press Move here (back).", "Press Last card!"
        widget.get_by_role("button", name=found.group(1).strip(), exact=True).tap()
    elif "they are lit" in said:  # "Tap the 4♥ and the 9♦: they are lit." (a pair)
        lit = widget.locator(".rl-card-button.rl-playable")
        for index in range(lit.count()):
            lit.nth(index).tap()
    else:  # "Tap the Q♥: it is lit in gold."
        widget.locator(".rl-card-button.rl-playable").first.tap()
    expect(answer).not_to_have_text(said, timeout=ANSWER_MS)  # the move was answered


@pytest.mark.parametrize("game", [g.key for g in GAMES])
def test_a_newcomer_on_a_phone_plays_the_first_hand_by_taps(
    game: str, offline_browser: Any, served_site: tuple[str, Any], screenshot_dir: Path
) -> None:
    base, _ = served_site
    index = [g.key for g in GAMES].index(game)
    context = offline_browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    try:
        page = context.new_page()
        watch = PageWatch(page)
        page.goto(f"{base}/book/intro.html", wait_until="load")
        link = page.get_by_role("link", name="Learn it with a first hand").nth(index)
        home_screens = _screens(link)
        link.tap()  # tap 1
        page.wait_for_url(re.compile(r".*/play\.html.*"))
        widget = page.locator(LESSONS[game])
        first_card = widget.locator(".rl-card-button").first
        expect(first_card).to_be_visible()
        assert home_screens + _screens(first_card) <= 3, (home_screens, _screens(first_card))
        page.locator(".rl-live-page-button").first.tap()  # tap 2: the page's widgets go live
        wait_live(page, 1)
        expect(widget.locator(".rl-lesson-count")).to_contain_text("Step 1 of")
        steps = int(re.search(r"of (\d+)", _step(widget)).group(1))  # type: ignore[union-attr]
        # a mistake first: Check / Play / Discard with nothing chosen, or Stop, is explained
        mistake = widget.locator(
            ".rl-lesson-check, .rl-lesson-play, .rl-lesson-take, .rl-lesson-stop"
        ).first
        if mistake.count() and mistake.is_enabled():
            mistake.tap()
            expect(widget.locator("[role=alert]").first).to_be_visible(timeout=ANSWER_MS)
            expect(widget.locator(".rl-lesson-count")).to_contain_text("Step 1 of")
        for _ in range(steps * 6):  # a step may take a few moves (a setting: a row at a time)
            if "Lesson done" in _step(widget):
                break
            _follow_show_me(widget)
        expect(widget.locator(".rl-lesson-count")).to_contain_text("Lesson done")
        real = REAL.get(game, "Play a real hand")
        expect(widget.get_by_role("button", name=real)).to_be_visible()
        page.screenshot(path=str(screenshot_dir / f"first-hand-{game}-390.png"), full_page=True)
        watch.check()
    finally:
        context.close()


def _tab_to(page: Any, target: Any, most: int = 250) -> None:
    """Press Tab until ``target`` has the focus (the keyboard alone reaches it)."""
    handle = target.element_handle()
    for _ in range(most):
        if page.evaluate("(el) => document.activeElement === el", handle):
            return
        page.keyboard.press("Tab")
    raise AssertionError("Tab never reached the control")


def test_the_tien_len_first_hand_by_the_keyboard_alone(
    offline_browser: Any, served_site: tuple[str, Any]
) -> None:
    base, _ = served_site
    context = offline_browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        watch = PageWatch(page)
        page.goto(f"{base}/book/tien_len/play.html", wait_until="load")
        _tab_to(page, page.locator(".rl-live-page-button").first)
        page.keyboard.press("Enter")
        wait_live(page, 1)
        widget = page.locator(".rl-tl-lesson")
        for _ in range(5):
            before = _step(widget)
            _tab_to(page, widget.locator(".rl-lesson-show"))
            page.keyboard.press("Enter")
            answer = widget.locator(".rl-lesson-answer")
            expect(answer).to_contain_text("ress", timeout=ANSWER_MS)
            name = "Pass" if "press Pass" in answer.inner_text() else "Play"
            _tab_to(page, widget.get_by_role("button", name=name, exact=True))
            page.keyboard.press("Enter")
            expect(widget.locator(".rl-lesson-count")).not_to_have_text(before, timeout=ANSWER_MS)
        expect(widget.locator(".rl-lesson-count")).to_contain_text("Lesson done")
        watch.check()
    finally:
        context.close()
