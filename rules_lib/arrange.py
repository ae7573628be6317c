"""Setting 13 cards as three poker hands (Mậu Binh and Chinese Poker, docs/GAMES.md §2).

An :class:`Arrangement` is a back (5 cards), a middle (5) and a front (3).
It is *misset* when the back is weaker than the middle or the middle weaker
than the front (the book's reading: rows of equal strength are allowed; with
``strict=True`` each row must be stronger than the one in front of it, as
both sources word the rule).

>>> arr = Arrangement.parse("8s 8h 8d 4c 4s / Ks Kd 9c 9h 2d / Ah Qc 6s")
>>> [str(v) for v in arr.values()]
['full house, eights over fours', 'two pair, kings and nines, two kicker', 'high card ace, then Q-6']
>>> arr.is_misset()
False

The 13 cards can also hold a *special hand* (:class:`Special`), which the two
games reward in their own ways, and :func:`best_arrangement` searches all
72,072 ways to set a hand for the one a stated objective likes best.
"""

from __future__ import annotations

import heapq
import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from enum import Enum
from functools import lru_cache
from itertools import combinations
from math import comb
from typing import TYPE_CHECKING

from .cards import SUITS, AnyCard, Card, Cards, Rank, parse_cards, shuffled, standard_deck
from .errors import CardCountError, DuplicateCardError, NotationError, UnknownOptionError
from .poker import _TABLE3, _TABLE5, Category, HandValue, code3, code5

if TYPE_CHECKING:  # the games build on this module
    from .chinese_poker import ChinesePokerRules
    from .mau_binh import MauBinhRules

__all__ = [
    "OBJECTIVES",
    "ROW_SIZES",
    "SPLITS",
    "Arrangement",
    "Draft",
    "Row",
    "Special",
    "best_arrangement",
    "best_splits",
    "deal",
    "find_specials",
    "more_specials",
    "row_strength",
    "special_arrangement",
    "strongest_arrangement",
]

#: The number of ways to set 13 cards as back, middle and front.
SPLITS = comb(13, 5) * comb(8, 5)


class Row(Enum):
    """The three hands of an arrangement, strongest place first."""

    BACK = "back"
    MIDDLE = "middle"
    FRONT = "front"

    @property
    def size(self) -> int:
        return 3 if self is Row.FRONT else 5


ROWS: tuple[Row, ...] = tuple(Row)
ROW_SIZES = {row: row.size for row in ROWS}


class Special(Enum):
    """Special hands of 13 cards, highest first in the book's order for Mậu Binh.

    The order is a convention (the source does not rank its instant wins),
    and not rarity: three straights are rarer than six pairs or three
    flushes.  ``MauBinhRules.instant_win_order`` can change it.
    """

    DRAGON = "dragon"
    STRAIGHT_FLUSH = "straight flush"
    FOUR_OF_A_KIND = "four of a kind"
    SIX_PAIRS = "six pairs"
    THREE_FLUSHES = "three flushes"
    THREE_STRAIGHTS = "three straights"
    # found by more_specials: instant wins of Vietnamese home play (MauBinhRules.more_instant_wins)
    ONE_SUIT_DRAGON = "one-suit dragon"
    THIRTEEN_ONE_COLOUR = "thirteen cards of one colour"
    TWELVE_ONE_COLOUR = "twelve cards of one colour"
    FIVE_PAIRS_AND_TRIPS = "five pairs and a three of a kind"
    THREE_TRIPS = "three of a kind three times"

    @property
    def label(self) -> str:
        return self.value


def _as_cards(cards: str | Iterable[AnyCard], count: int, what: str) -> tuple[Card, ...]:
    hand = parse_cards(cards, jokers=False) if isinstance(cards, str) else Cards(cards)
    if len(hand) != count:
        raise CardCountError(f"the {what} needs {count} cards, not {len(hand)}: {hand}")
    out: list[Card] = []
    for card in hand:
        if not isinstance(card, Card):
            raise NotationError(f"{card} cannot be in the {what}: these games have no jokers")
        out.append(card)
    return tuple(out)


@dataclass(frozen=True)
class Arrangement:
    """Thirteen cards set as back (5), middle (5) and front (3).

    >>> Arrangement.parse("As Ks Qs Js 10s / 2c 3c 4c 5c 6c / 9h 9d 7s").back
    parse_cards('A♠ K♠ Q♠ J♠ 10♠')
    >>> Arrangement.parse("As Ks / 2c 3c 4c 5c 6c / 9h 9d 7s")
    Traceback (most recent call last):
    ...
    rules_lib.errors.CardCountError: the back needs 5 cards, not 2: A♠ K♠
    """

    back: Cards
    middle: Cards
    front: Cards
    _codes: tuple[int, int, int] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        for row in ROWS:
            cards = _as_cards(getattr(self, row.value), row.size, row.value)
            object.__setattr__(self, row.value, Cards(cards))
        seen: dict[tuple[Rank, object], Row] = {}
        for row in ROWS:
            for card in self.row(row):
                key = (card.rank, card.suit)  # type: ignore[union-attr]
                if key in seen:
                    where = (
                        "twice in the " + row.value
                        if seen[key] is row
                        else (f"in the {seen[key].value} and the {row.value}")
                    )
                    raise DuplicateCardError(f"{card} is {where}; a deck has one {card}")
                seen[key] = row
        # the rows' value codes, computed once (the solver and the scorers read them often)
        object.__setattr__(self, "_codes", tuple(_code(self.row(row)) for row in ROWS))

    @classmethod
    def parse(cls, text: str) -> Arrangement:
        """Read ``"back / middle / front"`` (rows split by ``/`` or ``|``)."""
        parts = [p for p in text.replace("|", "/").split("/")]
        if len(parts) != 3:
            raise NotationError(
                f"write an arrangement as 'back / middle / front' (3 rows), not {len(parts)} "
                f"row(s): {text!r}"
            )
        return cls(*(parse_cards(p, jokers=False) for p in parts))

    @classmethod
    def from_rows(
        cls,
        back: str | Iterable[AnyCard],
        middle: str | Iterable[AnyCard],
        front: str | Iterable[AnyCard],
    ) -> Arrangement:
        return cls(
            *(
                parse_cards(r, jokers=False) if isinstance(r, str) else Cards(r)
                for r in (back, middle, front)
            )
        )

    def row(self, row: Row) -> Cards:
        return getattr(self, row.value)  # type: ignore[no-any-return]

    @property
    def cards(self) -> Cards:
        return Cards((*self.back, *self.middle, *self.front))

    def values(self) -> tuple[HandValue, HandValue, HandValue]:
        """The poker values of back, middle and front."""
        back, middle, front = self._codes
        return HandValue(back), HandValue(middle), HandValue(front)

    def is_misset(self, strict: bool = False) -> bool:
        """True when the rows are out of order (back < middle or middle < front).

        With ``strict`` a row that only ties the row in front of it is out of
        order too (back > middle > front is required).  Only the back and the
        middle can tie: a three-card front never equals a five-card middle.

        >>> twins = Arrangement.parse("As Kd 9c 7h 5s / Ah Kc 9d 7s 5h / Qs 3d 2c")
        >>> twins.is_misset(), twins.is_misset(strict=True)
        (False, True)
        """
        back, middle, front = self._codes
        if strict:
            return not back > middle > front
        return not back >= middle >= front

    def misset_reason(self, strict: bool = False) -> str | None:
        """Why the arrangement is misset, in words (``None`` when it is not).

        >>> Arrangement.parse("2s 3d 4c 5h 7s / As Ad Kc Kd Qs / 9h 8h 6h").misset_reason()
        'misset: the back (high card seven, then 5-4-3-2) is weaker than the middle (two pair, aces and kings, queen kicker)'
        >>> Arrangement.parse("As Kd 9c 7h 5s / Ah Kc 9d 7s 5h / Qs 3d 2c").misset_reason(strict=True)
        'misset: the back (high card ace, then K-9-7-5) only ties the middle; these rules want it stronger'
        """
        back, middle, front = self.values()
        if back < middle:
            return f"misset: the back ({back}) is weaker than the middle ({middle})"
        if middle < front:
            return f"misset: the middle ({middle}) is weaker than the front ({front})"
        if strict and back == middle:
            return f"misset: the back ({back}) only ties the middle; these rules want it stronger"
        return None

    def __str__(self) -> str:
        return f"{self.back} / {self.middle} / {self.front}"


def _code(cards: Sequence[AnyCard]) -> int:
    c = [card.code for card in cards]  # type: ignore[union-attr]
    return code5(*c) if len(c) == 5 else code3(*c)


def deal(seed: int, players: int = 4) -> tuple[Cards, ...]:
    """Deal 13 cards to each of ``players`` (2-4) from a deck shuffled by ``seed``.

    The same seed deals the same hands on every machine; seat 0 is the first.

    >>> hands = deal(7)
    >>> len(hands), {len(h) for h in hands}, len(set().union(*hands))
    (4, {13}, 52)
    """
    if not 2 <= players <= 4:
        raise CardCountError(f"these games are for 2 to 4 players, not {players}")
    deck = shuffled(standard_deck(), seed)
    return tuple(Cards(deck[13 * i : 13 * i + 13]) for i in range(players))


# ---------------------------------------------------------------------------
# special hands


def _thirteen(cards: str | Iterable[AnyCard]) -> tuple[Card, ...]:
    return _as_cards(cards, 13, "hand")


def _is_straight_code(code: int) -> bool:
    return (code >> 20) in (Category.STRAIGHT, Category.STRAIGHT_FLUSH)


def _is_flush_code(code: int) -> bool:
    return (code >> 20) in (Category.FLUSH, Category.STRAIGHT_FLUSH)


def _three_in_sequence(cards: Sequence[Card], ace_low: bool = True) -> bool:
    ranks = sorted(int(c.rank) for c in cards)
    if ranks == [2, 3, 14]:  # A-2-3: the ace counts low (the book's reading)
        return ace_low
    return ranks[1] == ranks[0] + 1 and ranks[2] == ranks[1] + 1


def _three_of_a_suit(cards: Sequence[Card]) -> bool:
    return len({c.suit for c in cards}) == 1


def arrangement_specials(arr: Arrangement, *, ace_low_front: bool = True) -> set[Special]:
    """The row-shaped specials an arrangement is *set* as (three straights, three flushes).

    The front of three straights may be A-2-3 or Q-K-A (the book's reading of
    the ace, which a straight of five may use low or high); with
    ``ace_low_front=False`` A-2-3 does not count.

    >>> arrangement_specials(Arrangement.parse("9s 10d Jc Qh Ks / 2c 3d 4h 5s 6s / Jd Qd Kd"))
    {<Special.THREE_STRAIGHTS: 'three straights'>}
    """
    found = set()
    back, middle = _code(arr.back), _code(arr.middle)
    front_in_sequence = _three_in_sequence(arr.front, ace_low_front)  # type: ignore[arg-type]
    if _is_straight_code(back) and _is_straight_code(middle) and front_in_sequence:
        found.add(Special.THREE_STRAIGHTS)
    if _is_flush_code(back) and _is_flush_code(middle) and _three_of_a_suit(arr.front):  # type: ignore[arg-type]
        found.add(Special.THREE_FLUSHES)
    return found


def special_arrangement(
    cards: str | Iterable[AnyCard],
    special: Special,
    *,
    strict: bool = False,
    ace_low_front: bool = True,
) -> Arrangement | None:
    """An arrangement, in order, that sets the hand as three straights or three flushes.

    Returns the strongest such arrangement that is not misset, or ``None``.
    ``strict``: rows must be strictly stronger than the row in front (see
    :meth:`Arrangement.is_misset`); ``ace_low_front``: whether A-2-3 is a
    front of three straights (see :func:`arrangement_specials`).

    >>> str(special_arrangement("2s 3d 4h 5c 6s 9d 10c Jh Qs Kd Ah 2h 3c", Special.THREE_STRAIGHTS))
    '9♦ 10♣ J♥ Q♠ K♦ / 2♠ 3♦ 4♥ 5♣ 6♠ / A♥ 2♥ 3♣'
    """
    if special not in (Special.THREE_STRAIGHTS, Special.THREE_FLUSHES):
        raise NotationError(f"{special.label} does not depend on how the cards are set")
    hand = _thirteen(cards)
    test5 = _is_straight_code if special is Special.THREE_STRAIGHTS else _is_flush_code
    test3: Callable[[Sequence[Card]], bool] = _three_of_a_suit
    if special is Special.THREE_STRAIGHTS:

        def test3(front: Sequence[Card]) -> bool:
            return _three_in_sequence(front, ace_low_front)

    codes = [c.code for c in hand]
    best: tuple[int, int, Arrangement] | None = None
    for back_idx in combinations(range(13), 5):
        back_code = code5(*(codes[i] for i in back_idx))
        if not test5(back_code):
            continue
        rest = [i for i in range(13) if i not in back_idx]
        for mid_idx in combinations(rest, 5):
            mid_code = code5(*(codes[i] for i in mid_idx))
            if not test5(mid_code) or mid_code > back_code or (strict and mid_code == back_code):
                continue
            front = [hand[i] for i in rest if i not in mid_idx]
            if not test3(front) or code3(*(c.code for c in front)) > mid_code:
                continue
            key = (back_code, mid_code)
            if best is None or key > best[:2]:
                arr = Arrangement(
                    Cards(hand[i] for i in back_idx),
                    Cards(hand[i] for i in mid_idx),
                    Cards(front),
                )
                best = (back_code, mid_code, arr)
    return best[2] if best else None


def find_specials(
    cards: str | Iterable[AnyCard],
    *,
    six_pairs_exactly: bool = False,
    ace_low_front: bool = True,
) -> set[Special]:
    """Every special hand that the 13 cards hold (however they are set).

    * dragon: one card of each rank, 2 to ace;
    * straight flush: five cards in sequence in one suit, anywhere in the hand;
    * four of a kind: four cards of one rank;
    * six pairs: six pairs (the book's reading: a four of a kind counts as two
      pairs, a three of a kind as one pair and a single card; with
      ``six_pairs_exactly`` only six pairs of six ranks and a single of a
      seventh count);
    * three flushes / three straights: the cards can be set as a 5-card
      flush (straight) in the back and in the middle and three cards of one suit
      (in sequence: A-2-3 up to Q-K-A, or from 2-3-4 without ``ace_low_front``)
      in the front.

    >>> sorted(s.label for s in find_specials("2s 3d 4h 5c 6s 7d 8c 9h 10s Jd Qh Kc As"))
    ['dragon', 'three straights']
    >>> sorted(s.label for s in find_specials("2s 2d 4h 4c 6s 6d 8c 8h 10s 10d Qh Qc As"))
    ['six pairs']
    >>> find_specials("2s 2d 2h 4c 4s 6d 6c 8h 8s 10d 10c Qh Qc")
    {<Special.SIX_PAIRS: 'six pairs'>}
    >>> find_specials("2s 2d 2h 4c 4s 6d 6c 8h 8s 10d 10c Qh Qc", six_pairs_exactly=True)
    set()
    """
    hand = _thirteen(cards)
    key = frozenset((c.rank, c.suit) for c in hand)
    return set(_specials_of(key, six_pairs_exactly, ace_low_front))


@lru_cache(maxsize=4096)
def _specials_of(
    key: frozenset[tuple[Rank, object]], six_pairs_exactly: bool = False, ace_low_front: bool = True
) -> frozenset[Special]:
    """The specials of a hand given as (rank, suit) pairs (cached: scoring asks often)."""
    hand = [Card(rank, suit) for rank, suit in key]  # type: ignore[arg-type]
    found: set[Special] = set()
    counts = Counter(c.rank for c in hand)
    if len(counts) == 13:
        found.add(Special.DRAGON)
    if max(counts.values()) == 4:
        found.add(Special.FOUR_OF_A_KIND)
    if sum(n // 2 for n in counts.values()) == 6 and (
        not six_pairs_exactly or sorted(counts.values()) == [1] + [2] * 6
    ):
        found.add(Special.SIX_PAIRS)
    for suit in SUITS:
        ranks = {int(c.rank) for c in hand if c.suit is suit}
        if 14 in ranks:
            ranks.add(1)
        if any(all(r + k in ranks for k in range(5)) for r in range(1, 11)):
            found.add(Special.STRAIGHT_FLUSH)
            break
    suit_counts = Counter(c.suit for c in hand)
    if _suits_split_into(list(suit_counts.values()), [5, 5, 3]):
        found.add(Special.THREE_FLUSHES)
    rank_counts = Counter(int(c.rank) for c in hand)
    if _ranks_split_into_sequences(rank_counts, (5, 5, 3), ace_low_front=ace_low_front):
        found.add(Special.THREE_STRAIGHTS)
    return frozenset(found)


def more_specials(cards: str | Iterable[AnyCard]) -> set[Special]:
    """The special hands of Vietnamese home play that the 13 cards hold.

    * one-suit dragon: 2 to ace of one suit (*rồng cuốn*);
    * thirteen (or at least twelve) cards of one colour (*đồng màu*);
    * five pairs and a three of a kind (*năm đôi một sám*);
    * three of a kind three times.

    >>> sorted(s.label for s in more_specials("2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh Ah"))
    ['one-suit dragon', 'thirteen cards of one colour', 'twelve cards of one colour']
    >>> sorted(s.label for s in more_specials("2s 2d 4h 4c 6s 6d 8c 8h 10s 10d Qh Qc Qs"))
    ['five pairs and a three of a kind']
    """
    hand = _thirteen(cards)
    found: set[Special] = set()
    ranks = Counter(c.rank for c in hand)
    colours = Counter(c.suit.color for c in hand)
    if len(ranks) == 13 and len({c.suit for c in hand}) == 1:
        found.add(Special.ONE_SUIT_DRAGON)
    if max(colours.values()) == 13:
        found.add(Special.THIRTEEN_ONE_COLOUR)
    if max(colours.values()) >= 12:
        found.add(Special.TWELVE_ONE_COLOUR)
    if sorted(ranks.values()) == [2, 2, 2, 2, 2, 3]:
        found.add(Special.FIVE_PAIRS_AND_TRIPS)
    if sum(1 for n in ranks.values() if n >= 3) >= 3:
        found.add(Special.THREE_TRIPS)
    return found


def _ranks_split_into_sequences(
    counts: dict[int, int], lengths: tuple[int, ...], *, ace_low_front: bool = True
) -> bool:
    """Can these rank counts be used up exactly by runs of these lengths?

    A run of 5 goes from A-2-3-4-5 to 10-J-Q-K-A, a run of 3 from A-2-3 (2-3-4
    without ``ace_low_front``) to Q-K-A (the same sequences
    :func:`special_arrangement` accepts), so this says whether the cards can
    be *set* as three straights.
    """
    if not lengths:
        return not any(counts.values())
    length = lengths[0]
    first = 2 if length == 3 and not ace_low_front else 1
    for low in range(first, 16 - length):
        ranks = [14 if r == 1 else r for r in range(low, low + length)]
        if all(counts.get(r, 0) > 0 for r in ranks):
            for r in ranks:
                counts[r] -= 1
            ok = _ranks_split_into_sequences(counts, lengths[1:], ace_low_front=ace_low_front)
            for r in ranks:
                counts[r] += 1
            if ok:
                return True
    return False


def _suits_split_into(counts: list[int], parts: list[int]) -> bool:
    """Can suits with these card counts be cut exactly into flushes of these sizes?"""
    if not parts:
        return all(n == 0 for n in counts)
    part, rest = parts[0], parts[1:]
    for i, n in enumerate(counts):
        if n >= part:
            counts[i] -= part
            ok = _suits_split_into(counts, rest)
            counts[i] += part
            if ok:
                return True
    return False


# ---------------------------------------------------------------------------
# the solver


@lru_cache(maxsize=2)
def _strength_tables() -> tuple[dict[int, float], dict[int, float]]:
    """For each hand value: the share of all hands of its size it beats (ties count half)."""
    out: list[dict[int, float]] = []
    for size, table in ((5, _TABLE5), (3, _TABLE3)):
        hands_per_value: Counter[int] = Counter()
        for key, value in table.items():
            hands_per_value[value] += _hands_with_key(key, size)
        total = sum(hands_per_value.values())
        below = 0
        strength: dict[int, float] = {}
        for value in sorted(hands_per_value):
            n = hands_per_value[value]
            strength[value] = (below + n / 2) / total
            below += n
        out.append(strength)
    return out[0], out[1]


_PRIME_RANK = {
    p: r
    for r, p in zip(range(2, 15), (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41), strict=True)
}


def _hands_with_key(key: int, size: int) -> int:
    """How many real hands share a lookup key of the poker tables."""
    flush = key >> 27
    product = key & ((1 << 27) - 1)
    counts: Counter[int] = Counter()
    for prime, rank in _PRIME_RANK.items():
        while product % prime == 0:
            counts[rank] += 1
            product //= prime
    if flush:
        return 1  # five distinct ranks, one given suit
    n = 1
    for c in counts.values():
        n *= comb(4, c)
    if size == 5 and len(counts) == 5:
        n -= 4  # the four flushes have keys of their own
    return n


def row_strength(value: HandValue) -> float:
    """The share of all hands of the same size (5 or 3 cards) that ``value`` beats.

    Ties count half.  This is the solver's measure of a row.

    >>> round(row_strength(HandValue.from_cards("As Ah Ad Kc Kd")), 4)
    0.9997
    """
    five, three = _strength_tables()
    return (three if value.size == 3 else five)[value.code]


_FRONT_SUBSETS = tuple(combinations(range(13), 3))
_BACK_SUBSETS = tuple(combinations(range(13), 5))


@lru_cache(maxsize=1)
def _split_plan() -> tuple[tuple[tuple[int, int], ...], ...]:
    """For each 5-subset of positions 0..12 (as the back, by its index in
    ``_BACK_SUBSETS``): the (middle index, front index) pairs of the 8 cards
    left.  Fixed for every hand, so built once."""
    five = {frozenset(s): n for n, s in enumerate(_BACK_SUBSETS)}
    three = {frozenset(s): n for n, s in enumerate(_FRONT_SUBSETS)}
    plan = []
    for back in _BACK_SUBSETS:
        rest = [i for i in range(13) if i not in back]
        pairs = []
        for mid in combinations(rest, 5):
            front = frozenset(rest) - frozenset(mid)
            pairs.append((five[frozenset(mid)], three[front]))
        plan.append(tuple(pairs))
    return tuple(plan)


#: The objectives :func:`best_arrangement` knows: expected points (the
#: default, :mod:`rules_lib.expected`) and the sum of the rows' strengths.
OBJECTIVES = ("expected", "strength")


def best_arrangement(
    cards: str | Iterable[AnyCard],
    game: str = "mau_binh",
    *,
    objective: str = "expected",
    strict: bool = False,
    rules: MauBinhRules | ChinesePokerRules | None = None,
) -> Arrangement:
    """The solver's best arrangement of ``cards`` for ``game`` (``"mau_binh"``
    or ``"chinese_poker"``), never misset.

    ``objective``:

    * ``"expected"`` (the default): the most expected points against a table
      of players who set their hands the same way
      (:func:`rules_lib.expected.expected_best_arrangement`);
    * ``"strength"``: the largest sum of the rows' strengths, each row's
      share of all possible rows of its size that it beats
      (:func:`strongest_arrangement`); the same for both games.

    Special hands are not part of either objective: the bots of
    :func:`rules_lib.strategy.solver_arrangement` set three flushes or three
    straights when Mậu Binh pays them.

    >>> hand = "As Ah Kd Kc 9s 9h 7d 6c 5s 4h 3d 2c Qs"
    >>> str(best_arrangement(hand))
    '7♦ 6♣ 5♠ 4♥ 3♦ / A♠ A♥ 9♠ 9♥ 2♣ / K♦ K♣ Q♠'
    >>> str(best_arrangement(hand, objective="strength"))
    '7♦ 6♣ 5♠ 4♥ 3♦ / K♦ K♣ 9♠ 9♥ 2♣ / A♠ A♥ Q♠'
    >>> best_arrangement(hand, objective="luck")
    Traceback (most recent call last):
    ...
    rules_lib.errors.UnknownOptionError: no objective 'luck'; choose one of: expected, strength
    """
    if objective == "strength":
        return strongest_arrangement(cards, strict=strict)
    if objective == "expected":
        from .expected import expected_best_arrangement  # it builds on this module

        return expected_best_arrangement(cards, game, strict=strict, rules=rules)
    raise UnknownOptionError(f"no objective {objective!r}; choose one of: {', '.join(OBJECTIVES)}")


def strongest_arrangement(cards: str | Iterable[AnyCard], *, strict: bool = False) -> Arrangement:
    """The arrangement, among all 72,072, that maximises the sum of the rows' strengths
    (the ``"strength"`` objective of :func:`best_arrangement`).

    The objective: for each row, the share of all hands of its size (every
    5-card hand for back and middle, every 3-card hand for the front) that
    the row beats, ties counting half (:func:`row_strength`); add the three.
    Misset arrangements are never chosen (with ``strict``, neither is a middle
    that ties the back: see :meth:`Arrangement.is_misset`).  Ties between
    arrangements go to the stronger back, then the stronger middle.

    Each 5-card and 3-card subset is evaluated once; backs are tried from the
    strongest down, and the search stops when even a middle as strong as the
    back and the best possible front could not beat the best found.

    >>> str(strongest_arrangement("As Ah Kd Kc 9s 9h 7d 6c 5s 4h 3d 2c Qs"))
    '7♦ 6♣ 5♠ 4♥ 3♦ / K♦ K♣ 9♠ 9♥ 2♣ / A♠ A♥ Q♠'
    """
    five_strength, three_strength = _strength_tables()
    best = best_splits(
        _thirteen(cards), five_strength, five_strength, three_strength, strict=strict
    )
    return best[0][1]


def best_splits(
    hand: Sequence[Card],
    back_score: dict[int, float],
    middle_score: dict[int, float],
    front_score: dict[int, float],
    *,
    majority: bool = False,
    strict: bool = False,
    keep: int = 1,
    rescore: Callable[[int, int, int], float] | None = None,
    rescored: int = 0,
) -> list[tuple[float, Arrangement]]:
    """The ``keep`` arrangements of ``hand`` that a score of its rows likes
    best, with their scores, best first; one for each triple of row values
    (arrangements whose rows have the same values score the same).

    With ``rescore``, the best ``max(keep, rescored)`` by the tables are
    scored again by ``rescore(back, middle, front)`` (value codes), and the
    best ``keep`` of those are returned with their new scores.

    Each row's value code is scored by its own table; a table must not
    decrease as the code grows (a stronger row never scores less).  The
    arrangement's score is the sum of the three (or, with ``majority``, the
    chance of winning at least two rows, when each score is the chance of
    winning that row and the rows are independent).  Misset arrangements are
    never chosen; ties go to the stronger back, then the stronger middle.
    """
    plan = _split_plan()
    table5, table3 = _TABLE5, _TABLE3
    ranks = [c.code & 63 for c in hand]
    suits = [c.code & 0xF00 for c in hand]
    values5 = [
        table5[
            ((suits[a] & suits[b] & suits[c] & suits[d] & suits[e]) << 19)
            | ranks[a] * ranks[b] * ranks[c] * ranks[d] * ranks[e]
        ]
        for a, b, c, d, e in _BACK_SUBSETS
    ]
    sb = [back_score[v] for v in values5]
    sm = [middle_score[v] for v in values5]
    values3 = [table3[ranks[a] * ranks[b] * ranks[c]] for a, b, c in _FRONT_SUBSETS]
    s3 = [front_score[v] for v in values3]
    best_front = max(s3)

    def combined(x: float, y: float, z: float) -> float:
        return x * y + x * z + y * z - 2 * x * y * z if majority else x + y + z

    # the scores grow with the value code, so sorting by code orders by score
    order = sorted(zip(values5, range(len(values5))), reverse=True)
    # the best found so far, one per triple of row values, as a min-heap on
    # (score, back value, middle value, -order found): on equal scores the
    # stronger back, then the stronger middle, then the first found is better
    wanted = max(keep, rescored) if rescore is not None else keep
    heap: list[tuple[float, int, int, int, int, tuple[int, int, int]]] = []
    held: set[tuple[int, int, int]] = set()
    floor = -float("inf")  # the score to beat once the heap is full
    found = 0
    for back_v, back in order:
        back_s = sb[back]
        # the middle is no stronger than the back: this bounds every later back too
        if combined(back_s, middle_score[back_v], best_front) < floor:
            break
        highest_mid = back_v - 1 if strict else back_v  # value codes are whole numbers
        for mid, front in plan[back]:
            mid_v = values5[mid]
            if mid_v > highest_mid:
                continue
            front_v = values3[front]
            if front_v > mid_v:
                continue
            if majority:
                x, y, z = back_s, sm[mid], s3[front]
                total = x * y + x * z + y * z - 2 * x * y * z
            else:
                total = back_s + sm[mid] + s3[front]
            if total < floor:
                continue
            triple = (back_v, mid_v, front_v)
            if triple in held:
                continue  # the same row values: worth the same
            found += 1
            entry = (total, back_v, mid_v, -found, front_v, (back, mid, front))
            if len(heap) < wanted:
                heapq.heappush(heap, entry)
                held.add(triple)
            elif entry[:4] > heap[0][:4]:
                gone = heapq.heapreplace(heap, entry)
                held.discard((gone[1], gone[2], gone[4]))
                held.add(triple)
            else:
                continue
            if len(heap) == wanted:
                floor = heap[0][0]
    top = sorted(heap, key=lambda t: t[:4], reverse=True)
    scored = [(t[0], t[5]) for t in top]
    if rescore is not None:
        scored = [(rescore(t[1], t[2], t[4]), t[5]) for t in top]
        scored.sort(key=lambda t: -t[0])  # stable: ties keep the tables' order
    return [
        (
            score,
            Arrangement(
                Cards(hand[i] for i in _BACK_SUBSETS[subsets[0]]),
                Cards(hand[i] for i in _BACK_SUBSETS[subsets[1]]),
                Cards(hand[i] for i in _FRONT_SUBSETS[subsets[2]]),
            ),
        )
        for score, subsets in scored[:keep]
    ]


def naive_best_arrangement(cards: str | Iterable[AnyCard], *, strict: bool = False) -> Arrangement:
    """The same search as :func:`strongest_arrangement`, evaluating each split from scratch.

    Slow (every one of the 72,072 splits is evaluated on its own); kept as the
    reference the benchmark and the tests compare the fast search with.
    """
    hand = _thirteen(cards)
    five_strength, three_strength = _strength_tables()
    best: tuple[float, int, int] | None = None
    best_arr: Arrangement | None = None
    for back_idx in combinations(range(13), 5):
        rest = [i for i in range(13) if i not in back_idx]
        for mid_idx in combinations(rest, 5):
            arr = Arrangement(
                Cards(hand[i] for i in back_idx),
                Cards(hand[i] for i in mid_idx),
                Cards(hand[i] for i in rest if i not in mid_idx),
            )
            if arr.is_misset(strict):
                continue
            b, m, f = arr.values()
            key = (
                five_strength[b.code] + five_strength[m.code] + three_strength[f.code],
                b.code,
                m.code,
            )
            if best is None or key > best:
                best, best_arr = key, arr
    assert best_arr is not None
    return best_arr


def random_hand(rng: random.Random) -> Cards:
    """13 random cards (for simulations and benchmarks)."""
    return Cards(rng.sample(list(standard_deck()), 13))


@dataclass(frozen=True)
class Draft:
    """A hand being set by a player: rows may be over- or under-full for a while.

    Moving cards never loses one; :meth:`arrangement` gives the finished
    :class:`Arrangement` once every row has the right number of cards.

    >>> d = Draft.from_cards("As Ah Kd Kc 9s 9h 7d 6c 5s 4h 3d 2c Qs")
    >>> d.sizes()
    (5, 5, 3)
    >>> d2 = d.move([Card.parse("2c")], Row.BACK)
    >>> d2.sizes(), d2.problems()
    ((6, 5, 2), ['the back has 6 cards; it needs 5', 'the front has 2 cards; it needs 3'])
    """

    back: tuple[Card, ...]
    middle: tuple[Card, ...]
    front: tuple[Card, ...]

    @classmethod
    def from_cards(cls, cards: str | Iterable[AnyCard]) -> Draft:
        """Start from 13 cards sorted high to low: five to the back, five to the middle, three to the front."""
        hand = sorted(
            _thirteen(cards), key=lambda c: (int(c.rank), -SUITS.index(c.suit)), reverse=True
        )
        return cls(tuple(hand[:5]), tuple(hand[5:10]), tuple(hand[10:]))

    @classmethod
    def from_arrangement(cls, arr: Arrangement) -> Draft:
        return cls(*(tuple(arr.row(r)) for r in ROWS))  # type: ignore[arg-type]

    def row(self, row: Row) -> tuple[Card, ...]:
        return getattr(self, row.value)  # type: ignore[no-any-return]

    def sizes(self) -> tuple[int, int, int]:
        return (len(self.back), len(self.middle), len(self.front))

    def move(self, cards: Iterable[Card], to: Row) -> Draft:
        """Move ``cards`` (from wherever they are) to the end of row ``to``."""
        moving = list(dict.fromkeys(cards))  # a card listed twice still moves once
        for card in moving:
            if not any(card in self.row(r) for r in ROWS):
                raise NotationError(f"{card} is not in this hand")
        rows = {r: [c for c in self.row(r) if c not in moving] for r in ROWS}
        rows[to].extend(moving)
        return Draft(*(tuple(rows[r]) for r in ROWS))

    def problems(self) -> list[str]:
        """What stops this draft from being an arrangement (row sizes)."""
        out = []
        for r in ROWS:
            n = len(self.row(r))
            if n != r.size:
                out.append(f"the {r.value} has {n} card{'s' * (n != 1)}; it needs {r.size}")
        return out

    def arrangement(self) -> Arrangement | None:
        if self.problems():
            return None
        return Arrangement(*(Cards(self.row(r)) for r in ROWS))
