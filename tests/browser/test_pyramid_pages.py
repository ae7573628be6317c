"""Pyramid in the built book: the serverless app ``apps/pyramid.html`` played by taps on a
phone (390 px, touch): the pyramid drawn as a pyramid (seven centred rows, the bottom one
seven cards wide, on one line), a pair taken, a pair refused with the rule, the solver's
verdict and hint; and the chapter's first page with its guided first game; never wider
than the screen."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from .conftest import ANSWER_MS, PAGE_MS, PageWatch
from .test_live_in_place import SIZES, wait_live

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def _overflow(page: Any) -> int:
    return int(page.evaluate("document.documentElement.scrollWidth - window.innerWidth"))


def _boxes(row: Any) -> list[dict[str, float]]:
    return [b.bounding_box() for b in row.locator(".rl-card-button").all()]


def test_the_app_plays_a_pair_by_taps_at_phone_width(
    offline_browser: Any, served_site: tuple[str, Any], screenshot_dir: Path
) -> None:
    base, _served = served_site
    context = offline_browser.new_context(**SIZES["phone"])
    page = context.new_page()
    watch = PageWatch(page)
    try:
        page.goto(f"{base}/apps/pyramid.html?seed=5&rules=source", wait_until="load")
        wait_live(page, 1)
        game = page.locator(".rl-pyramid")
        expect(game.locator("input[type=number]").first).to_have_value("5")
        table = game.locator(".rl-pyramid-game")
        rows = table.locator(".rl-table-row")
        expect(rows).to_have_count(8)  # seven rows of the pyramid, the stock and the waste
        bottom = table.locator('.rl-table-row[data-row="row 7"]')
        expect(bottom.locator(".rl-card-button")).to_have_count(7)
        # a pyramid: the bottom row on one line, inside the screen; each row lower than the
        # one above; the top card above the middle of the bottom row
        boxes = _boxes(bottom)
        assert len({round(b["y"]) for b in boxes}) == 1
        assert boxes[0]["x"] >= 0 and boxes[-1]["x"] + boxes[-1]["width"] <= 390
        top = _boxes(table.locator('.rl-table-row[data-row="row 1"]'))[0]
        middle = boxes[3]
        assert abs((top["x"] + top["width"] / 2) - (middle["x"] + middle["width"] / 2)) <= 2
        tops = [
            _boxes(table.locator(f'.rl-table-row[data-row="row {n}"]'))[0]["y"] for n in (1, 4, 7)
        ]
        assert tops == sorted(tops) and tops[2] - tops[0] < 6 * top["height"]  # rows overlap
        assert table.locator('.rl-card-button[aria-disabled="true"]').count() == 21
        expect(game.locator(".rl-pyramid-verdict")).to_contain_text("This deal can be won")
        # two taps take a pair (Python in the browser answers)
        bottom.locator(".rl-card-button", has_text="3♠").tap()
        expect(bottom.locator(".rl-card-button.rl-selected .rl-card-text")).to_have_text(["3♠"])
        bottom.locator(".rl-card-button", has_text="10♦").tap()
        expect(bottom.locator(".rl-card-button")).to_have_count(5)
        expect(bottom.locator(".rl-card-slot")).to_have_count(2)  # gaps where they were
        expect(game.locator(".rl-pyramid-verdict")).to_contain_text("Still winnable")
        # a pair that does not make 13: the rule, and nothing changes
        bottom.locator(".rl-card-button", has_text="2♦").tap()
        bottom.locator(".rl-card-button", has_text="8♦").tap()
        expect(game.locator(".rl-pyramid-message [role=alert]")).to_contain_text(
            "the 2♦ and the 8♦ add up to 10, not 13"
        )
        expect(bottom.locator(".rl-card-button")).to_have_count(5)
        game.get_by_role("button", name="Hint", exact=True).tap()
        expect(game.locator(".rl-pyramid-message")).to_contain_text(
            "a move that keeps the deal winnable"
        )
        assert _overflow(page) <= 1, f"page is {_overflow(page)}px wider than the screen"
        page.screenshot(path=str(screenshot_dir / "serverless-pyramid-phone.png"), full_page=True)
    finally:
        context.close()
    watch.check()


def test_the_chapter_shows_the_guided_game_and_the_game_at_phone_width(
    browser: Any, site_url: str, screenshot_dir: Path
) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    watch = PageWatch(page)
    page.goto(f"{site_url}/book/pyramid/play.html", wait_until="load")
    lesson = page.locator(".rl-pyramid-first")
    lesson.wait_for(state="visible")
    # the lesson's pyramid: its three rows left, then the stock and the waste
    expect(lesson.locator(".rl-table-row")).to_have_count(4)
    assert "Step 1 of 6" in lesson.inner_text()
    assert _overflow(page) <= 1, f"page is {_overflow(page)}px wider than the screen"
    page.screenshot(path=str(screenshot_dir / "book_pyramid_play-phone.png"), full_page=True)
    # the rules' page plays a whole game
    page.goto(f"{site_url}/book/pyramid/index.html", wait_until="load")
    game = page.locator(".rl-pyramid")
    game.wait_for(state="visible")
    bottom = game.locator('.rl-table-row[data-row="row 7"]')
    expect(bottom.locator(".rl-card-button")).to_have_count(7)
    boxes = _boxes(bottom)
    assert boxes[-1]["x"] + boxes[-1]["width"] <= 390 and len({round(b["y"]) for b in boxes}) == 1
    assert _overflow(page) <= 1, f"page is {_overflow(page)}px wider than the screen"
    game.screenshot(path=str(screenshot_dir / "pyramid-widget-phone.png"))
    context.close()
    watch.check()


@pytest.mark.parametrize("voila_app", ["pyramid"], indirect=True)
def test_the_voila_app_deals_a_linked_deal_takes_a_pair_and_shows_the_solution(
    browser: Any, voila_app: str, screenshot_dir: Path
) -> None:
    """The teacher's app (Voila, a kernel per reader): the deal of the link, two taps take a
    pair, the verdict follows, a bad pair is refused with the rule, "Solution" lists the
    moves of a win from here."""
    page = browser.new_page(viewport={"width": 1000, "height": 900})
    watch = PageWatch(page)
    page.goto(f"{voila_app}?seed=5&rules=source")
    game = page.locator(".rl-pyramid")
    game.wait_for(state="visible", timeout=PAGE_MS)
    expect(game.locator("input[type=number]").first).to_have_value("5")
    bottom = game.locator('.rl-table-row[data-row="row 7"]')
    expect(bottom.locator(".rl-card-button")).to_have_count(7)
    expect(game.locator(".rl-pyramid-verdict")).to_contain_text("This deal can be won")
    bottom.locator(".rl-card-button", has_text="3♠").click()
    bottom.locator(".rl-card-button", has_text="10♦").click()
    expect(bottom.locator(".rl-card-button")).to_have_count(5, timeout=ANSWER_MS)
    expect(game.locator(".rl-pyramid-verdict")).to_contain_text("Still winnable")
    bottom.locator(".rl-card-button", has_text="2♦").click()
    bottom.locator(".rl-card-button", has_text="8♦").click()
    expect(game.locator(".rl-pyramid-message [role=alert]")).to_contain_text(
        "the 2♦ and the 8♦ add up to 10, not 13", timeout=ANSWER_MS
    )
    expect(bottom.locator(".rl-card-button")).to_have_count(5)
    game.get_by_role("button", name="Show me the solution").click()
    expect(game.locator(".rl-pyramid-solution-box")).to_contain_text(
        "A winning line from here", timeout=ANSWER_MS
    )
    box = game.locator(".rl-pyramid-solution-box")
    moves = int(re.search(r"(\d+) moves", box.inner_text()).group(1))  # type: ignore[union-attr]
    game.get_by_role("button", name="Next step").click()
    expect(box).to_contain_text(f"{moves - 1} moves", timeout=ANSWER_MS)
    page.screenshot(path=str(screenshot_dir / "voila-pyramid.png"), full_page=True)
    page.close()
    watch.check()
