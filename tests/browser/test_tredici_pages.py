"""The Tredici part of the built book draws its game widget (on the page of the bots) and
the rules' pictures, at desktop and phone width."""

from __future__ import annotations

import pytest

from .conftest import ANSWER_MS, PageWatch

pytestmark = pytest.mark.browser

VIEWPORTS = {"desktop": (1280, 900), "phone": (390, 844)}


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_tredici_chapter_shows_the_game_widget(browser, site_url, screenshot_dir, viewport):
    width, height = VIEWPORTS[viewport]
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    watch = PageWatch(page)
    page.goto(f"{site_url}/book/tredici/bots.html", wait_until="load")
    page.wait_for_selector(".rl-tredici", state="visible", timeout=ANSWER_MS)
    game = page.locator(".rl-tredici")
    assert game.locator(".rl-td-hand .rl-card-button").count() == 13
    # each card's text (inner_text() of the whole button adds its picture's corner indices)
    lit = game.locator(".rl-td-hand .rl-playable .rl-card-text").all_inner_texts()
    assert lit == ["4♣", "6♣"]
    for name in ("Stop", "Draw", "Last card!", "Thirteen!", "Play for me", "New game"):
        assert game.get_by_role("button", name=name, exact=True).is_visible()
    assert "Turn 1." in game.locator(".rl-td-state").inner_text()
    assert game.locator(".rl-td-table svg[role=img]").count() >= 3  # pile, stock, bot's cards
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 1, f"page is {overflow}px wider than the screen"
    game.screenshot(path=str(screenshot_dir / f"tredici-widget-{viewport}.png"))
    # the rules' pictures: the circle of ranks, the worked runs
    page.goto(f"{site_url}/book/tredici/index.html", wait_until="load")
    assert page.locator("svg[aria-label^='the circle of ranks']").is_visible()
    assert page.locator("article svg[role=img]").count() > 60
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 1, f"page is {overflow}px wider than the screen"
    page.screenshot(path=str(screenshot_dir / f"book_tredici_index-{viewport}.png"), full_page=True)
    context.close()
    watch.check()
