"""A class on one Voila server: several students open the same shared link at
once, each gets a working widget with the right deal, and each can play it.

This checks function only.  Every wait is bounded by a limit only a hang can
reach, derived from the server's own limits (``PAGE_MS``: Voila's kernel
start-up limit plus its limit for a silent kernel).  How long 30 students
wait when they arrive in the same second is measured by
``benchmarks/classroom.py`` (``make benchmark``), not judged here.
"""

from __future__ import annotations

import pytest

from .conftest import ANSWER_MS, PAGE_MS, PageWatch

pytestmark = pytest.mark.browser

STUDENTS = 8


def _wait_text(page, selector: str, text: str) -> None:
    page.wait_for_function(
        "([sel, text]) => { const el = document.querySelector(sel);"
        " return el !== null && el.innerText.includes(text); }",
        arg=[selector, text],
        timeout=ANSWER_MS,
    )


@pytest.mark.parametrize("voila_app", ["arrange_13"], indirect=True)
def test_a_class_opens_the_same_shared_deal_at_once_and_plays_it(browser, voila_app):
    link = voila_app + "?seed=42&rules=cp-source"
    contexts = [
        browser.new_context(viewport={"width": 900, "height": 800}) for _ in range(STUDENTS)
    ]
    pages = [c.new_page() for c in contexts]
    watches = [PageWatch(p) for p in pages]
    for page in pages:  # the whole class opens the link at once
        page.goto(link, wait_until="commit", timeout=PAGE_MS)
    for page in pages:
        page.locator(".rl-arrange").wait_for(state="visible", timeout=PAGE_MS)

    # every student got deal 42 under the link's rules, and plays it
    for page in pages:
        assert page.locator(".rl-arrange input[type=number]").input_value() == "42"
        page.get_by_role("button", name="Show the best arrangement").click()
    for page in pages:
        _wait_text(page, ".rl-arrange", "best arrangement for the book")
        page.get_by_role("button", name="Show down").click()
    for page in pages:
        _wait_text(page, ".rl-showdown", "Running total after 1 deal")
    # the same deal, set the same way by the solver: every student sees the same score
    scores = {page.locator(".rl-showdown h4").first.inner_text() for page in pages}
    assert len(scores) == 1, scores
    for context in contexts:
        context.close()
    for watch in watches:
        watch.check()
