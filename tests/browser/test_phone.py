"""The site on a phone (390 x 844, touch) and on a desktop: every page of the book.

* the theme's ☰ menu and the page-contents button open their panels on a phone
  (``tools/static/thirteen_site.js`` mends the theme's binding);
* no page scrolls sideways at 390 px (tables scroll inside themselves);
* the widgets' buttons, menus, text boxes and cards are at least 44 px high and
  wide on a touch screen, each inside its row (a control taller than its row
  would overlap the next one);
* every kind of control shows a focus ring when the keyboard reaches it, and a
  card tapped on a touch screen keeps its selection ring;
* every page the build wrote under book/ is one of the pages checked;
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

# Every view of a widget the page embeds is drawn (embed-amd.js puts each one in a
# div.widget-subarea just before its script tag).
DRAWN = """() => Array.from(document.querySelectorAll(
    'script[type="application/vnd.jupyter.widget-view+json"]')).every(s => {
  const drawn = s.previousElementSibling;
  return drawn !== null && drawn.classList.contains('widget-subarea')
    && drawn.firstElementChild !== null;
})"""

# The controls a finger aims at in a widget, shown, under 44 px either way; and those
# that reach out of the row that holds them (a widget row is the control's parent box).
SMALL_TARGETS = """() => Array.from(document.querySelectorAll(
    '.jupyter-widgets button, .jupyter-widgets select, '
    + '.jupyter-widgets input:not([type=checkbox]):not([type=radio]), .rl-card-button'))
  .filter(e => e.offsetParent !== null)
  .filter(e => { const r = e.getBoundingClientRect(); return r.height < 44 || r.width < 44; })
  .map(e => e.getAttribute('aria-label') || e.innerText.trim() || e.value || e.title)"""
SPILLING = """() => Array.from(document.querySelectorAll(
    '.widget-inline-hbox > select, .widget-inline-hbox > input, .widget-inline-hbox > label'))
  .filter(e => e.offsetParent !== null)
  .filter(e => { const r = e.getBoundingClientRect(), box = e.parentElement.getBoundingClientRect();
                 return r.top < box.top - 1 || r.bottom > box.bottom + 1; })
  .map(e => e.parentElement.innerText.trim() || e.tagName)"""


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
    page.wait_for_function(DRAWN)
    page.wait_for_load_state("networkidle")
    if width == "phone":
        wide = page.evaluate("document.documentElement.scrollWidth")
        assert wide <= PHONE["width"], f"{name}: {wide} px wide at {PHONE['width']} px"
        small = page.evaluate(SMALL_TARGETS)
        assert not small, f"{name}: controls under 44 px on a touch screen: {small[:5]}"
        spilling = page.evaluate(SPILLING)
        assert not spilling, f"{name}: controls taller than their row: {spilling[:5]}"
    check_accessibility(page, f"site-{name.replace('/', '-')}-{width}", output_dir, waivers={})
    context.close()
    watch.check()


def test_every_page_of_the_build_is_checked(site_dir: Path) -> None:
    """The pages above come from _toc.yml: the build wrote no page under book/ beside them."""
    built = {
        str(path.relative_to(site_dir).with_suffix(""))
        for path in (site_dir / "book").rglob("*.html")
    }
    assert built, "no page under book/ in the build"
    assert built <= set(PAGES), f"pages not checked: {sorted(built - set(PAGES))}"


# Makes the widgets' saved pictures answer (before "Play it live" they are inert: no
# focus, no tap), so that their controls can be focused and tapped as a live page's.
UNFREEZE = """() => document.querySelectorAll('[inert]').forEach(e => {
  e.inert = false; e.removeAttribute('inert'); })"""

# The ring a control draws: [outline style, width in px, colour].
RING = """e => { const s = getComputedStyle(e);
  return [s.outlineStyle, parseFloat(s.outlineWidth), s.outlineColor]; }"""


def _ring_is_visible(ring: list[Any]) -> bool:
    style, width, colour = ring
    return style not in ("none", "hidden") and width >= 2 and "0, 0, 0, 0" not in colour


# control: a page that shows one (the arrangement game's page has most kinds)
FOCUS_CONTROLS = {
    ".jupyter-widgets.jupyter-button": "book/mau_binh/bots",
    ".widget-dropdown select": "book/mau_binh/bots",
    ".widget-text input": "book/mau_binh/bots",
    ".widget-checkbox input": "book/mau_binh/points",
    ".rl-card-button": "book/mau_binh/bots",
    ".rl-move": "book/mau_binh/bots",
    ".rl-live-go": "book/mau_binh/bots",
    ".search-button-field": "book/mau_binh/bots",
    ".theme-switch-button": "book/mau_binh/bots",
}


@pytest.mark.parametrize("control", FOCUS_CONTROLS)
def test_the_keyboard_focus_shows_a_ring(browser: Any, site_url: str, control: str) -> None:
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    page.goto(f"{site_url}/{FOCUS_CONTROLS[control]}.html", wait_until="load")
    page.wait_for_function(DRAWN)
    page.evaluate(UNFREEZE)
    target = page.locator(f"{control}:visible").first
    # reached by the keyboard, as a reader tabbing through the page reaches it
    target.focus()
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")
    assert target.evaluate("e => e === document.activeElement && e.matches(':focus-visible')")
    ring = target.evaluate(RING)
    assert _ring_is_visible(ring), f"{control}: no focus ring when reached by the keyboard: {ring}"
    context.close()


def test_a_tapped_card_keeps_its_selection_ring(browser: Any, site_url: str) -> None:
    context = _phone(browser)
    page = context.new_page()
    page.goto(f"{site_url}/book/mau_binh/bots.html", wait_until="load")
    page.wait_for_function(DRAWN)
    page.evaluate(UNFREEZE)
    card = page.locator(".rl-arrange .rl-card-button").first
    card.tap()  # card_table.js selects it in the browser alone; the tap also focuses it
    expect(card).to_have_attribute("aria-pressed", "true")
    assert card.evaluate("e => e === document.activeElement")
    ring = card.evaluate(RING)
    assert _ring_is_visible(ring), f"a tapped, selected card shows no ring: {ring}"
    context.close()
