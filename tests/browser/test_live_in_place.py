"""Widgets live in place: every chapter with widgets brings them to life where they
stand, with one Python (Pyodide, in a Web Worker) for the whole page.

The built site is served on 127.0.0.1 as ``make serve`` serves it (gzip copies where
the build made them) and Chromium resolves no other host name.  Each test presses a
widget's "Play it live", waits until every widget of the page is live, then uses
them as a reader would: each answer below is one that only Python running in the
browser can give (the saved pictures show the first position only).

``test_first_and_second_visit`` records what a reader pays (seconds from the click to
live widgets, bytes sent) on a first visit and on a second one in the same browser,
in ``test-output/lite-metrics.json``; ``benchmarks/live_in_place.py`` prints them
beside the notebook route.  No figure is asserted: the second visit's functional
check is that it started from the memory snapshot the first visit kept.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from .conftest import PAGE_MS, PageWatch

pytestmark = [pytest.mark.browser, pytest.mark.slow]

# The screens a page is opened on (issue 30: a phone, 390 px with touch, and a desktop):
# options of a new browser context.
SIZES: dict[str, dict[str, Any]] = {
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
    "desktop": {"viewport": {"width": 1280, "height": 900}},
}

GOLD = (
    "rgb(224, 162, 0)"  # the ring of a Tredici card that may be played now (the chapter says gold)
)
# every widget live, or one that says it could not go live (the test then fails at once,
# with the widget's own words, instead of waiting for the page's limit)
LIVE_OR_FAILED = (
    "n => document.querySelectorAll('.rl-live-bar[data-live=\"1\"]').length === n"
    " || document.querySelector('.rl-live-failed') !== null"
)


def wait_live(page: Any, count: int) -> None:
    """Wait until the page's ``count`` widgets are live; fail with the message of one
    that could not go live."""
    page.wait_for_function(LIVE_OR_FAILED, arg=count, timeout=PAGE_MS)
    failed = page.locator(".rl-live-failed")
    assert failed.count() == 0, failed.first.inner_text()


def _cards_and_hands(page: Any) -> None:
    explorer = page.locator(".rl-hand-explorer")
    box = explorer.locator("input[type=text]")
    box.fill("As Ad 5c 5d 5h")
    explorer.get_by_text("full house, fives over aces").wait_for()
    assert explorer.locator(".rl-cards svg[role=img]").count() == 5
    box.fill("As Ad 5c 5d Xh")
    explorer.locator("[role=alert]", has_text="'Xh'").wait_for()
    comparer = page.locator(".rl-hand-comparer")
    comparer.locator("input[type=text]").nth(1).fill("2c 3d 4h 5s 6c")
    comparer.get_by_text("B wins").wait_for()


def _mau_binh(page: Any) -> None:
    # deal 1 can be set as three flushes, which wins at once in Mậu Binh
    arrange = page.locator(".rl-arrange").first
    arrange.get_by_role("button", name="Show the best arrangement").click()
    expect(arrange).to_contain_text("Set as three flushes: in Mậu Binh that wins at once")
    showdown = page.locator(".rl-showdown")
    showdown.get_by_role("button", name="Show down").click()
    expect(showdown).to_contain_text("after 1 deal")


def _chinese_poker(page: Any) -> None:
    showdown = page.locator(".rl-showdown")
    showdown.get_by_role("button", name="Show down").click()
    expect(showdown).to_contain_text("Running total after 1 deal")
    for name in ("Bot A", "Bot B", "Bot C"):
        assert name in showdown.inner_text()


def _tien_len(page: Any) -> None:
    game = page.locator(".rl-tien-len")
    message = game.locator(".rl-tl-message-box")
    expect(message).to_contain_text("Bot A held the 3♠ and led")
    cards = game.locator(".rl-tl-card:visible")
    expect(cards).to_have_count(13)
    game.locator(".rl-tl-card", has_text="J♣").click()
    expect(game.locator(".rl-tl-card.rl-selected .rl-card-text")).to_have_text(["J♣"])
    game.locator(".rl-tl-selection-box", has_text="J").wait_for()
    game.locator(".rl-tl-play").click()
    game.locator(".rl-tl-log .rl-tl-who", has_text="You").wait_for()
    expect(cards).to_have_count(12)
    seats = game.locator(".rl-tl-seats-box").inner_text()
    assert "12 cards" in seats and "11 cards" in seats  # you, and Bot A who led the 3♠
    trainer = page.locator(".rl-can-it-beat")
    trainer.locator("input[type=text]").first.fill("2s")
    trainer.get_by_text("the table holds a single card").wait_for()


def _three_thirteen(page: Any) -> None:
    game = page.locator(".rl-tt-game")
    hand = game.locator(".rl-card-button:visible")
    expect(hand).to_have_count(3)
    game.get_by_role("button", name="Draw", exact=False).first.click()
    expect(hand).to_have_count(4)
    expect(game).to_contain_text("You drew the")


def _tredici(page: Any) -> None:
    game = page.locator(".rl-tredici .rl-card-button")
    expect(game).to_have_count(13)
    lit = page.locator(".rl-tredici .rl-card-button.rl-playable")
    lit_text = lit.locator(".rl-card-text")
    expect(lit_text).to_have_text(["4♣", "6♣"])
    lit.first.click()
    expect(game).to_have_count(12)
    expect(lit_text).to_have_text(["2♣"])
    six = page.locator(".rl-tredici .rl-card-button", has_text="6♣")
    expect(six).not_to_have_class(re.compile(r"\brl-playable\b"))
    assert GOLD in lit.evaluate("e => getComputedStyle(e).boxShadow")
    assert GOLD not in six.evaluate("e => getComputedStyle(e).boxShadow")


def _pyramid(page: Any) -> None:
    game = page.locator(".rl-pyramid")
    bottom = game.locator('.rl-table-row[data-row="row 7"]')
    expect(bottom.locator(".rl-card-button")).to_have_count(7)
    expect(game.locator(".rl-pyramid-verdict")).to_contain_text("This deal can be won")
    game.get_by_role("button", name="Hint", exact=True).click()
    expect(game.locator(".rl-pyramid-message")).to_contain_text(
        "a move that keeps the deal winnable"
    )


def _indian_rummy(page: Any) -> None:
    game = page.locator(".rl-ir-game")
    loose = game.locator('.rl-ir-hand .rl-table-row[data-row="loose"] .rl-card-button')
    expect(loose).to_have_count(13)
    game.get_by_role("button", name="Draw", exact=True).click()
    expect(loose).to_have_count(14)
    expect(game.locator(".rl-ir-message")).to_contain_text("You drew the")
    game.get_by_role("button", name="Show the best grouping").click()
    expect(game.locator(".rl-ir-message")).to_contain_text("The best grouping")


def _advice(page: Any) -> None:
    lab = page.locator(".rl-advice-lab")
    deals = lab.locator("input[type=number]").first
    deals.fill("40")
    deals.press("Enter")
    lab.get_by_role("button", name="Run", exact=True).click()
    expect(lab).to_contain_text("40 deals in", timeout=PAGE_MS)
    assert "95% CI" in lab.inner_text()


# chapter: (its page, how many widgets it shows, what a reader does with them live)
CHAPTERS: dict[str, tuple[str, int, Callable[[Any], None]]] = {
    "cards_and_hands": ("book/cards_and_hands", 2, _cards_and_hands),
    "mau_binh": ("book/mau_binh/bots", 2, _mau_binh),
    "chinese_poker": ("book/chinese_poker/bots", 1, _chinese_poker),
    "tien_len": ("book/tien_len/bots", 2, _tien_len),
    "three_thirteen": ("book/three_thirteen/bots", 2, _three_thirteen),
    "tredici": ("book/tredici/bots", 1, _tredici),
    "pyramid": ("book/pyramid/index", 1, _pyramid),
    "indian_rummy": ("book/indian_rummy/index", 1, _indian_rummy),
    "strategy_advice": ("book/strategy/advice", 1, _advice),
}


@contextmanager
def browser_context(browser: Any, size: str = "desktop", **options: Any) -> Iterator[Any]:
    """A new context of ``browser`` on the screen ``size`` (one of :data:`SIZES`, with
    more context ``options``), closed however the test ends."""
    context = browser.new_context(**SIZES[size], **options)
    try:
        yield context
    finally:
        context.close()


@contextmanager
def live_page(
    browser: Any, url: str, shot: Path | None = None, size: str = "desktop", **options: Any
) -> Iterator[Any]:
    """A page opened at ``url`` in a new context (:func:`browser_context`), watched:
    once the context is closed, it must have logged no JavaScript error and asked no
    other host.  When the test fails, a picture of the whole page is kept in ``shot``."""
    with browser_context(browser, size, **options) as context:
        page = context.new_page()
        watch = PageWatch(page)
        try:
            page.goto(url, wait_until="load")
            yield page
        except Exception:
            if shot is not None:
                page.screenshot(path=str(shot), full_page=True)
            raise
    watch.check()


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_the_chapter_widgets_go_live_in_place(
    offline_browser: Any, served_site: tuple[str, Any], screenshot_dir: Path, chapter: str
) -> None:
    path, count, use = CHAPTERS[chapter]
    base, _served = served_site
    shot = screenshot_dir / f"live-{chapter}-failed.png"
    with live_page(offline_browser, f"{base}/{path}.html", shot) as page:
        bars = page.locator(".rl-live-bar")
        expect(bars).to_have_count(count)
        # each widget says what it is until then; the page's own button is there too
        expect(bars.first).to_contain_text("Picture of the first position")
        assert page.get_by_role("button", name="Play the widgets live").count() == 1
        saved_views = page.locator('script[type="application/vnd.jupyter.widget-view+json"]')
        before = saved_views.count()

        bars.last.get_by_role("button", name="Play it live").click()
        wait_live(page, count)
        # the saved views are gone: each live widget stands where its picture stood
        assert saved_views.count() == before - count
        use(page)
        expect(page.locator(".rl-live-failed")).to_have_count(0)
        page.screenshot(path=str(screenshot_dir / f"live-{chapter}.png"), full_page=False)


def test_a_widget_goes_live_from_the_keyboard(
    offline_browser: Any, served_site: tuple[str, Any], screenshot_dir: Path
) -> None:
    base, _served = served_site
    shot = screenshot_dir / "live-keyboard-failed.png"
    with live_page(offline_browser, f"{base}/book/cards_and_hands.html", shot) as page:
        button = page.locator(".rl-live-go").first
        button.focus()
        page.keyboard.press("Enter")
        wait_live(page, 2)
        # the keyboard stays where the reader was: on the first widget's bar, so Tab
        # goes on into the live widget
        assert page.evaluate("document.activeElement.className") == "rl-live-status"
        box = page.locator(".rl-hand-explorer input[type=text]")
        box.focus()
        page.keyboard.press("ControlOrMeta+a")
        page.keyboard.type("Qs Qh Qd 2c 2d")
        page.keyboard.press("Enter")
        page.locator(".rl-hand-explorer").get_by_text("full house, queens over twos").wait_for()


def test_the_widgets_go_live_at_phone_width(
    offline_browser: Any, served_site: tuple[str, Any], screenshot_dir: Path
) -> None:
    base, _served = served_site
    with live_page(offline_browser, f"{base}/book/tredici/bots.html", size="phone") as page:
        page.locator(".rl-live-go").first.tap()
        wait_live(page, 1)
        lit = page.locator(".rl-tredici .rl-card-button.rl-playable")
        expect(lit).to_have_count(2)
        lit.first.tap()
        expect(page.locator(".rl-tredici .rl-card-button")).to_have_count(12)
        width = page.evaluate("document.documentElement.scrollWidth")
        page.locator(".rl-live-bar").first.scroll_into_view_if_needed()
        page.screenshot(path=str(screenshot_dir / "live-tredici-phone.png"))
    assert width <= 390, f"the live page scrolls sideways at phone width ({width} px)"


def python_figures(page: Any) -> dict[str, Any]:
    """What the page's Python reports (``window.__rlLive``: its stages, the widgets'
    times, the snapshot), once it has said whether it used or kept a snapshot."""
    page.wait_for_function(
        "() => window.__rlLive && (window.__rlLive.snapshot !== 'made'"
        " || window.__rlLive.snapshot_bytes !== undefined)",
        timeout=PAGE_MS,
    )
    figures: dict[str, Any] = page.evaluate("window.__rlLive")
    return figures


def _visit(context: Any, url: str, served: list[tuple[str, int]], count: int) -> dict[str, Any]:
    """One visit: open ``url``, press the first "Play it live", wait until every widget
    is live and the page's Python has said whether it kept a snapshot."""
    page = context.new_page()
    watch = PageWatch(page, route=False)  # keeps the browser's cache for the second visit
    page.goto(url, wait_until="load")
    page.locator(".rl-live-go").first.wait_for()
    served.clear()
    clicked = time.monotonic()
    page.locator(".rl-live-go").first.click()
    wait_live(page, count)
    seconds = time.monotonic() - clicked
    live = python_figures(page)
    page.close()
    watch.check()
    return {
        "live_s": round(seconds, 2),
        "bytes_sent": sum(size for _, size in served),
        "files_sent": len(served),
        "python": live,
    }


def test_first_and_second_visit(
    offline_browser: Any, served_site: tuple[str, Any], output_dir: Path
) -> None:
    base, served = served_site
    path, count, _use = CHAPTERS["tien_len"]
    url = f"{base}/{path}.html"
    with browser_context(offline_browser) as context:
        first = _visit(context, url, served, count)
        second = _visit(context, url, served, count)
    # the first visit kept a memory snapshot of Python with the widgets imported; the
    # second started from it and fetched no file again (the server said "not modified")
    assert first["python"]["snapshot"] == "made" and first["python"]["snapshot_bytes"] > 0
    assert second["python"]["snapshot"] == "used"
    assert second["bytes_sent"] < first["bytes_sent"] / 100
    metrics = {"chapter": "tien_len", "first_visit": first, "second_visit": second}
    (output_dir / "lite-metrics.json").write_text(json.dumps(metrics, indent=2) + "\n")
    print(
        f"\nlive in place, Tiến Lên: first visit {first['live_s']} s, "
        f"{first['bytes_sent'] / 1e6:.1f} MB sent; second visit {second['live_s']} s, "
        f"{second['bytes_sent'] / 1e3:.0f} kB sent"
    )


def _press_where(page: Any, target: Any, size: str) -> None:
    """A finger's tap (phone) or a mouse click (desktop) on the middle of ``target``, as
    a reader gives it: at that point of the screen, whatever is there to take it."""
    target.scroll_into_view_if_needed()
    box = target.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    if size == "phone":
        page.touchscreen.tap(x, y)
    else:
        page.mouse.click(x, y)


def _bars(page: Any) -> int:
    count: int = page.locator(".rl-live-bar").count()
    return count


@pytest.mark.parametrize("size", SIZES)
def test_a_picture_says_so_takes_no_input_and_a_tap_brings_it_live(
    offline_browser: Any, served_site: tuple[str, Any], screenshot_dir: Path, size: str
) -> None:
    """Before "Play it live", a saved widget is a picture that cannot be taken for a live
    one: framed, labelled by its bar just above it, inert (a tapped card does not lift,
    its fields are no Tab stops); a tap on it brings the page live, and then it plays."""
    base, _served = served_site
    url = f"{base}/{CHAPTERS['tien_len'][0]}.html"
    shot = screenshot_dir / f"live-picture-{size}-failed.png"
    with live_page(offline_browser, url, shot, size) as page:
        count = _bars(page)
        expect(page.locator(".rl-live-frame.rl-live-picture")).to_have_count(count)
        frame = page.locator(".rl-live-frame", has=page.locator(".rl-tien-len"))
        picture = frame.locator(".rl-live-frozen")
        expect(picture).to_have_attribute("inert", "")
        bar = frame.locator(".rl-live-bar")
        expect(bar).to_contain_text("Picture of the first position, not live yet")
        expect(bar.locator(".rl-live-tag")).to_be_visible()
        # the bar sits just above the widget's own controls
        above, below = bar.bounding_box(), picture.bounding_box()
        assert 0 <= below["y"] - (above["y"] + above["height"]) < 24, (above, below)
        # nothing in the picture takes the keyboard: Tab goes from the bar past it
        controls = picture.locator("button, input, select, textarea, [tabindex]")
        assert controls.count() > 0
        focusable = picture.evaluate(
            "el => [...el.querySelectorAll('button, input, select, textarea, [tabindex]')]"
            ".filter(c => { c.focus(); return document.activeElement === c; }).length"
        )
        assert focusable == 0
        frame.locator(".rl-live-go").focus()
        page.keyboard.press("Tab")
        assert page.evaluate("!document.activeElement.closest('.rl-live-frozen')")
        page.screenshot(path=str(screenshot_dir / f"live-picture-{size}.png"))
        # a card of the picture, tapped: nothing lifts, the widget goes live
        card = picture.locator(".rl-tl-card", has_text="J♣")
        _press_where(page, card, size)
        expect(page.locator(".rl-tien-len .rl-tl-card.rl-selected")).to_have_count(0)
        wait_live(page, count)
        expect(page.locator(".rl-live-frozen[inert]")).to_have_count(0)
        expect(frame).not_to_have_class(re.compile(r"\brl-live-picture\b"))
        expect(bar).to_contain_text("Live: Python runs in your browser.")
        expect(page.locator(".rl-tien-len .rl-tl-card.rl-selected")).to_have_count(0)
        _tien_len(page)  # and it plays: a card selected, then Play, answered by Python


@pytest.mark.parametrize("size", SIZES)
def test_the_page_button_says_the_page_is_live_and_rests(
    offline_browser: Any, served_site: tuple[str, Any], size: str
) -> None:
    """Issue 30: "Play the widgets live" stayed bright and busy once live."""
    base, _served = served_site
    with live_page(offline_browser, f"{base}/book/cards_and_hands.html", size=size) as page:
        button = page.locator(".rl-live-page-button")
        expect(button).to_have_text("Play the widgets live")
        _press_where(page, button, size)
        wait_live(page, _bars(page))
        expect(button).to_have_text("The widgets are live")
        expect(button).to_have_attribute("aria-disabled", "true")
        expect(button).not_to_have_attribute("aria-busy", "true")
        style = button.evaluate(
            "b => { const s = getComputedStyle(b); return [s.cursor, s.backgroundColor]; }"
        )
        assert style == ["default", "rgba(0, 0, 0, 0)"], style  # no busy cursor, no colour
        _press_where(page, button, size)  # pressed again: nothing starts again
        expect(page.locator(".rl-live-bar[data-live='1']")).to_have_count(_bars(page))
        _cards_and_hands(page)


@pytest.mark.parametrize("size", SIZES)
def test_every_visit_deals_a_new_random_game(
    offline_browser: Any, served_site: tuple[str, Any], size: str
) -> None:
    """Issue 30: later visits restored Python's memory snapshot with its random state,
    so each visit's first "Random game" (or "New deal") was the same.  Three visits in
    one browser (the second and third from the snapshot) deal three different games."""
    base, _served = served_site
    dealt, snapshots = [], []
    with browser_context(offline_browser, size) as context:
        for _visit in range(3):
            page = context.new_page()
            watch = PageWatch(page, route=False)  # keeps the browser's cache
            page.goto(f"{base}/book/tredici/bots.html", wait_until="load")
            _press_where(page, page.locator(".rl-live-go").first, size)
            wait_live(page, _bars(page))
            snapshots.append(python_figures(page)["snapshot"])
            number = page.locator(".rl-tredici input[type=number]").first
            before = number.input_value()
            _press_where(page, page.get_by_role("button", name="Random game"), size)
            expect(number).not_to_have_value(before)
            dealt.append(number.input_value())
            page.close()
            watch.check()
    assert snapshots == ["made", "used", "used"]
    assert len(set(dealt)) == 3, dealt


@pytest.mark.parametrize("size", SIZES)
def test_a_chapter_honours_its_address_and_copies_a_whole_link(
    offline_browser: Any, served_site: tuple[str, Any], size: str
) -> None:
    """Issue 30: "Copy link to this deal" copied only ``?seed=…&rules=…`` outside Voila.
    A chapter opened with ``?seed=42&rules=house`` deals that game once live; its link
    is the whole address of the game's app page, which opens the same deal."""
    base, _served = served_site
    url = f"{base}/book/tredici/bots.html?seed=42&rules=house"
    clipboard = ["clipboard-read", "clipboard-write"]
    with live_page(offline_browser, url, size=size, permissions=clipboard) as page:
        _press_where(page, page.locator(".rl-live-go").first, size)
        wait_live(page, _bars(page))
        game = page.locator(".rl-tredici")
        expect(game.locator("input[type=number]").first).to_have_value("42")
        expect(page.locator(".rl-live-bar").first).not_to_contain_text("could not be used")
        box = game.locator(".rl-share input")
        expect(box).to_have_attribute("data-link", "?seed=42&rules=house")
        _press_where(page, game.get_by_role("button", name="Copy link to this deal"), size)
        whole = f"{base}/apps/tredici.html?seed=42&rules=house"
        expect(box).to_have_value(whole)
        assert page.evaluate("navigator.clipboard.readText()") == whole
        again = page.context.new_page()
        again_watch = PageWatch(again)
        again.goto(whole, wait_until="load")
        wait_live(again, 1)
        expect(again.locator(".rl-tredici input[type=number]").first).to_have_value("42")
        expect(again.locator(".rl-tredici .rl-share input")).to_have_attribute(
            "data-link", "?seed=42&rules=house"
        )
        again.close()
        again_watch.check()
