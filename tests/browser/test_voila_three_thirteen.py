"""The Three-Thirteen app under Voila: a whole game of eleven rounds, clicked
through in Chromium, and a shared link that deals the same game."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import expect

from .conftest import ANSWER_MS, PAGE_MS, PageWatch

pytestmark = pytest.mark.browser

GAME = ".rl-tt-game"


def _record(page) -> str:
    """The record of the bots' turns as HTML (its pictures change every turn)."""
    return page.locator(f"{GAME} .rl-tt-log").evaluate("e => e.innerHTML")


def _full_screenshot(page, path, width: int) -> None:
    """A screenshot of the whole app (Voila scrolls inside the page, so grow the window)."""
    height = page.evaluate(
        "Math.max(...Array.from(document.querySelectorAll('body, body *'), e => e.scrollHeight))"
    )
    page.set_viewport_size({"width": width, "height": min(int(height) + 40, 8000)})
    page.wait_for_timeout(300)
    page.screenshot(path=str(path), full_page=True)


def _game_text_includes(page, text: str, timeout: int = ANSWER_MS) -> None:
    page.wait_for_function(
        "t => document.querySelector('.rl-tt-game').innerText.includes(t)",
        arg=text,
        timeout=timeout,
    )


@pytest.mark.parametrize("voila_app", ["three_thirteen"], indirect=True)
def test_a_whole_game_is_played_to_the_end_by_clicking(browser, voila_app, screenshot_dir):
    page = browser.new_page(viewport={"width": 1000, "height": 900})
    watch = PageWatch(page)
    page.goto(voila_app + "?seed=11&bots=1")
    game = page.locator(GAME)
    game.wait_for(state="visible", timeout=PAGE_MS)
    assert "Round 1 of 11" in game.inner_text()

    # the first turn with the turn's own buttons: draw, select a card, discard
    page.get_by_role("button", name="Draw from stock").click()
    _game_text_includes(page, "You drew the")
    cards = game.locator(".rl-card-button:visible")
    assert cards.count() == 4  # three dealt and one drawn
    assert game.locator(".rl-card-button img").count() == 4  # the hand is drawn as cards
    cards.first.click()
    expect(cards.first).to_have_class(re.compile(r"\brl-selected\b"))
    expect(cards.first).to_have_attribute("aria-pressed", "true")
    cards.nth(1).click()  # one card at a time: the first is let go
    expect(game.locator(".rl-card-button.rl-selected")).to_have_count(1)
    expect(cards.nth(1)).to_have_class(re.compile(r"\brl-selected\b"))
    discard = page.get_by_role("button", name="Discard", exact=True)
    discard.click()  # Playwright waits until the selection has enabled it
    page.wait_for_function(
        "() => document.querySelector('.rl-tt-log').innerText"
        ".includes('You drew from the stock and discarded')",
        timeout=ANSWER_MS,
    )
    _full_screenshot(page, screenshot_dir / "voila-three_thirteen-start.png", 1000)
    page.set_viewport_size({"width": 1000, "height": 900})

    # the rest of the game, a turn a click, with "Play my turn"
    auto = page.get_by_role("button", name="Play my turn")
    clicks, started, slowest = 0, time.monotonic(), 0.0
    mid_game_shot = False
    while "Final standings" not in (text := game.inner_text()):
        assert clicks < 400, "the game did not end"
        if not mid_game_shot and "Round 8 of 11" in text:
            _full_screenshot(page, screenshot_dir / "voila-three_thirteen-round8.png", 1000)
            page.set_viewport_size({"width": 1000, "height": 900})
            mid_game_shot = True
        before = _record(page)
        t = time.monotonic()
        auto.click()
        page.wait_for_function(
            "old => document.querySelector('.rl-tt-log').innerHTML !== old",
            arg=before,
            timeout=ANSWER_MS,
        )
        slowest = max(slowest, time.monotonic() - t)
        clicks += 1
    _game_text_includes(page, "Final standings")
    text = game.inner_text()
    assert "Game over after 11 rounds" in text
    sheet = game.locator(".rl-tt-sheet:not(.rl-tt-standings) tr")
    assert sheet.count() == 1 + 11 + 1  # heads, eleven rounds, totals
    standings = game.locator(".rl-tt-standings")
    assert standings.is_visible() and standings.locator("tr").count() == 1 + 2
    assert "(winner)" in standings.inner_text()
    assert "How round 11 ended" in text
    assert not auto.is_visible()  # the turn's buttons are put away
    print(
        f"\nVoila three_thirteen: {clicks} clicks of 'Play my turn' in "
        f"{time.monotonic() - started:.1f} s, slowest round trip {slowest * 1000:.0f} ms"
    )
    _full_screenshot(page, screenshot_dir / "voila-three_thirteen-end.png", 1000)
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(300)
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 1, f"the app is {overflow}px wider than a phone"
    _full_screenshot(page, screenshot_dir / "voila-three_thirteen-phone.png", 390)
    page.close()
    watch.check()


@pytest.mark.parametrize("voila_app", ["three_thirteen"], indirect=True)
def test_a_shared_link_deals_the_same_game_with_its_rules_and_bots(browser, voila_app):
    from rules_lib.three_thirteen import PRESETS, new_game

    page = browser.new_page(viewport={"width": 1000, "height": 900})
    watch = PageWatch(page)
    page.goto(voila_app + "?seed=7&rules=variations&bots=2")
    game = page.locator(GAME)
    game.wait_for(state="visible", timeout=PAGE_MS)
    assert game.locator("input[type=number]").input_value() == "7"
    assert game.locator("select").nth(1).input_value().startswith("Variations")
    assert "Bot B" in game.inner_text() and "Bot C" not in game.inner_text()
    hand = new_game(seed=7, players=3, rules=PRESETS["variations"]).hands[0]
    # each card's text (inner_text() of the whole button adds its picture's corner indices)
    shown = game.locator(".rl-card-button:visible .rl-card-text").all_inner_texts()
    assert shown == [str(c) for c in hand]
    link = game.locator(".rl-share input").input_value()
    assert link.startswith("http://127.0.0.1:")
    assert link.endswith("?seed=7&rules=variations&bots=2")
    # the practice widget below the game: three cards that are no meld are
    # explained, and the best arrangement is shown on request
    practice = page.locator(".rl-meld-hand")
    buttons = practice.locator(".rl-card-button:visible")
    assert buttons.count() == 8
    for i in range(3):
        buttons.nth(i).click()
    expect(practice.locator(".rl-card-button.rl-selected")).to_have_count(3)
    practice.get_by_role("button", name="Make meld").click()
    page.wait_for_function(
        "() => { const t = document.querySelector('.rl-meld-hand').innerText;"
        " return t.includes('is not a meld') || !t.includes('No melds yet'); }",
        timeout=ANSWER_MS,
    )
    practice.get_by_role("button", name="Compare with the best").click()
    page.wait_for_function(
        "() => document.querySelector('.rl-meld-hand').innerText.includes('The best arrangement')",
        timeout=ANSWER_MS,
    )
    page.close()
    watch.check()
