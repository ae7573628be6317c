"""Open every page of the built book in Chromium, as a reader would.

Each page must load with no JavaScript error and no request to any host but
127.0.0.1 (the widget JavaScript is vendored, not fetched from a CDN); card
pictures must be visible; widgets must be drawn (not left as blank space).
Screenshots at desktop and phone width go to ``test-output/screenshots``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from .conftest import ANSWER_MS, PageWatch

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]


def _toc_pages() -> list[str]:
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    pages = [toc["root"]]
    for part in toc["parts"]:
        pages += [chapter["file"] for chapter in part["chapters"]]
    return pages


PAGES = _toc_pages()


def _check_poker_widgets(page: object) -> None:
    page.wait_for_selector(".rl-hand-explorer", state="visible", timeout=ANSWER_MS)  # type: ignore[attr-defined]
    explorer = page.locator(".rl-hand-explorer")  # type: ignore[attr-defined]
    assert explorer.locator("input[type=text]").input_value() == "Kd Kc 9s 9h Qc"
    assert "two pair, kings and nines" in explorer.inner_text()
    assert explorer.locator(".rl-cards svg[role=img]").count() == 5
    # the picture is inert until it goes live (test_live_in_place plays the widgets)
    assert explorer.evaluate("el => el.closest('[inert]') !== null")
    page.wait_for_selector(".rl-hand-comparer", state="visible")  # type: ignore[attr-defined]
    assert "A wins" in page.locator(".rl-hand-comparer").inner_text()  # type: ignore[attr-defined]


def _check_arrange_widgets(page: object) -> None:
    """Every "arrange your 13" on the page shows 13 card buttons in three rows."""
    page.wait_for_selector(".rl-arrange", state="visible", timeout=ANSWER_MS)  # type: ignore[attr-defined]
    boxes = page.locator(".rl-arrange")  # type: ignore[attr-defined]
    for i in range(boxes.count()):
        box = boxes.nth(i)
        assert box.locator(".rl-card-button").count() == 13
        for row in ("back", "middle", "front"):
            assert box.locator(f".rl-move-{row}").is_visible()
        assert box.locator(".rl-card-table .rl-card-button img").count() == 13
    assert page.locator(".rl-showdown").first.is_visible()  # type: ignore[attr-defined]
    assert "Show down" in page.locator(".rl-showdown").first.inner_text()  # type: ignore[attr-defined]


def _check_advice_lab(page: object) -> None:
    page.wait_for_selector(".rl-advice-lab", state="visible", timeout=ANSWER_MS)  # type: ignore[attr-defined]
    lab = page.locator(".rl-advice-lab")  # type: ignore[attr-defined]
    menus = lab.locator("select")  # the advice, then how the opponents set their hands
    options = menus.first.inner_text().replace("\xa0", " ")
    assert "A flush in the back and two pairs" in options
    assert "by expected points" in menus.nth(1).inner_text().replace("\xa0", " ")
    assert lab.locator("input[type=text]").nth(1).input_value().startswith("Ks 10s 8s 6s 3s")


# (page, check run once its embedded widgets are drawn)
WIDGET_PAGES = {
    "book/cards_and_hands": _check_poker_widgets,
    "book/chinese_poker/bots": _check_arrange_widgets,
    "book/mau_binh/bots": _check_arrange_widgets,
    "book/strategy/advice": _check_advice_lab,
}
VIEWPORTS = {"desktop": (1280, 900), "phone": (390, 844)}
#: Pages of words alone, with no card pictures.
WORD_PAGES = {"book/glossary"}
#: Pages whose only cards are their widgets' (the games' pages of the bots and the game).
WIDGET_ONLY_PAGES = {
    "book/mau_binh/bots",
    "book/chinese_poker/bots",
    "book/tien_len/bots",
    "book/three_thirteen/bots",
    "book/tredici/bots",
    "book/pyramid/odds",
}


@pytest.mark.parametrize("viewport", VIEWPORTS)
@pytest.mark.parametrize("page_name", PAGES)
def test_page_shows_cards_and_widgets_without_errors(
    browser, site_url, screenshot_dir, page_name, viewport
):
    width, height = VIEWPORTS[viewport]
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    watch = PageWatch(page)
    page.goto(f"{site_url}/{page_name}.html", wait_until="load")

    cards = page.locator("article svg[role=img]")
    if page_name in WIDGET_ONLY_PAGES:  # its cards are the widgets' own pictures
        page.wait_for_selector(".rl-card-button img", state="attached", timeout=ANSWER_MS)
        assert page.locator("article .rl-card-button img").count() > 0
    elif page_name not in WORD_PAGES:
        assert cards.count() > 0, "no card pictures on the page"
        assert cards.first.is_visible()
        first_label = cards.first.get_attribute("aria-label") or ""
        # a card's face ("nine of hearts"), a joker, or a card face down (a widget's stock, on a
        # page whose first pictures are a widget's)
        assert " of " in first_label or "joker" in first_label or "face-down" in first_label

    if page_name in WIDGET_PAGES:
        # embed-amd.js replaces each widget's script tag with the rendered widget
        WIDGET_PAGES[page_name](page)

    # no horizontal scrolling on a phone: the page fits its width
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 1, f"page is {overflow}px wider than the screen"

    name = page_name.replace("/", "_")
    page.screenshot(path=str(screenshot_dir / f"{name}-{viewport}.png"), full_page=True)
    context.close()
    watch.check()
