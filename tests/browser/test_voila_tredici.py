"""A whole game of Tredici against the bot, played in Chromium through the Voila app.

The app is opened with a link (``?seed=144``) so the game is the same every
time: with a press of its first card (the 6♣), "Play for me" (the bot's own
choice in your place) and one press of "Last card!", you win it in 14 clicks.
Every click goes through the page: the test reads only what the page shows.
"""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect

from .conftest import ANSWER_MS, PAGE_MS, PageWatch, reopen

pytestmark = pytest.mark.browser

SEED = 144
STATE = ".rl-tredici .rl-td-state"


def _moves(page) -> int:
    return int(page.locator(STATE).get_attribute("data-moves"))


def _click_and_wait(page, button) -> float:
    """Click, then wait until the kernel has redrawn the game (its move count changes)."""
    before = _moves(page)
    started = time.monotonic()
    button.click()
    page.wait_for_function(
        f"() => Number(document.querySelector('{STATE}').dataset.moves) !== {before}",
        timeout=ANSWER_MS,
    )
    return time.monotonic() - started


@pytest.mark.parametrize("voila_app", ["tredici"], indirect=True)
def test_a_whole_game_against_the_bot_is_played_to_the_end(browser, voila_app, screenshot_dir):
    page = browser.new_page(viewport={"width": 1000, "height": 900})
    watch = PageWatch(page)
    started = time.monotonic()
    page.goto(f"{voila_app}?seed={SEED}")
    game = page.locator(".rl-tredici")
    game.wait_for(state="visible", timeout=PAGE_MS)
    first_widget = time.monotonic() - started
    hand = game.locator(".rl-td-hand .rl-card-button")
    assert hand.count() == 13
    # each card's text (inner_text() of the whole button adds its picture's corner indices)
    lit = game.locator(".rl-td-hand .rl-playable .rl-card-text")
    assert lit.all_inner_texts() == ["4♣", "6♣"]
    assert "seed=144" in game.locator(".rl-share input").input_value()
    assert (
        "5♠" in game.locator(".rl-td-table").inner_text()
        or game.locator(".rl-td-table svg[aria-label^='five of spades']").count()
    )

    # an illegal card: a message names the rule, nothing is played
    game.locator(".rl-td-hand .rl-card-button", has_text="J♠").click()
    page.wait_for_function(
        "() => document.querySelector('.rl-td-message [role=alert]')?.innerText"
        ".includes('You cannot play J♠')",
        timeout=ANSWER_MS,
    )
    assert _moves(page) == 0 and hand.count() == 13
    expect(game.locator(".rl-td-hand .rl-selected")).to_have_count(0)  # nothing stays pressed
    # a lit card: pressing it plays it (6♣ is also what "Play for me" would play first)
    _click_and_wait(page, game.locator(".rl-td-hand .rl-playable", has_text="6♣"))
    expect(hand).to_have_count(12)
    expect(game.locator(".rl-td-hand .rl-card-button", has_text="6♣")).to_have_count(0)
    expect(lit).to_have_text(["7♠", "5♥", "7♦"])

    last_card = page.get_by_role("button", name="Last card!")
    play_for_me = page.get_by_role("button", name="Play for me")
    clicks, last_presses, round_trips = 0, 0, []
    while page.locator(STATE).get_attribute("data-over") == "0":
        status = page.locator(STATE).inner_text()
        if hand.count() == 1 and "say 'last card'" in status:
            round_trips.append(_click_and_wait(page, last_card))
            last_presses += 1
        else:
            round_trips.append(_click_and_wait(page, play_for_me))
        clicks += 1
        assert clicks < 200, "the game did not end"
        if clicks == 6:  # mid-game: a hand, the pile and the log
            page.screenshot(path=str(screenshot_dir / "voila-tredici-midgame.png"), full_page=True)
    assert last_presses >= 1
    winner = game.locator(".rl-td-winner").inner_text()
    assert winner == "You win: no cards left!"
    log = game.locator(".rl-td-log").inner_text()
    assert "said 'last card'" in log and "The bot played" in log
    assert game.locator(".rl-td-log svg[role=img]").count() > 0
    assert play_for_me.is_disabled()

    page.screenshot(path=str(screenshot_dir / "voila-tredici.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(300)
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 1, f"the app is {overflow}px wider than a phone"
    page.screenshot(path=str(screenshot_dir / "voila-tredici-phone.png"), full_page=True)
    round_trips.sort()
    print(
        f"\nVoila tredici: first widget {first_widget:.2f} s, {clicks} clicks to the end, "
        f"round trip median {round_trips[len(round_trips) // 2] * 1000:.0f} ms, "
        f"max {round_trips[-1] * 1000:.0f} ms"
    )
    page.close()
    watch.check()


@pytest.mark.parametrize("voila_app", ["tredici"], indirect=True)
def test_a_game_survives_a_reload(browser, voila_app):
    page = browser.new_page(viewport={"width": 390, "height": 900})
    watch = PageWatch(page)
    page.goto(f"{voila_app}?seed={SEED}")
    game = page.locator(".rl-tredici")
    game.wait_for(state="visible", timeout=PAGE_MS)
    _click_and_wait(page, game.get_by_role("button", name="Play for me"))
    page.wait_for_function("() => window.location.search.includes('moves=')", timeout=ANSWER_MS)
    moves, held = _moves(page), game.locator(".rl-td-hand .rl-card-button").count()
    page, watch = reopen(browser, page, watch)
    game = page.locator(".rl-tredici")
    game.wait_for(state="visible", timeout=PAGE_MS)
    page.wait_for_function(
        f"() => Number(document.querySelector('{STATE}')?.dataset.moves) === {moves}",
        timeout=PAGE_MS,
    )
    assert game.locator(".rl-td-hand .rl-card-button").count() == held
    assert "goes on where it was" in game.inner_text()
    page.close()
    watch.check()
