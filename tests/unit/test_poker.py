"""Unit tests for rules_lib.poker (docs/GAMES.md section 1: poker hand values)."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations, combinations_with_replacement, pairwise

import pytest

from rules_lib.cards import Card, Cards, Color, Joker, Rank, Suit, parse_cards, standard_deck
from rules_lib.errors import CardCountError, DuplicateCardError, NotationError
from rules_lib.poker import (
    CATEGORY_COUNTS_3,
    CATEGORY_COUNTS_5,
    Category,
    HandValue,
    code3,
    code5,
    compare,
    display_order,
    evaluate,
    explain_comparison,
    hand_code,
    scoring_cards,
)

# Known counts (docs/GAMES.md §1), typed from the spec, not taken from the library.
SPEC_COUNTS_5 = {
    "STRAIGHT_FLUSH": 40,
    "FOUR_OF_A_KIND": 624,
    "FULL_HOUSE": 3_744,
    "FLUSH": 5_108,
    "STRAIGHT": 10_200,
    "THREE_OF_A_KIND": 54_912,
    "TWO_PAIR": 123_552,
    "PAIR": 1_098_240,
    "HIGH_CARD": 1_302_540,
}
SPEC_COUNTS_3 = {"THREE_OF_A_KIND": 52, "PAIR": 3_744, "HIGH_CARD": 18_304}

# Categories high to low, as the spec lists them.
SPEC_CATEGORY_ORDER = [
    "STRAIGHT_FLUSH",
    "FOUR_OF_A_KIND",
    "FULL_HOUSE",
    "FLUSH",
    "STRAIGHT",
    "THREE_OF_A_KIND",
    "TWO_PAIR",
    "PAIR",
    "HIGH_CARD",
]


def ev(text: str) -> HandValue:
    return evaluate(parse_cards(text))


def category_name(text: str) -> str:
    return ev(text).category.name


# --------------------------------------------------------------------------------
# An independent, naive oracle: sorted ranks + Counter -> (category, tiebreaks...)
# Comparing two oracle tuples with Python's tuple order is exactly the spec's rule:
# category first, then ranks card by card, and a 3-card vector that is a prefix of
# a 5-card one is smaller (the 5-card hand is stronger).
# --------------------------------------------------------------------------------

ORACLE_RANK = {name: len(SPEC_CATEGORY_ORDER) - 1 - i for i, name in enumerate(SPEC_CATEGORY_ORDER)}


def oracle(cards) -> tuple[int, ...]:
    ranks = sorted((int(c.rank) for c in cards), reverse=True)
    counts = Counter(ranks)
    # groups: bigger group first, then higher rank first
    grouped = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    if len(cards) == 3:
        if shape == [3]:
            return (ORACLE_RANK["THREE_OF_A_KIND"], *grouped)
        if shape == [2, 1]:
            return (ORACLE_RANK["PAIR"], *grouped)
        return (ORACLE_RANK["HIGH_CARD"], *ranks)
    assert len(cards) == 5
    is_flush = len({c.suit for c in cards}) == 1
    top = None
    if len(counts) == 5:
        if ranks[0] - ranks[4] == 4:
            top = ranks[0]
        elif ranks == [14, 5, 4, 3, 2]:
            top = 5
    if top is not None and is_flush:
        return (ORACLE_RANK["STRAIGHT_FLUSH"], top)
    if shape == [4, 1]:
        return (ORACLE_RANK["FOUR_OF_A_KIND"], *grouped)
    if shape == [3, 2]:
        return (ORACLE_RANK["FULL_HOUSE"], *grouped)
    if is_flush:
        return (ORACLE_RANK["FLUSH"], *ranks)
    if top is not None:
        return (ORACLE_RANK["STRAIGHT"], top)
    if shape == [3, 1, 1]:
        return (ORACLE_RANK["THREE_OF_A_KIND"], *grouped)
    if shape == [2, 2, 1]:
        return (ORACLE_RANK["TWO_PAIR"], *grouped)
    if shape == [2, 1, 1, 1]:
        return (ORACLE_RANK["PAIR"], *grouped)
    return (ORACLE_RANK["HIGH_CARD"], *ranks)


def oracle_category(cards) -> str:
    number = oracle(cards)[0]
    return next(name for name, n in ORACLE_RANK.items() if n == number)


def sign(x) -> int:
    return (x > 0) - (x < 0)


def cmp(a, b) -> int:
    return (a > b) - (a < b)


DECK = list(standard_deck())


def random_hand(rng: random.Random, size: int) -> list[Card]:
    """A random hand, biased so that rare categories and close ties occur often."""
    kind = rng.randrange(4)
    if kind == 0:
        pool = DECK
    elif kind == 1:  # a window of consecutive ranks (the ace also below the two)
        low = rng.randrange(1, 11)  # 1 = the wheel window A-5
        ranks = {14 if r == 1 else r for r in range(low, low + 5 + rng.randrange(2))}
        pool = [c for c in DECK if int(c.rank) in ranks]
    elif kind == 2:  # one or two suits
        suits = rng.sample(list(Suit), rng.choice((1, 1, 2)))
        pool = [c for c in DECK if c.suit in suits]
    else:  # few ranks: sets and pairs
        ranks = set(rng.sample(range(2, 15), 3))
        pool = [c for c in DECK if int(c.rank) in ranks]
    return rng.sample(pool, size)


@pytest.fixture(scope="module")
def random_hands():
    rng = random.Random(20240613)
    fives = [random_hand(rng, 5) for _ in range(20_000)]
    threes = [random_hand(rng, 3) for _ in range(20_000)]
    return fives, threes


# --------------------------------------------------------------------------------
# Exhaustive counts
# --------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def all_five_card_codes() -> Counter:
    codes = [c.code for c in standard_deck()]
    return Counter(code5(*hand) for hand in combinations(codes, 5))


def test_all_2598960_five_card_hands_fall_in_the_known_category_counts(all_five_card_codes):
    assert sum(all_five_card_codes.values()) == 2_598_960
    by_category: Counter = Counter()
    for code, n in all_five_card_codes.items():
        by_category[HandValue(code).category.name] += n
    assert dict(by_category) == SPEC_COUNTS_5


def test_five_card_hands_have_exactly_7462_distinct_values(all_five_card_codes):
    assert len(all_five_card_codes) == 7_462


def test_all_22100_three_card_hands_fall_in_the_known_category_counts():
    codes = [c.code for c in standard_deck()]
    values = Counter(code3(*hand) for hand in combinations(codes, 3))
    assert sum(values.values()) == 22_100
    by_category: Counter = Counter()
    for code, n in values.items():
        by_category[HandValue(code).category.name] += n
    assert dict(by_category) == SPEC_COUNTS_3
    # 13 trips + 13*12 pairs + C(13,3) high cards
    assert len(values) == 13 + 13 * 12 + 286


def test_published_count_tables_match_the_spec():
    assert {c.name: n for c, n in CATEGORY_COUNTS_5.items()} == SPEC_COUNTS_5
    assert {c.name: n for c, n in CATEGORY_COUNTS_3.items()} == SPEC_COUNTS_3


def test_fast_codes_agree_with_evaluate(random_hands):
    fives, threes = random_hands
    for hand in fives[:3000]:
        assert code5(*(c.code for c in hand)) == evaluate(hand).code == hand_code(hand)
    for hand in threes[:3000]:
        assert code3(*(c.code for c in hand)) == evaluate(hand).code == hand_code(hand)


# --------------------------------------------------------------------------------
# The oracle against the library
# --------------------------------------------------------------------------------


def test_oracle_sanity():
    # the oracle itself must agree with the spec's simplest facts
    assert oracle_category(parse_cards("As 2d 3c 4h 5s")) == "STRAIGHT"
    assert oracle(parse_cards("As 2d 3c 4h 5s")) < oracle(parse_cards("2s 3d 4c 5h 6s"))
    assert oracle_category(parse_cards("2s 3s 4s")) == "HIGH_CARD"
    assert oracle(parse_cards("Qs Qd 7c")) < oracle(parse_cards("Qh Qc 7d 3s 2s"))


def test_category_agrees_with_the_oracle_on_20000_random_hands(random_hands):
    fives, threes = random_hands
    seen = Counter()
    for hand in fives + threes:
        expected = oracle_category(hand)
        assert evaluate(hand).category.name == expected, Cards(hand)
        seen[(len(hand), expected)] += 1
    # the sample really exercised every category
    assert {name for size, name in seen if size == 5} == set(SPEC_COUNTS_5)
    assert {name for size, name in seen if size == 3} == set(SPEC_COUNTS_3)


def test_order_agrees_with_the_oracle_on_random_pairs(random_hands):
    fives, threes = random_hands
    rng = random.Random(99)
    hands = fives + threes
    values = [evaluate(h) for h in hands]
    keys = [oracle(h) for h in hands]
    ties = 0
    for _ in range(40_000):
        i, j = rng.randrange(len(hands)), rng.randrange(len(hands))
        expected = cmp(keys[i], keys[j])
        assert cmp(values[i], values[j]) == expected, (Cards(hands[i]), Cards(hands[j]))
        ties += expected == 0
    # and within each kind of pairing: 5 vs 5, 3 vs 3, 3 vs 5
    for first, second in ((fives, fives), (threes, threes), (threes, fives)):
        for _ in range(10_000):
            a, b = rng.choice(first), rng.choice(second)
            assert cmp(evaluate(a), evaluate(b)) == cmp(oracle(a), oracle(b)), (Cards(a), Cards(b))
            assert compare(a, b) == cmp(oracle(a), oracle(b))
    assert ties > 0


def test_sorting_by_value_sorts_by_the_oracle(random_hands):
    fives, threes = random_hands
    hands = fives + threes
    pairs = sorted(((evaluate(h), oracle(h)) for h in hands), key=lambda p: p[0])
    for (va, ka), (vb, kb) in pairwise(pairs):
        assert (va == vb) == (ka == kb)
        assert ka <= kb


def _representatives():
    """One hand for every possible value class, built from rank multisets."""
    suits = list(Suit)
    for size in (3, 5):
        for ranks in combinations_with_replacement(range(2, 15), size):
            counts = Counter(ranks)
            if max(counts.values()) > 4:
                continue
            if len(counts) == size:  # all different: position-based suits, never a flush
                yield [Card(Rank(r), suits[i % 4]) for i, r in enumerate(ranks)]
                if size == 5:
                    yield [Card(Rank(r), Suit.HEARTS) for r in ranks]
            else:
                yield [Card(Rank(r), suits[k]) for r, n in counts.items() for k in range(n)]


def test_order_agrees_with_the_oracle_on_every_value_class():
    hands = list(_representatives())
    assert len(hands) == 7_462 + 455  # every class, each once
    pairs = sorted(((evaluate(h), oracle(h), h) for h in hands), key=lambda p: p[0])
    assert len({v for v, _, _ in pairs}) == len(hands)
    assert [k for _, k, _ in pairs] == sorted(k for _, k, _ in pairs)
    for v, _, h in pairs:
        assert v.category.name == oracle_category(h)


# --------------------------------------------------------------------------------
# Category order and the tie-break rules of docs/GAMES.md §1, one test per rule
# --------------------------------------------------------------------------------

ONE_PER_CATEGORY = {
    "STRAIGHT_FLUSH": "9h 8h 7h 6h 5h",
    "FOUR_OF_A_KIND": "2s 2h 2d 2c 3s",
    "FULL_HOUSE": "2s 2h 2d 3c 3s",
    "FLUSH": "2d 3d 4d 5d 7d",
    "STRAIGHT": "2s 3h 4d 5c 6s",
    "THREE_OF_A_KIND": "2s 2h 2d 3c 4s",
    "TWO_PAIR": "2s 2h 3d 3c 4s",
    "PAIR": "2s 2h 3d 4c 5s",
    "HIGH_CARD": "2s 3h 4d 5c 7s",
}


def test_categories_rank_high_to_low_as_the_spec_lists_them():
    for name, text in ONE_PER_CATEGORY.items():
        assert category_name(text) == name
    values = [ev(ONE_PER_CATEGORY[name]) for name in SPEC_CATEGORY_ORDER]
    assert values == sorted(values, reverse=True)
    assert len(set(values)) == len(values)


def test_lowest_hand_of_a_category_beats_highest_of_the_category_below():
    weakest = {
        "STRAIGHT_FLUSH": "As 2s 3s 4s 5s",
        "FOUR_OF_A_KIND": "2s 2h 2d 2c 3s",
        "FULL_HOUSE": "2s 2h 2d 3c 3s",
        "FLUSH": "2d 3d 4d 5d 7d",
        "STRAIGHT": "As 2h 3d 4c 5s",
        "THREE_OF_A_KIND": "2s 2h 2d 3c 4s",
        "TWO_PAIR": "2s 2h 3d 3c 4s",
        "PAIR": "2s 2h 3d 4c 5s",
    }
    strongest = {
        "FOUR_OF_A_KIND": "As Ah Ad Ac Ks",
        "FULL_HOUSE": "As Ah Ad Kc Ks",
        "FLUSH": "As Ks Qs Js 9s",
        "STRAIGHT": "As Kh Qd Jc Ts",
        "THREE_OF_A_KIND": "As Ah Ad Kc Qs",
        "TWO_PAIR": "As Ah Kd Kc Qs",
        "PAIR": "As Ah Kd Qc Js",
        "HIGH_CARD": "As Kh Qd Jc 9s",
    }
    for upper, lower in pairwise(SPEC_CATEGORY_ORDER):
        assert category_name(weakest[upper]) == upper
        assert category_name(strongest[lower]) == lower
        assert ev(weakest[upper]) > ev(strongest[lower]), (upper, lower)


def test_straight_is_decided_by_its_top_card():
    assert ev("3s 4h 5d 6c 7s") > ev("2s 3h 4d 5c 6s")
    assert ev("9s Th Jd Qc Ks") > ev("8s 9h Td Jc Qs")
    assert compare("2s 3h 4d 5c 6s", "2h 3d 4c 5s 6h") == 0


def test_wheel_A2345_is_the_lowest_straight():
    wheel = ev("As 2d 3c 4h 5s")
    assert wheel.category is Category.STRAIGHT
    assert wheel < ev("2s 3d 4c 5h 6s")
    for top in range(6, 15):
        ranks = [Rank(r) for r in range(top - 4, top + 1)]
        other = evaluate([Card(r, Suit(s)) for r, s in zip(ranks, "shdcs")])
        assert other.category is Category.STRAIGHT
        assert wheel < other
    # still a straight: it beats every three of a kind
    assert wheel > ev("As Ah Ad Kc Qs")
    assert Rank.FIVE in wheel.ranks and wheel.ranks[0] is Rank.FIVE  # "5-high"


def test_wheel_is_the_lowest_straight_flush():
    wheel = ev("As 2s 3s 4s 5s")
    assert wheel.category is Category.STRAIGHT_FLUSH
    assert wheel < ev("2h 3h 4h 5h 6h")
    assert wheel > ev("As Ah Ad Ac Ks")  # still above the best four of a kind


def test_ten_to_ace_is_the_highest_straight():
    broadway = ev("Ts Jh Qd Kc As")
    assert broadway.category is Category.STRAIGHT
    assert broadway > ev("9s Th Jd Qc Ks")
    royal = ev("Th Jh Qh Kh Ah")
    assert royal.category is Category.STRAIGHT_FLUSH
    assert royal > ev("9h Th Jh Qh Kh")
    # the royal flush is the strongest of all 7,462 values
    codes = [c.code for c in standard_deck()]
    assert royal.code == max(code5(*h) for h in combinations(codes[-20:], 5))


def test_straights_do_not_wrap_around_the_ace():
    assert category_name("Qs Kh Ad 2c 3s") == "HIGH_CARD"
    assert category_name("Ks Ah 2d 3c 4s") == "HIGH_CARD"
    assert category_name("Js Qs Ks As 2s") == "FLUSH"


def test_four_of_a_kind_compares_the_rank_of_the_four_first():
    assert ev("3s 3h 3d 3c 2s") > ev("2s 2h 2d 2c As")
    # same four (possible with two decks): then the kicker
    assert ev("9s 9h 9d 9c Ks") > ev("9s 9h 9d 9c Qs")


def test_full_house_compares_the_three_of_a_kind_first():
    assert ev("3s 3h 3d 2c 2s") > ev("2s 2h 2d Ac As")
    assert ev("Ks Kh Kd 2c 2s") > ev("Qs Qh Qd Ac As")
    # same three (two decks): then the pair
    assert ev("9s 9h 9d Kc Ks") > ev("9s 9h 9d Qc Qs")


def test_three_of_a_kind_compares_the_three_first_then_kickers():
    assert ev("3s 3h 3d 2c 4s") > ev("2s 2h 2d Ac Ks")
    assert ev("7s 7h 7d Ac 2s") > ev("7s 7h 7d Kc Qs")
    assert ev("7s 7h 7d Ac 3s") > ev("7s 7h 7d Ac 2s")


def test_two_pair_compares_the_higher_pair_first():
    assert ev("Ks Kh 2d 2c 3s") > ev("Qs Qh Jd Jc As")


def test_two_pair_then_the_lower_pair():
    assert ev("Ks Kh 3d 3c 2s") > ev("Ks Kd 2d 2c As")


def test_two_pair_then_the_kicker():
    assert ev("Ks Kh 3d 3c 5s") > ev("Kd Kc 3s 3h 4s")
    assert compare("Ks Kh 3d 3c 5s", "Kd Kc 3s 3h 5h") == 0


def test_pair_compares_the_pair_first():
    assert ev("3s 3h 4d 5c 6s") > ev("2s 2h Ad Kc Qs")


def test_pair_then_the_kickers_from_high_to_low():
    assert ev("As Ah Kd 4c 3s") > ev("Ad Ac Qd Jc 9s")  # first kicker
    assert ev("As Ah Kd 9c 2s") > ev("Ad Ac Kh 8c 7s")  # second kicker
    assert ev("As Ah Kd 9c 3s") > ev("Ad Ac Kh 9d 2s")  # third kicker
    assert compare("As Ah Kd 9c 3s", "Ad Ac Kh 9d 3d") == 0


def test_flush_compares_card_by_card_from_the_highest():
    assert ev("As Ks 4s 3s 2s") > ev("Ah Qh Jh Th 8h")
    assert ev("Ad Kd Qd 5d 2d") > ev("Ah Kh Qh 4h 3h")
    assert ev("Ad Kd Qd 5d 3d") > ev("Ah Kh Qh 5h 2h")  # the fifth card decides


def test_high_card_compares_card_by_card_from_the_highest():
    assert ev("As 5h 4d 3c 2s") > ev("Kh Qd Jc 9s 8h")
    assert ev("As Kh 9d 7c 3s") > ev("Ah Kd 9c 7s 2h")  # the fifth card decides
    assert ev("As Kh 9d 7c 3s") < ev("Ah Kd 9c 8s 2h")  # the fourth card decides


def test_suits_never_break_ties():
    rng = random.Random(5)
    permutations = [dict(zip(Suit, rng.sample(list(Suit), 4))) for _ in range(30)]
    for text in [*ONE_PER_CATEGORY.values(), "As Ks Qs Js Ts", "Qs Qd 7c", "2s 3s 4s"]:
        hand = parse_cards(text)
        for mapping in permutations:
            renamed = [Card(c.rank, mapping[c.suit]) for c in hand]
            assert evaluate(renamed) == evaluate(hand)
            assert compare(renamed, hand) == 0
    assert compare("As Ks Qs Js 9s", "Ah Kh Qh Jh 9h") == 0
    assert compare("As Ad 5c", "Ah Ac 5d") == 0


def test_deck_index_does_not_change_the_value():
    hand = parse_cards("9s 9h 9d Kc Ks")
    copy = [Card(c.rank, c.suit, 1) for c in hand]
    assert evaluate(copy) == evaluate(hand)


# --------------------------------------------------------------------------------
# 3-card hands
# --------------------------------------------------------------------------------


def test_three_card_hand_has_no_flush_or_straight():
    assert category_name("2s 3s 4s") == "HIGH_CARD"  # suited and in sequence
    assert category_name("Qh Kh Ah") == "HIGH_CARD"
    assert category_name("As 2d 3c") == "HIGH_CARD"
    assert category_name("Jd Qc Ks") == "HIGH_CARD"
    assert category_name("2s 5s 9s") == "HIGH_CARD"
    # a suited run is not better than the same ranks off-suit
    assert compare("2s 3s 4s", "2h 3d 4c") == 0
    # and not better than a higher non-suited high card
    assert ev("2s 3s 4s") < ev("5h 3d 2c")


def test_three_card_categories_are_only_trips_pair_high_card():
    assert category_name("7s 7h 7d") == "THREE_OF_A_KIND"
    assert category_name("7s 7h Ad") == "PAIR"
    assert ev("2s 2h 2d") > ev("As Ah Kd")
    assert ev("2s 2h 3d") > ev("As Kh Qd")
    assert ev("7s 7h Ad") > ev("7d 7c Kd")


def test_three_vs_five_compares_category_first():
    assert ev("2s 2h 2d") > ev("As Ah Kd Kc Qs")  # 3-card trips beat 5-card two pair
    assert ev("As Ah Kd") < ev("2s 2h 3d 3c 4s")  # a pair loses to two pair
    assert ev("As Kh Qd") < ev("2s 2h 3d 4c 5s")  # high card loses to a pair
    assert ev("2s 2h 2d") < ev("As Kh Qd Jc Ts")  # trips lose to a straight
    assert ev("2s 2h 2d") < ev("3s 5s 7s 9s Js")  # and to a flush


def test_three_vs_five_then_the_rank_vector_card_by_card():
    assert ev("Qs Qd 8c") > ev("Qh Qc 7d 3s 2s")
    assert ev("Qs Qd 7c") < ev("Qh Qc 8d 3s 2s")
    assert ev("Ks Qd 2c") > ev("Kh Jc 9d 8s 7s")
    assert ev("Ks Qd 2c") < ev("Kh Qc 3d 2s 2h")  # category first
    assert ev("Ks Qd 5c") > ev("Kh Qc 4d 3s 2h")  # third card 5 > 4


def test_three_card_equal_to_first_three_of_five_card_loses():
    assert ev("Qs Qd 7c") < ev("Qh Qc 7d 3s 2s")  # Q-Q-7 front < Q-Q-7-3-2 middle
    assert ev("As Kd Qc") < ev("Ah Kc Qd 3s 2s")
    assert ev("Qs Qd Qc") < ev("Qh Qs Qd 3s 2s")  # same trips (two decks)
    assert compare("Qs Qd 7c", "Qh Qc 7d 3s 2s") == -1
    assert compare("Qh Qc 7d 3s 2s", "Qs Qd 7c") == 1


def test_hand_value_size_is_3_or_5():
    codes = [c.code for c in standard_deck()]
    assert {HandValue(code3(*h)).size for h in combinations(codes, 3)} == {3}
    rng = random.Random(8)
    for _ in range(3000):
        hand = random_hand(rng, 5)
        assert evaluate(hand).size == 5, Cards(hand)
    for text in ONE_PER_CATEGORY.values():
        assert ev(text).size == 5


# --------------------------------------------------------------------------------
# Input checks
# --------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["As Kd Qh Jc", "As Kd", "As", "As Kd Qh Jc Ts 9s"])
def test_evaluate_rejects_hands_that_are_not_3_or_5_cards(text):
    with pytest.raises(CardCountError):
        ev(text)
    with pytest.raises(ValueError):
        evaluate(text)


def test_evaluate_rejects_an_empty_hand():
    with pytest.raises(CardCountError):
        evaluate([])


def test_evaluate_rejects_jokers():
    with pytest.raises(NotationError, match="RJ"):
        evaluate(parse_cards("As Kd RJ"))
    with pytest.raises(NotationError, match="BJ"):
        evaluate([Joker(Color.BLACK), *parse_cards("As Kd Qh Jc")])
    with pytest.raises(ValueError):
        evaluate("As Kd RJ")


def test_evaluate_rejects_duplicate_cards():
    with pytest.raises(DuplicateCardError):
        evaluate("As Kd As")  # as text: parsing sees the duplicate
    two_decks = parse_cards("As As Kd", decks=2)
    with pytest.raises(NotationError, match="A♠"):
        evaluate(two_decks)  # distinct objects, but one deck has a single A♠
    with pytest.raises(ValueError):
        evaluate(parse_cards("As Kd Qh Jc As", decks=2))


def test_evaluate_rejects_duplicate_card_objects_with_DuplicateCardError():
    with pytest.raises(DuplicateCardError):
        evaluate(parse_cards("As As Kd", decks=2))


# --------------------------------------------------------------------------------
# HandValue, describe, explain_comparison, scoring_cards, display_order
# --------------------------------------------------------------------------------


def test_hand_value_is_ordered_hashable_and_from_cards():
    a, b = ev("9s 9h 9d Kc Ks"), ev("9c 9h 9d Kh Ks")
    assert a == b and hash(a) == hash(b)
    assert len({a, b, ev("2s 3h 4d 5c 7s")}) == 2
    assert HandValue.from_cards("9s 9h 9d Kc Ks") == a
    assert HandValue.from_cards(parse_cards("9s 9h 9d Kc Ks")) == a
    assert evaluate("9s 9h 9d Kc Ks") == a


def test_hand_value_ranks_lists_the_tie_break_ranks_most_significant_first():
    assert ev("9s 9h 9d Kc Ks").ranks == (Rank.NINE, Rank.KING)
    assert ev("Kd Kc 9s 9h Qc").ranks == (Rank.KING, Rank.NINE, Rank.QUEEN)
    assert ev("As 2d 3c 4h 5s").ranks == (Rank.FIVE,)
    assert ev("Qs Qd 7c").ranks == (Rank.QUEEN, Rank.SEVEN)


def test_describe_full_house():
    assert ev("9s 9h 9d Kc Ks").describe() == "full house, nines over kings"
    assert ev("7s 7d 7h 2c 2d").describe() == "full house, sevens over twos"
    assert ev("6s 6d 6h Ac Ad").describe() == "full house, sixes over aces"
    assert ev("As Ad Ah 6c 6d").describe() == "full house, aces over sixes"


def test_describe_two_pair_and_royal_flush():
    assert ev("Kd Kc 9s 9h Qc").describe() == "two pair, kings and nines, queen kicker"
    assert ev("Ah Kh Qh Jh Th").describe() == "straight flush, ace high (a royal flush)"


def test_describe_names_the_wheel_five_high():
    text = ev("As 2d 3c 4h 5s").describe()
    assert text.startswith("straight") and "five high" in text
    assert "five high" in ev("As 2s 3s 4s 5s").describe()


def test_describe_names_the_category_and_str_is_describe():
    for text in ONE_PER_CATEGORY.values():
        value = ev(text)
        words = value.category.name.lower().replace("_", " ")
        if value.category is Category.HIGH_CARD:
            words = "high card"
        assert words in value.describe(), value.describe()
        assert str(value) == value.describe()
    assert "queens" in ev("Qs Qd 7c").describe()


def test_describe_tells_every_value_apart():
    hands = list(_representatives())
    descriptions = {}
    for hand in hands:
        value = evaluate(hand)
        descriptions.setdefault(value.describe(), set()).add(value)
    clashes = {d: v for d, v in descriptions.items() if len(v) > 1}
    assert not clashes
    assert len(descriptions) == len(hands)


def test_explain_comparison_names_the_winner():
    strong, weak = ev("Kd Kc 9s 9h Qc"), ev("Kh Ks 9d 9c 7c")
    assert explain_comparison(strong, weak).startswith("A wins")
    assert explain_comparison(weak, strong).startswith("B wins")
    text = explain_comparison(strong, weak)
    assert "queen" in text and "seven" in text  # the kicker decided it


def test_explain_comparison_uses_the_given_names():
    front, middle = ev("Qs Qd 7c"), ev("Qh Qc 7d 3s 2s")
    text = explain_comparison(front, middle, ("front", "middle"))
    assert text.startswith("middle wins")
    assert "3-card" in text
    assert explain_comparison(middle, front, ("middle", "front")).startswith("middle wins")


def test_explain_comparison_of_different_categories_names_both():
    text = explain_comparison(ev("2s 2h 2d"), ev("As Ah Kd Kc Qs"))
    assert text.startswith("A wins")
    assert "three of a kind" in text and "two pair" in text


def test_explain_comparison_of_a_tie_says_tie():
    text = explain_comparison(ev("As Ks Qs Js 9s"), ev("Ah Kh Qh Jh 9h"))
    assert text.startswith("Tie")
    assert "A wins" not in text and "B wins" not in text


def test_explain_comparison_agrees_with_the_order(random_hands):
    fives, threes = random_hands
    rng = random.Random(11)
    for _ in range(2000):
        a = evaluate(rng.choice(fives + threes))
        b = evaluate(rng.choice(fives + threes))
        text = explain_comparison(a, b)
        expected = {1: "A wins", -1: "B wins", 0: "Tie"}[cmp(a, b)]
        assert text.startswith(expected), (a, b, text)


def test_scoring_cards_are_the_cards_that_make_the_category():
    cases = {
        "Kd Kc 9s 9h Qc": {"Kd", "Kc", "9s", "9h"},
        "7s 7h 7d Ac 2s": {"7s", "7h", "7d"},
        "7s 7h 7d 7c 2s": {"7s", "7h", "7d", "7c"},
        "As Ah Kd 9c 2s": {"As", "Ah"},
        "9s 9h 9d Kc Ks": {"9s", "9h", "9d", "Kc", "Ks"},
        "As 2d 3c 4h 5s": {"As", "2d", "3c", "4h", "5s"},
        "2d 3d 4d 5d 7d": {"2d", "3d", "4d", "5d", "7d"},
        "Qs Qd 7c": {"Qs", "Qd"},
        "2s 3s 4s": {"4s"},  # high card: only the top card
        "As Kh 9d 7c 3s": {"As"},
    }
    for text, expected in cases.items():
        got = scoring_cards(parse_cards(text))
        assert isinstance(got, Cards)
        assert set(got) == set(parse_cards(" ".join(expected))), text


def test_display_order_puts_sets_first_then_kickers_high_to_low(random_hands):
    fives, threes = random_hands
    for hand in fives[:3000] + threes[:3000]:
        shown = display_order(hand)
        assert Counter(shown) == Counter(hand)
        value = evaluate(hand)
        if value.category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH):
            continue
        distinct = [
            r for i, r in enumerate(c.rank for c in shown) if i == 0 or shown[i - 1].rank != r
        ]
        assert tuple(distinct) == value.ranks, Cards(hand)


def test_display_order_examples():
    assert [int(c.rank) for c in display_order(parse_cards("3s Kd 3c Kh 3h"))] == [3, 3, 3, 13, 13]
    assert [int(c.rank) for c in display_order(parse_cards("Kd 2c Kh 2h Ah"))] == [13, 13, 2, 2, 14]
    assert [int(c.rank) for c in display_order(parse_cards("9c Ts 7d 8h 6s"))] == [10, 9, 8, 7, 6]
    # the wheel shows its ace last (it counts as a one)
    assert [int(c.rank) for c in display_order(parse_cards("As 2d 3c 4h 5s"))] == [5, 4, 3, 2, 14]
