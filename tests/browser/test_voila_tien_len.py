"""The Tiến Lên app under Voila: a whole hand played by clicking, to the final standings.

The reader's moves are the hints: press **Hint**, then **Play** (or **Pass**
when the hint says pass), until the game is over.  Along the way an illegal
selection, made with the keyboard, is named and kept.
"""

from __future__ import annotations

import time

import pytest

from .conftest import ANSWER_MS, PAGE_MS, PageWatch

pytestmark = pytest.mark.browser

GAME = ".rl-tien-len"
MESSAGE = f"{GAME} .rl-tl-message-box"


def _message(page) -> str:
    return page.locator(MESSAGE).inner_text()


@pytest.mark.parametrize("voila_app", ["tien_len"], indirect=True)
def test_a_whole_game_is_played_to_the_standings_by_clicking(browser, voila_app, screenshot_dir):
    page = browser.new_page(viewport={"width": 1000, "height": 900})
    watch = PageWatch(page)
    started = time.monotonic()
    page.goto(voila_app + "?seed=5")
    game = page.locator(GAME)
    game.locator(".rl-tl-card").first.wait_for(state="visible", timeout=PAGE_MS)
    first_widget = time.monotonic() - started
    assert "Deal no. 5" in _message(page)
    assert game.locator(".rl-tl-card:visible").count() == 13
    assert game.locator(".rl-tl-seat").count() == 4
    assert "?seed=5&rules=source" in game.locator(".rl-share input").input_value()

    # an illegal selection, made with the keyboard: named, and still selected
    cards = game.locator(".rl-tl-card")
    cards.nth(0).focus()
    page.keyboard.press("Space")
    cards.nth(12).focus()
    page.keyboard.press("Space")
    page.wait_for_function(
        "() => document.querySelector('.rl-tl-selection-box').innerText.includes('Selected')"
    )
    game.locator(".rl-tl-play").click()
    page.wait_for_function(
        f"() => document.querySelector('{MESSAGE} [role=alert]')?.innerText.includes('your selection is kept')",
        timeout=ANSWER_MS,
    )
    assert (
        "not a play" in _message(page)
        or "does not beat" in _message(page)
        or "3♠" in _message(page)
    )
    assert game.locator(".rl-tl-card.mod-active").count() == 2
    page.screenshot(path=str(screenshot_dir / "voila-tien_len-illegal.png"), full_page=True)

    # play the hints to the end
    turns = 0
    moves_started = time.monotonic()
    while "Game over" not in _message(page):
        turns += 1
        assert turns < 80, "the game did not end"
        game.locator(".rl-tl-hint").click()
        page.wait_for_function(
            f"() => document.querySelector('{MESSAGE}').innerText.includes('Hint:')",
            timeout=ANSWER_MS,
        )
        button = ".rl-tl-pass" if "Hint: pass" in _message(page) else ".rl-tl-play"
        game.locator(button).click()
        page.wait_for_function(  # the message is the widget's last update of a turn
            f"() => /Your turn|Game over/.test(document.querySelector('{MESSAGE}').innerText)",
            timeout=ANSWER_MS,
        )
    per_turn = (time.monotonic() - moves_started) / turns
    text = game.inner_text()
    assert "Final standings" in text and "Game over: you finished" in text
    for name in ("You", "Bot A", "Bot B", "Bot C"):
        assert name in game.locator(".rl-tl-standings").inner_text()
    assert game.locator(".rl-tl-play").is_disabled()
    assert game.locator(".rl-tl-log svg[role=img]").count() > 0  # the last moves as pictures
    page.screenshot(path=str(screenshot_dir / "voila-tien_len-desktop.png"), full_page=True)
    game.locator(".rl-tl-standings").scroll_into_view_if_needed()
    page.screenshot(path=str(screenshot_dir / "voila-tien_len-standings.png"))

    # New game deals the next number; the page fits a phone
    game.locator("button", has_text="New game").click()
    page.wait_for_function(
        f"() => document.querySelector('{MESSAGE}').innerText.includes('Deal no. 6')",
        timeout=ANSWER_MS,
    )
    page.set_viewport_size({"width": 390, "height": 844})
    time.sleep(0.5)
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 1, f"the app is {overflow}px wider than a phone"
    page.screenshot(path=str(screenshot_dir / "voila-tien_len-phone.png"), full_page=True)
    print(
        f"\nVoila tien_len: first widget {first_widget:.2f} s, {turns} turns, "
        f"{per_turn * 1000:.0f} ms per turn (hint + move)"
    )
    page.close()
    watch.check()
