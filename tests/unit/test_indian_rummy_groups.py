"""Indian Rummy groups (docs/GAMES.md §8): sequences, pure sequences, sets, the
declaration's rules and their faults, the points of a hand, and the exact best
grouping (checked against the exhaustive search on random hands)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from rules_lib.cards import SUITS, AnyCard, Card, Cards, Joker, Rank, parse_cards, standard_deck
from rules_lib.errors import CardCountError, IllegalActionError, NotationError
from rules_lib.indian_rummy import (
    DeclarationError,
    Group,
    Grouping,
    GroupKind,
    IndianRummyRules,
    InvalidGroupError,
    best_grouping,
    brute_force_grouping,
    check_declaration,
    classify,
    hand_points,
    verify_declaration,
)

RULES = IndianRummyRules()


def kind(text: str, rules: IndianRummyRules = RULES, wild_rank: Rank | None = None) -> GroupKind:
    return classify(text, rules, wild_rank).kind


def fault(text: str, rules: IndianRummyRules = RULES, wild_rank: Rank | None = None) -> str:
    with pytest.raises(InvalidGroupError) as info:
        classify(text, rules, wild_rank)
    return str(info.value)


# ---------------------------------------------------------------------------
# Sequences


def test_a_sequence_is_three_cards_or_more_of_one_suit_in_a_row() -> None:
    assert kind("5s 6s 7s") is GroupKind.PURE_SEQUENCE
    assert kind("9h 10h Jh Qh Kh") is GroupKind.PURE_SEQUENCE
    assert kind("7s 5s 6s") is GroupKind.PURE_SEQUENCE  # in any order
    assert str(classify("7s 5s 6s")) == "5♠ 6♠ 7♠"
    assert (
        fault("7d 8d 10d")
        == "7♦ 8♦ 10♦ is not a sequence: the 9♦ is missing and no joker stands in"
    )
    assert (
        fault("5s 6s") == "5♠ 6♠ is not a group: a sequence or a set needs at least 3 cards, not 2"
    )


def test_a_sequence_is_of_one_suit() -> None:
    assert fault("4s 5h 6s") == (
        "4♠ 5♥ 6♠ mixes suits and ranks: a sequence is all one suit, a set all one rank"
    )
    assert kind("4s 4h RJ") is GroupKind.SET
    with pytest.raises(InvalidGroupError, match="it mixes suits"):
        classify("4s 4h RJ", kind=GroupKind.SEQUENCE)


def test_a_sequence_never_wraps_from_king_to_two() -> None:
    message = "a sequence does not turn the corner from king to ace to two"
    assert fault("Ks As 2s") == f"K♠ A♠ 2♠ is not a sequence: {message}"
    assert fault("Qs Ks RJ 2s") == f"Q♠ K♠ RJ 2♠ is not a sequence: {message}"
    assert fault("Ks BJ 2s") == f"K♠ BJ 2♠ is not a sequence: {message}"


def test_the_ace_is_low_and_high_but_only_low_without_ace_high() -> None:
    assert kind("As 2s 3s") is GroupKind.PURE_SEQUENCE
    assert kind("Qs Ks As") is GroupKind.PURE_SEQUENCE
    low_only = IndianRummyRules(ace_high=False)
    assert kind("As 2s 3s", low_only) is GroupKind.PURE_SEQUENCE
    assert fault("Qs Ks As", low_only) == (
        "Q♠ K♠ A♠ is not a sequence: under these rules an ace is low only (A 2 3): "
        "a sequence ends at the king"
    )
    # a joker then stands below the queen
    assert str(classify("Qs Ks RJ", low_only)) == "RJ=J♠ Q♠ K♠"
    assert str(classify("Qs Ks RJ")) == "Q♠ K♠ RJ=A♠"


def test_jokers_and_wild_cards_stand_in_for_missing_cards() -> None:
    assert str(classify("7d 8d 10d RJ")) == "7♦ 8♦ RJ=9♦ 10♦"
    assert str(classify("7d 8d 10d 5c", wild_rank=Rank.FIVE)) == "7♦ 8♦ 5♣=9♦ 10♦"
    assert fault("7d 8d Jd RJ") == (
        "7♦ 8♦ J♦ RJ is not a sequence: the 9♦ and 10♦ are missing and only one joker stands in"
    )
    assert fault("7d 8d 10d", wild_rank=Rank.FIVE) == (
        "7♦ 8♦ 10♦ is not a sequence: the 9♦ is missing and no joker or wild card stands in"
    )


def test_a_joker_makes_a_sequence_impure() -> None:
    group = classify("4h 5h RJ")
    assert group.kind is GroupKind.SEQUENCE and not group.is_pure and group.is_sequence
    assert group.stand_ins == ((parse_cards("RJ")[0], "6♥"),)
    # even a joker that could stand for a card already there
    assert kind("4h 5h 6h RJ") is GroupKind.SEQUENCE


def test_a_wild_card_standing_for_another_card_makes_a_sequence_impure() -> None:
    group = classify("4h 5h 9c", wild_rank=Rank.NINE)
    assert group.kind is GroupKind.SEQUENCE
    assert str(group) == "4♥ 5♥ 9♣=6♥"


def test_a_wild_card_standing_for_itself_keeps_a_sequence_pure_under_that_option() -> None:
    group = classify("4s 5s 6s", wild_rank=Rank.FIVE)
    assert group.kind is GroupKind.PURE_SEQUENCE and group.wild == (False, False, False)
    assert group.wild_cards == parse_cards("5s")
    strict = IndianRummyRules(wild_in_place_is_pure=False)
    assert kind("4s 5s 6s", strict, Rank.FIVE) is GroupKind.SEQUENCE
    # the wild card is laid in its own place when it can be
    assert str(classify("6s 5s RJ", wild_rank=Rank.FIVE)) == "5♠ 6♠ RJ=7♠"
    # and a printed joker never keeps a sequence pure
    assert kind("4s 5s RJ", wild_rank=Rank.FIVE) is GroupKind.SEQUENCE


def test_one_natural_card_and_two_wild_cards_make_a_sequence_before_a_set() -> None:
    assert str(classify("7s RJ BJ")) == "7♠ RJ=8♠ BJ=9♠"
    assert str(classify("7s RJ BJ", kind=GroupKind.SET)) == "7♠ RJ=7 BJ=7"
    assert str(classify("As RJ BJ")) == "A♠ RJ=2♠ BJ=3♠"
    assert str(classify("Ks RJ BJ")) == "RJ=Q♠ K♠ BJ=A♠"
    assert str(classify("Ks RJ BJ", IndianRummyRules(ace_high=False))) == "RJ=J♠ BJ=Q♠ K♠"


def test_a_sequence_cannot_hold_one_card_twice() -> None:
    assert fault("7s 7s 8s") == "7♠ 7♠ 8♠ is not a sequence: it has two 7♠"


# ---------------------------------------------------------------------------
# Sets


def test_a_set_is_three_or_four_cards_of_one_rank() -> None:
    assert kind("7s 7h 7d") is GroupKind.SET
    assert kind("7s 7h 7d 7c") is GroupKind.SET
    group = classify("7s RJ 7d")
    assert str(group) == "7♠ 7♦ RJ=7" and group.rank is Rank.SEVEN


def test_a_set_cannot_hold_two_cards_of_one_suit() -> None:
    assert fault("7s 7h 7s") == "7♠ 7♥ 7♠ is not a set: it has two 7♠"
    assert fault("7s 7h 7s RJ") == "7♠ 7♥ 7♠ RJ is not a set: it has two 7♠"


def test_a_set_holds_at_most_max_set_size_cards() -> None:
    assert fault("7s 7h 7d 7c RJ") == "7♠ 7♥ 7♦ 7♣ RJ is not a set: a set holds at most 4 cards"
    assert kind("7s 7h 7d 7c RJ", IndianRummyRules(max_set_size=5)) is GroupKind.SET
    assert fault("7s 7h 7d 7c", IndianRummyRules(max_set_size=3)) == (
        "7♠ 7♥ 7♦ 7♣ is not a set: a set holds at most 3 cards"
    )


def test_wild_cards_alone_make_a_group_only_under_that_option() -> None:
    group = classify("RJ BJ 5c", wild_rank=Rank.FIVE)
    assert group.kind is GroupKind.SEQUENCE and not group.is_pure  # counts as a sequence
    assert str(group) == "5♣=* RJ=* BJ=*"
    assert fault("RJ BJ 5c", IndianRummyRules(all_wild_groups=False), Rank.FIVE) == (
        "RJ BJ 5♣ is not a group: under these rules a group needs a card that is not wild"
    )


# ---------------------------------------------------------------------------
# Notation


@pytest.mark.parametrize(
    ("text", "wild_rank"),
    [
        ("5♠ 6♠ RJ=7♠ 8♠", None),
        ("A♠ 2♠ 3♠", None),
        ("Q♥ K♥ A♥", None),
        ("RJ=J♠ Q♠ K♠", None),
        ("9♠ 9♦ 3♣=9", Rank.THREE),
        ("7♠ 7♥ 7♦ 7♣", None),
        ("4♠ 5♠ 6♠", Rank.FIVE),
        ("5♠ 6♠ RJ=7♠", Rank.FIVE),
        ("5♣=* RJ=* BJ=*", Rank.FIVE),
        ("7♠ RJ=7 BJ=7", None),
    ],
)
def test_a_group_prints_as_a_player_writes_it_and_reads_back(
    text: str, wild_rank: Rank | None
) -> None:
    group = Group.parse(text, wild_rank=wild_rank)
    assert str(group) == text
    assert Group.parse(str(group), wild_rank=wild_rank) == group
    assert eval(repr(group), {"Group": Group, "Rank": Rank}) == group


def test_a_group_built_under_other_rules_repr_reads_back_as_a_value() -> None:
    from rules_lib.cards import Suit  # for eval

    group = classify("4s 5s 6s", IndianRummyRules(wild_in_place_is_pure=False), Rank.FIVE)
    names = {"Group": Group, "GroupKind": GroupKind, "Rank": Rank, "Suit": Suit}
    names["parse_cards"] = parse_cards
    assert repr(group).startswith("Group(kind=GroupKind.SEQUENCE")
    assert eval(repr(group), names) == group


def test_a_note_says_what_a_wild_card_stands_for() -> None:
    assert str(Group.parse("7s 8s RJ=6s")) == "RJ=6♠ 7♠ 8♠"
    assert str(Group.parse("7s 8s RJ")) == "7♠ 8♠ RJ=9♠"
    with pytest.raises(NotationError, match="the 9♥ is not wild when only the jokers are"):
        Group.parse("7s 8s 9h=10s")
    with pytest.raises(InvalidGroupError, match="cannot stand where they are written"):
        Group.parse("7s 8s RJ=Js")
    with pytest.raises(InvalidGroupError, match="cannot stand for a six in a set of sevens"):
        Group.parse("7s 7h RJ=6")


# ---------------------------------------------------------------------------
# Declarations

DECLARATION = "3s 4s 5s | 7h 8h RJ | 9c 9d 9h | Qs Qh Qd Qc"


def test_a_right_declaration_has_two_sequences_one_of_them_pure() -> None:
    check = check_declaration(DECLARATION)
    assert check.valid and bool(check) and check.fault == ""
    assert [g.kind for g in check.groups] == [
        GroupKind.PURE_SEQUENCE,
        GroupKind.SEQUENCE,
        GroupKind.SET,
        GroupKind.SET,
    ]


def test_a_declaration_shows_all_13_cards() -> None:
    hand = parse_cards("3s 4s 5s 7h 8h RJ 9c 9d 9h Qs Qh Qd Qc")
    assert check_declaration("3s 4s 5s | 7h 8h RJ | 9c 9d 9h | Qs Qh Qd").fault == (
        "a declaration shows all 13 cards in groups; these groups hold 12"
    )
    assert check_declaration("3s 4s 5s | 7h 8h RJ | 9c 9d 9h | Qs Qh Qd", hand=hand).fault == (
        "a declaration shows all 13 cards in groups; these groups hold 12: the Q♣ is left out"
    )


def test_a_declared_card_must_be_in_the_hand() -> None:
    hand = parse_cards("3s 4s 5s 7h 8h RJ 9c 9d 9h Qs Qh Qd Qc")
    assert check_declaration("3s 4s 5s | 7h 8h RJ | 9c 9d 9h | Qs Qh Qd Kc", hand=hand).fault == (
        "the K♣ is not in the hand"
    )


def test_a_card_cannot_be_shown_more_often_than_it_is_held() -> None:
    hand = parse_cards("3s 4s 5s 7h 8h RJ 9c 9d 9h Qs Qh Qd Qc")
    shown = "3s 4s 5s | 7h 8h RJ | 9c 9d 9h | Qs Qh Qd Qd"
    assert check_declaration(shown, hand=hand).fault == (
        "the Q♦ is shown twice, and the hand holds one"
    )
    assert check_declaration("3s 4s 5s | 7h 8h RJ | 9c 9d 9h | Qs Qs Qs Qd").fault == (
        "the Q♠ is shown 3 times; two decks hold only two"
    )


def test_every_group_of_a_declaration_is_a_sequence_or_a_set() -> None:
    shown = "3s 4s 5s | 7h 8h 10h | 9c 9d 9h | Qs Qh Qd Qc"
    assert check_declaration(shown).fault == (
        "7♥ 8♥ 10♥ is not a sequence: the 9♥ is missing and no joker stands in"
    )
    assert check_declaration("3s 4s 5s | 7h 8h | RJ 9c 9d 9h | Qs Qh Qd Qc").fault == (
        "7♥ 8♥ is not a group: a sequence or a set needs at least 3 cards, not 2"
    )


def test_a_declaration_needs_a_pure_sequence() -> None:
    shown = "3s 4s RJ | 7h 8h 9h BJ | 9c 9d 9s | Qs Qh Qd"
    assert check_declaration(shown).fault == (
        "no pure sequence: the 3♠ 4♠ RJ sequence needs the joker"
    )
    shown = "4h 5h 5c | 7h 8h 9h RJ | 9c 9d 9s | Qs Qh Qd"
    assert check_declaration(shown, wild_rank=Rank.FIVE).fault == (
        "no pure sequence: the 4♥ 5♥ 5♣ sequence needs the wild 5♣"
    )
    shown = "3s 3h 3d | 7h 7d RJ | 9c 9d 9h | Qs Qh Qd Qc"
    assert check_declaration(shown).fault == (
        "no sequence: a declaration needs two, one of them pure"
    )


def test_a_declaration_needs_two_sequences() -> None:
    shown = "3s 4s 5s | 7h 7d 7c | 9c 9d 9h | Qs Qh Qd Qc"
    assert check_declaration(shown).fault == (
        "only one sequence: a declaration needs two, one of them pure"
    )
    # a group of wild cards only counts as the second sequence
    shown = "3s 4s 5s | RJ BJ 7c | 9c 9d 9h | Qs Qh Qd Qc"
    assert check_declaration(shown, wild_rank=Rank.SEVEN).valid
    rules = IndianRummyRules(all_wild_groups=False)
    assert not check_declaration(shown, rules, Rank.SEVEN).valid


def test_a_pure_sequence_with_a_wild_card_in_place_counts_under_that_option() -> None:
    shown = "4s 5s 6s | 7h 8h RJ | 9c 9d 9h | Qs Qh Qd Qc"
    assert check_declaration(shown, wild_rank=Rank.FIVE).valid
    strict = IndianRummyRules(wild_in_place_is_pure=False)
    assert check_declaration(shown, strict, Rank.FIVE).fault == (
        "no pure sequence: the 4♠ 5♠ 6♠ sequence needs the wild 5♠"
    )


def test_a_declaration_may_be_given_as_cards_or_groups() -> None:
    hand = parse_cards("3s 4s 5s 7h 8h RJ 9c 9d 9h Qs Qh Qd Qc")
    as_cards = [hand[:3], hand[3:6], hand[6:9], hand[9:]]
    assert check_declaration(as_cards, hand=hand).valid
    as_groups = [classify(g) for g in as_cards]
    assert check_declaration(as_groups, hand=hand).valid
    assert check_declaration(["3s 4s 5s", "7h 8h RJ", "9c 9d 9h", "Qs Qh Qd Qc"]).valid


def test_a_declaration_reads_two_copies_from_two_decks() -> None:
    hand = parse_cards("3s 4s 5s 3s 4s 5s RJ 9c 9d 9h Qs Qh Qd", decks=2)
    assert check_declaration("3s 4s 5s | 3s 4s 5s RJ | 9c 9d 9h | Qs Qh Qd", hand=hand).valid


def test_verify_declaration_raises_the_first_fault() -> None:
    assert len(verify_declaration(DECLARATION)) == 4
    with pytest.raises(DeclarationError, match="only one sequence") as info:
        verify_declaration("3s 4s 5s | 7h 7d 7c | 9c 9d 9h | Qs Qh Qd Qc")
    assert isinstance(info.value, IllegalActionError)
    with pytest.raises(NotationError, match="empty group"):
        check_declaration("3s 4s 5s || 7h 7d 7c")


# ---------------------------------------------------------------------------
# Points


def test_with_two_sequences_one_pure_only_ungrouped_cards_count() -> None:
    grouping = best_grouping("As 2s 3s 5h 6h 7h 9d 10d BJ Kc Kd Qc 4c")
    assert grouping.has_sequences and grouping.points == 33
    assert str(grouping.ungrouped) == "9♦ 10♦ 4♣ Q♣"


def test_without_a_pure_sequence_every_card_counts() -> None:
    hand = "4h 5h RJ 7c 7d 7s 9s 2s 3d Jd Qd Ad 2c"
    grouping = best_grouping(hand)
    assert not grouping.has_pure
    assert grouping.points == 4 + 5 + 7 * 3 + 9 + 2 + 3 + 10 + 10 + 10 + 2
    assert hand_points(hand) == grouping.points


def test_without_a_second_sequence_every_card_counts() -> None:
    hand = "4h 5h 6h 7c 7d 7s 9s 2s 3d 4d 8c Ad 2c"
    grouping = best_grouping(hand)
    assert grouping.has_pure and grouping.sequences == 1
    assert grouping.points == 4 + 5 + 6 + 7 * 3 + 9 + 2 + 3 + 4 + 8 + 10 + 2


def test_pure_kept_spares_the_pure_sequence_of_a_hand_without_two_sequences() -> None:
    hand = "4h 5h 6h 7c 7d 7s 9s 2s 3d Jd Kd Ad 2c"
    rules = IndianRummyRules(lacking_sequences="pure kept")
    grouping = best_grouping(hand, rules)
    assert grouping.points == 7 * 3 + 9 + 2 + 3 + 10 + 10 + 10 + 2
    assert any(g.is_pure and str(g) == "4♥ 5♥ 6♥" for g in grouping.groups)


def test_points_are_capped_at_80() -> None:
    hand = "Ks Qh Jd 10c 9s 8h Ad Kc Qd Jh 10s 9h 8d"
    assert best_grouping(hand).points == 80
    assert hand_points(hand, IndianRummyRules(max_points=60)) == 60
    assert hand_points(hand, IndianRummyRules(max_points=200)) == 124


def test_wild_cards_and_jokers_count_nothing() -> None:
    # no sequence at all: every card counts, the jokers and the wild fives 0
    assert hand_points("RJ BJ 5c 5d Ks", wild_rank=Rank.FIVE) == 10


def test_a_hand_that_can_be_declared_counts_0() -> None:
    grouping = best_grouping("As 2s 3s 5h 6h 7h 8h 9d 10d BJ Kc Kd Kh")
    assert grouping.points == 0 and grouping.is_declaration and not grouping.ungrouped
    assert check_declaration(grouping.groups).valid


def test_among_equal_points_the_grouping_leaves_the_fewest_cards() -> None:
    # aces cost nothing under these rules: leaving them out would also count 0
    rules = IndianRummyRules(card_points=(0, 10))
    grouping = best_grouping("As 2s 3s Ah Ad Ac 7h 8h 9h Jd Qd Kd RJ", rules)
    assert grouping.points == 0 and grouping.is_declaration


def test_a_14_card_hand_is_grouped_after_its_best_discard() -> None:
    hand = parse_cards("2s 3s 4s 6h 7h RJ 9c 9d Kd Kc 5c Ah Qh 9h")
    grouping = best_grouping(hand)
    assert grouping.discard is not None and grouping.discard.rank is Rank.KING  # type: ignore[union-attr]
    assert len(grouping.cards) == 13 and grouping.points == 28
    assert hand_points(hand) == 28
    declared = best_grouping("As 2s 3s 5h 6h 7h 8h 9d 10d BJ Kc Kd Kh 4c")
    assert declared.is_declaration and str(declared.discard) == "4♣"


def test_the_grouping_holds_the_hands_own_cards() -> None:
    hand = list(standard_deck(2, jokers=1))[::8][:14]
    grouping = best_grouping(hand, RULES, Rank.SEVEN)
    shown = [*grouping.cards, grouping.discard]
    assert Counter(map(id, shown)) == Counter(map(id, hand))


def test_a_hand_holds_at_most_14_cards() -> None:
    with pytest.raises(CardCountError):
        best_grouping(list(standard_deck())[:15])
    assert best_grouping([]) == Grouping((), Cards(), 0)


# ---------------------------------------------------------------------------
# The best grouping is exact: the same points as the exhaustive search

VARIANTS = [
    RULES,
    IndianRummyRules(ace_high=False),
    IndianRummyRules(wild_in_place_is_pure=False),
    IndianRummyRules(all_wild_groups=False),
    IndianRummyRules(lacking_sequences="pure kept"),
    IndianRummyRules(max_set_size=3, card_points=(15, 10)),
]
PACK = list(standard_deck(2, jokers=1))  # two decks and two jokers


def dealt(seed: int, size: int) -> tuple[list[AnyCard], Rank | None]:
    """A hand dealt from two decks and two jokers, with a random wild rank."""
    rng = random.Random(seed)
    return rng.sample(PACK, size), rng.choice([None, *Rank])


def close_to_groups(seed: int, size: int) -> tuple[list[AnyCard], Rank | None]:
    """A hand made of runs (and perhaps a set and jokers), then random cards: dealt
    hands rarely hold the sequences that make the pure-sequence rule matter."""
    rng = random.Random(seed)
    pack = list(standard_deck(2, jokers=2))
    rng.shuffle(pack)
    hand: list[AnyCard] = []

    def take(rank: Rank | None, suit: object = None) -> None:
        for card in pack:
            if (rank is None and isinstance(card, Joker)) or (
                isinstance(card, Card) and card.rank is rank and suit in (None, card.suit)
            ):
                pack.remove(card)
                hand.append(card)
                return

    for _ in range(rng.randint(1, 3)):
        suit, start = rng.choice(SUITS), rng.randint(1, 12)
        for place in range(start, min(start + rng.randint(2, 5), 15)):
            take(Rank.ACE if place in (1, 14) else Rank(place), suit)
    if rng.random() < 0.5:
        rank = rng.choice(list(Rank))
        for suit in rng.sample(SUITS, rng.randint(2, 4)):
            take(rank, suit)
    for _ in range(rng.choice([0, 1, 2])):
        take(None)
    hand = hand[:size] + pack[: max(0, size - len(hand))]
    rng.shuffle(hand)
    wild = rng.choice([None, None, *Rank])
    # at most 5 wild cards, so that the exhaustive search stays quick
    if sum(isinstance(c, Joker) or c.rank is wild for c in hand) > 5:
        wild = None
    return hand, wild


def check_grouping(
    grouping: Grouping, hand: list[AnyCard], rules: IndianRummyRules, wild: Rank | None
) -> None:
    """A grouping is made of the hand's cards, valid groups, and counts as its groups say."""
    shown = [*grouping.cards] + ([grouping.discard] if grouping.discard is not None else [])
    assert Counter(map(id, shown)) == Counter(map(id, hand))
    for group in grouping.groups:
        assert classify(group.cards, rules, wild).kind == group.kind
    every = sum(rules.points(c, wild) for c in grouping.cards)
    if grouping.has_sequences:
        count = sum(rules.points(c, wild) for c in grouping.ungrouped)
    elif rules.lacking_sequences == "pure kept":
        kept = [g for g in grouping.groups if g.is_pure]
        count = every - sum(rules.points(c, wild) for g in kept[:1] for c in g.cards)
    else:
        count = every
    assert grouping.points == min(count, rules.max_points)


@pytest.mark.parametrize("size", [13, 14])
@pytest.mark.parametrize("deal", [dealt, close_to_groups])
def test_the_best_grouping_agrees_with_the_exhaustive_search(size: int, deal: object) -> None:
    hands = 150 if deal is dealt else 90
    start = 1000 * size + (0 if deal is dealt else 500)
    declarations = 0
    for seed in range(start, start + hands):
        hand, wild = deal(seed, size)  # type: ignore[operator]
        rules = VARIANTS[seed % len(VARIANTS)]
        fast = best_grouping(hand, rules, wild)
        slow = brute_force_grouping(hand, rules, wild)
        where = f"seed {seed}: {Cards(hand)} wild {wild} {rules}\n{fast}\n{slow}"
        assert (fast.points, fast.is_declaration) == (slow.points, slow.is_declaration), where
        assert hand_points(hand, rules, wild) == fast.points, where
        check_grouping(fast, hand, rules, wild)
        check_grouping(slow, hand, rules, wild)
        declarations += fast.is_declaration
    if deal is close_to_groups:
        assert declarations >= 5  # the hands do test declarations
