"""The arrange widgets say what a special hand is worth under the chosen rules."""

from __future__ import annotations

import pytest

from rules_lib import UnknownOptionError
from rules_lib.arrange import Arrangement, Draft, Special
from rules_lib.chinese_poker import ChinesePokerRules
from rules_lib.mau_binh import MauBinhRules, instant_win
from rules_lib.widgets.arrange_widgets import RULESETS, ArrangeHand, Showdown, special_notes


def notes(special, ruleset):
    game, rules = RULESETS[ruleset]
    return special_notes({special}, game, rules)[0]


def test_four_of_a_kind_wins_at_once_only_in_mau_binh_source_rules():
    assert notes(Special.FOUR_OF_A_KIND, "Mậu Binh (source rules)").endswith("wins at once")
    assert "ordinary hand" in notes(
        Special.FOUR_OF_A_KIND, "Mậu Binh (straight flush and four of a kind as hands)"
    )
    assert "not special here" in notes(Special.FOUR_OF_A_KIND, "Chinese Poker (source rules)")


def test_chinese_poker_specials_state_their_points():
    assert "13 points" in notes(Special.DRAGON, "Chinese Poker (source rules)")
    assert "3 points" in notes(Special.SIX_PAIRS, "Chinese Poker (equal specials cancel)")


def test_three_flushes_count_in_mau_binh_only_when_set():
    assert "if you set the rows that way" in notes(Special.THREE_FLUSHES, "Mậu Binh (source rules)")


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


def test_notes_say_an_instant_win_needs_order_when_misset_hands_lose_it():
    rules = MauBinhRules(instant_wins_when_misset=False)
    note = special_notes({Special.SIX_PAIRS}, "mau_binh", rules)[0]
    assert note.endswith("wins at once, if the rows are in order")


def test_notes_say_a_special_needs_order_when_misset_hands_cannot_declare():
    rules = ChinesePokerRules(specials_when_misset=False)
    note = special_notes({Special.SIX_PAIRS}, "chinese_poker", rules)[0]
    assert note.endswith("3 points from each opponent, if the rows are in order")
