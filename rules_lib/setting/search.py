"""The 72,072 ways to set 13 cards, searched (:func:`best_splits`).

One search serves every objective: a score for each row's value (a table
per row) says what a setting is worth, and :func:`best_splits` finds the
settings it likes best.  :func:`strongest_arrangement` is the plainest
objective, the rows' strengths (:func:`row_strength`); the expected points
of :mod:`rules_lib.setting.expected` are the book's.

>>> str(strongest_arrangement("As Ah Kd Kc 9s 9h 7d 6c 5s 4h 3d 2c Qs"))
'7♦ 6♣ 5♠ 4♥ 3♦ / K♦ K♣ 9♠ 9♥ 2♣ / A♠ A♥ Q♠'
"""

from __future__ import annotations

import heapq
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from itertools import combinations
from math import comb

from ..cards import AnyCard, Card, Cards
from ..poker import _TABLE3, _TABLE5, HandValue
from .rows import Arrangement, thirteen

__all__ = [
    "SPLITS",
    "best_splits",
    "naive_best_arrangement",
    "row_strength",
    "strongest_arrangement",
]

#: The number of ways to set 13 cards as back, middle and front.
SPLITS = comb(13, 5) * comb(8, 5)


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


def strongest_arrangement(cards: str | Iterable[AnyCard], *, strict: bool = False) -> Arrangement:
    """The arrangement, among all 72,072, that maximises the sum of the rows' strengths
    (the ``"strength"`` objective of :data:`~rules_lib.setting.expected.OBJECTIVES`).

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
    best = best_splits(thirteen(cards), five_strength, five_strength, three_strength, strict=strict)
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
    hand = thirteen(cards)
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
