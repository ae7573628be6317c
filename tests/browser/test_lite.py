"""The book's JupyterLite site: the "open them as a notebook" link of a chapter.

Each chapter with widgets plays them live in place (``test_live_in_place.py``); its
link opens the chapter's notebook in JupyterLite (Pyodide), for a reader who wants to
change the code.  The site is served on 127.0.0.1 and Chromium resolves no other host
name.  The test opens the link, runs the notebook as its first cell tells the reader,
types a hand into the widget and checks the answer Python computed in the browser.

It also prints (and writes to ``test-output/lite-notebook-metrics.json``) what a reader
pays: bytes served for the notebook and seconds until its widget answers.
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from .conftest import ANSWER_MS, PAGE_MS, PageWatch, block_other_hosts

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_lite_site_is_self_contained(site_dir: Path) -> None:
    """The lite site loads Pyodide and every wheel from itself (a stale build would
    silently point the reader at a CDN)."""
    lite = site_dir / "lite"
    config = json.loads((lite / "jupyter-lite.json").read_text(encoding="utf-8"))
    kernel = config["jupyter-config-data"]["litePluginSettings"][
        "@jupyterlite/pyodide-kernel-extension:kernel"
    ]
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.mjs"
    assert kernel["disablePyPIFallback"] is True
    pyodide = lite / "static" / "pyodide"
    lock = json.loads((pyodide / "pyodide-lock.json").read_text(encoding="utf-8"))
    for name in (
        "rules-lib",
        "ipywidgets",
        "anywidget",  # the card widget's Python side, and what it imports at start
        "psygnal",
        "typing-extensions",
        "pyodide-kernel",
        "ipython",
        "micropip",
    ):
        assert name in lock["packages"], f"{name} is not locked"
    # the card widget's front end is one of the site's extensions
    assert (lite / "extensions" / "anywidget" / "package.json").is_file()
    for name, package in lock["packages"].items():
        assert "://" not in package["file_name"], f"{name} would come from another host"
        assert (pyodide / package["file_name"]).is_file(), f"{name}: wheel missing"
    assert set(kernel["loadPyodideOptions"]["packages"]) == set(lock["packages"])
    for path in lite.rglob("jupyter-lite.json"):
        text = path.read_text(encoding="utf-8")
        assert "://" not in text, f"{path} names another host"


def test_open_as_a_notebook_runs_python_in_the_browser(
    offline_browser, served_site, screenshot_dir: Path, output_dir: Path
) -> None:
    base, served = served_site
    context = offline_browser.new_context(viewport={"width": 1280, "height": 900})  # type: ignore[attr-defined]
    foreign = block_other_hosts(context)
    page = context.new_page()
    watch = PageWatch(page)
    page.goto(f"{base}/book/cards_and_hands.html", wait_until="load")
    served.clear()  # count what the click costs, not the chapter itself

    link = page.get_by_role("link", name="or open them as a notebook")
    assert link.get_attribute("target") == "_blank"
    clicked = time.monotonic()
    page.goto(urljoin(page.url, link.get_attribute("href")), wait_until="load")
    lite = page.main_frame
    lite.locator(".jp-CodeCell").first.wait_for(state="visible", timeout=PAGE_MS)
    notebook_shown = time.monotonic() - clicked

    # what the notebook tells the reader: Run > Run All Cells
    _run_all_cells(page, lite)
    explorer = lite.locator(".rl-hand-explorer")
    explorer.locator("input[type=text]").wait_for(state="visible", timeout=PAGE_MS)
    widget_shown = time.monotonic() - clicked
    assert "two pair, kings and nines" in explorer.inner_text()

    # a hand the book's page never showed: only Python in the browser can answer
    explorer.locator("input[type=text]").fill("As Ad 5c 5d 5h")
    typed = time.monotonic()
    explorer.get_by_text("full house, fives over aces").wait_for(timeout=ANSWER_MS)
    answered_ms = (time.monotonic() - typed) * 1000
    assert explorer.locator(".rl-cards svg[role=img]").count() == 5
    explorer.locator("input[type=text]").fill("As Ad 5c 5d Xh")
    explorer.locator("[role=alert]", has_text="'Xh'").wait_for(timeout=ANSWER_MS)

    comparer = lite.locator(".rl-hand-comparer")
    comparer.wait_for(state="visible", timeout=ANSWER_MS)
    assert "A wins" in comparer.inner_text()

    page.screenshot(path=str(screenshot_dir / "lite-notebook-cards_and_hands.png"))
    first_click = sum(size for _, size in served)
    metrics = {
        "notebook_shown_s": round(notebook_shown, 1),
        "widget_live_s": round(widget_shown, 1),
        "typed_hand_answered_ms": round(answered_ms),
        "first_click_files": len(served),
        "first_click_bytes": first_click,
    }
    (output_dir / "lite-notebook-metrics.json").write_text(json.dumps(metrics, indent=2) + "\n")
    print(
        f"\nJupyterLite: notebook {notebook_shown:.1f} s after the click, widget live at "
        f"{widget_shown:.1f} s, typed hand answered in {answered_ms:.0f} ms, "
        f"{first_click / 1e6:.1f} MB in {len(served)} files, as sent"
    )
    context.close()
    assert not foreign, f"requests to other hosts: {foreign}"
    watch.check()


def test_a_games_notebook_starts_with_its_guided_first_hand(offline_browser, served_site) -> None:
    """Issue 30: a game's notebook (Tiến Lên's, from its first page) opens on its guided
    first hand, the same widget as on the page, which Python in the browser plays."""
    base, _served = served_site
    context = offline_browser.new_context(viewport={"width": 1280, "height": 900})
    foreign = block_other_hosts(context)
    page = context.new_page()
    watch = PageWatch(page)
    page.goto(f"{base}/book/tien_len/play.html", wait_until="load")
    link = page.get_by_role("link", name="or open them as a notebook")
    page.goto(urljoin(page.url, link.get_attribute("href")), wait_until="load")
    lite = page.main_frame
    first = lite.locator(".jp-CodeCell").first
    first.wait_for(state="visible", timeout=PAGE_MS)
    expect(first.locator(".jp-InputArea")).to_contain_text("TienLenFirstHand()")
    _run_all_cells(page, lite)
    lesson = first.locator(".rl-tl-lesson")
    lesson.locator(".rl-lesson-count").wait_for(state="visible", timeout=PAGE_MS)
    assert "Step 1 of 5" in lesson.locator(".rl-lesson-count").inner_text()
    lesson.locator(".rl-lesson-show").click()  # Show me: answered by Python in the browser
    lesson.locator(".rl-lesson-answer", has_text="3♠").wait_for(timeout=ANSWER_MS)
    context.close()
    assert not foreign, f"requests to other hosts: {foreign}"
    watch.check()


def _run_all_cells(page: Any, lite: Any) -> None:
    """Run ▸ Run All Cells, as the notebook tells the reader to.

    JupyterLab greys the command out until the notebook is the current
    document; a click on it then does nothing (seen once in CI: every cell
    stayed unrun).  So open the menu until the command is enabled, then check
    that the first cell has started ("[*]" or a number in its prompt)."""
    menu = lite.locator(".lm-MenuBar-itemLabel", has_text="Run").first
    item = lite.locator(
        ".lm-Menu-item", has=lite.locator(".lm-Menu-itemLabel", has_text="Run All Cells")
    )
    prompt = lite.locator(".jp-CodeCell .jp-InputPrompt").first
    dialog = lite.locator(".jp-Dialog")
    deadline = time.monotonic() + PAGE_MS / 1000
    while True:
        if dialog.count():
            # JupyterLab asked something first (seen on a busy machine, a modal that
            # took the menu's clicks): answer it as a reader would, with its default
            _answer_dialog(dialog)
            continue
        try:  # a dialog that opens now takes this click: look again (the limit is the page's)
            menu.click(timeout=5000)
        except PlaywrightTimeout:
            assert time.monotonic() < deadline, "the Run menu never took a click"
            continue
        item.first.wait_for(state="visible", timeout=ANSWER_MS)
        if "lm-mod-disabled" not in (item.first.get_attribute("class") or ""):
            item.first.click()
            if _started(prompt):
                return
        else:
            page.keyboard.press("Escape")
        assert time.monotonic() < deadline, "Run All Cells never started the notebook"
        time.sleep(0.5)


def _answer_dialog(dialog: Any) -> None:
    """Press the default button of JupyterLab's dialog, and say what it asked."""
    text = " ".join(dialog.first.inner_text().split())
    print(f"\nJupyterLab asked: {text!r}; answered with its default button")
    buttons = dialog.first.locator(".jp-Dialog-button.jp-mod-accept")
    if buttons.count():
        buttons.first.click()
    else:
        dialog.first.press("Escape")
    dialog.first.wait_for(state="detached", timeout=ANSWER_MS)


def _started(prompt: Any) -> bool:
    """Whether the cell's prompt shows it queued or ran, within a click's answer time."""
    try:
        prompt.filter(has_text=re.compile(r"\[(\*|\d+)\]")).wait_for(timeout=ANSWER_MS)
    except PlaywrightTimeout:
        return False
    return True
