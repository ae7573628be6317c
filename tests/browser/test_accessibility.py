"""Accessibility, checked by axe-core: one chapter per game on the built site
and one Voila app per game, each once its widgets are drawn.

A page fails on a violation of impact "serious" or "critical"; the full
results (every impact) are written to ``test-output/axe/<page>.json``.
Where an element of the Sphinx theme or of Voila's own page, which the book
cannot change, violates a rule, that element (not the rule) is waived below,
with the reason; the rule still runs on the rest of the page.
"""

from __future__ import annotations

import pytest

from .axe import check_accessibility
from .conftest import ANSWER_MS, PAGE_MS, PageWatch

pytestmark = pytest.mark.browser

VIEWPORT = {"width": 1280, "height": 900}

# game: (chapter, the selector of its game widget)
CHAPTERS = {
    "mau_binh": ("book/mau_binh/bots", ".rl-arrange"),
    "chinese_poker": ("book/chinese_poker/bots", ".rl-arrange"),
    "tien_len": ("book/tien_len/bots", ".rl-tien-len"),
    "three_thirteen": ("book/three_thirteen/bots", ".rl-tt-game"),
    "tredici": ("book/tredici/bots", ".rl-tredici"),
    "pyramid": ("book/pyramid/index", ".rl-pyramid"),
    "indian_rummy": ("book/indian_rummy/index", ".rl-ir-game"),
}

# game: (app, its query, the selector of its game widget)
APPS = {
    "mau_binh": ("arrange_13", "?rules=mb-source", ".rl-arrange"),
    "chinese_poker": ("arrange_13", "?rules=cp-source", ".rl-arrange"),
    "tien_len": ("tien_len", "", ".rl-tien-len"),
    "three_thirteen": ("three_thirteen", "", ".rl-tt-game"),
    "tredici": ("tredici", "", ".rl-tredici"),
    "pyramid": ("pyramid", "?seed=5", ".rl-pyramid"),
    "indian_rummy": ("indian_rummy", "?seed=7", ".rl-ir-game"),
    "score_sheet": ("score_sheet", "?rules=cp-2-4&player=An&player=Bao", ".rl-score-sheet"),
    "score_sheet_tien_len": (
        "score_sheet",
        "?rules=tl-home&player=An&player=Bao&player=Chi",
        ".rl-score-sheet",
    ),
}

# Elements of the Sphinx theme that violate a rule on every page of the built
# site: none since tools/static/thirteen_site.js hides the colour-mode and search
# buttons' decoration from their accessible names (every page is checked at both
# widths by test_phone.py).
SITE_WAIVERS: dict[str, list[str]] = {}

# Elements of Voila's own page that violate a rule in every app: rule id -> selectors.
VOILA_WAIVERS: dict[str, list[str]] = {}


@pytest.mark.parametrize("game", CHAPTERS)
def test_chapter_has_no_serious_accessibility_violation(browser, site_url, output_dir, game):
    chapter, widget = CHAPTERS[game]
    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    watch = PageWatch(page)
    page.goto(f"{site_url}/{chapter}.html", wait_until="load")
    # embed-amd.js draws the widgets saved at build time
    page.wait_for_selector(widget, state="visible", timeout=ANSWER_MS)
    page.wait_for_load_state("networkidle")
    check_accessibility(page, f"site-{game}", output_dir, waivers=SITE_WAIVERS)
    context.close()
    watch.check()


@pytest.mark.parametrize(
    ("game", "voila_app"),
    [(game, app) for game, (app, _, _) in APPS.items()],
    indirect=["voila_app"],
)
def test_app_has_no_serious_accessibility_violation(browser, voila_app, output_dir, game):
    _, query, widget = APPS[game]
    page = browser.new_page(viewport=VIEWPORT)
    watch = PageWatch(page)
    page.goto(voila_app + query)
    page.locator(widget).first.wait_for(state="visible", timeout=PAGE_MS)
    page.wait_for_load_state("networkidle")
    check_accessibility(page, f"voila-{game}", output_dir, waivers=VOILA_WAIVERS)
    page.close()
    watch.check()
