"""The arrange widgets say what a special hand is worth under the chosen rules."""

from __future__ import annotations

import pytest

from rules_lib import UnknownOptionError
from rules_lib.arrange import Special
from rules_lib.mau_binh import instant_win
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
