"""Unit tests for rules_lib.mau_binh (docs/GAMES.md section 2a), one test per rule."""

from __future__ import annotations

from itertools import pairwise

import pytest

from rules_lib.errors import DuplicateCardError, UnknownOptionError
from rules_lib.mau_binh import (
    PRESETS,
    MauBinhRules,
    Outcome,
    instant_win,
    settle,
    settle_table,
)
from rules_lib.setting import Arrangement, Special

A = Arrangement.parse
WIN, TIE, LOSS = Outcome.WIN, Outcome.TIE, Outcome.LOSS

# --------------------------------------------------------------------------------
# Hands, each checked by hand: no special unless its name says so.
# --------------------------------------------------------------------------------

# The dealer: two pair Q-8 / two pair J-9 / A-K-3.
DEALER = A("Qs Qh 8d 8c 2s / Jd Jc 9h 9s 4d / Ad Kd 3c")
# Beats the dealer's back (K-7 > Q-8) and front (pair of aces), loses the middle (10-6 < J-9).
TWO_OF_THREE = A("Ks Kh 7d 7c 3s / 10d 10c 6h 6s 2d / As Ah 5c")
# Beats the dealer's back (three sevens), ties the middle (J-9-4) and the front (A-K-3).
ONE_WIN_TWO_TIES = A("7s 7h 7d 5c 2h / Jh Js 9d 9c 4h / Ah Kc 3h")
# Ties the dealer's three rows.
ALL_TIES = A("Qd Qc 8s 8h 2h / Jh Js 9d 9c 4h / Ah Kc 3h")
# Every row beats the dealer's row, but the middle (full house) beats its own back: misset.
MISSET = A("Ks Kh 7d 7c 3s / 10d 10c 10h 6s 6h / As Ah 5c")

# Instant wins, disjoint from DEALER.
DRAGON = A("10c Js Qd Kh Ac / 5d 6c 7s 8h 9d / 2h 3h 4s")
STRAIGHT_FLUSH = A("3s 4s 5s 6s 7s / Ah Ac Kh Kc 2h / 10h 10d 6h")
FOUR_OF_A_KIND = A("7s 7h 7d 7c 2h / Ks Kh 10s 10h 3h / Ac 5d 4s")
SIX_PAIRS = A("Kh Kc 10s 10h 2h / 7h 7c 6s 6d 2d / 5s 5h As")
THREE_FLUSHES = A("Ah Kh Jh 8h 3h / Kc 10c 7c 5c 2c / 10s 6s 4s")
THREE_STRAIGHTS = A("10s Jh Qd Kc As / 5s 6h 7c 8h 9d / Ah 2h 3s")


def test_the_example_hands_are_what_their_names_say():
    for arr in (DEALER, TWO_OF_THREE, ONE_WIN_TWO_TIES, ALL_TIES):
        assert not arr.is_misset()
        assert instant_win(arr) is None
    assert MISSET.is_misset() and instant_win(MISSET) is None
    expected = {
        DRAGON: Special.DRAGON,
        STRAIGHT_FLUSH: Special.STRAIGHT_FLUSH,
        FOUR_OF_A_KIND: Special.FOUR_OF_A_KIND,
        SIX_PAIRS: Special.SIX_PAIRS,
        THREE_FLUSHES: Special.THREE_FLUSHES,
        THREE_STRAIGHTS: Special.THREE_STRAIGHTS,
    }
    for arr, special in expected.items():
        assert not arr.is_misset()
        assert instant_win(arr) is special, arr


# --------------------------------------------------------------------------------
# Comparing rows
# --------------------------------------------------------------------------------


def test_winning_two_of_three_rows_wins():
    result = settle(TWO_OF_THREE, DEALER)
    assert result.outcome is WIN
    assert result.rows == (WIN, LOSS, WIN)
    assert "2 of 3" in result.reason


def test_losing_two_of_three_rows_loses():
    # the same two hands, the other way round: the dealer's hand as the player's
    dealer_as_player = settle(DEALER, TWO_OF_THREE)
    assert dealer_as_player.outcome is LOSS
    assert dealer_as_player.rows == (LOSS, WIN, LOSS)


def test_one_win_with_two_ties_wins_between_players():
    result = settle(ONE_WIN_TWO_TIES, DEALER, opponent_is_dealer=False)
    assert result.rows == (WIN, TIE, TIE)
    assert result.outcome is WIN


def test_equal_counts_tie_between_players():
    result = settle(ALL_TIES, DEALER, opponent_is_dealer=False)
    assert result.rows == (TIE, TIE, TIE)
    assert result.outcome is TIE


def test_a_tie_with_the_dealer_counts_as_a_loss_for_the_player():
    # one win, two tied rows: against the dealer the ties are losses, 1 win to 2 losses
    result = settle(ONE_WIN_TWO_TIES, DEALER)
    assert result.rows == (WIN, LOSS, LOSS)
    assert result.outcome is LOSS
    assert "counts as a loss" in result.reason
    # three tied rows: the dealer wins them all
    all_ties = settle(ALL_TIES, DEALER)
    assert all_ties.rows == (LOSS, LOSS, LOSS)
    assert all_ties.outcome is LOSS


def test_option_dealer_wins_ties_off_makes_a_tie_with_the_dealer_a_tie():
    rules = MauBinhRules(dealer_wins_ties=False)
    result = settle(ONE_WIN_TWO_TIES, DEALER, rules)
    assert result.rows == (WIN, TIE, TIE)
    assert result.outcome is WIN
    assert settle(ALL_TIES, DEALER, rules).outcome is TIE


def test_misset_loses_unconditionally():
    # row by row the misset hand would win all three against the dealer
    assert [a > b for a, b in zip(MISSET.values(), DEALER.values())] == [True, True, True]
    for rules in (MauBinhRules(), MauBinhRules(dealer_wins_ties=False)):
        result = settle(MISSET, DEALER, rules)
        assert result.outcome is LOSS
        assert "misset" in result.reason
    assert settle(MISSET, DEALER, opponent_is_dealer=False).outcome is LOSS
    # and the dealer's misset hand loses to the player
    assert settle(DEALER, MISSET).outcome is WIN


# Two flushes of the same ranks (A-K-10-7-5 in hearts and in clubs): back and
# middle of equal value, each beating the dealer's two pair; no special hand.
EQUAL_ROWS = A("Ah Kh 10h 7h 5h / Ac Kc 10c 7c 5c / 6s 4h 2h")


def test_rows_of_equal_strength_are_in_order_by_default():
    back, middle, _ = EQUAL_ROWS.values()
    assert back == middle and instant_win(EQUAL_ROWS) is None
    result = settle(EQUAL_ROWS, DEALER)
    assert result.outcome is WIN
    assert result.rows[:2] == (WIN, WIN)


def test_option_strict_row_order_makes_a_middle_that_ties_the_back_misset():
    rules = MauBinhRules(strict_row_order=True)
    result = settle(EQUAL_ROWS, DEALER, rules)
    assert result.outcome is LOSS
    assert "only ties the middle" in result.reason
    # the dealer's tie is misset too
    assert settle(DEALER, EQUAL_ROWS, rules).outcome is WIN
    # hands whose rows differ are settled as before
    assert settle(TWO_OF_THREE, DEALER, rules) == settle(TWO_OF_THREE, DEALER)


def test_option_strict_row_order_turns_three_equal_straights_into_a_loss():
    # two 9-K straights and 2-3-4: by default three straights, an instant win
    twins = A("9d 10c Jh Qs Kd / 9s 10d Jc Qh Ks / 2h 3c 4d")
    dealer = A("Ac Ah 8d 8c 2s / Jd Js 9h 9c 4s / 7d 6s 3s")
    assert instant_win(twins) is Special.THREE_STRAIGHTS
    assert settle(twins, dealer).outcome is WIN
    rules = MauBinhRules(strict_row_order=True)
    assert instant_win(twins, rules) is None
    assert settle(twins, dealer, rules).outcome is LOSS


# A second misset hand, disjoint from MISSET: a pair of fours and a pair of nines
# with the ace in the middle (two pair) behind a pair of queens (back).
OTHER_MISSET = A("Qd Qc 4s 5s 2h / 9d 9c 4h 4c Ac / 8s 7h 3d")


def test_a_misset_dealer_loses_to_a_hand_in_order():
    assert OTHER_MISSET.is_misset()
    result = settle(TWO_OF_THREE, OTHER_MISSET)
    assert result.outcome is WIN and "the dealer's hand is misset" in result.reason


def test_two_misset_hands_tie_by_default():
    result = settle(MISSET, OTHER_MISSET)
    assert result.outcome is TIE and "both hands are misset" in result.reason
    assert settle(OTHER_MISSET, MISSET).outcome is TIE


def test_option_both_misset_dealer_wins_gives_the_dealer_the_edge():
    rules = MauBinhRules(both_misset="dealer wins")
    result = settle(MISSET, OTHER_MISSET, rules)
    assert result.outcome is LOSS and "the dealer wins" in result.reason
    # between two players who are not the dealer it stays a tie
    assert settle(MISSET, OTHER_MISSET, rules, opponent_is_dealer=False).outcome is TIE
    assert settle_table([OTHER_MISSET, MISSET], rules) == [1, -1]
    assert settle_table([OTHER_MISSET, MISSET]) == [0, 0]


# --------------------------------------------------------------------------------
# Instant wins
# --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "label"),
    [
        (DRAGON, "dragon"),
        (STRAIGHT_FLUSH, "straight flush"),
        (FOUR_OF_A_KIND, "four of a kind"),
        (SIX_PAIRS, "six pairs"),
        (THREE_FLUSHES, "three flushes"),
        (THREE_STRAIGHTS, "three straights"),
    ],
)
def test_each_instant_win_beats_an_ordinary_hand(hand, label):
    result = settle(hand, DEALER)
    assert result.outcome is WIN
    assert label in result.reason and "instant win" in result.reason
    # the dealer's instant win beats the player too
    assert settle(DEALER, hand).outcome is LOSS


def test_instant_win_dragon():
    assert instant_win(DRAGON) is Special.DRAGON
    # the dragon is a win however the cards are set, even out of order
    misset_dragon = A("5d 6c 7s 8h 9d / 10c Js Qd Kh Ac / 2h 3h 4s")
    assert misset_dragon.is_misset()
    assert instant_win(misset_dragon) is Special.DRAGON


def test_option_instant_wins_when_misset_off_makes_a_misset_hand_lose():
    misset_dragon = A("5d 6c 7s 8h 9d / 10c Js Qd Kh Ac / 2h 3h 4s")
    misset_six = A("7h 7c 6s 6d 2d / Kh Kc 10s 10h 2h / 5s 5h As")
    rules = MauBinhRules(instant_wins_when_misset=False)
    for hand, special in ((misset_dragon, Special.DRAGON), (misset_six, Special.SIX_PAIRS)):
        assert hand.is_misset()
        assert instant_win(hand) is special
        assert settle(hand, DEALER).outcome is WIN
        assert instant_win(hand, rules) is None
        result = settle(hand, DEALER, rules)
        assert result.outcome is LOSS and "misset" in result.reason
    # set in order, they still win at once
    assert instant_win(DRAGON, rules) is Special.DRAGON
    assert instant_win(SIX_PAIRS, rules) is Special.SIX_PAIRS


def test_instant_win_straight_flush_anywhere_in_the_hand():
    assert instant_win(STRAIGHT_FLUSH) is Special.STRAIGHT_FLUSH
    # the five suited cards need not be set together
    spread = A("Ah Ac Kh Kc 3s / 10h 10d 6h 4s 2h / 5s 6s 7s")
    assert not spread.is_misset()
    assert instant_win(spread) is Special.STRAIGHT_FLUSH


def test_instant_win_four_of_a_kind_anywhere_in_the_hand():
    assert instant_win(FOUR_OF_A_KIND) is Special.FOUR_OF_A_KIND
    spread = A("7s 7h Ks Kh 2h / 7d 7c 10s 10h 3h / Ac 5d 4s")
    assert instant_win(spread) is Special.FOUR_OF_A_KIND


def test_instant_win_six_pairs():
    assert instant_win(SIX_PAIRS) is Special.SIX_PAIRS


# five pairs and three threes, disjoint from DEALER
SIX_PAIRS_WITH_TRIPS = A("3s 3d 3h 4c 4s / Qd Qc 10d 10c 7h / 7s 6d 6c")


def test_six_pairs_counts_a_three_of_a_kind_as_a_pair_and_a_single():
    assert not SIX_PAIRS_WITH_TRIPS.is_misset()
    assert instant_win(SIX_PAIRS_WITH_TRIPS) is Special.SIX_PAIRS


def test_six_pairs_counts_four_of_a_kind_as_two_pairs():
    quads = A("2s 2d 2h 2c 5s / 9s 9d 7h 7c 5d / Jh Jc Ad")
    assert instant_win(quads) is Special.FOUR_OF_A_KIND  # the higher instant win
    rules = MauBinhRules(straight_flush_and_quads_instant=False)
    assert instant_win(quads, rules) is Special.SIX_PAIRS


def test_option_six_pairs_exactly_wants_six_ranks_and_a_single():
    rules = MauBinhRules(six_pairs_exactly=True)
    assert instant_win(SIX_PAIRS, rules) is Special.SIX_PAIRS
    assert instant_win(SIX_PAIRS_WITH_TRIPS, rules) is None
    quads = A("2s 2d 2h 2c 5s / 9s 9d 7h 7c 5d / Jh Jc Ad")
    assert instant_win(quads, rules.with_options(straight_flush_and_quads_instant=False)) is None


def test_instant_win_three_flushes():
    assert instant_win(THREE_FLUSHES) is Special.THREE_FLUSHES


def test_instant_win_three_straights():
    assert instant_win(THREE_STRAIGHTS) is Special.THREE_STRAIGHTS


def test_three_straights_front_may_be_a23_or_qka():
    assert sorted(int(c.rank) for c in THREE_STRAIGHTS.front) == [2, 3, 14]
    qka = A("5d 6c 7h 8s 9d / 2s 3d 4h 5c 6s / Qh Kc Ad")
    assert not qka.is_misset() and instant_win(qka) is Special.THREE_STRAIGHTS


def test_option_ace_low_front_straight_off_refuses_a23():
    rules = MauBinhRules(ace_low_front_straight=False)
    assert instant_win(THREE_STRAIGHTS, rules) is None
    # no instant win: the rows are compared (the two straights win the back and the middle)
    result = settle(THREE_STRAIGHTS, DEALER, rules)
    assert result.rows == (WIN, WIN, LOSS) and "instant" not in result.reason
    qka = A("5d 6c 7h 8s 9d / 2s 3d 4h 5c 6s / Qh Kc Ad")
    assert instant_win(qka, rules) is Special.THREE_STRAIGHTS


def test_three_flushes_set_in_the_wrong_order_lose():
    # the king-high club flush in the back, the ace-high heart flush in the middle
    wrong = A("Kc 10c 7c 5c 2c / Ah Kh Jh 8h 3h / 10s 6s 4s")
    assert wrong.is_misset()
    assert instant_win(wrong) is None
    result = settle(wrong, DEALER)
    assert result.outcome is LOSS
    assert "misset" in result.reason


def test_three_straights_set_in_the_wrong_order_lose():
    wrong = A("5s 6h 7c 8h 9d / 10s Jh Qd Kc As / Ah 2h 3s")
    assert wrong.is_misset()
    assert instant_win(wrong) is None
    assert settle(wrong, DEALER).outcome is LOSS


def test_three_flushes_count_only_when_set_as_three_flushes():
    # the same cards set as ordinary rows (not misset): no instant win
    plain = A("Ah Kh Kc 10c 10s / Jh 8h 7c 5c 3h / 6s 4s 2c")
    assert not plain.is_misset()
    assert instant_win(plain) is None


# A dealer who beats STRAIGHT_FLUSH's middle (three kings > aces and kings) and
# front (queens > fives) but not its back.
DEALER_FOR_SF = A("8s 8h 8d 6c 6s / Kh Kd Kc 4c 3c / Qh Qd 2s")
SF_HAND = A("9s 10s Js Qs Ks / Ah Ac 7h 7d 3h / 5h 5d 2c")
# A dealer who beats FOUR_OF_A_KIND_HAND's middle (three threes > kings and sixes)
# and front (jacks > queen high) but not its back.
QUADS_HAND = A("8s 8h 8d 8c 2s / Kh Kd 6s 6c 4h / Qh Jd 9c")
DEALER_FOR_QUADS = A("10s 10h 10d 7c 7s / 3s 3h 3d Ac Kc / Jh Jc 5d")


def test_option_straight_flush_and_quads_not_instant_makes_them_ordinary():
    assert instant_win(DEALER_FOR_SF) is None and instant_win(DEALER_FOR_QUADS) is None
    # the source: a win at once
    assert settle(SF_HAND, DEALER_FOR_SF).outcome is WIN
    assert settle(QUADS_HAND, DEALER_FOR_QUADS).outcome is WIN
    # the option: ordinary rows, which win the back and lose the other two
    rules = MauBinhRules(straight_flush_and_quads_instant=False)
    assert instant_win(SF_HAND, rules) is None
    assert instant_win(QUADS_HAND, rules) is None
    for hand, dealer in ((SF_HAND, DEALER_FOR_SF), (QUADS_HAND, DEALER_FOR_QUADS)):
        result = settle(hand, dealer, rules)
        assert result.rows == (WIN, LOSS, LOSS)
        assert result.outcome is LOSS
    # the other instant wins are not affected
    assert instant_win(SIX_PAIRS, rules) is Special.SIX_PAIRS
    assert instant_win(DRAGON, rules) is Special.DRAGON


# Pairs of disjoint hands holding neighbouring instant wins of the order
# dragon > straight flush > four of a kind > six pairs > three flushes > three straights.
IW_DRAGON = A("10d Jc Qd Kc Ad / 5c 6d 7c 8d 9c / 2d 3c 4d")
IW_STRAIGHT_FLUSH = SF_HAND
IW_FOUR_OF_A_KIND = QUADS_HAND
IW_SIX_PAIRS = A("As Ah Ks Kc 2h / 10s 10h 7s 7h 3s / 5s 5h 3h")
IW_THREE_FLUSHES = A("Ad Qd 9d 6d 2d / Qc Jc 8c 6c 4c / Kh Jh 9h")
IW_THREE_STRAIGHTS = A("10s Js Qh Kc Ah / 3h 4s 5h 6s 7d / 8h 9s 10c")
IW_ORDER = [
    (IW_DRAGON, Special.DRAGON),
    (IW_STRAIGHT_FLUSH, Special.STRAIGHT_FLUSH),
    (IW_FOUR_OF_A_KIND, Special.FOUR_OF_A_KIND),
    (IW_SIX_PAIRS, Special.SIX_PAIRS),
    (IW_THREE_FLUSHES, Special.THREE_FLUSHES),
    (IW_THREE_STRAIGHTS, Special.THREE_STRAIGHTS),
]


def test_two_instant_wins_compare_by_the_order_dragon_sf_quads_six_pairs_flushes_straights():
    for hand, special in IW_ORDER:
        assert instant_win(hand) is special, hand
    for (higher, high_special), (lower, low_special) in pairwise(IW_ORDER):
        won = settle(higher, lower)
        assert won.outcome is WIN, (high_special, low_special)
        assert high_special.label in won.reason and low_special.label in won.reason
        assert settle(lower, higher).outcome is LOSS
        # the order does not depend on who deals
        assert settle(higher, lower, opponent_is_dealer=False).outcome is WIN


def test_equal_instant_wins_tie_even_against_the_dealer():
    other_six_pairs = A("Ad Ac Kh Kd 8s / Qs Qh Jd Jc 4d / 9s 9h 4c")
    assert instant_win(other_six_pairs) is Special.SIX_PAIRS
    result = settle(IW_SIX_PAIRS, other_six_pairs)
    assert result.outcome is TIE
    assert "six pairs" in result.reason


def test_option_instant_win_order_is_data():
    # a house that ranks three straights above three flushes
    order = (
        Special.DRAGON,
        Special.STRAIGHT_FLUSH,
        Special.FOUR_OF_A_KIND,
        Special.SIX_PAIRS,
        Special.THREE_STRAIGHTS,
        Special.THREE_FLUSHES,
    )
    rules = MauBinhRules(instant_win_order=order)
    assert settle(IW_THREE_STRAIGHTS, IW_THREE_FLUSHES, rules).outcome is WIN
    assert settle(IW_THREE_STRAIGHTS, IW_THREE_FLUSHES).outcome is LOSS


# --------------------------------------------------------------------------------
# Rules objects
# --------------------------------------------------------------------------------


def test_defaults_are_the_source_reading():
    rules = MauBinhRules()
    assert rules.straight_flush_and_quads_instant is True
    assert rules.dealer_wins_ties is True
    assert rules.settle_with == "dealer"
    # the book's readings where the source is silent or ambiguous
    assert rules.strict_row_order is False
    assert rules.instant_wins_when_misset is True
    assert rules.both_misset == "tie"
    assert rules.six_pairs_exactly is False
    assert rules.ace_low_front_straight is True
    assert rules.instant_win_order == (
        Special.DRAGON,
        Special.STRAIGHT_FLUSH,
        Special.FOUR_OF_A_KIND,
        Special.SIX_PAIRS,
        Special.THREE_FLUSHES,
        Special.THREE_STRAIGHTS,
    )


def test_presets_exist():
    assert set(PRESETS) >= {"source", "poker categories"}
    assert MauBinhRules.preset("source") == MauBinhRules()
    assert MauBinhRules.preset("poker categories") == MauBinhRules(
        straight_flush_and_quads_instant=False
    )


def test_unknown_preset_raises_UnknownOptionError_naming_it():
    with pytest.raises(UnknownOptionError, match="'house of cards'") as info:
        MauBinhRules.preset("house of cards")
    assert "source" in str(info.value)  # says what would be legal


def test_unknown_option_raises_UnknownOptionError_naming_it():
    with pytest.raises(UnknownOptionError, match="'tie_goes_to'") as info:
        MauBinhRules().with_options(tie_goes_to="player")
    assert "dealer_wins_ties" in str(info.value)
    assert isinstance(info.value, ValueError)


def test_with_options_returns_a_new_rules_object():
    rules = MauBinhRules()
    changed = rules.with_options(dealer_wins_ties=False, settle_with="everyone")
    assert changed.dealer_wins_ties is False and changed.settle_with == "everyone"
    assert rules.dealer_wins_ties is True  # unchanged


def test_a_card_in_both_hands_raises_DuplicateCardError():
    with pytest.raises(DuplicateCardError, match="Q♠"):
        settle(DEALER, A("Qs Qd 8s 8h 2h / Jh Js 9d 9c 4h / Ah Kc 3h"))


# --------------------------------------------------------------------------------
# A table of four
# --------------------------------------------------------------------------------

# Four disjoint hands.  Against the dealer (seat 0): seat 1 wins 2 of 3, seat 2 is
# misset, seat 3 loses every row (J-10 < Q-8, 6-5 < J-9, 7 high < ace high).
TABLE = [
    DEALER,
    TWO_OF_THREE,
    A("Qd Qc 4s 5s 2h / 9d 9c 4h 4c Ac / 8s 7h 3d"),
    A("Js Jh 10s 10h Kc / 6d 6c 5h 5d 8h / 7s 3h 2c"),
]


def test_settle_table_over_four_players_against_the_dealer():
    assert TABLE[2].is_misset()
    assert len({c for arr in TABLE for c in arr.cards}) == 52
    assert settle_table(TABLE) == [1, 1, -1, -1]


def test_settle_table_with_another_dealer():
    # seat 1 deals: seat 0 loses 1-2 (back Q-8 < K-7, middle J-9 > 10-6, front A-K < A-A),
    # seat 2 is misset, seat 3 loses every row
    assert settle_table(TABLE, dealer=1) == [-1, 3, -1, -1]


# Example 2 of the Chinese Poker source (001): no ties and no instant win.  Rows
# high to low: backs Mathew > Anne > John > Adele; middles Adele > Mathew > Anne
# > John; fronts Adele > John > Anne > Mathew.
EXAMPLE_2 = [
    A("10♠ 9♣ 8♥ 7♠ 6♣ / 4♠ 4♥ 6♥ 5♣ 3♣ / A♥ R♦ D♦"),  # John
    A("R♠ R♥ 6♦ 6♠ 3♦ / V♥ V♦ 7♥ 7♣ 4♣ / D♠ D♥ 5♥"),  # Adele
    A("9♥ 9♦ 9♠ 2♣ 2♦ / 8♦ 8♣ 5♠ 4♦ 3♠ / A♦ R♣ V♣"),  # Anne
    A("10♥ 10♦ 10♣ 2♠ 2♥ / A♣ A♠ 7♦ 5♦ 3♥ / D♣ V♠ 8♠"),  # Mathew
]


def test_settle_table_each_player_only_against_the_dealer():
    assert all(instant_win(arr) is None for arr in EXAMPLE_2)
    # John deals: Adele (middle, front), Anne and Mathew (back, middle) each win 2 of 3
    assert settle_table(EXAMPLE_2, dealer=0) == [-3, 1, 1, 1]
    # Mathew deals: John and Anne win only the front; Adele wins middle and front
    assert settle_table(EXAMPLE_2, dealer=3) == [-1, 1, -1, 1]


def test_settle_table_everyone_against_everyone():
    rules = MauBinhRules(settle_with="everyone")
    # pairs: Adele beats John, Anne, Mathew; Anne beats John; Mathew beats John, Anne
    assert settle_table(EXAMPLE_2, rules) == [-3, 3, -1, 1]


def test_settle_table_sums_to_zero():
    for rules in (MauBinhRules(), MauBinhRules(settle_with="everyone")):
        for dealer in range(4):
            assert sum(settle_table(TABLE, rules, dealer=dealer)) == 0
            assert sum(settle_table(EXAMPLE_2, rules, dealer=dealer)) == 0


def test_settle_table_rejects_a_card_in_two_hands_naming_the_seats():
    hands = [DEALER, TWO_OF_THREE, ONE_WIN_TWO_TIES]  # 7♦ and 5♣ and A♥ repeat
    with pytest.raises(DuplicateCardError) as info:
        settle_table(hands)
    message = str(info.value)
    assert "seat 1" in message and "seat 2" in message
