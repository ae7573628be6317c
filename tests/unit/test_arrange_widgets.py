"""The arrange widgets show the chosen rules' verdicts (the verdicts: tests/unit/test_showdown.py)."""

from __future__ import annotations

import pytest

from rules_lib import UnknownOptionError
from rules_lib.arrange import Arrangement, Draft, Special
from rules_lib.mau_binh import MauBinhRules, instant_win
from rules_lib.showdown import RULESETS
from rules_lib.widgets.arrange_widgets import ArrangeHand, Showdown


def test_unknown_rule_set_is_named():
    with pytest.raises(UnknownOptionError, match="no rule set 'Poker'"):
        ArrangeHand(ruleset="Poker")


def test_best_button_sets_an_instant_win_under_mau_binh_rules_only():
    mb = ArrangeHand(seed=1, ruleset="Mậu Binh (source rules)")  # deal 1 holds three flushes
    mb.show_best()
    assert instant_win(mb.current()) is Special.THREE_FLUSHES
    cp = ArrangeHand(seed=1, ruleset="Chinese Poker (source rules)")
    cp.show_best()
    assert instant_win(cp.current()) is None


def test_showdown_tells_its_hand_when_the_rules_change():
    s = Showdown(seed=1, ruleset="Chinese Poker (source rules)")
    assert "Chinese Poker" in s.hand.status.value
    s.rules.value = "Mậu Binh (source rules)"
    assert s.hand.ruleset == "Mậu Binh (source rules)"
    assert "wins at once" in s.hand.status.value


def test_the_widget_judges_equal_rows_by_the_rules_strictness(monkeypatch):
    twins = Arrangement.parse("Ah Kh 10h 7h 5h / Ac Kc 10c 7c 5c / 6s 4h 2h")
    loose = ArrangeHand(seed=1, ruleset="Mậu Binh (source rules)")
    loose.draft = Draft.from_arrangement(twins)
    loose.redraw()
    assert "back ≥ middle ≥ front" in loose.status.value
    monkeypatch.setitem(RULESETS, "strict rows", ("mau_binh", MauBinhRules(strict_row_order=True)))
    strict = ArrangeHand(seed=1, ruleset="strict rows")
    strict.draft = Draft.from_arrangement(twins)
    strict.redraw()
    assert "only ties the middle" in strict.status.value
    strict.show_best()
    assert not strict.current().is_misset(strict=True)
    assert "back &gt; middle &gt; front" in strict.status.value  # the text, HTML-escaped
