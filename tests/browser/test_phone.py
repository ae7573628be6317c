"""The site on a phone (390 x 844, touch) and on a desktop: every page of the book.

* the theme's ☰ menu and the page-contents button open their panels on a phone
  (``tools/static/thirteen_site.js`` mends the theme's binding);
* no page scrolls sideways at 390 px (tables scroll inside themselves);
* the widgets' buttons are at least 44 px high on a touch screen;
* axe-core finds no serious or critical violation on any page, at phone and at
  desktop width, with no element waived.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from .axe import check_accessibility
from .conftest import ANSWER_MS, PageWatch
from .test_book_pages import PAGES as TOC_PAGES

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
PAGES = TOC_PAGES


def _phone(browser: Any) -> Any:
    return browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)


def test_the_site_menu_and_the_contents_open_on_a_phone(browser: Any, site_url: str) -> None:
    context = _phone(browser)
    page = context.new_page()
    watch = PageWatch(page)
    page.goto(f"{site_url}/book/tien_len/index.html", wait_until="load")
    menu = page.locator(".primary-toggle:visible").first
    menu.tap()
    navigation = page.locator("#pst-primary-sidebar-modal")
    expect(navigation).to_be_visible(timeout=ANSWER_MS)
    expect(navigation.get_by_role("link", name="Tiến Lên in five minutes")).to_be_visible()
    page.keyboard.press("Escape")
    expect(navigation).to_be_hidden(timeout=ANSWER_MS)
    page.locator(".secondary-toggle:visible").first.tap()
    contents = page.locator("#pst-secondary-sidebar-modal")
    expect(contents).to_be_visible(timeout=ANSWER_MS)
    expect(contents.get_by_role("link", name="Ranks and suits")).to_be_visible()
    context.close()
    watch.check()


@pytest.mark.parametrize("width", ["phone", "desktop"])
@pytest.mark.parametrize("name", PAGES)
def test_every_page_fits_a_phone_and_has_no_serious_accessibility_violation(
    browser: Any, site_url: str, output_dir: Path, name: str, width: str
) -> None:
    """At 390 px: no sideways scrolling, widget buttons of 44 px; axe at both widths."""
    context = _phone(browser) if width == "phone" else browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    watch = PageWatch(page)
    page.goto(f"{site_url}/{name}.html", wait_until="load")
    page.wait_for_load_state("networkidle")
    if width == "phone":
        wide = page.evaluate("document.documentElement.scrollWidth")
        assert wide <= PHONE["width"], f"{name}: {wide} px wide at {PHONE['width']} px"
        small = page.evaluate(
            """() => Array.from(document.querySelectorAll('.jupyter-widgets button'))
                 .filter(b => b.offsetParent !== null)
                 .filter(b => b.getBoundingClientRect().height < 44)
                 .map(b => b.innerText.trim() || b.title)"""
        )
        assert not small, f"{name}: buttons under 44 px on a touch screen: {small[:5]}"
    check_accessibility(page, f"site-{name.replace('/', '-')}-{width}", output_dir, waivers={})
    context.close()
    watch.check()
