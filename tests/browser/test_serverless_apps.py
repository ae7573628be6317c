"""The apps without a server: ``apps/<app>.html`` on the static site runs the app in
JupyterLite's REPL, in the browser, with the seed and rules of its own link.

The built site is served on 127.0.0.1; Chromium resolves no other host name and every
request to another host is blocked and recorded.  The tests open an app by its address
alone, wait for its widget to answer a click (Python in the browser), check that no
code and no notebook interface shows, and that a bad link gives the app's message.

They write to ``test-output/serverless_apps.json`` the seconds from opening the address
to a live widget, on a first visit and on a second visit in the same browser (figures
to read, not to assert: the machine's load decides them).
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .conftest import (
    ANSWER_MS,
    PAGE_MS,
    PageWatch,
    PatientBrowser,
    block_other_hosts,
    chromium_path,
)
from .test_lite import OFFLINE_ARGS

pytestmark = [pytest.mark.browser, pytest.mark.slow]

TOOLS = Path(__file__).resolve().parents[2] / "tools"


def _app_pages() -> Any:
    sys.path.insert(0, str(TOOLS / "lite"))
    import app_pages

    return app_pages


@pytest.fixture(scope="module")
def offline(browser: Any) -> Iterator[PatientBrowser]:
    """A Chromium that resolves no host but 127.0.0.1 (as ``test_lite.py``'s)."""
    launched = browser.browser_type.launch(executable_path=chromium_path(), args=OFFLINE_ARGS)
    try:
        yield PatientBrowser(launched)
    finally:
        launched.close()


@pytest.fixture(scope="module")
def times(output_dir: Path) -> Iterator[dict[str, float]]:
    measured: dict[str, float] = {}
    yield measured
    if measured:
        path = output_dir / "serverless_apps.json"
        path.write_text(json.dumps(measured, indent=2) + "\n", encoding="utf-8")
        print(f"\nserverless apps, seconds to a live widget: {measured}")


def _open(page: Any, url: str, widget: str) -> tuple[Any, float]:
    """Open an app's address; return its REPL frame and when it was opened (after
    ``widget`` shows)."""
    started = time.monotonic()
    page.goto(url, wait_until="load")
    app = page.frame_locator("#rl-app")
    app.locator(widget).first.wait_for(state="visible", timeout=PAGE_MS)
    return app, started


def _since(started: float) -> float:
    return round(time.monotonic() - started, 1)


def _no_code_shown(app: Any) -> None:
    """No code cell, editor, prompt, toolbar or status bar of JupyterLite is visible."""
    for selector in (
        ".jp-CodeConsole-promptCell",
        ".jp-InputArea",
        ".cm-editor",
        ".jp-InputPrompt",
        ".jp-Toolbar",
        ".jp-Notification-Status",
    ):
        assert app.locator(f"{selector}:visible").count() == 0, selector


def test_every_app_has_a_page(site_dir: Path) -> None:
    """The build wrote a page per app of ``book/apps/`` and the REPL they open."""
    sys.path.insert(0, str(TOOLS))
    from make_app_notebooks import APPS

    app_pages = _app_pages()
    for name in APPS:
        page = (site_dir / "apps" / f"{name}.html").read_text(encoding="utf-8")
        assert "../lite/repl/index.html" in page and "window.location.search" in page, name
    assert (site_dir / "apps" / "index.html").is_file()
    assert (site_dir / "lite" / "repl" / "index.html").is_file()
    config = json.loads((site_dir / "lite" / "repl" / "jupyter-lite.json").read_text("utf-8"))
    disabled = app_pages.REPL_CONFIG["jupyter-config-data"]["disabledExtensions"]
    assert config["jupyter-config-data"]["disabledExtensions"] == disabled


def test_apps_run_from_their_address(offline, site_url, times, screenshot_dir: Path) -> None:
    """Tiến Lên twice (a first and a second visit), then Arrange your 13, in one browser."""
    from playwright.sync_api import expect

    context = offline.new_context(viewport={"width": 1200, "height": 900})
    foreign = block_other_hosts(context)
    try:
        for visit in ("first", "second"):
            page = context.new_page()
            watch = PageWatch(page)
            url = f"{site_url}/apps/tien_len.html?seed=7&rules=standard"
            app, started = _open(page, url, ".rl-tien-len")
            times[f"tien_len_{visit}_visit_widget_shown_s"] = _since(started)
            game = app.locator(".rl-tien-len")
            expect(game.locator("input[type=number]").first).to_have_value("7")
            # a card pressed in the browser, then Python names the selection
            game.locator(".rl-tl-card", has_text="J♠").click()
            expect(game.locator(".rl-tl-card.rl-selected .rl-card-text")).to_have_text(["J♠"])
            game.locator(".rl-tl-selection-box", has_text="J").wait_for(timeout=ANSWER_MS)
            times[f"tien_len_{visit}_visit_live_s"] = _since(started)
            _no_code_shown(app)
            assert "could not be used" not in game.inner_text()
            if visit == "first":
                page.screenshot(path=str(screenshot_dir / "serverless-tien_len.png"))
            page.close()
            watch.check()

        page = context.new_page()
        watch = PageWatch(page)
        url = f"{site_url}/apps/arrange_13.html?seed=42&rules=mb-source"
        app, started = _open(page, url, ".rl-arrange .rl-card-button")
        times["arrange_13_after_tien_len_widget_shown_s"] = _since(started)
        arrange = app.locator(".rl-arrange")
        expect(arrange.locator("input[type=number]")).to_have_value("42")
        expect(app.locator(".rl-showdown select").first).to_have_value("Mậu Binh (source rules)")
        from rules_lib.arrange import Draft, deal

        expected = Draft.from_cards(deal(42)[0])
        back = arrange.locator(".rl-table-row[data-row=back] .rl-card-text")
        expect(back).to_have_text([str(card) for card in expected.back])
        # select a card (the browser), move it (Python answers)
        arrange.locator(".rl-table-row[data-row=back] .rl-card-button").first.click()
        arrange.locator(".rl-move-front").click()
        arrange.get_by_text("the back has 4 cards", exact=False).first.wait_for(timeout=ANSWER_MS)
        times["arrange_13_after_tien_len_live_s"] = _since(started)
        _no_code_shown(app)
        page.screenshot(path=str(screenshot_dir / "serverless-arrange_13.png"))
        page.close()
        watch.check()
    finally:
        context.close()
    assert not foreign, f"requests to other hosts: {foreign}"


def test_a_bad_link_gives_the_apps_message(offline, site_url, times) -> None:
    """A link the app cannot use (quote and backslash included: the link reaches Python
    as a string, never as code) is named in the app, which starts with its defaults."""
    context = offline.new_context(viewport={"width": 1200, "height": 900})
    foreign = block_other_hosts(context)
    page = context.new_page()
    watch = PageWatch(page)
    try:
        url = f"{site_url}/apps/tien_len.html?seed=7'\\&rules=poker\""
        app, started = _open(page, url, ".rl-tien-len")
        times["tien_len_bad_link_widget_shown_s"] = _since(started)
        message = app.get_by_text("This link could not be used as given", exact=False).first
        message.wait_for(timeout=ANSWER_MS)
        text = message.inner_text()
        assert "must be a whole number" in text and "poker" in text, text
        game = app.locator(".rl-tien-len")
        game.locator(".rl-tl-card").first.wait_for(state="visible", timeout=ANSWER_MS)
        _no_code_shown(app)
    finally:
        page.close()
        context.close()
    assert not foreign, f"requests to other hosts: {foreign}"
    watch.check()
