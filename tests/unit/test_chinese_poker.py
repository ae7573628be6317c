"""Unit tests for rules_lib.chinese_poker (docs/GAMES.md section 2b), one test per rule."""

from __future__ import annotations

import pytest

from rules_lib.chinese_poker import (
    PRESETS,
    ChinesePokerRules,
    declared_special,
    score_pair,
    score_table,
)
from rules_lib.errors import (
    CardCountError,
    DuplicateCardError,
    IllegalActionError,
    UnknownOptionError,
)
from rules_lib.poker import Category
from rules_lib.setting import Arrangement, Row, Special, deal
from rules_lib.showdown import best_arrangement, score_showdown

A = Arrangement.parse

# --------------------------------------------------------------------------------
# Hands, each worked out by hand.  W is a weak hand every other hand here beats
# row by row; it has five pairs but no special hand.
# --------------------------------------------------------------------------------

W = A("9s 7h 5d 3c 2s / 8h 6d 4c 3s 2h / 7d 5c 4h")  # 9 high / 8 high / 7 high

# back full house (no royalty), middle three jacks, front three tens (royalty 3)
FRONT_TRIPS = A("Ks Kh Kd 2d 2c / Js Jh Jd 5s 6s / 10s 10h 10d")
# back full house, middle full house (royalty 2), front a pair
MIDDLE_FULL_HOUSE = A("Ah Ad Ac Kc Kd / Qs Qh Qd Jc Jd / 10s 10h 6s")
# back four aces (royalty 4), middle four kings (royalty 8)
MIDDLE_QUADS = A("As Ah Ad Ac 2d / Ks Kh Kd Kc 2c / Qs Jh 10c")
# back royal flush (royalty 5), middle queen-high straight flush (royalty 10)
MIDDLE_STRAIGHT_FLUSH = A("10d Jd Qd Kd Ad / 8c 9c 10c Jc Qc / As Ah 6s")
# back four jacks (royalty 4), middle two pair, front ace high
BACK_QUADS = A("Js Jh Jd Jc 2d / Ks Kh 6s 6h 2c / Ah Qd 10c")
# back king-high straight flush (royalty 5), middle two pair, front a pair
BACK_STRAIGHT_FLUSH = A("9h 10h Jh Qh Kh / As Ad Kc Kd 2d / Qs Qc 6c")

# Two ordinary hands: the first wins the back (K-7 > Q-8) and the front (aces),
# the second wins the middle (J-9 > 10-6).
PLAIN_1 = A("Ks Kh 7d 7c 3s / 10d 10c 6h 6s 2d / As Ah 5c")
PLAIN_2 = A("Qs Qh 8d 8c 2s / Jd Jc 9h 9s 4d / Ad Kd 3c")
# Wins PLAIN_2's back with three sevens, ties its middle and its front.
ONE_WIN_TWO_TIES = A("7s 7h 7d 5c 2h / Jh Js 9d 9c 4h / Ah Kc 3h")
# Ties PLAIN_2's three rows.
ALL_TIES = A("Qd Qc 8s 8h 2h / Jh Js 9d 9c 4h / Ah Kc 3h")


def test_the_example_hands_declare_nothing_and_are_set_in_order():
    for arr in (
        W,
        FRONT_TRIPS,
        MIDDLE_FULL_HOUSE,
        MIDDLE_QUADS,
        MIDDLE_STRAIGHT_FLUSH,
        BACK_QUADS,
        BACK_STRAIGHT_FLUSH,
        PLAIN_1,
        PLAIN_2,
        ONE_WIN_TWO_TIES,
        ALL_TIES,
    ):
        assert declared_special(arr) is None, arr
        assert not arr.is_misset(), arr


# --------------------------------------------------------------------------------
# One point a row
# --------------------------------------------------------------------------------


def test_one_point_per_position():
    result = score_pair(PLAIN_1, PLAIN_2)
    assert result.rows == (1, -1, 1)
    assert result.points == 1
    assert score_pair(PLAIN_2, PLAIN_1).rows == (-1, 1, -1)
    assert score_table([PLAIN_1, PLAIN_2]).totals == (1, -1)


def test_a_tied_position_scores_nothing():
    result = score_pair(ONE_WIN_TWO_TIES, PLAIN_2)
    assert result.rows == (1, 0, 0)
    assert result.points == 1
    assert score_pair(ALL_TIES, PLAIN_2).rows == (0, 0, 0)
    assert score_table([ALL_TIES, PLAIN_2]).totals == (0, 0)


def test_the_order_of_the_two_players_only_flips_the_sign():
    for a, b in ((PLAIN_1, PLAIN_2), (FRONT_TRIPS, W), (MIDDLE_QUADS, W)):
        ab, ba = score_pair(a, b), score_pair(b, a)
        assert ab.points == -ba.points
        assert ab.rows == tuple(-p for p in ba.rows)


# --------------------------------------------------------------------------------
# Royalties: they replace the 1 point and only players the hand beats pay them
# --------------------------------------------------------------------------------


def test_royalty_front_three_of_a_kind_scores_3():
    # back full house 1 (no royalty in the back), middle three jacks 1, front 3
    assert score_pair(FRONT_TRIPS, W).rows == (1, 1, 3)
    assert score_pair(FRONT_TRIPS, W).points == 5


def test_royalty_middle_full_house_scores_2():
    # a full house in the back earns nothing extra; in the middle it earns 2
    assert score_pair(MIDDLE_FULL_HOUSE, W).rows == (1, 2, 1)


def test_royalty_middle_four_of_a_kind_scores_8_and_back_four_of_a_kind_4():
    assert score_pair(MIDDLE_QUADS, W).rows == (4, 8, 1)
    assert score_pair(MIDDLE_QUADS, W).points == 13


def test_royalty_middle_straight_flush_scores_10_and_back_straight_flush_5():
    assert score_pair(MIDDLE_STRAIGHT_FLUSH, W).rows == (5, 10, 1)


def test_royalty_back_four_of_a_kind_scores_4():
    assert score_pair(BACK_QUADS, W).rows == (4, 1, 1)


def test_royalty_back_straight_flush_scores_5():
    assert score_pair(BACK_STRAIGHT_FLUSH, W).rows == (5, 1, 1)


def test_no_royalty_for_other_categories_or_rows():
    rules = ChinesePokerRules()
    assert rules.royalty(Row.BACK, Category.FULL_HOUSE) == 1
    assert rules.royalty(Row.MIDDLE, Category.FLUSH) == 1  # "flush" means straight flush
    assert rules.royalty(Row.BACK, Category.FLUSH) == 1
    assert rules.royalty(Row.FRONT, Category.PAIR) == 1
    assert rules.royalty(Row.MIDDLE, Category.THREE_OF_A_KIND) == 1


def test_a_royalty_is_paid_only_by_players_the_hand_beats():
    # Y's back straight flush (queen high) beats W's back and takes 5 from W, but
    # loses to X's king-high straight flush: Y pays X's royalty, X pays none of Y's.
    x = BACK_STRAIGHT_FLUSH
    y = A("8d 9d 10d Jd Qd / Jc Js 10c 10s 2c / Ah 6s 5h")
    assert declared_special(y) is None and not y.is_misset()
    assert score_pair(x, y).rows == (5, 1, 1)
    assert score_pair(y, W).rows == (5, 1, 1)
    assert score_pair(x, W).rows == (5, 1, 1)
    table = score_table([W, x, y])
    assert table.totals == (-14, 14, 0)
    assert table.pairs[(1, 2)].rows == (5, 1, 1)


def test_a_royalty_row_that_ties_scores_nothing():
    # two king-high straight flushes in the back: a tie, no royalty either way
    x = A("9h 10h Jh Qh Kh / Ad Ac 7d 7c 2c / 5d 5c 3d")
    y = A("9s 10s Js Qs Ks / 8d 8c 4d 4c 6d / 8h 6c 3c")
    for arr in (x, y):
        assert declared_special(arr) is None and not arr.is_misset()
    assert score_pair(x, y).rows == (0, 1, 1)


def test_the_losing_player_pays_the_winners_royalty_not_its_own():
    # both have three of a kind in front; the higher one takes 3
    # (and the middle three aces beat three jacks: 1 point, no royalty for trips there)
    low = FRONT_TRIPS  # full house kings / three jacks / three tens
    high = A("Kc Jc 9c 8c 4c / As Ah Ad 7s 3h / Qs Qh Qd")  # flush / three aces / three queens
    assert declared_special(high) is None and not high.is_misset()
    assert score_pair(low, high).rows == (1, -1, -3)
    assert score_pair(high, low).rows == (-1, 1, 3)


# --------------------------------------------------------------------------------
# Special hands
# --------------------------------------------------------------------------------

SIX_PAIRS = A("Ad Ac Kh Kd 8s / Qs Qh Jd Jc 9d / 10s 10h 9h")
DRAGON = A("10c Js Qd Kc Ah / 5h 6c 7s 8d 9c / 2d 3h 4s")
OTHER_DRAGON = A("10h Jh Qs Ks Ac / 5d 6d 7h 8s 9d / 2s 3s 4h")
THREE_FLUSHES = A("As Ks Js 7s 5s / Kc Qc 9c 7c 2c / Qd 8d 3d")
THREE_STRAIGHTS = A("10s Jh Qd Kc As / 5s 6h 7c 8d 9d / Qh Kd Ac")
# a strong ordinary hand: straight flush back, full house middle, pair of aces front
STRONG = A("4h 5h 6h 7h 8h / 3s 3d 3c 2c 2d / As Ah Kc")


def test_the_special_example_hands_declare_what_they_hold():
    assert declared_special(SIX_PAIRS) is Special.SIX_PAIRS
    assert declared_special(DRAGON) is Special.DRAGON
    assert declared_special(OTHER_DRAGON) is Special.DRAGON
    assert declared_special(THREE_FLUSHES) is Special.THREE_FLUSHES
    assert declared_special(THREE_STRAIGHTS) is Special.THREE_STRAIGHTS
    assert declared_special(STRONG) is None


@pytest.mark.parametrize("special", [SIX_PAIRS, THREE_FLUSHES, THREE_STRAIGHTS])
def test_a_special_hand_scores_3_from_each_opponent_whatever_their_cards(special):
    assert score_pair(special, W).points == 3
    assert score_pair(W, special).points == -3


def test_six_pairs_scores_3_even_against_a_straight_flush_and_a_full_house():
    assert score_pair(SIX_PAIRS, STRONG).points == 3
    assert score_table([STRONG, SIX_PAIRS]).totals == (-3, 3)


def test_the_dragon_scores_13_from_each_opponent():
    assert score_pair(DRAGON, W).points == 13
    assert score_table([W, DRAGON]).totals == (-13, 13)


def test_specials_count_however_the_cards_are_set():
    # the six pairs set out of order (middle stronger than back) still score 3
    misset_six = A("Qs Qh Jd Jc 9d / Ad Ac Kh Kd 8s / 10s 10h 9h")
    assert misset_six.is_misset()
    assert score_pair(misset_six, W).points == 3


def test_a_player_may_choose_not_to_declare():
    # undeclared, the six pairs are compared row by row: W loses all three
    table = score_table([SIX_PAIRS, W], declares=[False, True])
    assert table.totals == (3, -3)
    assert table.pairs[(0, 1)].rows == (1, 1, 1)


def test_several_declarers_the_dragon_beats_other_specials():
    assert score_pair(DRAGON, SIX_PAIRS).points == 13
    assert score_pair(SIX_PAIRS, DRAGON).points == -13  # declaring first does not help
    # also when specials cancel
    assert score_pair(SIX_PAIRS, DRAGON, PRESETS["specials cancel"]).points == -13


def test_two_dragons_the_first_declared_takes_13_from_the_later():
    first = score_pair(DRAGON, OTHER_DRAGON)
    assert first.points == 13 and "first to declare" in first.reason
    assert score_pair(DRAGON, OTHER_DRAGON, a_first=False).points == -13
    assert score_table([OTHER_DRAGON, DRAGON]).totals == (13, -13)


def test_two_dragons_cancel_when_specials_cancel():
    assert score_pair(DRAGON, OTHER_DRAGON, PRESETS["specials cancel"]).points == 0
    assert score_table([OTHER_DRAGON, DRAGON], PRESETS["specials cancel"]).totals == (0, 0)
    # each still takes 13 from a player without a special
    assert score_pair(DRAGON, W, PRESETS["specials cancel"]).points == 13


def test_the_player_left_of_the_dealer_declares_first():
    # seats round the table; first_to_declare is the seat left of the dealer
    assert score_table([SIX_PAIRS, THREE_FLUSHES], first_to_declare=1).totals == (-3, 3)
    assert score_table([W, SIX_PAIRS, THREE_FLUSHES], first_to_declare=2).totals == (-6, 0, 6)
    with pytest.raises(UnknownOptionError, match="no seat 2"):
        score_table([SIX_PAIRS, THREE_FLUSHES], first_to_declare=2)
    # a showdown's dealer sets it: the seat after the dealer declares first
    hands = [SIX_PAIRS, THREE_FLUSHES]
    assert score_showdown(hands, "chinese_poker", ChinesePokerRules(), dealer=1)[0] == [3, -3]
    assert score_showdown(hands, "chinese_poker", ChinesePokerRules(), dealer=0)[0] == [-3, 3]


def test_several_declarers_the_first_declared_prevails_by_default():
    # seats are listed in the order they declare
    assert score_table([SIX_PAIRS, THREE_FLUSHES]).totals == (3, -3)
    assert score_table([THREE_FLUSHES, SIX_PAIRS]).totals == (3, -3)
    assert score_table([THREE_FLUSHES, SIX_PAIRS, W]).totals == (6, 0, -6)
    # the prevailing special is the first one, with its own points
    assert "six pairs" in score_pair(SIX_PAIRS, THREE_FLUSHES).reason
    assert "three flushes" in score_pair(THREE_FLUSHES, SIX_PAIRS).reason
    assert score_pair(SIX_PAIRS, THREE_FLUSHES, a_first=False).points == -3
    house = ChinesePokerRules(
        specials=((Special.DRAGON, 13), (Special.SIX_PAIRS, 4), (Special.THREE_FLUSHES, 3))
    )
    assert score_table([SIX_PAIRS, THREE_FLUSHES], house).totals == (4, -4)
    assert score_table([THREE_FLUSHES, SIX_PAIRS], house).totals == (3, -3)


def test_preset_specials_cancel_cancels_any_two_specials_but_a_dragon_beats_the_others():
    rules = ChinesePokerRules.preset("specials cancel")
    assert rules.specials_clash == "cancel"
    assert score_table([SIX_PAIRS, THREE_FLUSHES], rules).totals == (0, 0)
    # each still scores 3 from a player without a special
    assert score_table([THREE_FLUSHES, SIX_PAIRS, W], rules).totals == (3, 3, -6)


def test_special_points_are_the_sources():
    rules = ChinesePokerRules()
    assert rules.special_points(Special.DRAGON) == 13
    for special in (Special.SIX_PAIRS, Special.THREE_STRAIGHTS, Special.THREE_FLUSHES):
        assert rules.special_points(special) == 3


def test_six_pairs_counts_a_three_of_a_kind_as_a_pair_and_a_single():
    trips = A("3s 3d 3h 4c 4s / Qd Qc 10d 10c 7h / 7s 6d 6c")
    assert declared_special(trips) is Special.SIX_PAIRS
    quads = A("2s 2d 2h 2c 5s / 9s 9d 7h 7c 5d / Jh Jc Ad")
    assert declared_special(quads) is Special.SIX_PAIRS


def test_option_six_pairs_exactly_wants_six_ranks_and_a_single():
    rules = ChinesePokerRules(six_pairs_exactly=True)
    assert declared_special(SIX_PAIRS, rules) is Special.SIX_PAIRS
    trips = A("3s 3d 3h 4c 4s / Qd Qc 10d 10c 7h / 7s 6d 6c")
    assert declared_special(trips, rules) is None
    quads = A("2s 2d 2h 2c 5s / 9s 9d 7h 7c 5d / Jh Jc Ad")
    assert declared_special(quads, rules) is None


def test_three_straights_front_may_be_a23_or_qka():
    assert sorted(int(c.rank) for c in THREE_STRAIGHTS.front) == [12, 13, 14]
    a23 = A("10s Jh Qd Kc As / 5s 6h 7c 8h 9d / Ah 2h 3s")
    assert declared_special(THREE_STRAIGHTS) is declared_special(a23) is Special.THREE_STRAIGHTS


def test_option_ace_low_front_straight_off_refuses_a23():
    rules = ChinesePokerRules(ace_low_front_straight=False)
    a23 = A("10s Jh Qd Kc As / 5s 6h 7c 8h 9d / Ah 2h 3s")
    assert declared_special(a23, rules) is None
    assert declared_special(THREE_STRAIGHTS, rules) is Special.THREE_STRAIGHTS


def test_a_dragon_declares_the_dragon_not_its_three_straights():
    # every dragon can also be set as three straights; 13 points, not 3
    assert declared_special(DRAGON) is Special.DRAGON


# --------------------------------------------------------------------------------
# Misset hands
# --------------------------------------------------------------------------------

# Two misset hands: a pair of queens behind aces and nines; a pair of eights
# behind aces and queens.  With W and FRONT_TRIPS they make a full deck.
MISSET_1 = A("Qs Qh 8s 7c 4s / As Ah 9d 9c 3h / Kc Jc 6c")
MISSET_2 = A("8d 8c 4d 5h 7s / Ad Ac Qd Qc 3d / 10c 9h 6h")


def test_misset_loses_all_three_positions():
    assert MISSET_1.is_misset() and MISSET_2.is_misset()
    result = score_pair(MISSET_1, W)
    assert result.rows == (-1, -1, -1)
    assert result.points == -3
    assert score_pair(W, MISSET_1).points == 3


def test_misset_pays_the_opponents_royalties():
    # FRONT_TRIPS: back full house 1, middle trips 1, front three tens 3
    assert score_pair(MISSET_1, FRONT_TRIPS).rows == (-1, -1, -3)
    assert score_pair(FRONT_TRIPS, MISSET_2).rows == (1, 1, 3)


def test_option_misset_pays_royalties_off_makes_a_misset_hand_lose_one_point_a_row():
    rules = ChinesePokerRules(misset_pays_royalties=False)
    assert score_pair(MISSET_1, FRONT_TRIPS, rules).rows == (-1, -1, -1)
    assert score_pair(FRONT_TRIPS, MISSET_2, rules).points == 3
    assert score_pair(MISSET_1, MISSET_2, rules).points == 0


# Two flushes of the same ranks: a middle that ties the back (disjoint from W).
EQUAL_ROWS = A("Ad Kd Jd 9d 8d / Ac Kc Jc 9c 8c / 10s 6h 4d")


def test_rows_of_equal_strength_are_in_order_by_default():
    assert EQUAL_ROWS.values()[0] == EQUAL_ROWS.values()[1]
    assert declared_special(EQUAL_ROWS) is None
    assert score_table([EQUAL_ROWS, W]).pairs[(0, 1)].rows == (1, 1, 1)


def test_option_strict_row_order_makes_a_middle_that_ties_the_back_misset():
    rules = ChinesePokerRules(strict_row_order=True)
    result = score_table([EQUAL_ROWS, W], rules).pairs[(0, 1)]
    assert result.rows == (-1, -1, -1) and "misset" in result.reason
    assert score_pair(W, EQUAL_ROWS, rules).points == 3
    # hands whose rows differ score as before
    assert score_pair(PLAIN_1, PLAIN_2, rules) == score_pair(PLAIN_1, PLAIN_2)


def test_two_misset_hands_score_nothing_between_them():
    assert score_pair(MISSET_1, MISSET_2).points == 0
    assert score_pair(MISSET_1, MISSET_2).rows == (0, 0, 0)


def test_a_table_with_two_misset_hands():
    hands = [W, FRONT_TRIPS, MISSET_1, MISSET_2]
    assert len({c for arr in hands for c in arr.cards}) == 52
    # W: -5 to FRONT_TRIPS, +3 from each misset; FRONT_TRIPS: +5 from each of the others
    assert score_table(hands).totals == (1, 15, -8, -8)


# --------------------------------------------------------------------------------
# Whole tables
# --------------------------------------------------------------------------------


def test_table_scores_sum_to_zero():
    tables = [
        [W, FRONT_TRIPS, MISSET_1, MISSET_2],
        [W, BACK_STRAIGHT_FLUSH],
        [THREE_FLUSHES, SIX_PAIRS, W],
        [PLAIN_1, PLAIN_2],
    ]
    for seed in range(5):
        tables.append([best_arrangement(hand) for hand in deal(seed)])
    for hands in tables:
        for rules in PRESETS.values():
            result = score_table(hands, rules)
            assert sum(result.totals) == 0
            assert len(result.pairs) == len(hands) * (len(hands) - 1) // 2


def test_duplicate_card_across_players_raises_naming_the_card_and_both_players():
    with pytest.raises(DuplicateCardError) as info:
        score_table([PLAIN_1, PLAIN_2, ONE_WIN_TWO_TIES], names=["Ann", "Bob", "Cy"])
    message = str(info.value)
    assert "7♦" in message and "Ann" in message and "Cy" in message
    assert "Bob" not in message
    # without names, the seats are numbered from 1
    with pytest.raises(DuplicateCardError, match=r"seat 1.*seat 2"):
        score_table([PLAIN_1, ONE_WIN_TWO_TIES])


def test_presets_and_unknown_options():
    assert PRESETS["source"] == ChinesePokerRules()
    assert ChinesePokerRules.preset("source").specials_clash == "first declared"
    with pytest.raises(UnknownOptionError, match="'no such rules'"):
        ChinesePokerRules.preset("no such rules")
    with pytest.raises(UnknownOptionError, match="'jokers'") as info:
        ChinesePokerRules().with_options(jokers=True)
    assert "specials_clash" in str(info.value)
    assert ChinesePokerRules().with_options(specials_clash="cancel") == PRESETS["specials cancel"]


def test_option_specials_when_misset_off_lets_only_a_hand_in_order_declare():
    misset_six = A("Qs Qh Jd Jc 9d / Ad Ac Kh Kd 8s / 10s 10h 9h")
    rules = ChinesePokerRules(specials_when_misset=False)
    result = score_pair(misset_six, W, rules)
    assert result.rows == (-1, -1, -1) and "misset" in result.reason
    assert score_pair(SIX_PAIRS, W, rules).points == 3


PLAYING_FOR_POINTS_A = A("As Ks Qs Js 9s / 8d 8c 7h 7s 2c / Ah Qd 5c")
PLAYING_FOR_POINTS_B = A("Kd Kc 10h 10s 3c / 9d 9c 6h 5s 4c / Jd 8h 2d")


def test_scoring_2_4_adds_a_point_for_winning_more_rows():
    rules = ChinesePokerRules(scoring="2-4")
    scoop = score_pair(PLAYING_FOR_POINTS_A, PLAYING_FOR_POINTS_B, rules)
    assert scoop.points == 4 and "the point for more rows +1" in scoop.reason
    # two rows to one: 2 - 1 + 1 = 2
    front_lost = A("As Ks Qs Js 9s / 8d 8c 7h 7s 2c / Qd 6h 5c")
    b = A("Kd Kc 10h 10s 3c / 9d 9c 6c 5s 4c / Ah Jd 2d")
    assert score_pair(front_lost, b, rules).points == 2
    assert score_pair(b, front_lost, rules).points == -2
    # one row won and two tied: more rows won, the point; all three tied: none
    rows_only = score_pair(ONE_WIN_TWO_TIES, PLAIN_2).points
    assert score_pair(ONE_WIN_TWO_TIES, PLAIN_2, rules).points == rows_only + 1
    assert score_pair(ALL_TIES, PLAIN_2, rules).points == 0


def test_scoring_1_6_pays_a_scoop_six():
    rules = ChinesePokerRules(scoring="1-6")
    assert score_pair(PLAYING_FOR_POINTS_A, PLAYING_FOR_POINTS_B, rules).points == 6
    assert score_pair(PLAYING_FOR_POINTS_B, PLAYING_FOR_POINTS_A, rules).points == -6
    front_lost = A("As Ks Qs Js 9s / 8d 8c 7h 7s 2c / Qd 6h 5c")
    b = A("Kd Kc 10h 10s 3c / 9d 9c 6c 5s 4c / Ah Jd 2d")
    assert score_pair(front_lost, b, rules).points == 1  # two rows to one: no bonus


def test_a_misset_hand_pays_as_scooped_under_either_scoring():
    misset = A("8d 8c 7h 7s 2c / As Ks Qs Js 9s / Ah Qd 5c")
    assert misset.is_misset()
    for scoring, bonus in (("2-4", 1), ("1-6", 3)):
        rules = ChinesePokerRules(scoring=scoring)
        rows = score_pair(misset, PLAYING_FOR_POINTS_B, ChinesePokerRules()).points
        assert score_pair(misset, PLAYING_FOR_POINTS_B, rules).points == rows - bonus


def test_surrender_pays_its_price_to_each_hand_in_order_and_nothing_to_a_misset_one():
    rules = ChinesePokerRules(surrender=3)
    assert score_pair(None, PLAYING_FOR_POINTS_B, rules, a_surrenders=True).points == -3
    misset = A("8d 8c 7h 7s 2c / As Ks Qs Js 9s / Ah Qd 5c")
    assert score_pair(None, misset, rules, a_surrenders=True).points == 0
    assert score_pair(None, None, rules, a_surrenders=True, b_surrenders=True).points == 0
    # a special hand still takes its points from the one who gave up
    dragon = A("2s 3d 4h 5c 6s / 7d 8c 9h 10s Jd / Qh Kc As")
    assert score_pair(dragon, None, rules, b_surrenders=True).points == 13
    with pytest.raises(IllegalActionError, match="no surrender"):
        score_pair(None, PLAYING_FOR_POINTS_B, ChinesePokerRules(), a_surrenders=True)
    with pytest.raises(CardCountError, match="only a hand that surrenders"):
        score_pair(None, PLAYING_FOR_POINTS_B, rules)
    table = score_table(
        [None, PLAYING_FOR_POINTS_A, PLAYING_FOR_POINTS_B], rules, surrenders=[True, False, False]
    )
    assert table.totals[0] == -6 and sum(table.totals) == 0


def test_a_misset_hand_holding_a_special_takes_its_points_from_a_surrendered_hand():
    misset_six = A("Qs Qh Jd Jc 9d / Ad Ac Kh Kd 8s / 10s 10h 9h")
    assert misset_six.is_misset() and declared_special(misset_six) is Special.SIX_PAIRS
    rules = ChinesePokerRules(surrender=3)
    assert score_pair(misset_six, None, rules, b_surrenders=True).points == 3
    # a misset hand that may not declare is owed nothing by a surrender
    no_misset_specials = rules.with_options(specials_when_misset=False)
    assert score_pair(misset_six, None, no_misset_specials, b_surrenders=True).points == 0


def test_two_surrendered_hands_score_nothing_between_them():
    rules = ChinesePokerRules(surrender=3)
    both = score_pair(None, None, rules, a_surrenders=True, b_surrenders=True)
    assert both.points == 0 and "both surrendered" in both.reason
    table = score_table([None, None, PLAYING_FOR_POINTS_B], rules, surrenders=[True, True, False])
    assert table.totals == (-3, -3, 6)


def test_scoring_and_surrender_options_are_checked():
    with pytest.raises(UnknownOptionError, match="no scoring '3-5'"):
        ChinesePokerRules(scoring="3-5")  # type: ignore[arg-type]
    with pytest.raises(UnknownOptionError, match="0 points or more"):
        ChinesePokerRules(surrender=-1)
    assert PRESETS["2-4 scoring"].scoring == "2-4" and PRESETS["1-6 scoring"].surrender == 3
