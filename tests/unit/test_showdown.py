"""A showdown says what a special hand is worth under the chosen rules, and scores a deal."""

from __future__ import annotations

import pytest

from rules_lib import UnknownOptionError
from rules_lib.chinese_poker import ChinesePokerRules
from rules_lib.mau_binh import MauBinhRules, instant_win
from rules_lib.setting import Arrangement, Special, deal, find_specials
from rules_lib.showdown import (
    RULESETS,
    best_arrangement,
    bot_arrangement,
    other_hands,
    score_showdown,
    special_notes,
)


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
    assert "3 points" in notes(Special.SIX_PAIRS, "Chinese Poker (two specials cancel)")


def test_three_flushes_count_in_mau_binh_only_when_set():
    assert "if you set the rows that way" in notes(Special.THREE_FLUSHES, "Mậu Binh (source rules)")


def test_notes_say_an_instant_win_needs_order_when_misset_hands_lose_it():
    rules = MauBinhRules(instant_wins_when_misset=False)
    note = special_notes({Special.SIX_PAIRS}, "mau_binh", rules)[0]
    assert note.endswith("wins at once, if the rows are in order")


def test_notes_say_a_special_needs_order_when_misset_hands_cannot_declare():
    rules = ChinesePokerRules(specials_when_misset=False)
    note = special_notes({Special.SIX_PAIRS}, "chinese_poker", rules)[0]
    assert note.endswith("3 points from each opponent, if the rows are in order")


def test_every_ruleset_pairs_a_game_with_its_own_rules():
    for game, rules in RULESETS.values():
        assert isinstance(rules, MauBinhRules if game == "mau_binh" else ChinesePokerRules)


def test_an_unknown_game_or_rules_of_the_other_game_are_refused():
    with pytest.raises(UnknownOptionError, match="'poker'"):
        special_notes({Special.DRAGON}, "poker", MauBinhRules())  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="MauBinhRules are not the rules of chinese_poker"):
        score_showdown([], "chinese_poker", MauBinhRules(), dealer=0)


def test_bots_set_an_instant_win_in_mau_binh_and_for_the_rows_in_chinese_poker():
    hand = deal(74)[0]  # it can be set as three straights; its best rows are not
    assert find_specials(hand) == {Special.THREE_STRAIGHTS}
    assert instant_win(best_arrangement(hand)) is None
    mb = bot_arrangement(hand, "mau_binh", MauBinhRules())
    assert instant_win(mb) is Special.THREE_STRAIGHTS
    # in Chinese Poker three straights score however the cards are set, so the bot sets for the rows
    cp = bot_arrangement(hand, "chinese_poker", ChinesePokerRules())
    assert cp == best_arrangement(hand, "chinese_poker") and instant_win(cp) is None


@pytest.mark.parametrize("ruleset", list(RULESETS))
def test_a_showdown_is_zero_sum_and_explains_every_seat(ruleset):
    game, rules = RULESETS[ruleset]
    hands = [bot_arrangement(h, game, rules) for h in deal(2)]
    points, lines = score_showdown(hands, game, rules, dealer=3)
    assert sum(points) == 0 and len(points) == len(lines) == 4 and all(lines)


def test_the_mau_binh_dealer_takes_the_opposite_of_each_result():
    hands = [
        Arrangement.parse("Qs Qh 8d 8c 2s / Jd Jc 9h 9s 4d / Ad Kd 3c"),
        Arrangement.parse("Ks Kh 7d 7c 3s / 10d 10c 6h 6s 2d / As Ah 5c"),
    ]
    points, lines = score_showdown(hands, "mau_binh", MauBinhRules(), dealer=1)
    assert points == [-1, 1] and lines[1].startswith("the dealer")


def test_bots_get_the_cards_a_typed_hand_leaves_the_same_way_each_time():
    mine = deal(5)[0]
    hands = other_hands(mine)
    assert [len(h) for h in hands] == [13, 13, 13]
    assert set(mine).union(*hands) == set(deal(5)[0]).union(*deal(5)[1:])
    assert hands == other_hands(mine)
