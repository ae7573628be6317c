"""Poker hand values for 5-card and 3-card hands (docs/GAMES.md §1).

A hand's value is a :class:`HandValue`: orderable, hashable, with a human
description.  Values of 3-card hands (the front of Mậu Binh and Chinese
Poker) compare with values of 5-card hands: category first, then the ranks
card by card; a 3-card hand has no flush or straight.

>>> v = evaluate(parse_cards("9s 9h 9d Kc Ks"))
>>> v.category, v.describe()
(<Category.FULL_HOUSE: 6>, 'full house, nines over kings')
>>> evaluate(parse_cards("As 2d 3c 4h 5s")) < evaluate(parse_cards("2s 3d 4c 5h 6s"))
True
>>> evaluate(parse_cards("Qs Qd 7c")) < evaluate(parse_cards("Qh Qc 7d 3s 2s"))
True

The integer :attr:`HandValue.code` is the fast path: ``hand_code`` and
``code5``/``code3`` (on :attr:`Card.code` integers) return it without making
objects, for solvers and simulations.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum
from itertools import combinations, combinations_with_replacement

from .cards import _PRIMES, SUITS, AnyCard, Card, Cards, Rank, parse_cards, standard_deck
from .errors import CardCountError, DuplicateCardError, NotationError

__all__ = [
    "CATEGORY_COUNTS_3",
    "CATEGORY_COUNTS_5",
    "Category",
    "HandValue",
    "code3",
    "code5",
    "compare",
    "count_categories",
    "display_order",
    "distinct_values",
    "evaluate",
    "explain",
    "explain_comparison",
    "hand_code",
    "scoring_cards",
]


class Category(IntEnum):
    """Poker categories, weakest first."""

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8

    @property
    def label(self) -> str:
        """``"full house"``, ``"three of a kind"`` …"""
        return self.name.lower().replace("_", " ")


#: How many 5-card hands of 52 cards fall in each category (the known counts).
CATEGORY_COUNTS_5 = {
    Category.STRAIGHT_FLUSH: 40,
    Category.FOUR_OF_A_KIND: 624,
    Category.FULL_HOUSE: 3_744,
    Category.FLUSH: 5_108,
    Category.STRAIGHT: 10_200,
    Category.THREE_OF_A_KIND: 54_912,
    Category.TWO_PAIR: 123_552,
    Category.PAIR: 1_098_240,
    Category.HIGH_CARD: 1_302_540,
}
#: The same for 3-card hands (no straights or flushes in three cards).
CATEGORY_COUNTS_3 = {
    Category.THREE_OF_A_KIND: 52,
    Category.PAIR: 3_744,
    Category.HIGH_CARD: 18_304,
}

# A value code is the category in bits 20-23, then up to five ranks (2..14,
# 0 = no card) of four bits each, most significant first.  Comparing codes as
# integers is comparing category, then ranks card by card; a 3-card hand's
# missing kickers are 0, so it loses to a 5-card hand with the same first ranks.
_CATEGORY_SHIFT = 20


def _pack(category: Category, ranks: Sequence[int]) -> int:
    code = int(category)
    for i in range(5):
        code = (code << 4) | (ranks[i] if i < len(ranks) else 0)
    return code


def _classify(ranks: Sequence[int], flush: bool) -> int:
    """Slow, obviously-correct classification of a rank multiset (3 or 5 cards)."""
    counts = Counter(ranks)
    # groups: larger count first, then higher rank first
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    ordered = [r for r, _ in groups]
    shape = [n for _, n in groups]
    if len(ranks) == 3:
        if shape == [3]:
            return _pack(Category.THREE_OF_A_KIND, ordered)
        if shape == [2, 1]:
            return _pack(Category.PAIR, ordered)
        return _pack(Category.HIGH_CARD, ordered)
    straight_top = 0
    if shape == [1] * 5:
        top = max(ranks)
        if top - min(ranks) == 4:
            straight_top = top
        elif sorted(ranks) == [2, 3, 4, 5, 14]:
            straight_top = 5  # the wheel A-2-3-4-5 is the lowest straight
    if straight_top and flush:
        return _pack(Category.STRAIGHT_FLUSH, [straight_top])
    if shape == [4, 1]:
        return _pack(Category.FOUR_OF_A_KIND, ordered)
    if shape == [3, 2]:
        return _pack(Category.FULL_HOUSE, ordered)
    if flush:
        return _pack(Category.FLUSH, ordered)
    if straight_top:
        return _pack(Category.STRAIGHT, [straight_top])
    if shape == [3, 1, 1]:
        return _pack(Category.THREE_OF_A_KIND, ordered)
    if shape == [2, 2, 1]:
        return _pack(Category.TWO_PAIR, ordered)
    if shape == [2, 1, 1, 1]:
        return _pack(Category.PAIR, ordered)
    return _pack(Category.HIGH_CARD, ordered)


def _prime_product(ranks: Sequence[int]) -> int:
    product = 1
    for r in ranks:
        product *= _PRIMES[r - 2]
    return product


def _build_tables() -> tuple[dict[int, int], dict[int, int]]:
    """Lookup tables keyed like :func:`code5` / :func:`code3` compute their keys."""
    table5: dict[int, int] = {}
    table3: dict[int, int] = {}
    rank_values = range(2, 15)
    for size, table in ((5, table5), (3, table3)):
        # every multiset of ranks with at most four of a rank
        for combo in combinations_with_replacement(rank_values, size):
            if max(Counter(combo).values()) > 4:
                continue
            product = _prime_product(combo)
            table[product] = _classify(combo, flush=False)
            if size == 5 and len(set(combo)) == 5:
                flush_code = _classify(combo, flush=True)
                for i in range(len(SUITS)):
                    table[product | (1 << (27 + i))] = flush_code
    return table5, table3


_TABLE5, _TABLE3 = _build_tables()


def code5(a: int, b: int, c: int, d: int, e: int) -> int:
    """Value code of five cards given as :attr:`Card.code` integers.

    >>> cs = parse_cards("Ah Kh Qh Jh Th")
    >>> code5(*(c.code for c in cs)) == evaluate(cs).code
    True
    """
    return _TABLE5[
        ((a & b & c & d & e & 0xF00) << 19) | (a & 63) * (b & 63) * (c & 63) * (d & 63) * (e & 63)
    ]


def code3(a: int, b: int, c: int) -> int:
    """Value code of three cards given as :attr:`Card.code` integers."""
    return _TABLE3[(a & 63) * (b & 63) * (c & 63)]


def _check(cards: Sequence[AnyCard]) -> Sequence[Card]:
    if len(cards) not in (3, 5):
        raise CardCountError(
            f"a poker hand here has 3 or 5 cards, not {len(cards)}: {Cards(cards)}"
        )
    for card in cards:
        if not isinstance(card, Card):
            raise NotationError(f"{card} cannot be part of a poker hand (no jokers in these games)")
    seen: set[tuple[Rank, object]] = set()
    for card in cards:
        key = (card.rank, card.suit)  # type: ignore[union-attr]
        if key in seen:
            raise DuplicateCardError(
                f"a poker hand cannot hold the same card twice: {card} repeats in {Cards(cards)}"
            )
        seen.add(key)
    return cards  # type: ignore[return-value]


def hand_code(cards: Sequence[AnyCard]) -> int:
    """Value code (an ``int``, larger is stronger) of a 3- or 5-card hand."""
    hand = _check(cards)
    if len(hand) == 5:
        return code5(hand[0].code, hand[1].code, hand[2].code, hand[3].code, hand[4].code)
    return code3(hand[0].code, hand[1].code, hand[2].code)


_ORDINAL = ("highest card", "second card", "third card", "fourth card", "fifth card")
_PARTS: dict[Category, tuple[str, ...]] = {
    Category.STRAIGHT_FLUSH: ("top card",),
    Category.FOUR_OF_A_KIND: ("four of a kind", "kicker"),
    Category.FULL_HOUSE: ("three of a kind", "pair"),
    Category.FLUSH: _ORDINAL,
    Category.STRAIGHT: ("top card",),
    Category.THREE_OF_A_KIND: ("three of a kind", "first kicker", "second kicker"),
    Category.TWO_PAIR: ("higher pair", "lower pair", "kicker"),
    Category.PAIR: ("pair", "first kicker", "second kicker", "third kicker"),
    Category.HIGH_CARD: _ORDINAL,
}


@dataclass(frozen=True, order=True, slots=True)
class HandValue:
    """The value of a 3- or 5-card poker hand; larger is stronger.

    >>> HandValue.from_cards("Kd Kc 9s 9h Qc").describe()
    'two pair, kings and nines, queen kicker'
    """

    code: int

    @classmethod
    def from_cards(cls, cards: str | Sequence[AnyCard]) -> HandValue:
        return evaluate(cards)

    @property
    def category(self) -> Category:
        return Category(self.code >> _CATEGORY_SHIFT)

    @property
    def ranks(self) -> tuple[Rank, ...]:
        """The ranks that decide ties, most significant first (sets before kickers)."""
        out = []
        for shift in (16, 12, 8, 4, 0):
            r = (self.code >> shift) & 15
            if r:
                out.append(Rank(r))
        return tuple(out)

    @property
    def size(self) -> int:
        """3 or 5: how many cards the hand had."""
        cat = self.category
        if cat in (Category.STRAIGHT, Category.STRAIGHT_FLUSH, Category.FLUSH, Category.FULL_HOUSE):
            return 5
        filled = len(self.ranks)
        return {
            Category.FOUR_OF_A_KIND: 5,
            Category.THREE_OF_A_KIND: 3 if filled == 1 else 5,
            Category.TWO_PAIR: 5,
            Category.PAIR: 3 if filled == 2 else 5,
            Category.HIGH_CARD: 3 if filled == 3 else 5,
        }[cat]

    def describe(self) -> str:
        """A short human description, e.g. ``"full house, nines over kings"``."""
        cat, r = self.category, self.ranks
        if cat is Category.STRAIGHT_FLUSH:
            if r[0] is Rank.ACE:
                return "straight flush, ace high (a royal flush)"
            return f"straight flush, {r[0].word} high"
        if cat is Category.FOUR_OF_A_KIND:
            return f"four of a kind, {r[0].plural}, {r[1].word} kicker"
        if cat is Category.FULL_HOUSE:
            return f"full house, {r[0].plural} over {r[1].plural}"
        if cat is Category.FLUSH:
            return f"flush, {r[0].word} high ({_dash(r)})"
        if cat is Category.STRAIGHT:
            return f"straight, {r[0].word} high"
        if cat is Category.THREE_OF_A_KIND:
            extra = f", kickers {_dash(r[1:])}" if len(r) > 1 else ""
            return f"three of a kind, {r[0].plural}{extra}"
        if cat is Category.TWO_PAIR:
            return f"two pair, {r[0].plural} and {r[1].plural}, {r[2].word} kicker"
        if cat is Category.PAIR:
            return f"pair of {r[0].plural}, kickers {_dash(r[1:])}"
        return f"high card {r[0].word}, then {_dash(r[1:])}"

    def parts(self) -> tuple[tuple[str, Rank], ...]:
        """The named parts that decide ties, e.g. ``(("higher pair", K), ...)``."""
        return tuple(zip(_PARTS[self.category], self.ranks))

    def __str__(self) -> str:
        return self.describe()


def _dash(ranks: Sequence[Rank]) -> str:
    return "-".join(r.notation for r in ranks)


def evaluate(cards: str | Sequence[AnyCard]) -> HandValue:
    """The :class:`HandValue` of a 3- or 5-card hand (cards or text).

    >>> evaluate("Ah Kh Qh Jh Th").describe()
    'straight flush, ace high (a royal flush)'
    >>> evaluate("Ah Kh")
    Traceback (most recent call last):
    ...
    rules_lib.errors.CardCountError: a poker hand here has 3 or 5 cards, not 2: A♥ K♥
    """
    if isinstance(cards, str):
        cards = parse_cards(cards)
    return HandValue(hand_code(cards))


def compare(a: str | Sequence[AnyCard], b: str | Sequence[AnyCard]) -> int:
    """1 if ``a`` is stronger, -1 if ``b`` is, 0 for a tie (suits never break ties).

    >>> compare("As Ad 5c", "Ah Ac 5d")
    0
    """
    va, vb = evaluate(a), evaluate(b)
    return (va > vb) - (va < vb)


def explain_comparison(a: HandValue, b: HandValue, names: tuple[str, str] = ("A", "B")) -> str:
    """Why one value beats the other, in one sentence a player can check.

    >>> x, y = evaluate("Kd Kc 9s 9h Qc"), evaluate("Kh Ks 9d 9c 7c")
    >>> explain_comparison(x, y)
    'A wins: both are two pair; higher pair kings = kings, lower pair nines = nines, kicker queen beats seven.'
    >>> explain_comparison(evaluate("2s 3s 4s"), evaluate("Ah Kd Qc Js 9s"))
    'B wins: both are high card; highest card four loses to ace.'
    >>> explain_comparison(evaluate("Qs Qd 7c"), evaluate("Qh Qc 7d 3s 2s"), ("front", "middle"))
    "middle wins: both are pair and the first 2 ranks tie, but the 3-card hand has no more cards to match the 5-card hand's extra kickers."
    """
    if a == b:
        return f"Tie: both are {a.describe()}; suits never break a tie."
    winner, loser = (a, b) if a > b else (b, a)
    win_name = names[0] if a > b else names[1]
    if winner.category != loser.category:
        return (
            f"{win_name} wins: {_article(winner.category.label)} beats "
            f"{_article(loser.category.label)}."
        )
    said: list[str] = []
    for (part, ra), (_, rb) in zip(a.parts(), b.parts()):
        shown_a, shown_b = (ra.plural, rb.plural) if _is_group(part) else (ra.word, rb.word)
        if ra == rb:
            said.append(f"{part} {shown_a} = {shown_b}")
            continue
        verb = "beats" if a > b else "loses to"
        said.append(f"{part} {shown_a} {verb} {shown_b}")
        return f"{win_name} wins: both are {winner.category.label}; " + ", ".join(said) + "."
    # every shared part equal: the 5-card hand has kickers the 3-card hand lacks
    return (
        f"{win_name} wins: both are {winner.category.label} and the first "
        f"{len(loser.ranks)} ranks tie, but the 3-card hand has no more cards "
        "to match the 5-card hand's extra kickers."
    )


def _is_group(part: str) -> bool:
    return part in ("four of a kind", "three of a kind", "pair", "higher pair", "lower pair")


def _article(label: str) -> str:
    if label in ("two pair", "three of a kind", "four of a kind"):
        return label
    return ("an " if label[0] in "aeiou" else "a ") + label


def display_order(cards: Sequence[Card]) -> Cards:
    """The cards in the order a player reads the hand: sets first, then kickers, high to low.

    A wheel straight (A-2-3-4-5) shows the ace last.

    >>> str(display_order(parse_cards("3s Kd 3c Kh 3h")))
    '3♠ 3♥ 3♣ K♥ K♦'
    >>> str(display_order(parse_cards("As 2d 3c 4h 5s")))
    '5♠ 4♥ 3♣ 2♦ A♠'
    """
    counts = Counter(c.rank for c in cards)
    ranks = {c.rank for c in cards}
    wheel = len(cards) == 5 and ranks == {Rank.ACE, Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE}

    def key(c: Card) -> tuple[int, int, int]:
        rank_value = 1 if (wheel and c.rank is Rank.ACE) else int(c.rank)
        return (counts[c.rank], rank_value, -SUITS.index(c.suit))

    ordered: list[Card] = sorted(cards, key=key, reverse=True)
    return Cards(ordered)


def scoring_cards(cards: Sequence[Card]) -> Cards:
    """The cards that make the hand's category (kickers left out).

    Straights, flushes, full houses and straight flushes use all five cards;
    a set or pair uses its own cards; a high-card hand only its top card.

    >>> str(scoring_cards(parse_cards("Kd Kc 9s 9h Qc")))
    'K♦ K♣ 9♠ 9♥'
    >>> str(scoring_cards(parse_cards("2s 7d 9c")))
    '9♣'
    """
    value = evaluate(cards)
    cat = value.category
    if cat in (Category.STRAIGHT_FLUSH, Category.FLUSH, Category.STRAIGHT, Category.FULL_HOUSE):
        return display_order(cards)
    if cat is Category.HIGH_CARD:
        return Cards(display_order(cards)[:1])
    counts = Counter(c.rank for c in cards)
    return Cards(c for c in display_order(cards) if isinstance(c, Card) and counts[c.rank] >= 2)


_WHY: dict[Category, str] = {
    Category.STRAIGHT_FLUSH: "five cards in sequence, all of one suit",
    Category.FOUR_OF_A_KIND: "four cards of one rank",
    Category.FULL_HOUSE: "three cards of one rank and two of another",
    Category.FLUSH: "five cards of one suit, not in sequence",
    Category.STRAIGHT: "five cards in sequence, not all of one suit",
    Category.THREE_OF_A_KIND: "three cards of one rank",
    Category.TWO_PAIR: "two cards of one rank and two of another",
    Category.PAIR: "two cards of one rank",
    Category.HIGH_CARD: "no pair, no sequence or flush that counts",
}


def explain(value: HandValue) -> str:
    """What makes the hand its category, and what decides a tie with a hand of the same category.

    >>> explain(evaluate("Kd Kc 9s 9h Qc"))
    'Two pair: two cards of one rank and two of another. Against another two pair, compare the higher pair (kings), then the lower pair (nines), then the kicker (queen).'
    >>> explain(evaluate("As 2d 3c 4h 5s"))
    'Straight: five cards in sequence, not all of one suit. Against another straight, compare the top card (five). The ace counts low here: A-2-3-4-5 is the lowest straight.'
    """
    cat = value.category
    head = f"{cat.label.capitalize()}: {_WHY[cat]}."
    if value.size == 3 and cat is Category.HIGH_CARD:
        head = "High card: in a 3-card hand, three in sequence or of one suit do not count."
    order = ", then ".join(
        f"the {part} ({rank.plural if _is_group(part) else rank.word})"
        for part, rank in value.parts()
    )
    text = f"{head} Against another {cat.label}, compare {order}."
    if cat in (Category.STRAIGHT, Category.STRAIGHT_FLUSH) and value.ranks[0] is Rank.FIVE:
        text += " The ace counts low here: A-2-3-4-5 is the lowest straight."
    return text


def count_categories(size: int) -> dict[Category, int]:
    """How many of all the ``size``-card hands of one deck fall in each category.

    Enumerates every hand (2,598,960 for five cards, about 1.5 s; 22,100 for three).

    >>> count_categories(3) == CATEGORY_COUNTS_3
    True
    """
    if size not in (3, 5):
        raise CardCountError(f"poker hands here have 3 or 5 cards, not {size}")
    codes = [c.code for c in standard_deck() if isinstance(c, Card)]
    counts = dict.fromkeys(Category, 0)
    if size == 5:
        tally = Counter(code5(*h) >> _CATEGORY_SHIFT for h in combinations(codes, 5))
    else:
        tally = Counter(code3(*h) >> _CATEGORY_SHIFT for h in combinations(codes, 3))
    for category, n in tally.items():
        counts[Category(category)] = n
    return {c: n for c, n in counts.items() if n or size == 5}


def distinct_values(size: int) -> int:
    """How many different values the ``size``-card hands can have (7,462 for five).

    >>> distinct_values(3)
    455
    """
    if size not in (3, 5):
        raise CardCountError(f"poker hands here have 3 or 5 cards, not {size}")
    return len(set((_TABLE5 if size == 5 else _TABLE3).values()))
