"""The worked examples of the sources, checked against the library (docs/GAMES.md §2a, §2b).

Source 001 (Chinese Poker) scores three deals; the expected scores below are the
source's.  Source 000 (Mậu Binh) has no scored deal, but its ranking section
compares concrete hands and its strategy section describes hands that win
against a described opponent: each claim is rebuilt here with concrete cards.
The hands are typed as the sources print them (French letters R, D, V in 001).
"""

from __future__ import annotations

import pytest

from rules_lib.chinese_poker import ChinesePokerRules, score_table
from rules_lib.errors import DuplicateCardError
from rules_lib.mau_binh import MauBinhRules, Outcome, instant_win, settle
from rules_lib.poker import Category, evaluate
from rules_lib.setting import Arrangement, Special, find_specials

A = Arrangement.parse

# --------------------------------------------------------------------------------
# Source 001, Chinese Poker
# --------------------------------------------------------------------------------

EXAMPLE_1 = {
    "John": "3♥ 3♦ 3♠ 2♥ 2♦ / 10♦ 10♠ 9♣ D♠ 8♣ / 6♠ 6♣ 4♥",
    "Adele": "R♠ V♠ 9♠ 8♠ 7♠ / 9♥ 9♦ 5♥ 5♦ 4♣ / A♥ R♦ D♦",
}

EXAMPLE_2 = {
    "John": "10♠ 9♣ 8♥ 7♠ 6♣ / 4♠ 4♥ 6♥ 5♣ 3♣ / A♥ R♦ D♦",
    "Adele": "R♠ R♥ 6♦ 6♠ 3♦ / V♥ V♦ 7♥ 7♣ 4♣ / D♠ D♥ 5♥",
    "Anne": "9♥ 9♦ 9♠ 2♣ 2♦ / 8♦ 8♣ 5♠ 4♦ 3♠ / A♦ R♣ V♣",
    "Mathew": "10♥ 10♦ 10♣ 2♠ 2♥ / A♣ A♠ 7♦ 5♦ 3♥ / D♣ V♠ 8♠",
}

# As printed: the 3♣ is in John's middle and in Adele's middle; no hand has the 4♣.
EXAMPLE_3_PRINTED = {
    "John": "V♠ 10♠ 9♠ 8♠ 7♠ / A♣ D♣ 9♣ 6♣ 3♣ / 8♥ 8♦ 8♣",
    "Adele": "10♥ 10♦ 10♣ 6♠ 6♥ / V♥ V♦ R♦ 5♣ 3♣ / A♥ 7♥ 7♣",
    "Anne": "D♥ D♦ D♠ 2♠ 2♥ / 4♠ 4♦ 3♦ 3♠ 7♦ / 5♥ 5♠ R♠",
    "Mathew": "6♦ 5♦ 4♥ 3♥ 2♦ / R♣ R♥ 9♥ 9♦ 2♣ / A♦ A♠ V♣",
}


def score(example: dict[str, str]) -> tuple[tuple[int, ...], dict]:
    table = score_table([A(t) for t in example.values()], names=list(example))
    return table.totals, table.pairs


def corrected(owner: str) -> dict[str, str]:
    """Example 3 with the 4♣ in ``owner``'s middle instead of a second 3♣."""
    hands = dict(EXAMPLE_3_PRINTED)
    hands[owner] = hands[owner].replace("3♣", "4♣")
    return hands


def test_example_1_john_plus_1_adele_minus_1():
    totals, pairs = score(EXAMPLE_1)
    assert totals == (1, -1)
    # John wins the back (full house > flush) and the front (sixes > ace high),
    # Adele the middle (nines and fives > a pair of tens)
    assert pairs[(0, 1)].rows == (1, -1, 1)


def test_example_2_scores_minus_3_plus_3_minus_1_plus_1():
    totals, _ = score(EXAMPLE_2)
    assert totals == (-3, 3, -1, 1)


def test_example_2_row_by_row():
    # backs: Mathew > Anne > John > Adele; middles: Adele > Mathew > Anne > John;
    # fronts: Adele > John > Anne > Mathew.  No royalties: one point a row.
    _, pairs = score(EXAMPLE_2)
    assert pairs[(0, 1)].rows == (1, -1, -1)  # John - Adele
    assert pairs[(0, 2)].rows == (-1, -1, 1)  # John - Anne
    assert pairs[(0, 3)].rows == (-1, -1, 1)  # John - Mathew
    assert pairs[(1, 2)].rows == (-1, 1, 1)  # Adele - Anne
    assert pairs[(1, 3)].rows == (-1, 1, 1)  # Adele - Mathew
    assert pairs[(2, 3)].rows == (-1, -1, 1)  # Anne - Mathew


def test_example_3_as_printed_repeats_the_three_of_clubs():
    with pytest.raises(DuplicateCardError) as info:
        score(EXAMPLE_3_PRINTED)
    message = str(info.value)
    assert "3♣" in message
    assert "John" in message and "Adele" in message
    assert "Anne" not in message and "Mathew" not in message


@pytest.mark.parametrize("owner", ["John", "Adele"])
def test_example_3_corrected_scores_plus_27_minus_11_minus_9_minus_7(owner):
    hands = corrected(owner)
    cards = [c for text in hands.values() for c in A(text).cards]
    assert len(set(cards)) == 52
    totals, pairs = score(hands)
    assert totals == (27, -11, -9, -7)
    # "John wins 9 points on each opponent (5 points on the bottom package, 1 in
    # the middle and 3 on the top one)"
    for other in (1, 2, 3):
        assert pairs[(0, other)].rows == (5, 1, 3)
    # the others, one point a row: Anne beats Adele 2-1, Mathew beats Adele and Anne 2-1
    assert pairs[(1, 2)].points == -1
    assert pairs[(1, 3)].points == -1
    assert pairs[(2, 3)].points == -1


def test_example_3_shows_a_middle_flush_is_worth_1_and_a_back_straight_flush_5():
    john = A(corrected("John")["John"])
    back, middle, front = john.values()
    assert back.category is Category.STRAIGHT_FLUSH
    assert middle.category is Category.FLUSH
    assert front.category is Category.THREE_OF_A_KIND


# --------------------------------------------------------------------------------
# Source 000, Mậu Binh: the hands its ranking section compares
# --------------------------------------------------------------------------------


def test_000_full_house_three_nines_and_two_kings():
    value = evaluate("9s 9h 9d Ks Kh")
    assert value.category is Category.FULL_HOUSE
    # "use the 3 cards of the same index, not the pair"
    assert evaluate("9s 9h 9d 2s 2h") > evaluate("8s 8h 8d As Ah")


def test_000_the_ace_high_flush_beats_the_queen_high_flush():
    spades = evaluate("2♠ 4♠ 7♠ 9♠ Q♠")
    diamonds = evaluate("5♦ 7♦ 9♦ K♦ A♦")
    assert spades.category is diamonds.category is Category.FLUSH
    assert diamonds > spades


def test_000_straights_and_the_ace_low_straight():
    jack_high = evaluate("7♦ 8♣ 9♦ 10♥ J♣")
    wheel = evaluate("A♠ 2♥ 3♣ 4♣ 5♣")
    assert jack_high.category is wheel.category is Category.STRAIGHT
    assert jack_high > wheel
    # "straight of Ace, 2, 3, 4, 5 is lowest than straight of 2, 3, 4, 5, 6"
    assert wheel < evaluate("2s 3h 4d 5c 6s")
    # the ace also ends the highest straight 10-J-Q-K-A
    assert evaluate("10s Jh Qd Kc As") > evaluate("9s 10h Jd Qc Ks")


def test_000_three_of_a_kind():
    assert evaluate("5s 5h 5d Kc 10s").category is Category.THREE_OF_A_KIND


def test_000_two_pair_the_kicker_decides():
    # "pairs of seven + pairs of three + 1 K" beats "... + 1 five"
    assert evaluate("7s 7h 3s 3h Kd") > evaluate("7d 7c 3d 3c 5s")


def test_000_pair_the_kickers_decide():
    # "pairs of seven + Q + five + K" beats "pairs of seven + Q + three + K"
    assert evaluate("7s 7h Qd 5c Ks") > evaluate("7d 7c Qs 3h Kh")


def test_000_high_card():
    assert evaluate("A♣ Q♠ 10♦ 4♥ 2♣").category is Category.HIGH_CARD


def test_000_the_front_has_no_flush_or_straight():
    assert evaluate("2s 7s Js").category is Category.HIGH_CARD
    assert evaluate("4s 5h 6d").category is Category.HIGH_CARD


def test_000_unconditional_win_examples():
    # the pictured straight flush 8-Q of clubs and the four aces
    sf = "8c 9c 10c Jc Qc 2s 2h 4d 4s Kh 6d Ah 3d"
    quads = "As Ah Ad Ac 2s 3h 5d 7c 9s Jh Kd 4c 6s"
    assert Special.STRAIGHT_FLUSH in find_specials(sf)
    assert Special.FOUR_OF_A_KIND in find_specials(quads)
    # "a straight from 2 to Ace (one card of each index)"
    assert Special.DRAGON in find_specials("2s 3d 4h 5c 6s 7d 8c 9h 10s Jd Qh Kc As")


# --------------------------------------------------------------------------------
# Source 000: the strategy section's hands that win against a described opponent
# --------------------------------------------------------------------------------


def check_player_wins(player: Arrangement, opponent: Arrangement, rows: tuple[Outcome, ...]):
    for arr in (player, opponent):
        assert not arr.is_misset()
        assert instant_win(arr) is None
    against_dealer = settle(player, opponent)
    assert against_dealer.rows == rows
    assert against_dealer.outcome is Outcome.WIN
    assert settle(player, opponent, opponent_is_dealer=False).outcome is Outcome.WIN


def test_000_three_high_pairs_one_in_each_hand():
    # "3 high value pairs ... each in each hand" beats "full house in lower + 1 less
    # value pair in middle than the pair in the player's middle hand + another least
    # value pair on the top hand"
    player = A("As Ah 9s 6d 3c / Ks Kh 8d 5c 2s / Qs Qh 7d")
    opponent = A("10s 10h 10d 4s 4h / Jd Jc 9h 7c 6s / 2d 2c 8c")
    check_player_wins(player, opponent, (Outcome.LOSS, Outcome.WIN, Outcome.WIN))


def test_000_four_pairs_two_smallest_in_the_back():
    # "4 pairs ... the smallest 2 pairs at the lower hand + the highest value pair in
    # the middle + the last on the top", against the same kind of opponent
    player = A("4s 4h 3s 3h Ad / Ks Kh 9d 7c 5s / Qs Qh 2d")
    opponent = A("10s 10h 10d 6s 6h / Jd Jc 9h 8c 7d / 2s 2c 5c")
    check_player_wins(player, opponent, (Outcome.LOSS, Outcome.WIN, Outcome.WIN))


def test_000_full_house_back_and_two_high_card_hands():
    # "full house at lower hand and the other 2 hands are just high-card hands" beats
    # "flush in lower + 2 pairs in middle + less value high-card hand on top"
    player = A("9s 9h 9d Kc Kd / As Qh 8c 6d 4s / Jc 7h 3d")
    opponent = A("2h 5h 8h 10h Kh / Qs Qd 5s 5c 2c / 10s 6c 4h")
    check_player_wins(player, opponent, (Outcome.WIN, Outcome.LOSS, Outcome.WIN))


def test_000_five_pairs_highest_and_smallest_pair_in_the_back():
    # "the highest value pair and the smallest value pair at the lower hand + the
    # second highest value pair and the third highest value pair in the middle hand
    # + the remaining pair on the top hand" beats "flush at lower + 2 pairs in middle
    # which are less value than the player's second highest value pair + only
    # high-card on top"
    player = A("As Ah 3s 3d 9d / Ks Kc Qh Qd 5c / 7s 7h 2c")
    opponent = A("2h 4h 6h 9h 10h / Js Jh 8s 8h 4d / Kd 6c 5s")
    check_player_wins(player, opponent, (Outcome.LOSS, Outcome.WIN, Outcome.WIN))


def test_000_back_must_be_at_least_the_middle():
    # "The lower hand's value always has to be higher than the middle hand's value,
    # otherwise you officially loose unconditionally"
    misset = A("As Ah 9s 6d 3c / 10s 10h 10d 4s 4h / Qs Qh 7d")
    assert misset.is_misset()
    opponent = A("Ks Kh 8d 5c 2s / Jd Jc 9h 7c 6s / 2d 2c 8c")
    assert settle(misset, opponent).outcome is Outcome.LOSS


def test_000_and_001_word_the_row_order_strictly_which_is_an_option():
    # 000: the lower hand "has to be higher" than the middle; 001: each packet "must
    # be weaker than the previous one".  The book reads ties as allowed; the strict
    # wording is the option strict_row_order of both games' rules.
    twins = A("Ah Kh 10h 7h 5h / Ac Kc 10c 7c 5c / 6s 4h 2h")
    opponent = A("Ks Kd 8d 4c 2s / Jd Js 9s 7s 6c / Qs 8h 3c")
    assert not twins.is_misset() and twins.is_misset(strict=True)
    assert settle(twins, opponent).outcome is Outcome.WIN
    assert settle(twins, opponent, MauBinhRules(strict_row_order=True)).outcome is Outcome.LOSS
    assert score_table([twins, opponent]).totals == (1, -1)  # back and middle won, front lost
    strict = ChinesePokerRules(strict_row_order=True)
    assert score_table([twins, opponent], strict).totals == (-3, 3)
