"""Unit tests for rules_lib.setting: the rows, the special hands and the search (docs/GAMES.md section 2: setting 13 cards as three hands)."""

from __future__ import annotations

import dataclasses
import random
from itertools import combinations

import pytest

from rules_lib.cards import Card, Cards, Suit, parse_cards, standard_deck
from rules_lib.errors import CardCountError, DuplicateCardError, NotationError, UnknownOptionError
from rules_lib.mau_binh import MauBinhRules
from rules_lib.poker import Category, HandValue, evaluate, hand_code
from rules_lib.setting import (
    ROW_SIZES,
    SPLITS,
    Arrangement,
    Draft,
    Row,
    Special,
    deal,
    find_specials,
    naive_best_arrangement,
    row_strength,
    special_arrangement,
    strongest_arrangement,
)
from rules_lib.setting.expected import expected_best_arrangement
from rules_lib.showdown import best_arrangement

A = Arrangement.parse


def cards_set(cards) -> set[str]:
    return {str(c) for c in cards}


def row_set(text: str) -> set[str]:
    return cards_set(parse_cards(text))


# --------------------------------------------------------------------------------
# Notation: parse / str round trip, row sizes, bad input
# --------------------------------------------------------------------------------


def test_row_sizes_are_five_five_three():
    assert ROW_SIZES == {Row.BACK: 5, Row.MIDDLE: 5, Row.FRONT: 3}
    assert [r.value for r in Row] == ["back", "middle", "front"]
    arr = A("8s 8h 8d 4c 4s / Ks Kd 9c 9h 2d / Ah Qc 6s")
    assert (len(arr.back), len(arr.middle), len(arr.front)) == (5, 5, 3)
    assert len(arr.cards) == 13


def test_parse_reads_back_middle_front_in_that_order():
    arr = A("8s 8h 8d 4c 4s / Ks Kd 9c 9h 2d / Ah Qc 6s")
    assert str(arr.back) == "8♠ 8♥ 8♦ 4♣ 4♠"
    assert str(arr.middle) == "K♠ K♦ 9♣ 9♥ 2♦"
    assert str(arr.front) == "A♥ Q♣ 6♠"
    assert arr.row(Row.BACK) == arr.back and arr.row(Row.FRONT) == arr.front


def test_str_and_parse_round_trip():
    texts = [
        "8s 8h 8d 4c 4s / Ks Kd 9c 9h 2d / Ah Qc 6s",
        "R♠ V♠ 9♠ 8♠ 7♠ / 9♥ 9♦ 5♥ 5♦ 4♣ / A♥ R♦ D♦",  # French letters of source 001
        "As Ks Qs Js Ts | 2c 3c 4c 5c 6c | 9h 9d 7s",  # "|" separates rows too
    ]
    for text in texts:
        arr = A(text)
        again = A(str(arr))
        assert again == arr
        assert str(again) == str(arr)
    assert str(A("As Ks Qs Js Ts | 2c 3c 4c 5c 6c | 9h 9d 7s")) == (
        "A♠ K♠ Q♠ J♠ 10♠ / 2♣ 3♣ 4♣ 5♣ 6♣ / 9♥ 9♦ 7♠"
    )


def test_round_trip_on_random_deals():
    for seed in range(20):
        hand = list(deal(seed)[0])
        arr = Arrangement(Cards(hand[:5]), Cards(hand[5:10]), Cards(hand[10:]))
        assert A(str(arr)) == arr
        assert cards_set(arr.cards) == cards_set(hand)


def test_from_rows_accepts_text_or_cards():
    arr = Arrangement.from_rows("8s 8h 8d 4c 4s", parse_cards("Ks Kd 9c 9h 2d"), "Ah Qc 6s")
    assert arr == A("8s 8h 8d 4c 4s / Ks Kd 9c 9h 2d / Ah Qc 6s")


def test_arrangement_is_immutable_and_hashable():
    arr = A("8s 8h 8d 4c 4s / Ks Kd 9c 9h 2d / Ah Qc 6s")
    with pytest.raises(dataclasses.FrozenInstanceError):
        arr.back = parse_cards("2s 3s 4s 5s 6s")  # type: ignore[misc]
    assert len({arr, A(str(arr))}) == 1


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("As Ks Qs Js / 2c 3c 4c 5c 6c / 9h 9d 7s", ["back", "5", "4"]),
        ("As Ks Qs Js Ts / 2c 3c 4c 5c 6c 7c / 9h 9d 7s", ["middle", "5", "6"]),
        ("As Ks Qs Js Ts / 2c 3c 4c 5c 6c / 9h 9d", ["front", "3", "2"]),
        ("As Ks Qs Js Ts / 2c 3c 4c 5c 6c / 9h 9d 7s 8s", ["front", "3", "4"]),
    ],
)
def test_wrong_number_of_cards_in_a_row_raises_CardCountError(text, words):
    with pytest.raises(CardCountError) as info:
        A(text)
    message = str(info.value)
    for word in words:
        assert word in message


def test_wrong_number_of_rows_raises_NotationError():
    with pytest.raises(NotationError, match="3 rows") as info:
        A("As Ks Qs Js Ts / 2c 3c 4c 5c 6c 9h 9d 7s")
    assert "2 row" in str(info.value)
    with pytest.raises(NotationError, match="3 rows"):
        A("As Ks Qs Js Ts / 2c 3c 4c 5c 6c / 9h 9d 7s / 8s")


def test_a_mistyped_card_raises_NotationError_quoting_it():
    with pytest.raises(NotationError, match="'1s'"):
        A("As Ks Qs Js 1s / 2c 3c 4c 5c 6c / 9h 9d 7s")
    with pytest.raises(NotationError, match="'9x'"):
        A("As Ks Qs Js Ts / 2c 3c 4c 5c 6c / 9h 9x 7s")


def test_a_joker_cannot_be_in_an_arrangement():
    with pytest.raises(NotationError, match="joker"):
        A("As Ks Qs Js RJ / 2c 3c 4c 5c 6c / 9h 9d 7s")


def test_a_card_in_two_rows_raises_DuplicateCardError_naming_card_and_rows():
    with pytest.raises(DuplicateCardError) as info:
        A("As Ks Qs Js Ts / 2c 3c 4c 5c 6c / 9h 9d As")
    message = str(info.value)
    assert "A♠" in message and "back" in message and "front" in message


def test_a_card_twice_in_one_row_raises_DuplicateCardError():
    with pytest.raises(DuplicateCardError, match="A♠"):
        A("As Ks Qs As Ts / 2c 3c 4c 5c 6c / 9h 9d 7s")
    ace = Card.parse("As")
    with pytest.raises(DuplicateCardError) as info:
        Arrangement(
            Cards([ace, ace, *parse_cards("Qs Js Ts")]),
            parse_cards("2c 3c 4c 5c 6c"),
            parse_cards("9h 9d 7s"),
        )
    assert "A♠" in str(info.value) and "twice in the back" in str(info.value)


def test_every_bad_input_error_is_a_ValueError():
    for bad in (
        "As Ks / 2c 3c 4c 5c 6c / 9h 9d 7s",
        "As Ks Qs Js 1s / 2c 3c 4c 5c 6c / 9h 9d 7s",
        "As Ks Qs Js Ts / 2c 3c 4c 5c 6c / 9h 9d As",
    ):
        with pytest.raises(ValueError):
            A(bad)


# --------------------------------------------------------------------------------
# Misset hands: the back must not be weaker than the middle, nor the middle than the front
# --------------------------------------------------------------------------------


def test_rows_in_order_are_not_misset():
    arr = A("8s 8h 8d 4c 4s / Ks Kd 9c 9h 2d / Ah Qc 6s")  # full house, two pair, high card
    assert not arr.is_misset()
    assert arr.misset_reason() is None


def test_middle_stronger_than_back_is_misset():
    arr = A("2s 3d 4c 5h 7s / As Ad Kc Kd Qs / 9h 8h 6h")  # high card back, two pair middle
    assert arr.is_misset()
    reason = arr.misset_reason()
    assert reason is not None
    assert reason.startswith("misset: the back")
    assert "weaker than the middle" in reason
    assert "high card seven" in reason and "two pair, aces and kings" in reason


def test_front_stronger_than_middle_is_misset():
    arr = A("As Ad Kc Kd Qs / 2s 3d 4c 5h 7s / 9h 9d 6h")  # pair of nines over a high card
    assert arr.is_misset()
    reason = arr.misset_reason()
    assert reason is not None
    assert reason.startswith("misset: the middle")
    assert "weaker than the front" in reason
    assert "pair of nines" in reason


def test_front_three_of_a_kind_over_middle_two_pair_is_misset():
    # category first: 3-card trips beat 5-card two pair
    arr = A("Ks Kh Kd 5c 5s / As Ad Qc Qd 3s / 2s 2h 2d")
    assert arr.is_misset()
    assert "the middle" in arr.misset_reason()


def test_three_card_front_against_five_card_middle_compares_card_by_card():
    # same pair, same first kicker: the 5-card middle has more cards, so it is stronger
    ok = A("As Ah Kd Kc 2c / Qh Qc 7d 3s 2s / Qs Qd 7c")
    assert not ok.is_misset()
    assert ok.misset_reason() is None
    # the front's kicker 8 beats the middle's 7: misset
    bad = A("As Ah Kd Kc 2c / Qh Qc 7d 3s 2s / Qs Qd 8c")
    assert bad.is_misset()
    reason = bad.misset_reason()
    assert reason is not None and "middle" in reason and "front" in reason
    # high cards: A-K-Q in front over A-K-J-9-8 in the middle
    assert A("2s 2h 3d 4c 5c / Ah Kc Jd 9s 8s / As Kd Qc").is_misset()
    assert not A("2s 2h 3d 4c 5c / Ah Kc Qd 9s 8s / As Kd Jc").is_misset()


def test_equal_rows_are_not_misset():
    # back and middle of the same value (suits never break ties): allowed
    arr = A("Ks Kh 7d 7c 3s / Kd Kc 7s 7h 3h / Ah Qc 6s")
    assert arr.values()[0] == arr.values()[1]
    assert not arr.is_misset()


def test_equal_rows_are_misset_under_the_strict_reading():
    # the sources word the rule strictly ("higher", "weaker"): then a tie is out of order
    arr = A("Ks Kh 7d 7c 3s / Kd Kc 7s 7h 3h / Ah Qc 6s")
    assert arr.is_misset(strict=True)
    reason = arr.misset_reason(strict=True)
    assert reason is not None and reason.startswith("misset: the back")
    assert "only ties the middle" in reason
    # rows of different strength are judged the same way by both readings
    good = A("8s 8h 8d 4c 4s / Ks Kd 9c 9h 2d / Ah Qc 6s")
    assert not good.is_misset(strict=True) and good.misset_reason(strict=True) is None
    bad = A("2s 3d 4c 5h 7s / As Ad Kc Kd Qs / 9h 8h 6h")
    assert bad.is_misset(strict=True) and bad.misset_reason(strict=True) == bad.misset_reason()


def test_a_three_card_front_never_ties_a_five_card_middle():
    # so the strict reading changes only the back against the middle
    rng = random.Random(5)
    deck = list(standard_deck())
    for _ in range(300):
        hand = rng.sample(deck, 13)
        arr = Arrangement(Cards(hand[:5]), Cards(hand[5:10]), Cards(hand[10:]))
        back, middle, front = arr.values()
        assert middle != front
        assert arr.is_misset(strict=True) == (arr.is_misset() or back == middle)


def test_misset_detection_agrees_with_row_values():
    rng = random.Random(3)
    deck = list(standard_deck())
    seen = {True: 0, False: 0}
    for _ in range(300):
        hand = rng.sample(deck, 13)
        arr = Arrangement(Cards(hand[:5]), Cards(hand[5:10]), Cards(hand[10:]))
        back, middle, front = (evaluate(list(r)) for r in (arr.back, arr.middle, arr.front))
        expected = back < middle or middle < front
        assert arr.is_misset() == expected
        assert (arr.misset_reason() is not None) == expected
        seen[expected] += 1
    assert seen[True] and seen[False]


# --------------------------------------------------------------------------------
# Special hands (docs/GAMES.md §2a, §2b)
# --------------------------------------------------------------------------------

DRAGON = "2s 3d 4h 5c 6s 7d 8c 9h 10s Jd Qh Kc As"
# no flush split (s4 d3 h3 c3), only a pair of twos and threes
THREE_STRAIGHTS = "2s 3d 4h 5c 6s 9d 10c Jh Qs Kd Ah 2h 3c"
# hearts 5, clubs 5, diamonds 3
THREE_FLUSHES = "3h 5h 9h Jh Kh 3c 7c 9c Qc Ac 5d 8d Jd"
SIX_PAIRS = "2s 2d 4h 4c 6s 6d 8c 8h 10s 10d Qh Qc As"
# the source's example straight flush 8-Q of clubs, with no other special
STRAIGHT_FLUSH = "8c 9c 10c Jc Qc 2s 2h 4d 4s Kh 6d Ah 3d"
# the source's example: four aces
FOUR_OF_A_KIND = "As Ah Ad Ac 2s 3h 5d 7c 9s Jh Kd 4c 6s"
NOTHING = "As Kd Qs 9c 8h 7h 5d 4c 3s 2h Jd Jc 6d"  # one pair, no special


def test_find_specials_dragon():
    assert Special.DRAGON in find_specials(DRAGON)
    # one card of each rank: 13 different ranks in any suits
    assert Special.DRAGON in find_specials("2h 3h 4h 5h 6d 7d 8d 9d 10c Jc Qc Kc As")
    # one rank missing (a second king instead of the queen): no dragon
    assert Special.DRAGON not in find_specials("2s 3d 4h 5c 6s 7d 8c 9h 10s Jd Kh Kc As")


def test_find_specials_six_pairs():
    assert find_specials(SIX_PAIRS) == {Special.SIX_PAIRS}
    # four of a kind counts as two pairs
    quads_and_four_pairs = "2s 2d 2h 2c 5s 5d 7h 7c 9s 9d Jh Jc Ad"
    assert {Special.SIX_PAIRS, Special.FOUR_OF_A_KIND} <= find_specials(quads_and_four_pairs)
    # five pairs and three singles: not six pairs
    assert Special.SIX_PAIRS not in find_specials("2s 2d 4h 4c 6s 6d 8c 8h 10s 10d Qh Kc As")


def test_find_specials_six_pairs_counts_a_three_of_a_kind_as_a_pair_and_a_single():
    # five pairs and three sevens: the book's reading counts six pairs
    trips = "2s 2d 4h 4c 6s 6d 7c 7h 7s 10d 10s Qh Qc"
    assert Special.SIX_PAIRS in find_specials(trips)


def test_option_six_pairs_exactly_wants_six_ranks_and_a_single():
    assert find_specials(SIX_PAIRS, six_pairs_exactly=True) == {Special.SIX_PAIRS}
    trips = "2s 2d 4h 4c 6s 6d 7c 7h 7s 10d 10s Qh Qc"
    assert Special.SIX_PAIRS not in find_specials(trips, six_pairs_exactly=True)
    quads_and_four_pairs = "2s 2d 2h 2c 5s 5d 7h 7c 9s 9d Jh Jc Ad"
    assert find_specials(quads_and_four_pairs, six_pairs_exactly=True) == {Special.FOUR_OF_A_KIND}


def test_find_specials_three_straights():
    assert find_specials(THREE_STRAIGHTS) == {Special.THREE_STRAIGHTS}
    # the front can be Q-K-A
    assert Special.THREE_STRAIGHTS in find_specials("2s 3d 4h 5c 6s 5d 6c 7h 8s 9d Qh Kc Ad")
    # but not K-A-2 (a sequence does not wrap around the ace)
    assert Special.THREE_STRAIGHTS not in find_specials("3s 4d 5h 6c 7s 5d 6d 7h 8s 9d Kh Ac 2d")


def test_three_straights_front_may_be_a23_by_default():
    # THREE_STRAIGHTS can only be set with A-2-3 in front (9-K, 2-6, A-2-3)
    assert Special.THREE_STRAIGHTS in find_specials(THREE_STRAIGHTS)
    arr = special_arrangement(THREE_STRAIGHTS, Special.THREE_STRAIGHTS)
    assert arr is not None and sorted(int(c.rank) for c in arr.front) == [2, 3, 14]


def test_option_ace_low_front_off_refuses_a23_but_keeps_qka():
    assert Special.THREE_STRAIGHTS not in find_specials(THREE_STRAIGHTS, ace_low_front=False)
    assert (
        special_arrangement(THREE_STRAIGHTS, Special.THREE_STRAIGHTS, ace_low_front=False) is None
    )
    qka = "2s 3d 4h 5c 6s 5d 6c 7h 8s 9d Qh Kc Ad"
    assert Special.THREE_STRAIGHTS in find_specials(qka, ace_low_front=False)
    assert special_arrangement(qka, Special.THREE_STRAIGHTS, ace_low_front=False) is not None


def test_find_specials_three_flushes():
    assert find_specials(THREE_FLUSHES) == {Special.THREE_FLUSHES}
    # eight of one suit and five of another also split into 5 + 5 + 3
    assert Special.THREE_FLUSHES in find_specials("2h 4h 6h 8h 10h Qh Ah 3h 2c 5c 7c 9c Jc")
    # six, four and three of a suit cannot be cut into two five-card flushes
    assert Special.THREE_FLUSHES not in find_specials("2h 4h 6h 8h 10h Qh 2c 5c 7c 9c 3d 6d 9d")


def test_find_specials_straight_flush():
    assert find_specials(STRAIGHT_FLUSH) == {Special.STRAIGHT_FLUSH}
    # the ace counts low: A-2-3-4-5 of one suit
    wheel = "Ad 2d 3d 4d 5d 7s 9h Jc Kh 8s 10c Qh 6c"
    assert Special.STRAIGHT_FLUSH in find_specials(wheel)
    # K-A-2-3-4 of one suit does not wrap around
    wrap = "Kd Ad 2d 3d 4d 7s 9h Jc Qh 8s 10c 6h 6c"
    assert Special.STRAIGHT_FLUSH not in find_specials(wrap)


def test_find_specials_four_of_a_kind():
    assert find_specials(FOUR_OF_A_KIND) == {Special.FOUR_OF_A_KIND}
    assert Special.FOUR_OF_A_KIND not in find_specials(SIX_PAIRS)


def test_an_ordinary_hand_has_no_special():
    assert find_specials(NOTHING) == set()


def test_find_specials_needs_thirteen_cards():
    with pytest.raises(CardCountError, match="13"):
        find_specials("As Ks Qs")


def test_special_order_is_the_mau_binh_order():
    source = [
        Special.DRAGON,
        Special.STRAIGHT_FLUSH,
        Special.FOUR_OF_A_KIND,
        Special.SIX_PAIRS,
        Special.THREE_FLUSHES,
        Special.THREE_STRAIGHTS,
    ]
    assert list(Special)[: len(source)] == source
    assert list(MauBinhRules().instant_win_order) == source


def test_special_arrangement_three_straights_is_in_order():
    arr = special_arrangement(THREE_STRAIGHTS, Special.THREE_STRAIGHTS)
    assert arr is not None
    assert not arr.is_misset()
    back, middle, _ = arr.values()
    assert back.category is Category.STRAIGHT and middle.category is Category.STRAIGHT
    # worked by hand: the straights are 9-K and 2-6, the front A-2-3
    assert row_set(str(arr.back)) == row_set("9d 10c Jh Qs Kd")
    assert sorted(int(c.rank) for c in arr.middle) == [2, 3, 4, 5, 6]
    assert sorted(int(c.rank) for c in arr.front) == [2, 3, 14]
    assert cards_set(arr.cards) == row_set(THREE_STRAIGHTS)


def test_special_arrangement_puts_the_stronger_straight_in_the_back():
    # 2-6 and 5-9 straights, Q-K-A in front: the 9-high straight must be the back
    arr = special_arrangement("2s 3d 4h 5c 6s 5d 6c 7h 8s 9d Qh Kc Ad", Special.THREE_STRAIGHTS)
    assert arr is not None and not arr.is_misset()
    assert arr.values()[0].ranks[0].notation == "9"
    assert arr.values()[1].ranks[0].notation == "6"
    assert row_set(str(arr.front)) == row_set("Qh Kc Ad")


def test_special_arrangement_three_flushes_is_in_order():
    arr = special_arrangement(THREE_FLUSHES, Special.THREE_FLUSHES)
    assert arr is not None
    assert not arr.is_misset()
    # the ace-high club flush is stronger than the king-high heart flush
    assert {c.suit for c in arr.back} == {Suit.CLUBS}
    assert {c.suit for c in arr.middle} == {Suit.HEARTS}
    assert {c.suit for c in arr.front} == {Suit.DIAMONDS}
    assert arr.values()[0].category is Category.FLUSH


def test_special_arrangement_strict_refuses_two_equal_straights():
    # two 9-K straights and 2-3-4: the only split has a middle that ties the back
    twins = "9d 10c Jh Qs Kd 9s 10d Jc Qh Ks 2h 3c 4d"
    arr = special_arrangement(twins, Special.THREE_STRAIGHTS)
    assert arr is not None and not arr.is_misset() and arr.is_misset(strict=True)
    assert special_arrangement(twins, Special.THREE_STRAIGHTS, strict=True) is None


def test_special_arrangement_none_when_the_hand_cannot_be_set_so():
    assert special_arrangement(NOTHING, Special.THREE_STRAIGHTS) is None
    assert special_arrangement(NOTHING, Special.THREE_FLUSHES) is None
    assert special_arrangement(SIX_PAIRS, Special.THREE_FLUSHES) is None


def test_special_arrangement_only_for_row_shaped_specials():
    with pytest.raises(NotationError, match="six pairs"):
        special_arrangement(SIX_PAIRS, Special.SIX_PAIRS)


# --------------------------------------------------------------------------------
# Draft: a hand being set
# --------------------------------------------------------------------------------

HAND = "As Ah Kd Kc 9s 9h 7d 6c 5s 4h 3d 2c Qs"


def test_draft_starts_sorted_high_to_low_five_five_three():
    d = Draft.from_cards(HAND)
    assert d.sizes() == (5, 5, 3)
    assert " ".join(str(c) for c in d.back) == "A♠ A♥ K♦ K♣ Q♠"
    assert " ".join(str(c) for c in d.middle) == "9♠ 9♥ 7♦ 6♣ 5♠"
    assert " ".join(str(c) for c in d.front) == "4♥ 3♦ 2♣"
    assert d.problems() == []
    assert d.arrangement() == A("As Ah Kd Kc Qs / 9s 9h 7d 6c 5s / 4h 3d 2c")


def test_draft_move_lists_problems_until_every_row_is_full():
    d = Draft.from_cards(HAND)
    two = Card.parse("2c")
    d2 = d.move([two], Row.BACK)
    assert d2.sizes() == (6, 5, 2)
    assert d2.back[-1] == two and two not in d2.front
    assert d2.problems() == [
        "the back has 6 cards; it needs 5",
        "the front has 2 cards; it needs 3",
    ]
    assert d2.arrangement() is None
    d3 = d2.move([Card.parse("As")], Row.FRONT)
    assert d3.sizes() == (5, 5, 3)
    assert d3.problems() == []
    arr = d3.arrangement()
    assert arr is not None
    assert row_set(str(arr.front)) == row_set("4h 3d As")
    assert row_set(str(arr.back)) == row_set("Ah Kd Kc Qs 2c")


def test_draft_problem_for_one_card_uses_the_singular():
    d = Draft.from_cards(HAND).move(parse_cards("4h 3d"), Row.MIDDLE)
    assert d.sizes() == (5, 7, 1)
    assert "the front has 1 card; it needs 3" in d.problems()


def test_draft_move_several_cards_and_never_loses_one():
    d = Draft.from_cards(HAND)
    d = d.move(parse_cards("As Ah"), Row.FRONT).move(parse_cards("4h 3d 2c"), Row.BACK)
    d = d.move(parse_cards("Kd"), Row.MIDDLE)
    assert sum(d.sizes()) == 13
    assert cards_set(d.back + d.middle + d.front) == row_set(HAND)


def test_draft_moving_the_same_card_twice_in_one_call_keeps_thirteen_cards():
    d = Draft.from_cards(HAND)
    two = Card.parse("2c")
    d2 = d.move([two, two], Row.BACK)
    assert sum(d2.sizes()) == 13
    assert d2.back.count(two) == 1


def test_draft_move_a_card_not_in_the_hand_raises():
    with pytest.raises(NotationError, match="8♦"):
        Draft.from_cards(HAND).move([Card.parse("8d")], Row.BACK)


def test_draft_is_immutable():
    d = Draft.from_cards(HAND)
    before = (d.back, d.middle, d.front)
    d.move([Card.parse("2c")], Row.BACK)
    assert (d.back, d.middle, d.front) == before
    with pytest.raises(dataclasses.FrozenInstanceError):
        d.back = ()  # type: ignore[misc]


def test_draft_from_arrangement_round_trips():
    arr = A("8s 8h 8d 4c 4s / Ks Kd 9c 9h 2d / Ah Qc 6s")
    assert Draft.from_arrangement(arr).arrangement() == arr


# --------------------------------------------------------------------------------
# Dealing
# --------------------------------------------------------------------------------


def test_deal_is_reproducible_per_seed():
    assert deal(42) == deal(42)
    assert deal(42) != deal(43)


def test_deal_gives_thirteen_disjoint_cards_to_each_player():
    for seed in range(10):
        hands = deal(seed)
        assert len(hands) == 4
        assert all(len(h) == 13 for h in hands)
        every = [c for h in hands for c in h]
        assert len(set(every)) == 52
        assert set(every) == set(standard_deck())


def test_deal_is_the_seeded_shuffle_cut_into_thirteens():
    # the same seed gives the same cards on every machine: random.Random(seed).shuffle
    deck = list(standard_deck())
    random.Random(2024).shuffle(deck)
    assert deal(2024) == tuple(Cards(deck[13 * i : 13 * i + 13]) for i in range(4))


def test_deal_for_two_and_three_players():
    for players in (2, 3):
        hands = deal(5, players)
        assert len(hands) == players
        assert len({c for h in hands for c in h}) == 13 * players


@pytest.mark.parametrize("players", [1, 5])
def test_deal_rejects_other_numbers_of_players(players):
    with pytest.raises(CardCountError, match=str(players)):
        deal(1, players)


# --------------------------------------------------------------------------------
# The search for the best arrangement
# --------------------------------------------------------------------------------


def test_there_are_72072_ways_to_split():
    assert SPLITS == 72_072
    assert 1287 * 56 == 72_072  # C(13,5) * C(8,5)
    count = 0
    for back in combinations(range(13), 5):
        rest = [i for i in range(13) if i not in back]
        count += sum(1 for _ in combinations(rest, 5))
    assert count == SPLITS


def test_row_strength_at_values_counted_by_hand():
    five, three = 2_598_960, 22_100
    # a royal flush: 4 such hands tie with it, every other hand is below
    assert row_strength(HandValue.from_cards("As Ks Qs Js Ts")) == pytest.approx(
        (five - 4 + 2) / five
    )
    # the weakest 5-card hand: 7-5-4-3-2 not of one suit, 4**5 - 4 hands, nothing below
    assert row_strength(HandValue.from_cards("7s 5h 4d 3c 2s")) == pytest.approx(
        (4**5 - 4) / 2 / five
    )
    # aces full of kings: above it 40 straight flushes, 624 fours, 4 * 6 equal hands
    assert row_strength(HandValue.from_cards("As Ah Ad Kc Kd")) == pytest.approx(
        (five - 40 - 624 - 24 + 12) / five
    )
    # 3-card: three aces (4 hands, all others below); 4-3-2 (4**3 hands, none below)
    assert row_strength(HandValue.from_cards("As Ah Ad")) == pytest.approx((three - 2) / three)
    assert row_strength(HandValue.from_cards("4s 3h 2d")) == pytest.approx(32 / three)
    # a pair of aces with a king: above it 52 trips and its own 6 * 4 hands
    assert row_strength(HandValue.from_cards("As Ah Kd")) == pytest.approx(
        (three - 52 - 24 + 12) / three
    )


def objective(arr: Arrangement) -> float:
    return sum(row_strength(v) for v in arr.values())


def brute_force_best(cards) -> tuple[float, tuple[int, int]]:
    """An independent search over all 72,072 splits: the best objective and its row codes."""
    hand = list(cards)
    five = {idx: hand_code([hand[i] for i in idx]) for idx in combinations(range(13), 5)}
    three = {idx: hand_code([hand[i] for i in idx]) for idx in combinations(range(13), 3)}
    s5 = {idx: row_strength(HandValue(code)) for idx, code in five.items()}
    s3 = {idx: row_strength(HandValue(code)) for idx, code in three.items()}
    best = (-1.0, (0, 0))
    for back in five:
        rest = tuple(i for i in range(13) if i not in back)
        for middle in combinations(rest, 5):
            if five[middle] > five[back]:
                continue
            front = tuple(i for i in rest if i not in middle)
            if three[front] > five[middle]:
                continue
            value = s5[back] + s5[middle] + s3[front]
            if value > best[0]:
                best = (value, (five[back], five[middle]))
    return best


def test_best_arrangement_is_never_misset_and_uses_the_hand():
    for seed in range(30):
        hand = deal(seed)[seed % 4]
        arr = best_arrangement(hand)
        assert not arr.is_misset()
        assert cards_set(arr.cards) == cards_set(hand)


def test_strongest_arrangement_reaches_the_brute_force_optimum_on_20_random_hands():
    rng = random.Random(13)
    deck = list(standard_deck())
    for _ in range(20):
        hand = rng.sample(deck, 13)
        arr = strongest_arrangement(hand)
        best, _ = brute_force_best(hand)
        assert objective(arr) == pytest.approx(best, abs=1e-12), Cards(hand)


def test_strongest_arrangement_equals_the_naive_search_on_three_hands():
    for seed in (1, 2, 3):
        hand = deal(seed)[1]
        fast, slow = strongest_arrangement(hand), naive_best_arrangement(hand)
        assert objective(fast) == pytest.approx(objective(slow), abs=1e-12)
        assert fast.values() == slow.values()
        assert not slow.is_misset()


def test_strongest_arrangement_strict_never_lets_the_middle_tie_the_back():
    # two 9-K straights and three twos: by default the solver sets both straights
    twins = "9d 10c Jh Qs Kd 9s 10d Jc Qh Ks 2h 2c 2d"
    loose = strongest_arrangement(twins)
    assert loose.values()[0] == loose.values()[1] and not loose.is_misset()
    strict = strongest_arrangement(twins, strict=True)
    assert not strict.is_misset(strict=True)
    assert cards_set(strict.cards) == row_set(twins)
    slow = naive_best_arrangement(twins, strict=True)
    assert objective(strict) == pytest.approx(objective(slow), abs=1e-12)
    assert strict.values() == slow.values()


def test_strongest_arrangement_on_a_hand_where_each_row_can_be_the_best_possible():
    # royal flush, 9-high straight flush, three aces: no row could be stronger
    arr = strongest_arrangement("As Ks Qs Js 10s 9h 8h 7h 6h 5h Ad Ah Ac")
    assert arr == A("As Ks Qs Js 10s / 9h 8h 7h 6h 5h / Ad Ah Ac")


def test_strongest_arrangement_keeps_two_fours_of_a_kind_and_the_three_queens():
    # any other split breaks a four of a kind or the three queens; the kickers
    # 3 and 2 go one to each four of a kind
    arr = strongest_arrangement("As Ah Ad Ac Ks Kh Kd Kc Qs Qh Qd 3c 2c")
    assert row_set("As Ah Ad Ac") < cards_set(arr.back)
    assert row_set("Ks Kh Kd Kc") < cards_set(arr.middle)
    assert cards_set(arr.front) == row_set("Qs Qh Qd")


def test_best_arrangement_rejects_a_wrong_hand():
    with pytest.raises(CardCountError):
        best_arrangement("As Ks Qs")
    with pytest.raises(DuplicateCardError):
        best_arrangement("As As Qs Js 10s 9h 8h 7h 6h 5h Ad Ah Ac")


def test_best_arrangement_maximises_expected_points_by_default_and_strength_on_request():
    for seed in range(6):
        hand = deal(seed)[0]
        for game in ("mau_binh", "chinese_poker"):
            assert best_arrangement(hand, game) == expected_best_arrangement(hand, game)
        assert best_arrangement(hand, objective="strength") == strongest_arrangement(hand)
    # the objectives disagree somewhere: this hand is set two ways
    hands = [deal(seed)[0] for seed in range(40)]
    assert any(best_arrangement(h) != strongest_arrangement(h) for h in hands)


def test_best_arrangement_names_an_unknown_objective_or_game():
    with pytest.raises(UnknownOptionError, match="no objective 'luck'"):
        best_arrangement(deal(1)[0], objective="luck")
    with pytest.raises(UnknownOptionError, match="no expected-points game 'poker'"):
        best_arrangement(deal(1)[0], "poker")
