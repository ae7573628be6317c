"""Unit tests for rules_lib.cards (docs/GAMES.md section 0: cards shared by all games)."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest

from rules_lib import errors
from rules_lib.cards import (
    ACE_LOW_ORDER,
    POKER_ORDER,
    TIEN_LEN_ORDER,
    Card,
    Cards,
    Color,
    Joker,
    Rank,
    Suit,
    parse_card,
    parse_cards,
    shuffled,
    standard_deck,
)
from rules_lib.errors import CardCountError, DuplicateCardError, NotationError, RulesError

# --- expectations written from the spec, independently of the library -------------

RANK_WORDS = {
    2: "two",
    3: "three",
    4: "four",
    5: "five",
    6: "six",
    7: "seven",
    8: "eight",
    9: "nine",
    10: "ten",
    11: "jack",
    12: "queen",
    13: "king",
    14: "ace",
}
SHORT_RANK = {**{n: str(n) for n in range(2, 11)}, 11: "J", 12: "Q", 13: "K", 14: "A"}
# Every way a source may write a rank (docs/GAMES.md §0): digits, 10 or T, English
# letters, French R(oi)=king, D(ame)=queen, V(alet)=jack; lower or upper case.
RANK_SPELLINGS = {
    **{n: [str(n)] for n in range(2, 10)},
    10: ["10", "T", "t"],
    11: ["J", "j", "V", "v"],
    12: ["Q", "q", "D", "d"],
    13: ["K", "k", "R", "r"],
    14: ["A", "a"],
}
SUIT_SPELLINGS = {
    "spades": ["s", "S", "♠", "♤"],
    "hearts": ["h", "H", "♥", "♡"],
    "diamonds": ["d", "D", "♦", "♢"],
    "clubs": ["c", "C", "♣", "♧"],
}
SUIT_SYMBOL = {"spades": "♠", "hearts": "♥", "diamonds": "♦", "clubs": "♣"}
RED_SUITS = {"hearts", "diamonds"}


def suit_named(name: str) -> Suit:
    return {s.name.lower(): s for s in Suit}[name]


def all_spellings():
    for rank, rank_tokens in RANK_SPELLINGS.items():
        for suit_name, suit_tokens in SUIT_SPELLINGS.items():
            for r in rank_tokens:
                for s in suit_tokens:
                    yield r + s, Rank(rank), suit_named(suit_name)


# --- parsing -------------------------------------------------------------------


def test_parse_accepts_every_spelling_of_every_card():
    seen = 0
    for token, rank, suit in all_spellings():
        card = Card.parse(token)
        assert (card.rank, card.suit, card.deck) == (rank, suit, 0), token
        assert parse_card(token) == card
        seen += 1
    assert seen == sum(len(v) for v in RANK_SPELLINGS.values()) * 16


def test_parse_accepts_ten_as_T_and_10():
    expected = Card(Rank.TEN, Suit.HEARTS)
    assert Card.parse("10h") == Card.parse("Th") == Card.parse("th") == expected
    assert Card.parse("10♥") == expected
    assert parse_cards("10h Td") == (Card(Rank.TEN, Suit.HEARTS), Card(Rank.TEN, Suit.DIAMONDS))


def test_french_letters_R_D_V_mean_king_queen_jack():
    assert Card.parse("R♠") == Card(Rank.KING, Suit.SPADES)
    assert Card.parse("D♦") == Card(Rank.QUEEN, Suit.DIAMONDS)
    assert Card.parse("V♥") == Card(Rank.JACK, Suit.HEARTS)
    # "D" is a queen in rank position and diamonds in suit position
    assert Card.parse("Dd") == Card(Rank.QUEEN, Suit.DIAMONDS)
    assert Card.parse("Rd") == Card(Rank.KING, Suit.DIAMONDS)


def test_parse_is_case_insensitive():
    for token, rank, suit in all_spellings():
        assert Card.parse(token.lower()) == Card(rank, suit), token
        assert Card.parse(token.upper()) == Card(rank, suit), token


def test_unicode_suit_symbols_including_outline_variants():
    for name, symbol in SUIT_SYMBOL.items():
        assert Card.parse("A" + symbol).suit is suit_named(name)
    assert [c.suit for c in parse_cards("A♤ K♡ Q♢ J♧")] == [
        Suit.SPADES,
        Suit.HEARTS,
        Suit.DIAMONDS,
        Suit.CLUBS,
    ]


def test_parse_cards_reads_the_forms_real_sources_write():
    expected = (
        Card(Rank.ACE, Suit.SPADES),
        Card(Rank.KING, Suit.HEARTS),
        Card(Rank.TEN, Suit.DIAMONDS),
        Card(Rank.NINE, Suit.CLUBS),
    )
    assert parse_cards("A♠ K♥ 10♦ 9♣") == expected
    assert parse_cards("As Kh Td 9c") == expected
    assert parse_cards("as kh td 9c") == expected
    assert parse_cards("  As\tKh\n10d   9C ") == expected
    assert parse_cards("A♠, K♥; 10♦ 9♣") == expected


def test_parse_cards_returns_Cards_and_accepts_card_objects():
    hand = parse_cards("As Kd")
    assert isinstance(hand, Cards)
    assert isinstance(hand, tuple)
    assert parse_cards(list(hand)) == hand
    assert parse_cards(["As", Card(Rank.KING, Suit.DIAMONDS)]) == hand
    assert parse_cards("") == ()


def test_parse_surrounding_whitespace_is_ignored():
    assert Card.parse("  Qh ") == Card(Rank.QUEEN, Suit.HEARTS)


def test_jokers_RJ_and_BJ():
    assert parse_card("RJ") == Joker(Color.RED)
    assert parse_card("BJ") == Joker(Color.BLACK)
    assert parse_card("rj") == Joker(Color.RED)
    assert parse_card("bj") == Joker(Color.BLACK)
    hand = parse_cards("As RJ BJ")
    assert hand[1] == Joker(Color.RED) and hand[2] == Joker(Color.BLACK)
    assert str(Joker(Color.RED)) == "RJ" and str(Joker(Color.BLACK)) == "BJ"
    assert Joker(Color.RED).name == "red joker"
    assert Joker(Color.BLACK).name == "black joker"


def test_card_parse_rejects_a_joker():
    with pytest.raises(NotationError, match="RJ"):
        Card.parse("RJ")


def test_jokers_rejected_when_jokers_false():
    assert parse_cards("As RJ", jokers=True)[1] == Joker(Color.RED)
    with pytest.raises(NotationError) as info:
        parse_cards("As RJ", jokers=False)
    assert "'RJ'" in str(info.value)
    with pytest.raises(NotationError, match="'BJ'"):
        parse_cards([Card(Rank.ACE, Suit.SPADES), Joker(Color.BLACK)], jokers=False)


def test_one_deck_has_one_red_and_one_black_joker():
    assert len(parse_cards("RJ BJ")) == 2
    with pytest.raises(DuplicateCardError, match="'RJ'"):
        parse_cards("RJ BJ RJ")
    two = parse_cards("RJ RJ", decks=2)
    assert [j.deck for j in two] == [0, 1]
    assert two[0] != two[1]


@pytest.mark.parametrize(
    ("token", "quoted"),
    [
        ("Kx", "'Kx'"),
        ("1s", "'1s'"),
        ("Zh", "'Zh'"),
        ("11h", "'11h'"),
        ("A", "'A'"),
        ("♠", "'♠'"),
        ("Ace", "'Ace'"),
        ("Joker", "'Joker'"),
    ],
)
def test_unknown_token_raises_NotationError_quoting_the_token(token, quoted):
    with pytest.raises(NotationError) as info:
        parse_card(token)
    assert quoted in str(info.value)
    with pytest.raises(NotationError) as info:
        parse_cards(f"As {token} Kd")
    assert quoted in str(info.value)


def test_error_message_of_a_list_says_which_card_is_bad():
    with pytest.raises(NotationError) as info:
        parse_cards("As Kh Qx Jd")
    message = str(info.value)
    assert "'Qx'" in message
    assert "3" in message  # the position of the bad token


def test_duplicate_in_one_deck_raises_naming_the_token():
    with pytest.raises(DuplicateCardError) as info:
        parse_cards("As Kd As")
    assert "'As'" in str(info.value)


def test_duplicate_in_a_different_notation_is_still_a_duplicate():
    for text, token in [
        ("As A♠", "'A♠'"),
        ("10h Th", "'Th'"),
        ("Kd rd", "'rd'"),
        ("Qh qh", "'qh'"),
    ]:
        with pytest.raises(DuplicateCardError) as info:
            parse_cards(text)
        assert token in str(info.value), text


def test_duplicate_card_objects_raise():
    ace = Card(Rank.ACE, Suit.SPADES)
    with pytest.raises(DuplicateCardError, match="A♠"):
        parse_cards([ace, Card(Rank.KING, Suit.HEARTS), ace])


def test_two_decks_allow_two_copies_with_distinct_deck_index():
    hand = parse_cards("As Kd As", decks=2)
    assert [c.deck for c in hand] == [0, 0, 1]
    assert hand[0] != hand[2]
    assert (hand[0].rank, hand[0].suit) == (hand[2].rank, hand[2].suit)
    assert len(set(hand)) == 3


def test_third_copy_in_two_decks_raises():
    with pytest.raises(DuplicateCardError) as info:
        parse_cards("As A♠ as", decks=2)
    assert "'as'" in str(info.value)


def test_decks_must_be_positive():
    with pytest.raises(NotationError):
        parse_cards("As", decks=0)


def test_wrong_count_raises_CardCountError():
    assert len(parse_cards("As Kd Qh", count=3)) == 3
    with pytest.raises(CardCountError) as info:
        parse_cards("As Kd", count=5)
    message = str(info.value)
    assert "5" in message and "2" in message
    with pytest.raises(CardCountError):
        parse_cards("As Kd Qh Jc 10s 9s", count=5)


def test_every_error_is_a_ValueError_subclass():
    classes = [getattr(errors, name) for name in errors.__all__]
    assert len(classes) >= 6
    for cls in classes:
        assert issubclass(cls, RulesError), cls
        assert issubclass(cls, ValueError), cls
    assert issubclass(DuplicateCardError, NotationError)
    # and a plain `except ValueError` catches what parsing raises
    for bad in ("As Kx", "As As"):
        with pytest.raises(ValueError):
            parse_cards(bad)
    with pytest.raises(ValueError):
        parse_cards("As", count=2)


def test_negative_deck_index_is_rejected():
    with pytest.raises(NotationError):
        Card(Rank.ACE, Suit.SPADES, -1)


# --- printing and round trips --------------------------------------------------


def test_str_is_short_form_with_suit_symbol():
    assert str(Card(Rank.ACE, Suit.SPADES)) == "A♠"
    assert str(Card(Rank.TEN, Suit.DIAMONDS)) == "10♦"
    for card in standard_deck():
        assert str(card) == SHORT_RANK[int(card.rank)] + SUIT_SYMBOL[card.suit.name.lower()]


def test_str_and_parse_round_trip_for_every_card():
    for card in standard_deck(2, jokers=2):
        assert parse_card(str(card), deck=card.deck) == card
        if isinstance(card, Card):
            assert Card.parse(str(card), deck=card.deck) == card


def test_str_and_parse_cards_round_trip_for_whole_decks():
    one = standard_deck(jokers=2)
    assert parse_cards(str(one)) == one
    two = standard_deck(2, jokers=2)
    assert parse_cards(str(two), decks=2) == two


def test_repr_round_trips_through_eval():
    namespace = {"Card": Card, "Joker": Joker, "Color": Color, "parse_cards": parse_cards}
    for card in standard_deck(3, jokers=2):
        assert eval(repr(card), namespace) == card, repr(card)
    hand = parse_cards("As 10d Qh RJ")
    assert eval(repr(hand), namespace) == hand


def test_repr_of_a_two_deck_hand_round_trips_through_eval():
    hand = parse_cards("As As Kd", decks=2)
    assert eval(repr(hand), {"parse_cards": parse_cards}) == hand


def test_card_name_is_the_english_name():
    assert Card.parse("As").name == "ace of spades"
    for card in standard_deck():
        assert card.name == f"{RANK_WORDS[int(card.rank)]} of {card.suit.name.lower()}"


def test_red_suits_are_hearts_and_diamonds():
    for card in standard_deck():
        expected = Color.RED if card.suit.name.lower() in RED_SUITS else Color.BLACK
        assert card.color is expected
        assert card.suit.color is expected


def test_cards_str_joins_with_spaces():
    assert str(parse_cards("As Kd 10h")) == "A♠ K♦ 10♥"
    assert len(parse_cards("As Kd 10h")) == 3


# --- decks and shuffling ------------------------------------------------------


def test_standard_deck_has_52_distinct_cards_one_of_each():
    deck = standard_deck()
    assert len(deck) == 52
    assert len(set(deck)) == 52
    assert {(int(c.rank), c.suit) for c in deck} == {(r, s) for r in range(2, 15) for s in Suit}
    assert all(isinstance(c, Card) and c.deck == 0 for c in deck)


def test_two_decks_hold_two_copies_of_each_card():
    deck = standard_deck(2)
    assert len(deck) == 104
    assert len(set(deck)) == 104
    per_card = Counter((c.rank, c.suit) for c in deck)
    assert set(per_card.values()) == {2}
    assert {c.deck for c in deck} == {0, 1}


def test_standard_deck_with_jokers():
    deck = standard_deck(jokers=2)
    assert len(deck) == 54
    jokers = [c for c in deck if isinstance(c, Joker)]
    assert sorted(j.color.value for j in jokers) == ["black", "red"]
    assert len(standard_deck(jokers=1)) == 53
    big = standard_deck(2, jokers=2)
    assert len(big) == 108
    assert len(set(big)) == 108


@pytest.mark.parametrize(("decks", "jokers"), [(0, 0), (-1, 0), (1, 3), (1, -1)])
def test_standard_deck_rejects_impossible_sizes(decks, jokers):
    with pytest.raises(NotationError):
        standard_deck(decks, jokers)


def test_shuffled_is_deterministic_per_seed():
    deck = standard_deck()
    for seed in (0, 1, 7, 2**40):
        assert shuffled(deck, seed) == shuffled(deck, seed=seed)
        assert shuffled(list(deck), seed) == shuffled(deck, seed)


def test_shuffled_is_a_permutation():
    deck = standard_deck(2, jokers=2)
    for seed in range(5):
        out = shuffled(deck, seed)
        assert isinstance(out, Cards)
        assert len(out) == len(deck)
        assert Counter(out) == Counter(deck)


def test_shuffled_depends_on_the_seed_and_does_not_mutate_input():
    deck = standard_deck()
    original = list(deck)
    orders = {shuffled(deck, seed) for seed in range(20)}
    assert len(orders) == 20
    assert tuple(deck) not in orders
    assert list(deck) == original


def test_shuffled_matches_random_Random_with_the_same_seed():
    # documented: the order depends only on the seed through random.Random
    deck = list(standard_deck())
    expected = list(deck)
    random.Random(12345).shuffle(expected)
    assert list(shuffled(deck, 12345)) == expected


def test_shuffled_rejects_a_non_integer_seed():
    with pytest.raises(NotationError):
        shuffled(standard_deck(), "7")  # type: ignore[arg-type]
    with pytest.raises(NotationError):
        shuffled(standard_deck(), 1.5)  # type: ignore[arg-type]


# --- rank orders ----------------------------------------------------------------


def _order_values(order):
    return [int(r) for r in order.ranks]


def test_every_rank_order_is_a_permutation_of_the_13_ranks():
    for order in (POKER_ORDER, TIEN_LEN_ORDER, ACE_LOW_ORDER):
        assert sorted(_order_values(order)) == list(range(2, 15)), order.name


def test_poker_order_is_two_low_ace_high():
    assert _order_values(POKER_ORDER) == list(range(2, 15))
    assert POKER_ORDER.beats(Rank.ACE, Rank.KING)
    assert POKER_ORDER.beats(Rank.THREE, Rank.TWO)
    assert not POKER_ORDER.beats(Rank.TWO, Rank.ACE)
    assert Rank.ACE > Rank.KING > Rank.TWO


def test_tien_len_order_is_three_low_two_high():
    assert _order_values(TIEN_LEN_ORDER) == [*range(3, 15), 2]
    assert TIEN_LEN_ORDER.key(Rank.THREE) == 0
    assert TIEN_LEN_ORDER.key(Rank.TWO) == 12
    assert TIEN_LEN_ORDER.beats(Rank.TWO, Rank.ACE)
    assert TIEN_LEN_ORDER.beats(Rank.ACE, Rank.KING)
    assert not TIEN_LEN_ORDER.beats(Rank.THREE, Rank.FOUR)


def test_ace_low_order_puts_ace_below_two():
    assert _order_values(ACE_LOW_ORDER) == [14, *range(2, 14)]
    assert ACE_LOW_ORDER.beats(Rank.TWO, Rank.ACE)
    assert ACE_LOW_ORDER.beats(Rank.KING, Rank.QUEEN)
    assert ACE_LOW_ORDER.key(Rank.KING) == 12


def test_beats_is_a_strict_order():
    for order in (POKER_ORDER, TIEN_LEN_ORDER, ACE_LOW_ORDER):
        for a in Rank:
            assert not order.beats(a, a)
            for b in Rank:
                if a != b:
                    assert order.beats(a, b) != order.beats(b, a)


def test_rank_order_sort_sorts_by_that_order():
    rng = random.Random(3)
    for order in (POKER_ORDER, TIEN_LEN_ORDER, ACE_LOW_ORDER):
        hand = rng.sample(list(standard_deck()), 13)
        up = order.sort(hand)
        assert isinstance(up, Cards)
        assert Counter(up) == Counter(hand)
        keys = [order.key(c.rank) for c in up]
        assert keys == sorted(keys)
        down = order.sort(hand, reverse=True)
        keys = [order.key(c.rank) for c in down]
        assert keys == sorted(keys, reverse=True)


# --- identity, equality, hashing, immutability ------------------------------


def test_card_index_is_0_to_51_unique():
    indices = [c.index for c in standard_deck()]
    assert sorted(indices) == list(range(52))
    assert Card.parse("2s").index == 0
    assert Card.parse("Ac").index == 51
    for card in standard_deck():
        assert card.index // 4 == int(card.rank) - 2  # rank-major


def test_card_index_is_the_same_for_every_deck_copy():
    for card in standard_deck(2):
        assert card.index == Card(card.rank, card.suit).index


def test_card_equality_includes_deck_index():
    assert Card.parse("Qh") == Card.parse("Qh")
    assert Card.parse("Qh") == Card(Rank.QUEEN, Suit.HEARTS, 0)
    assert Card.parse("Qh") != Card.parse("Qh", deck=1)
    assert Card.parse("Qh", deck=1) == Card(Rank.QUEEN, Suit.HEARTS, 1)
    assert Card.parse("Qh") != Card.parse("Qd")
    assert Card.parse("Qh") != Card.parse("Kh")
    assert Joker(Color.RED) != Joker(Color.RED, 1)
    assert Joker(Color.RED) != Joker(Color.BLACK)


def test_card_constructor_accepts_plain_values():
    assert Card(14, "s") == Card(Rank.ACE, Suit.SPADES)  # type: ignore[arg-type]
    assert Card(14, "s").rank is Rank.ACE  # type: ignore[arg-type]


def test_cards_are_hashable_and_hash_consistently():
    a0, a0_again, a1 = Card.parse("As"), Card.parse("A♠"), Card.parse("As", deck=1)
    assert hash(a0) == hash(a0_again)
    assert {a0, a0_again, a1} == {a0, a1}
    assert len({a0, a0_again, a1}) == 2
    table = {a0: "first deck", a1: "second deck"}
    assert table[Card(Rank.ACE, Suit.SPADES)] == "first deck"
    assert len(set(standard_deck(2, jokers=2))) == 108
    assert hash(parse_cards("As Kd")) == hash(parse_cards("A♠ K♦"))


def test_cards_are_immutable():
    card = Card.parse("As")
    with pytest.raises(dataclasses.FrozenInstanceError):
        card.rank = Rank.KING  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        card.deck = 1  # type: ignore[misc]
    joker = Joker(Color.RED)
    with pytest.raises(dataclasses.FrozenInstanceError):
        joker.color = Color.BLACK  # type: ignore[misc]
    hand = parse_cards("As Kd")
    with pytest.raises(TypeError):
        hand[0] = card  # type: ignore[index]
    assert card == Card(Rank.ACE, Suit.SPADES)
