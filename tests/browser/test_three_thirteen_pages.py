"""The Three-Thirteen chapter of the built book: its widgets are drawn (from the
state saved at build time), at desktop and phone width, with no JavaScript
error and nothing wider than the screen."""

from __future__ import annotations

import pytest

from rules_lib.three_thirteen import cards_dealt, deal_hand, new_game

from .conftest import ANSWER_MS, PageWatch

pytestmark = pytest.mark.browser

VIEWPORTS = {"desktop": (1280, 900), "phone": (390, 844)}


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_the_chapter_draws_both_widgets(browser, site_url, screenshot_dir, viewport):
    width, height = VIEWPORTS[viewport]
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    watch = PageWatch(page)
    page.goto(f"{site_url}/book/three_thirteen/bots.html", wait_until="load")

    # meld this hand: hand no. 8 of round 6, a card picture per card, the controls
    page.wait_for_selector(".rl-meld-hand", state="visible", timeout=ANSWER_MS)
    meld = page.locator(".rl-meld-hand")
    buttons = meld.locator(".rl-card-button:visible")
    assert buttons.count() == cards_dealt(6)
    # each card's text (inner_text() of the whole button adds its picture's corner indices)
    texts = meld.locator(".rl-card-button:visible .rl-card-text").all_inner_texts()
    assert texts == [str(c) for c in deal_hand(8, 6)]
    for name in ("Make meld", "Undo", "Clear", "Compare with the best"):
        assert meld.get_by_role("button", name=name).is_visible()
    assert "Not in a meld" in meld.inner_text()

    # the game: game no. 13 against two bots, the reader's first hand and the piles
    page.wait_for_selector(".rl-tt-game", state="visible", timeout=ANSWER_MS)
    game = page.locator(".rl-tt-game")
    text = game.inner_text()
    assert "Round 1 of 11" in text and "Bot B" in text and "Score sheet" in text
    hand = new_game(seed=13, players=3).hands[0]
    shown = game.locator(".rl-card-button:visible .rl-card-text").all_inner_texts()
    assert shown == [str(c) for c in hand]
    assert game.get_by_role("button", name="Draw from stock").is_visible()
    assert game.locator(".rl-card-button img").count() == len(hand)  # the hand, as pictures
    assert game.locator(".rl-cards svg[role=img]").count() >= 2  # stock, discard
    # with no kernel the widgets are pictures: inert, so a click cannot pretend to select
    assert buttons.first.evaluate("el => el.closest('[inert]') !== null")

    # the plot of the bots' results (the only picture that is not a card)
    # (the game comes first on the page, and its hidden parts may hold other drawings)
    plot = page.locator("article svg:not([role=img])")
    assert any(plot.nth(i).is_visible() for i in range(plot.count()))
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 1, f"page is {overflow}px wider than the screen"
    game.scroll_into_view_if_needed()
    page.screenshot(
        path=str(screenshot_dir / f"three_thirteen-widgets-{viewport}.png"), full_page=True
    )
    context.close()
    watch.check()
