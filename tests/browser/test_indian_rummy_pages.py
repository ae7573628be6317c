"""Indian Rummy's Voila app (a kernel per reader): the game of the link, a draw and a
discard by taps, the bot's reply in the log, a declaration checked (its fault
shown, nothing lost), and no wider than a phone's screen."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from .conftest import ANSWER_MS, PAGE_MS, PageWatch

pytestmark = [pytest.mark.browser]


def _overflow(page: Any) -> int:
    return int(page.evaluate("document.documentElement.scrollWidth - window.innerWidth"))


@pytest.mark.parametrize("voila_app", ["indian_rummy"], indirect=True)
def test_the_voila_app_draws_discards_sees_the_bot_and_checks_a_declaration(
    browser: Any, voila_app: str, screenshot_dir: Path
) -> None:
    page = browser.new_page(viewport={"width": 390, "height": 900}, has_touch=True)
    watch = PageWatch(page)
    page.goto(f"{voila_app}?seed=7&rules=source&bots=1")
    game = page.locator(".rl-ir-game")
    game.wait_for(state="visible", timeout=PAGE_MS)
    expect(game.locator("input[type=number]").first).to_have_value("7")
    hand = game.locator(".rl-ir-hand")
    loose = hand.locator('.rl-table-row[data-row="loose"]')
    expect(loose.locator(".rl-card-button")).to_have_count(13)
    expect(game.locator(".rl-ir-table")).to_contain_text("Wild card")
    game.get_by_role("button", name="Draw", exact=True).click()
    expect(loose.locator(".rl-card-button")).to_have_count(14, timeout=ANSWER_MS)
    expect(game.locator(".rl-ir-message")).to_contain_text("You drew the")
    # tap two cards and make them a group: the library labels it
    loose.locator(".rl-card-button").nth(0).click()
    loose.locator(".rl-card-button").nth(1).click()
    game.get_by_role("button", name="Make a group").click()
    group = hand.locator('.rl-table-row[data-row="group 1"]')
    expect(group.locator(".rl-card-button")).to_have_count(2, timeout=ANSWER_MS)
    expect(group).to_contain_text("Group 1: not a group")
    expect(loose.locator(".rl-card-button")).to_have_count(12)
    game.get_by_role("button", name="Ungroup").click()
    expect(loose.locator(".rl-card-button")).to_have_count(14, timeout=ANSWER_MS)
    # check a declaration (no penalty): the fault is shown, nothing is played
    loose.locator(".rl-card-button").first.click()
    game.get_by_role("button", name="Check my declaration").click()
    expect(game.locator(".rl-ir-message [role=alert]")).to_contain_text(
        "Not yet:", timeout=ANSWER_MS
    )
    expect(loose.locator(".rl-card-button")).to_have_count(14)
    # discard the tapped card: the bot replies, and the log tells it
    game.get_by_role("button", name="Discard", exact=True).click()
    expect(game.locator(".rl-ir-log-box")).to_contain_text("Bot A", timeout=ANSWER_MS)
    expect(loose.locator(".rl-card-button")).to_have_count(13, timeout=ANSWER_MS)
    assert _overflow(page) <= 1, f"page is {_overflow(page)}px wider than the screen"
    game.screenshot(path=str(screenshot_dir / "voila-indian-rummy-phone.png"))
    page.close()
    watch.check()
