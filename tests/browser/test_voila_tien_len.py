"""The Tiến Lên app under Voila: a whole hand played by clicking, to the final standings.

The reader's moves are the hints: press **Hint**, then **Play** (or **Pass**
when the hint says pass), until the game is over.  Along the way an illegal
selection, made with the keyboard, is named and kept.  On a phone, a turn is
played by taps alone.
"""

from __future__ import annotations

import time

import pytest

from .conftest import ANSWER_MS, PAGE_MS, PageWatch, reopen

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
    assert game.locator(".rl-tl-card.rl-selected").count() == 2
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


@pytest.mark.parametrize("voila_app", ["tien_len"], indirect=True)
def test_tap_only_tien_len_turn_at_phone_width(browser, voila_app, screenshot_dir):
    """A turn on a touch screen 390 px wide: tap the cards of a legal play, tap
    **Play**; the play reaches the table and the hand shrinks.  No keyboard, no
    mouse click."""
    from playwright.sync_api import expect

    from rules_lib.tien_len import Play, describe_action
    from rules_lib.widgets import TienLenGame

    seed = 8  # a bot leads a triple of threes, and you hold a triple that beats it
    expected = TienLenGame(seed=seed)  # the same deal number, the same game as the app's
    play = next(
        a for a in expected.state.legal_actions() if isinstance(a, Play) and len(a.plain) > 1
    )
    held = len(expected.hand)
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    page = context.new_page()
    watch = PageWatch(page)
    page.goto(voila_app + f"?seed={seed}")
    game = page.locator(GAME)
    cards = game.locator(".rl-tl-card")
    expect(cards).to_have_count(held, timeout=PAGE_MS)
    expect(page.locator(MESSAGE)).to_contain_text("Your turn", timeout=ANSWER_MS)
    for card in play.plain:
        assert game.locator(".rl-tl-card.rl-playable", has_text=str(card)).count() == 1
        cards.filter(has_text=str(card)).tap()
    chosen = game.locator(".rl-tl-card.rl-selected")
    expect(chosen).to_have_count(len(play.plain))
    names = chosen.locator(".rl-card-text").all_text_contents()  # the card's own words
    assert sorted(names) == sorted(str(c) for c in play.plain)
    expect(game.locator(".rl-tl-selection-box")).to_contain_text("Selected", timeout=ANSWER_MS)
    page.screenshot(path=str(screenshot_dir / "tien_len_phone-selected.png"), full_page=True)

    game.locator(".rl-tl-play").tap()
    what = describe_action(play, expected.state.rules)[len("plays ") :]
    mine = game.locator(".rl-tl-log .rl-tl-move", has=page.locator(".rl-tl-who", has_text="You"))
    expect(mine).to_have_count(1, timeout=ANSWER_MS)
    expect(mine).to_contain_text(what)
    expect(cards).to_have_count(held - len(play.plain))
    for card in play.plain:
        expect(cards.filter(has_text=str(card))).to_have_count(0)
    expect(page.locator(MESSAGE)).to_contain_text("Your turn")
    expect(game.locator(".rl-tl-seats-box")).to_contain_text(f"{held - len(play.plain)} cards")
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 1, f"the app is {overflow}px wider than a phone"
    page.screenshot(path=str(screenshot_dir / "tien_len_phone.png"), full_page=True)
    context.close()
    watch.check()


@pytest.mark.parametrize("voila_app", ["tien_len"], indirect=True)
def test_a_hand_for_points_survives_a_reload(browser, voila_app, screenshot_dir):
    page = browser.new_page(viewport={"width": 390, "height": 900})
    watch = PageWatch(page)
    page.goto(voila_app + "?seed=5&rules=home")
    game = page.locator(GAME)
    game.locator(".rl-tl-card").first.wait_for(state="visible", timeout=PAGE_MS)
    assert "home rules" in _message(page)
    for _ in range(2):  # two of the reader's turns, with the bots' replies
        game.locator(".rl-tl-hint").click()
        page.wait_for_function(
            f"() => document.querySelector('{MESSAGE}').innerText.includes('Hint:')",
            timeout=ANSWER_MS,
        )
        button = ".rl-tl-pass" if "Hint: pass" in _message(page) else ".rl-tl-play"
        game.locator(button).click()
        page.wait_for_function(
            f"() => /Your turn|Game over/.test(document.querySelector('{MESSAGE}').innerText)",
            timeout=ANSWER_MS,
        )
    # the address holds the hand so far: opening it again brings the same position back
    page.wait_for_function("() => window.location.search.includes('moves=')", timeout=ANSWER_MS)
    held = game.locator(".rl-tl-card:visible").count()
    seats = game.locator(".rl-tl-seats-box").inner_text()
    page, watch = reopen(browser, page, watch)
    game = page.locator(GAME)
    game.locator(".rl-tl-card").first.wait_for(state="visible", timeout=PAGE_MS)
    page.wait_for_function(
        f"() => document.querySelector('{MESSAGE}').innerText.length > 0", timeout=PAGE_MS
    )
    assert game.locator(".rl-tl-card:visible").count() == held
    assert game.locator(".rl-tl-seats-box").inner_text() == seats
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=str(screenshot_dir / "voila-tien_len-resumed.png"), full_page=True)
    page.close()
    watch.check()
