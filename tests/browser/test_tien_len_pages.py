"""The Tiến Lên chapter, as built: its widgets are drawn on the static page.

``test_book_pages.py`` opens every page (no JavaScript error, cards visible,
fits a phone); this adds what the Tiến Lên page must show: the "can it
beat?" trainer with its verdict and card pictures, and the game with a
hand of thirteen card buttons (those of a legal play lit), the four seats,
the table and the log.
"""

from __future__ import annotations

import pytest

from .conftest import ANSWER_MS, PageWatch

pytestmark = pytest.mark.browser

VIEWPORTS = {"desktop": (1280, 900), "phone": (390, 844)}


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_tien_len_page_draws_the_trainer_and_the_game(browser, site_url, screenshot_dir, viewport):
    width, height = VIEWPORTS[viewport]
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    watch = PageWatch(page)
    page.goto(f"{site_url}/book/tien_len/index.html", wait_until="load")

    # pictures drawn by the rules page's cells: ranks, plays, the trick, the deals
    assert page.locator("article .rl-cards svg[role=img]").count() > 60
    assert page.get_by_text("Everyone else has passed since Chi's play").is_visible()
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 1, f"the rules page is {overflow}px wider than the screen"

    # the trainer and the game are on the part's page of the bots
    page.goto(f"{site_url}/book/tien_len/bots.html", wait_until="load")
    page.wait_for_selector(".rl-can-it-beat", state="visible", timeout=ANSWER_MS)
    trainer = page.locator(".rl-can-it-beat")
    assert trainer.locator("input[type=text]").nth(0).input_value() == "9s 9d"
    assert trainer.locator("input[type=text]").nth(1).input_value() == "9h 9c"
    text = trainer.inner_text()
    assert "No: both plays are topped by a nine" in text
    assert "Under common Vietnamese rules the answer is yes" in text
    assert trainer.locator(".rl-cards svg[role=img]").count() == 4

    page.wait_for_selector(".rl-tien-len", state="visible", timeout=ANSWER_MS)
    game = page.locator(".rl-tien-len")
    cards = game.locator(".rl-tl-card")
    assert sum(cards.nth(i).is_visible() for i in range(cards.count())) == 13
    assert game.locator(".rl-tl-card.rl-playable").count() > 0  # the cards you may play, lit
    for name in ("Play", "Pass", "Hint"):
        assert game.get_by_role("button", name=name, exact=True).is_visible()
    assert game.locator(".rl-tl-seat").count() == 4
    assert "To beat:" in game.locator(".rl-tl-table-box").inner_text()
    assert game.locator(".rl-tl-table-box svg[role=img]").count() >= 1
    assert "Recent moves" in game.locator(".rl-tl-log").inner_text()
    assert "Bot A held the 3♠ and led" in game.inner_text()

    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 1, f"page is {overflow}px wider than the screen"
    game.scroll_into_view_if_needed()
    page.screenshot(path=str(screenshot_dir / f"tien_len-widgets-{viewport}.png"))
    context.close()
    watch.check()
