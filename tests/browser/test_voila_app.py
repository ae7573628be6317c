"""The apps under Voila answer a reader, live, in Chromium.

Voila runs on 127.0.0.1 with tracebacks hidden, as `make app` starts it. Each
test uses an app as a reader would and checks what Python computed.
"""

from __future__ import annotations

import time

import pytest

from .conftest import ANSWER_MS, PAGE_MS, PageWatch, reopen

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("voila_app", ["poker_hands"], indirect=True)
def test_poker_app_evaluates_typed_hands_live(browser, voila_app, screenshot_dir):
    page = browser.new_page(viewport={"width": 1000, "height": 900})
    watch = PageWatch(page)
    started = time.monotonic()
    page.goto(voila_app)
    explorer = page.locator(".rl-hand-explorer")
    explorer.locator("input[type=text]").wait_for(state="visible", timeout=PAGE_MS)
    first_widget = time.monotonic() - started
    assert "two pair, kings and nines" in explorer.inner_text()

    box = explorer.locator("input[type=text]")
    box.fill("As Ad 5c 5d 5h")
    typed = time.monotonic()
    page.wait_for_function(
        "() => document.querySelector('.rl-hand-explorer').innerText.includes('full house, fives over aces')",
        timeout=ANSWER_MS,
    )
    round_trip = time.monotonic() - typed
    assert explorer.locator(".rl-cards svg[role=img]").count() == 5

    box.fill("As Ad 5c 5d Xh")
    page.wait_for_function(
        "() => document.querySelector('.rl-hand-explorer [role=alert]')?.innerText.includes(\"'Xh'\")",
        timeout=ANSWER_MS,
    )
    assert box.input_value() == "As Ad 5c 5d Xh"  # nothing the reader typed is lost
    assert "full house, fives over aces" in explorer.inner_text()  # the last good hand stays

    box.fill("As Ad 5c")
    page.get_by_text("Pick cards").click()
    page.locator(".rl-pick", has_text="5♦").click()
    page.wait_for_function(
        "() => document.querySelector('.rl-hand-explorer input').value === 'As Ad 5c 5♦'",
        timeout=ANSWER_MS,
    )
    picked = explorer.locator(".rl-pick.rl-selected")  # the picker shows the typed cards
    page.wait_for_function(
        "() => document.querySelectorAll('.rl-hand-explorer .rl-pick.rl-selected').length === 4",
        timeout=ANSWER_MS,
    )
    names = picked.locator(".rl-card-text").all_text_contents()
    assert sorted(names) == sorted(["A♠", "A♦", "5♣", "5♦"])
    page.screenshot(path=str(screenshot_dir / "voila-poker_hands.png"), full_page=True)
    print(
        f"\nVoila poker_hands: first widget {first_widget:.2f} s, typed hand answered in {round_trip * 1000:.0f} ms"
    )
    page.close()
    watch.check()


def _row_cards(page, row: str) -> list[str]:
    box = page.locator(f".rl-arrange .rl-table-row[data-row={row}]")
    return [_card_text(b) for b in box.locator(".rl-card-button").all()]


def _card_text(button) -> str:
    """A card button's card ("K♦"): the words it carries for tests and search."""
    return button.locator(".rl-card-text").inner_text()


@pytest.mark.parametrize("voila_app", ["arrange_13"], indirect=True)
def test_arrange_app_moves_cards_solves_and_shows_down(browser, voila_app, screenshot_dir):
    page = browser.new_page(viewport={"width": 1000, "height": 900})
    watch = PageWatch(page)
    page.goto(voila_app)
    page.locator(".rl-arrange").wait_for(state="visible", timeout=PAGE_MS)

    # deal a numbered hand: everyone typing the same number gets the same cards
    seed = page.locator(".rl-arrange input[type=number]")
    seed.fill("42")
    page.get_by_role("button", name="Deal", exact=True).click()
    from rules_lib.arrange import Draft, deal

    expected = Draft.from_cards(deal(42)[0])
    page.wait_for_function(
        f"() => document.querySelector('.rl-table-row[data-row=front]').innerText.includes('{expected.front[0]}')",
        timeout=ANSWER_MS,
    )
    assert _row_cards(page, "back") == [str(c) for c in expected.back]

    # move one card from the back to the front, using the keyboard only
    first = page.locator(".rl-table-row[data-row=back] .rl-card-button").first
    moved = _card_text(first)
    first.focus()
    page.keyboard.press("Space")
    page.locator(".rl-move-front").focus()
    page.keyboard.press("Enter")
    page.wait_for_function(
        "() => document.querySelector('.rl-arrange').innerText.includes('the back has 4 cards')",
        timeout=ANSWER_MS,
    )
    assert moved in _row_cards(page, "front")

    # the solver's best arrangement is never misset
    page.get_by_role("button", name="Show the best arrangement").click()
    page.wait_for_function(
        "() => document.querySelector('.rl-arrange').innerText.includes('best arrangement for the book')",
        timeout=ANSWER_MS,
    )
    assert "misset" not in page.locator(".rl-arrange").inner_text()

    # show down under Chinese Poker: four scored hands and a running total
    page.get_by_role("button", name="Show down").click()
    page.wait_for_function(
        "() => document.querySelector('.rl-showdown').innerText.includes('Running total after 1 deal')",
        timeout=ANSWER_MS,
    )
    text = page.locator(".rl-showdown").inner_text()
    for name in ("you", "Bot A", "Bot B", "Bot C"):
        assert name in text
    page.screenshot(path=str(screenshot_dir / "voila-arrange_13.png"), full_page=True)
    # the deal goes on to the Game night score sheet, in a tab of its own
    with page.context.expect_page() as opened:
        page.get_by_role("link", name="Keep this deal on the Game night score sheet").click()
    sheet = opened.value
    sheet_watch = PageWatch(sheet)
    sheet.locator(".rl-score-sheet").wait_for(state="visible", timeout=PAGE_MS)
    sheet.wait_for_function(
        "() => document.querySelector('.rl-score-sheet').innerText.includes('Every deal adds up to zero')",
        timeout=PAGE_MS,
    )
    assert "/voila/render/score_sheet.ipynb" in sheet.url
    assert "Bot A" in sheet.locator(".rl-score-sheet").inner_text()
    sheet.close()
    page.close()
    watch.check()
    sheet_watch.check()


def _tab_to(page, selector: str, text: str = "", presses: int = 80) -> None:
    """Press Tab until the focused element matches ``selector`` (and shows
    ``text``, if given): the keyboard alone."""
    for _ in range(presses):
        page.keyboard.press("Tab")
        if page.evaluate(
            "([s, t]) => { const e = document.activeElement;"
            " return !!e && e.matches(s) && (!t || e.innerText.trim() === t); }",
            [selector, text],
        ):
            return
    raise AssertionError(f"Tab never reached {selector} {text}")


def _row_count(page, row: str) -> int:
    return page.locator(f".rl-arrange .rl-table-row[data-row={row}] .rl-card-button").count()


@pytest.mark.parametrize("voila_app", ["arrange_13"], indirect=True)
def test_arrange_your_13_by_keyboard_only(browser, voila_app, screenshot_dir):
    """Deal, move cards between rows, ask for the best arrangement and show
    down with the keyboard alone: Tab, the arrow keys, Space and Enter."""
    page = browser.new_page(viewport={"width": 1000, "height": 900})
    watch = PageWatch(page)
    page.goto(voila_app)
    page.locator(".rl-arrange .rl-card-button").first.wait_for(state="visible", timeout=PAGE_MS)
    from rules_lib.arrange import Draft, deal

    expected = Draft.from_cards(deal(42)[0])
    _tab_to(page, ".rl-arrange input[type=number]")
    page.keyboard.press("Control+A")
    page.keyboard.type("42")
    _tab_to(page, ".rl-arrange button", "Deal")
    page.keyboard.press("Enter")
    page.wait_for_function(
        f"() => document.querySelector('.rl-table-row[data-row=back]').innerText.includes('{expected.back[0]}')",
        timeout=ANSWER_MS,
    )
    # one Tab stop for the cards; the arrow keys move between them, Space selects
    _tab_to(page, ".rl-arrange .rl-card-button")
    page.keyboard.press("Home")
    page.keyboard.press("Space")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Space")
    selected = page.locator(".rl-arrange .rl-card-button[aria-pressed=true]")
    assert selected.count() == 2
    assert "selected" in (selected.first.get_attribute("aria-label") or "")
    names = [_card_text(b) for b in selected.all()]
    _tab_to(page, ".rl-move-front")
    page.keyboard.press("Enter")
    page.wait_for_function(
        "() => document.querySelectorAll('.rl-table-row[data-row=front] .rl-card-button').length === 5",
        timeout=ANSWER_MS,
    )
    assert set(names) <= set(_row_cards(page, "front")) and _row_count(page, "back") == 3
    _tab_to(page, ".rl-arrange button", "Show the best arrangement")
    page.keyboard.press("Enter")
    page.wait_for_function(
        "() => document.querySelector('.rl-arrange').innerText.includes('best arrangement for the book')",
        timeout=ANSWER_MS,
    )
    assert [_row_count(page, r) for r in ("back", "middle", "front")] == [5, 5, 3]
    _tab_to(page, ".rl-showdown button", "Show down")
    page.keyboard.press("Enter")
    page.wait_for_function(
        "() => document.querySelector('.rl-showdown').innerText.includes('Running total after 1 deal')",
        timeout=ANSWER_MS,
    )
    page.screenshot(path=str(screenshot_dir / "voila-arrange_13-keyboard.png"), full_page=True)
    page.close()
    watch.check()


@pytest.mark.parametrize("voila_app", ["arrange_13"], indirect=True)
def test_arrange_a_card_dragged_to_a_row_moves_there(browser, voila_app):
    page = browser.new_page(viewport={"width": 1000, "height": 900})
    watch = PageWatch(page)
    page.goto(voila_app + "?seed=42")
    card = page.locator(".rl-table-row[data-row=back] .rl-card-button").first
    card.wait_for(state="visible", timeout=PAGE_MS)
    name = _card_text(card)
    card.drag_to(page.locator(".rl-table-row[data-row=middle]"))
    page.wait_for_function(
        "() => document.querySelectorAll('.rl-table-row[data-row=back] .rl-card-button').length === 4",
        timeout=ANSWER_MS,
    )
    assert name in _row_cards(page, "middle")
    page.close()
    watch.check()


@pytest.mark.parametrize("voila_app", ["strategy_lab"], indirect=True)
def test_strategy_lab_runs_with_progress_and_cancels(browser, voila_app, screenshot_dir):
    page = browser.new_page(viewport={"width": 1000, "height": 900})
    watch = PageWatch(page)
    page.goto(voila_app)
    lab = page.locator(".rl-advice-lab")
    lab.wait_for(state="visible", timeout=PAGE_MS)
    deals = lab.locator("input[type=number]").first

    # a short run finishes and shows both games' figures and plots
    deals.fill("60")
    deals.press("Enter")
    page.get_by_role("button", name="Run", exact=True).click()
    page.wait_for_function(
        "() => document.querySelector('.rl-advice-lab').innerText.includes('60 deals in')",
        timeout=PAGE_MS,
    )
    text = lab.inner_text()
    assert "Chinese Poker points per deal" in text and "95% CI" in text
    assert lab.locator("svg").count() >= 2  # the two plots

    # a long run can be cancelled: the figures cover the deals played so far
    deals.fill("20000")
    deals.press("Enter")
    page.get_by_role("button", name="Run", exact=True).click()
    page.wait_for_function(
        "() => document.querySelector('.rl-advice-lab').innerText.includes('Running')",
        timeout=ANSWER_MS,
    )
    time.sleep(1.5)  # let the progress bar move
    page.get_by_role("button", name="Cancel").click()
    page.wait_for_function(
        "() => document.querySelector('.rl-advice-lab').innerText.includes('Cancelled')",
        timeout=ANSWER_MS,
    )

    # a mistyped setting is named, and nothing is lost
    setting = lab.locator("input[type=text]").nth(1)
    setting.fill("Ks 10s 8s 6s 3s / 9h 9d 5c 5h Qx / 7c 4d 2h")
    page.get_by_role("button", name="Run", exact=True).click()
    page.wait_for_function(
        "() => document.querySelector('.rl-advice-lab [role=alert]')?.innerText.includes(\"'Qx'\")",
        timeout=ANSWER_MS,
    )
    assert setting.input_value().endswith("7c 4d 2h")
    page.screenshot(path=str(screenshot_dir / "voila-strategy_lab.png"), full_page=True)
    page.close()
    watch.check()


@pytest.mark.parametrize("voila_app", ["arrange_13"], indirect=True)
def test_a_shared_link_deals_the_same_game(browser, voila_app, site_url):
    """The link deals its game; above the app, the links back to both games' first
    pages and rules (issue 30), which the book's server answers."""
    page = browser.new_page(viewport={"width": 1000, "height": 900})
    watch = PageWatch(page)
    page.goto(voila_app + "?seed=42&rules=mb-source")
    page.locator(".rl-arrange").wait_for(state="visible", timeout=PAGE_MS)
    assert page.locator(".rl-arrange input[type=number]").input_value() == "42"
    assert page.locator(".rl-showdown select").input_value() == "Mậu Binh (source rules)"
    from rules_lib.arrange import deal

    assert _row_cards(page, "back") == [str(c) for c in deal(42)[0][:5]] or set(
        _row_cards(page, "back") + _row_cards(page, "middle") + _row_cards(page, "front")
    ) == {str(c) for c in deal(42)[0]}
    link = page.locator(".rl-share input").input_value()
    assert link.startswith("http://127.0.0.1:") and link.endswith("?seed=42&rules=mb-source")
    _links_back_to_the_book(page, "arrange_13", site_url)
    page.close()
    watch.check()


def _links_back_to_the_book(page, name: str, site_url: str) -> None:
    """App ``name``'s links to the book's pages about it, shown above the app, each in
    a tab of its own.  Voila serves only ``book/apps``: the links lead to the book as
    ``make book`` serves it (``LOCAL_BOOK``, tools/make_app_notebooks.py); the same
    page of the book served here answers (HTTP 200)."""
    import sys

    sys.path.insert(0, "tools")
    from make_app_notebooks import LOCAL_BOOK, book_links, page_title

    links = book_links(name)
    assert links
    for words, target in links:
        link = page.get_by_role("link", name=words, exact=True)
        link.wait_for(state="visible", timeout=ANSWER_MS)
        assert link.get_attribute("href") == f"{LOCAL_BOOK}book/{target}.html", words
        assert link.get_attribute("target") == "_blank", words
        answer = page.request.get(f"{site_url}/book/{target}.html")
        assert answer.status == 200, f"{words}: {answer.status} book/{target}.html"
        assert page_title(target) in answer.text()


@pytest.mark.parametrize("voila_app", ["gallery"], indirect=True)
def test_the_gallery_links_every_app(browser, voila_app):
    page = browser.new_page(viewport={"width": 1000, "height": 900})
    watch = PageWatch(page)
    page.goto(voila_app.rstrip("/") + "/voila/render/index.ipynb")
    page.get_by_role("link", name="Arrange your 13").wait_for(timeout=PAGE_MS)
    import sys

    sys.path.insert(0, "tools")
    from make_app_notebooks import APPS

    for name in APPS:
        assert page.locator(f"a[href$='{name}.ipynb']").count() == 1, name
    with page.context.expect_page() as opened:  # each app opens in a tab of its own
        page.get_by_role("link", name="Arrange your 13").click()
    app = opened.value
    app_watch = PageWatch(app)
    app.locator(".rl-arrange").wait_for(state="visible", timeout=PAGE_MS)
    assert "/voila/render/arrange_13.ipynb" in app.url
    app.close()
    page.close()
    watch.check()
    app_watch.check()


@pytest.mark.parametrize("voila_app", ["score_sheet"], indirect=True)
def test_the_score_sheet_settles_a_deal_and_survives_a_reload(browser, voila_app, screenshot_dir):
    page = browser.new_page(viewport={"width": 390, "height": 900})
    watch = PageWatch(page)
    page.goto(voila_app + "?rules=cp-source&player=An&player=Bao&player=Chi")
    sheet = page.locator(".rl-score-sheet")
    sheet.wait_for(state="visible", timeout=PAGE_MS)
    page.get_by_role("button", name="Fill in a deal").click()
    page.wait_for_function(
        "() => document.querySelector('.rl-score-sheet').innerText.includes('is typed in')",
        timeout=ANSWER_MS,
    )
    page.get_by_role("button", name="Settle this deal").click()
    page.wait_for_function(
        "() => document.querySelector('.rl-score-sheet').innerText.includes('Deal 1 settled')",
        timeout=ANSWER_MS,
    )
    # the address now holds the sheet: opening it again (a reload) brings the deal back
    page.wait_for_function("() => window.location.search.includes('deal=')", timeout=ANSWER_MS)
    assert "player=Bao" in page.url
    page, watch = reopen(browser, page, watch)
    sheet = page.locator(".rl-score-sheet")
    sheet.wait_for(state="visible", timeout=PAGE_MS)
    page.wait_for_function(
        "() => document.querySelector('.rl-score-sheet').innerText.includes('Every deal adds up to zero')",
        timeout=PAGE_MS,
    )
    assert sheet.locator("table tr").count() == 3  # the heading, deal 1, the totals
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=str(screenshot_dir / "voila-score_sheet.png"), full_page=True)
    page.close()
    watch.check()


@pytest.mark.parametrize("voila_app", ["score_sheet"], indirect=True)
def test_a_tien_len_evening_on_the_score_sheet_survives_a_reload(browser, voila_app):
    page = browser.new_page(viewport={"width": 390, "height": 900})
    watch = PageWatch(page)
    page.goto(voila_app + "?rules=tl-home&player=An&player=Bao&player=Chi&player=Dung")
    sheet = page.locator(".rl-score-sheet")
    sheet.wait_for(state="visible", timeout=PAGE_MS)
    assert "give each player's place" in sheet.inner_text()
    page.get_by_role("button", name="Fill in a deal").click()
    page.wait_for_function(
        "() => document.querySelector('.rl-score-sheet').innerText.includes('is typed in')",
        timeout=ANSWER_MS,
    )
    page.get_by_role("button", name="Settle this deal").click()
    page.wait_for_function(
        "() => document.querySelector('.rl-score-sheet').innerText.includes('Deal 1 settled')",
        timeout=ANSWER_MS,
    )
    page.wait_for_function("() => window.location.search.includes('deal=')", timeout=ANSWER_MS)
    page, watch = reopen(browser, page, watch)
    sheet = page.locator(".rl-score-sheet")
    sheet.wait_for(state="visible", timeout=PAGE_MS)
    page.wait_for_function(
        "() => document.querySelector('.rl-score-sheet').innerText.includes('Every deal adds up to zero')",
        timeout=PAGE_MS,
    )
    assert sheet.locator("table tr").count() == 3  # the heading, hand 1, the totals
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.close()
    watch.check()
