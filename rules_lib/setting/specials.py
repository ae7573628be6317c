"""Special hands of 13 cards (docs/GAMES.md §2), which the two games reward in
their own ways: :func:`find_specials` says which a hand holds however it is
set, :func:`arrangement_specials` which a setting *is*, and
:func:`special_arrangement` sets a hand as three straights or three flushes.

>>> sorted(s.label for s in find_specials("2s 3d 4h 5c 6s 7d 8c 9h 10s Jd Qh Kc As"))
['dragon', 'three straights']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from enum import Enum
from functools import lru_cache
from itertools import combinations
from typing import Protocol

from ..cards import SUITS, AnyCard, Card, Cards, Rank
from ..errors import NotationError
from ..poker import Category, code3, code5
from .rows import Arrangement, _code, thirteen

__all__ = [
    "SettingRules",
    "Special",
    "arrangement_specials",
    "find_specials",
    "held_specials",
    "more_specials",
    "special_arrangement",
]


class SettingRules(Protocol):
    """What the shared code reads of either game's rules: how the rows are
    ordered and how the special hands are counted."""

    @property
    def strict_row_order(self) -> bool: ...
    @property
    def six_pairs_exactly(self) -> bool: ...
    @property
    def ace_low_front_straight(self) -> bool: ...


class Special(Enum):
    """Special hands of 13 cards, highest first in the book's order of instant wins.

    The order is a convention (the source does not rank its instant wins),
    and not rarity: three straights are rarer than six pairs or three
    flushes.  A game's rules may order them otherwise.
    """

    DRAGON = "dragon"
    STRAIGHT_FLUSH = "straight flush"
    FOUR_OF_A_KIND = "four of a kind"
    SIX_PAIRS = "six pairs"
    THREE_FLUSHES = "three flushes"
    THREE_STRAIGHTS = "three straights"
    # found by more_specials: instant wins of Vietnamese home play
    ONE_SUIT_DRAGON = "one-suit dragon"
    THIRTEEN_ONE_COLOUR = "thirteen cards of one colour"
    TWELVE_ONE_COLOUR = "twelve cards of one colour"
    FIVE_PAIRS_AND_TRIPS = "five pairs and a three of a kind"
    THREE_TRIPS = "three of a kind three times"

    @property
    def label(self) -> str:
        return self.value


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
    hand = thirteen(cards)
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
    hand = thirteen(cards)
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
    hand = thirteen(cards)
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


def held_specials(cards: str | Iterable[AnyCard], rules: SettingRules) -> set[Special]:
    """The special hands the 13 cards hold, counted as ``rules`` count them
    (``six_pairs_exactly``, ``ace_low_front_straight``).

    >>> from types import SimpleNamespace
    >>> rules = SimpleNamespace(six_pairs_exactly=False, ace_low_front_straight=True)
    >>> hand = "2s 2h 3d 3c 4s 4h 5d 5c 6s 6h 6d 6c 9s"  # four pairs and four sixes
    >>> sorted(s.label for s in held_specials(hand, rules))
    ['four of a kind', 'six pairs']
    >>> sorted(s.label for s in held_specials(hand, SimpleNamespace(six_pairs_exactly=True, ace_low_front_straight=True)))
    ['four of a kind']
    """
    return find_specials(
        cards,
        six_pairs_exactly=rules.six_pairs_exactly,
        ace_low_front=rules.ace_low_front_straight,
    )
