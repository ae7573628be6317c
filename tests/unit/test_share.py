"""Shareable deals: links carry a seed and a rule set; bad links are named, not fatal."""

from __future__ import annotations

from rules_lib.share import app_link, make_query, read_query
from rules_lib.showdown import RULESET_KEYS, RULESETS
from rules_lib.widgets.arrange_widgets import showdown_app


def test_a_link_round_trips_seed_rules_and_extras():
    query = make_query(1234, "mb-poker", advice="five-pairs")
    link = read_query(query, RULESET_KEYS)
    assert (link.seed, link.rules, link.get("advice"), link.problems) == (
        1234,
        "mb-poker",
        "five-pairs",
        (),
    )


def test_a_link_with_a_question_mark_or_nothing_is_read():
    assert read_query("?seed=5").seed == 5
    assert read_query(None) == read_query("")
    assert read_query("").seed is None


def test_bad_seed_and_unknown_rules_are_named_and_ignored():
    link = read_query("seed=-3&rules=poker", RULESET_KEYS)
    assert link.seed is None and link.rules is None
    assert "'-3'" in link.problems[0] and "'poker'" in link.problems[1]
    assert read_query("seed=99999999999").problems  # beyond the largest deal number


def test_every_ruleset_has_a_short_link_name():
    assert set(RULESET_KEYS.values()) == set(RULESETS)


def test_link_is_built_from_what_voila_tells_the_kernel():
    env = {
        "SERVER_NAME": "192.168.1.20",
        "SERVER_PORT": "8866",
        "SCRIPT_NAME": "/voila/render/x.ipynb",
    }
    assert app_link("seed=1", env) == "http://192.168.1.20:8866/voila/render/x.ipynb?seed=1"


def test_the_app_deals_what_the_link_asks_and_keeps_the_link_current():
    app = showdown_app("seed=42&rules=cp-cancel")
    showdown = app.showdown
    assert showdown.hand.seed.value == 42
    assert showdown.rules.value == "Chinese Poker (two specials cancel)"
    assert showdown.share.link.endswith("seed=42&rules=cp-cancel")
    showdown.next_deal()
    assert showdown.share.link.endswith("seed=43&rules=cp-cancel")
    showdown.rules.value = "Mậu Binh (source rules)"
    assert showdown.share.link.endswith("seed=43&rules=mb-source")


def test_a_bad_link_shows_a_message_and_uses_the_defaults():
    app = showdown_app("seed=abc&rules=cp-source")
    assert "whole number" in app.children[0].value
    assert app.showdown.hand.seed.value == 1
    assert app.showdown.rules.value == "Chinese Poker (source rules)"
