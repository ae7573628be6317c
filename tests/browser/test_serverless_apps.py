"""The apps without a server: ``apps/<app>.html`` on the static site runs the app with
the book's live runtime (one Pyodide in a Web Worker, the widgets drawn on the page),
in the browser, with the seed and rules of its own link.

The built site is served on 127.0.0.1 as ``make serve`` serves it; Chromium resolves no
other host name.  The tests open an app by its address alone, wait for its widget to
answer a click (Python in the browser), check that no code and no notebook interface
shows, and that a bad link gives the app's message.

They write to ``test-output/serverless_apps.json`` the seconds from opening the address
to a live widget and the bytes the server sent, on a first visit and on a second visit
in the same browser, and the server's CPU seconds for a visit (figures to read, not to
assert: the machine's load decides them; ``benchmarks/live_in_place.py`` prints them).
"""

from __future__ import annotations

import html
import json
import re
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

import pytest
from playwright.sync_api import expect

from .conftest import ANSWER_MS, PAGE_MS, PageWatch
from .test_live_in_place import wait_live

pytestmark = [pytest.mark.browser, pytest.mark.slow]

TOOLS = Path(__file__).resolve().parents[2] / "tools"


@pytest.fixture(scope="module")
def figures(output_dir: Path) -> Iterator[dict[str, Any]]:
    measured: dict[str, Any] = {}
    yield measured
    if measured:
        path = output_dir / "serverless_apps.json"
        path.write_text(json.dumps(measured, indent=2) + "\n", encoding="utf-8")
        print(f"\nserverless apps: {measured}")


def _open(page: Any, url: str) -> float:
    """Open an app's address and wait until its widgets are live; returns when it was
    opened."""
    started = time.monotonic()
    page.goto(url, wait_until="load")
    wait_live(page, 1)
    return started


def _since(started: float) -> float:
    return round(time.monotonic() - started, 2)


def _no_code_shown(page: Any) -> None:
    """No code, editor, notebook or JupyterLab part is on the page."""
    for selector in (".cm-editor", ".jp-InputArea", ".jp-Notebook", ".lm-MenuBar", "iframe"):
        assert page.locator(selector).count() == 0, selector


def _links_back_to_the_book(page: Any, name: str) -> None:
    """Issue 30: the header of app ``name`` links the book's pages about it (a game's
    first page and its rules), each in a tab of its own, and the site answers each
    link (HTTP 200) with that page."""
    sys.path.insert(0, str(TOOLS))
    from make_app_notebooks import book_links, page_title

    nav = page.get_by_role("navigation", name="In the book")
    for words, target in book_links(name):
        link = nav.get_by_role("link", name=words, exact=True)
        expect(link).to_be_visible()
        assert link.get_attribute("target") == "_blank", words
        address = urljoin(page.url, link.get_attribute("href"))
        assert address.endswith(f"/book/{target}.html"), address
        answer = page.request.get(address)
        assert answer.status == 200, f"{words}: {answer.status} {address}"
        assert html.escape(page_title(target), quote=False) in answer.text(), address


def test_every_app_has_a_page(site_dir: Path) -> None:
    """The build wrote a page per app of ``book/apps/``, each with the live runtime."""
    sys.path.insert(0, str(TOOLS))
    from make_app_notebooks import APPS

    for name in APPS:
        page = (site_dir / "apps" / f"{name}.html").read_text(encoding="utf-8")
        assert "thirteen_live.js" in page and '"autostart": true' in page, name
    assert (site_dir / "apps" / "index.html").is_file()
    assert (site_dir / "_static" / "thirteen_live_worker.mjs").is_file()
    assert not (site_dir / "lite" / "repl").exists()  # the REPL is no longer needed


def test_the_live_runtime_ships_its_modules_compiled(site_dir: Path) -> None:
    """Issue 30: the browser no longer compiles the wheels' modules or the standard
    library's on a first visit: the build ships them compiled for Pyodide's Python
    (``tools/lite/live_bundle.py``), and ``live.json`` names those files."""
    import tarfile
    import zipfile

    pyodide = site_dir / "lite" / "static" / "pyodide"
    live = json.loads((pyodide / "live.json").read_text(encoding="utf-8"))
    assert live["python"].startswith("3.") and live["site_compiled"] > 100
    with tarfile.open(pyodide / live["site"]) as tar:
        names = set(tar.getnames())
    assert "rules_lib/cards.pyc" in names and "rules_lib/cards.py" not in names
    assert "rules_lib/widgets/card_table.js" in names  # the package's data stays
    assert not any(n.startswith("anywidget/labextension/") for n in names)
    with zipfile.ZipFile(pyodide / live["stdlib"]) as stdlib:
        members = set(stdlib.namelist())
    assert "json/__init__.pyc" in members and "json/__init__.py" not in members
    assert "smtplib.py" in members  # what the widgets never import stays source


def test_apps_run_from_their_address(
    offline_browser: Any,
    served_site: tuple[str, Any],
    figures: dict[str, Any],
    screenshot_dir: Path,
) -> None:
    """Tiến Lên twice (a first and a second visit), then Arrange your 13, in one browser."""
    base, served = served_site
    context = offline_browser.new_context(viewport={"width": 1200, "height": 900})
    try:
        for visit in ("first", "second"):
            page = context.new_page()
            watch = PageWatch(page, route=False)  # keeps the browser's cache for the second visit
            served.clear()
            started = _open(page, f"{base}/apps/tien_len.html?seed=7&rules=standard")
            figures[f"tien_len_{visit}_visit_widget_live_s"] = _since(started)
            game = page.locator(".rl-tien-len")
            expect(game.locator("input[type=number]").first).to_have_value("7")
            # a card pressed in the browser, then Python names the selection
            game.locator(".rl-tl-card", has_text="J♠").click()
            expect(game.locator(".rl-tl-card.rl-selected .rl-card-text")).to_have_text(["J♠"])
            game.locator(".rl-tl-selection-box", has_text="J").wait_for(timeout=ANSWER_MS)
            figures[f"tien_len_{visit}_visit_answered_s"] = _since(started)
            figures[f"tien_len_{visit}_visit_bytes_sent"] = sum(size for _, size in served)
            assert page.locator(".rl-can-it-beat").count() == 1  # the app's second widget
            _no_code_shown(page)
            assert "could not be used" not in game.inner_text()
            if visit == "first":
                page.screenshot(path=str(screenshot_dir / "serverless-tien_len.png"))
                # the way back to the rules opens beside the game, which stays where it is
                with context.expect_page() as opened:
                    page.get_by_role("link", name="How to play Tiến Lên").click()
                book = opened.value
                heading = book.get_by_role("heading", name="Tiến Lên in five minutes", level=1)
                expect(heading).to_be_visible()
                assert book.url.startswith(f"{base}/book/tien_len/play.html"), book.url
                book.close()
                expect(game.locator("input[type=number]").first).to_have_value("7")
            page.close()
            watch.check()

        page = context.new_page()
        watch = PageWatch(page)
        _open(page, f"{base}/apps/arrange_13.html?seed=42&rules=mb-source")
        arrange = page.locator(".rl-arrange")
        expect(arrange.locator("input[type=number]")).to_have_value("42")
        expect(page.locator(".rl-showdown select").first).to_have_value("Mậu Binh (source rules)")
        from rules_lib.arrange import Draft, deal

        expected = Draft.from_cards(deal(42)[0])
        back = arrange.locator(".rl-table-row[data-row=back] .rl-card-text")
        expect(back).to_have_text([str(card) for card in expected.back])
        # select a card (the browser), move it (Python answers)
        arrange.locator(".rl-table-row[data-row=back] .rl-card-button").first.click()
        arrange.locator(".rl-move-front").click()
        arrange.get_by_text("the back has 4 cards", exact=False).first.wait_for(timeout=ANSWER_MS)
        _no_code_shown(page)
        _links_back_to_the_book(page, "arrange_13")  # Mậu Binh's pages and Chinese Poker's
        page.screenshot(path=str(screenshot_dir / "serverless-arrange_13.png"))
        # show the dealt hand down: the link opens the serverless score sheet holding the deal
        moved = str(expected.back[0])  # put the card back where it was
        arrange.locator(".rl-table-row[data-row=front] .rl-card-button", has_text=moved).click()
        arrange.locator(".rl-move-back").click()
        arrange.get_by_text("the back has 4 cards", exact=False).first.wait_for(
            state="detached", timeout=ANSWER_MS
        )
        page.get_by_role("button", name="Show down").click()
        page.get_by_text("Running total after 1 deal").wait_for(timeout=ANSWER_MS)
        with context.expect_page() as opened:
            page.get_by_role("link", name="Keep this deal on the Game night score sheet").click()
        sheet = opened.value
        sheet_watch = PageWatch(sheet)
        sheet.wait_for_url("**/apps/score_sheet.html?*", timeout=PAGE_MS)
        sheet.get_by_text("Every deal adds up to zero", exact=False).wait_for(timeout=PAGE_MS)
        sheet.close()
        sheet_watch.check()
        page.close()
        watch.check()
    finally:
        context.close()


@pytest.mark.parametrize(
    ("app", "widget"),
    [
        ("poker_hands", ".rl-hand-explorer"),
        ("strategy_lab", ".rl-advice-lab"),
        ("three_thirteen", ".rl-tt-game"),
        ("tredici", ".rl-tredici"),
        ("pyramid", ".rl-pyramid"),
        ("indian_rummy", ".rl-ir-game"),
        ("score_sheet", ".rl-score-sheet"),
        ("index", ""),
    ],
)
def test_every_app_starts_from_its_address(
    offline_browser: Any, served_site: tuple[str, Any], app: str, widget: str
) -> None:
    base, _served = served_site
    context = offline_browser.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    watch = PageWatch(page)
    try:
        if app == "index":  # the list of apps: a link to each
            page.goto(f"{base}/apps/index.html", wait_until="load")
            sys.path.insert(0, str(TOOLS))
            from make_app_notebooks import APPS

            for name in APPS:
                assert page.locator(f"a[href='{name}.html']").count() == 1, name
        else:
            _open(page, f"{base}/apps/{app}.html")
            expect(page.locator(widget).first).to_be_visible()
            _no_code_shown(page)
        _links_back_to_the_book(page, app)
    finally:
        context.close()
    watch.check()


def test_a_bad_link_gives_the_apps_message(
    offline_browser: Any, served_site: tuple[str, Any]
) -> None:
    """A link the app cannot use (quote and backslash included: the link reaches Python
    as a string, never as code) is named in the app, which starts with its defaults."""
    base, _served = served_site
    context = offline_browser.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    watch = PageWatch(page)
    try:
        _open(page, f"{base}/apps/tien_len.html?seed=7'\\&rules=poker\"")
        message = page.get_by_text("This link could not be used as given", exact=False).first
        message.wait_for(timeout=ANSWER_MS)
        text = message.inner_text()
        assert "must be a whole number" in text and "poker" in text, text
        page.locator(".rl-tien-len .rl-tl-card").first.wait_for(state="visible")
        _no_code_shown(page)
    finally:
        context.close()
    watch.check()


def test_the_score_sheet_keeps_its_deals_in_the_address_without_a_server(
    offline_browser: Any, served_site: tuple[str, Any]
) -> None:
    """Game night with no server: a settled deal goes into the page's address, and
    the address opened again shows the sheet with that deal."""
    base, _served = served_site
    context = offline_browser.new_context(viewport={"width": 390, "height": 900})
    page = context.new_page()
    watch = PageWatch(page)
    try:
        _open(page, f"{base}/apps/score_sheet.html?rules=cp-1-6&player=An&player=Bao")
        sheet = page.locator(".rl-score-sheet")
        page.get_by_role("button", name="Fill in a deal").click()
        expect(sheet).to_contain_text("is typed in")
        page.get_by_role("button", name="Settle this deal").click()
        expect(sheet).to_contain_text("Deal 1 settled")
        page.wait_for_function("() => window.location.search.includes('deal=')")
        address = page.url
        # the sheet's link is a whole address too, the one that brings the sheet back
        page.get_by_role("button", name="Copy link to this sheet").click()
        box = sheet.locator(".rl-share input")
        expect(box).to_have_value(
            re.compile(rf"^{re.escape(base)}/apps/score_sheet\.html\?.*deal=")
        )
        watch.check()
        again = context.new_page()
        again_watch = PageWatch(again)
        _open(again, address)
        expect(again.locator(".rl-score-sheet")).to_contain_text("Every deal adds up to zero")
        assert again.locator(".rl-score-sheet table tr").count() == 3
        again_watch.check()
    finally:
        context.close()


SIZES: dict[str, dict[str, Any]] = {
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
    "desktop": {"viewport": {"width": 1200, "height": 900}},
}


@pytest.mark.parametrize("size", SIZES)
def test_each_visit_deals_a_new_deal_and_its_link_is_whole(
    offline_browser: Any, served_site: tuple[str, Any], size: str
) -> None:
    """Issue 30: a later visit restored Python's snapshot with its random state, so the
    first "New deal" gave the same deal on every visit; and "Copy link to this deal"
    copied only ``?seed=…``.  Three visits in one browser deal three different deals;
    the copied link is the page's whole address, and opens that deal."""
    base, _served = served_site
    context = offline_browser.new_context(**SIZES[size])
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    dealt = []
    try:
        for _visit in range(3):
            page = context.new_page()
            watch = PageWatch(page, route=False)  # keeps the browser's cache
            _open(page, f"{base}/apps/arrange_13.html?rules=mb-source")
            number = page.locator(".rl-arrange input[type=number]")
            before = number.input_value()
            page.get_by_role("button", name="New deal").click()
            expect(number).not_to_have_value(before)
            dealt.append(number.input_value())
            page.close()
            watch.check()
        assert len(set(dealt)) == 3, dealt

        page = context.new_page()
        watch = PageWatch(page)
        _open(page, f"{base}/apps/arrange_13.html?seed={dealt[-1]}&rules=mb-source")
        page.get_by_role("button", name="Copy link to this deal").click()
        whole = f"{base}/apps/arrange_13.html?seed={dealt[-1]}&rules=mb-source"
        expect(page.locator(".rl-showdown .rl-share input")).to_have_value(whole)
        assert page.evaluate("navigator.clipboard.readText()") == whole
        page.close()
        watch.check()
    finally:
        context.close()
