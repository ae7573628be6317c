"""How rare is it? Exact odds of what a 13-card hand holds, and a simulation to check them.

Every figure here is a count of hands out of the C(52, 13) = 635,013,559,600
possible 13-card hands, computed by counting, not sampling:

* properties of the ranks alone (a dragon, six pairs, four of a kind, a
  straight, three straights...) by a walk over the 13 ranks that keeps only
  what the property needs (how many cards so far, how many pairs...), each
  rank taken 0 to 4 times in C(4, k) ways;
* properties of the suits alone (a flush, three flushes) by the number of
  cards in each suit, C(13, k) ways each;
* a straight flush by counting, suit by suit, the sets of ranks with no five
  in a row.

>>> hands_with("dragon")
67108864
>>> round(HANDS_13 / hands_with("dragon"), 1)
9462.4
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable
from functools import cache
from itertools import product
from math import comb
from typing import Any

from .cards import AnyCard, Card, standard_deck
from .errors import UnknownOptionError
from .setting.specials import _ranks_split_into_sequences

__all__ = [
    "HANDS_13",
    "HOLDINGS",
    "hands_with",
    "holdings",
    "probability",
    "simulate_holdings",
]

HANDS_13 = comb(52, 13)

#: What a 13-card hand can hold, each with a one-line definition.
HOLDINGS: dict[str, str] = {
    "dragon": "one card of each of the 13 ranks",
    "six pairs": "six pairs (a four of a kind counts as two pairs), the 13th card anything",
    "six pairs exactly": "six pairs of six different ranks and one single card",
    "four of a kind": "all four cards of some rank",
    "straight flush": "five cards in sequence in one suit (A-2-3-4-5 up to 10-J-Q-K-A)",
    "three flushes": "all 13 cards split into flushes of 5, 5 and 3",
    "three straights": "all 13 cards split into sequences of 5, 5 and 3 ranks",
    "full house": "three cards of one rank and two of another",
    "flush": "five or more cards of one suit",
    "straight": "five ranks in sequence, any suits",
    "three of a kind": "three or more cards of some rank",
    "two pair": "two or more cards in each of two ranks",
    "pair": "two cards of the same rank",
}

_RANK_WAYS = tuple(comb(4, k) for k in range(5))  # ways to take k of a rank's 4 cards


def _rank_walk(
    start: Any,
    step: Callable[[Any, int, int], Any | None],
    accept: Callable[[Any], bool],
) -> int:
    """Hands counted over the ranks A, 2, ..., K, taking 0-4 cards of each.

    ``state`` is (cards so far, extra); ``step(extra, rank_index, k)`` gives
    the next extra or None to drop the branch.
    """
    states: Counter[tuple[int, Any]] = Counter({(0, start): 1})
    for index in range(13):
        nxt: Counter[tuple[int, Any]] = Counter()
        for (cards, extra), ways in states.items():
            for k in range(5):
                if cards + k > 13:
                    break
                new = step(extra, index, k)
                if new is not None:
                    nxt[(cards + k, new)] += ways * _RANK_WAYS[k]
        states = nxt
    return sum(w for (cards, extra), w in states.items() if cards == 13 and accept(extra))


def _straight_count() -> int:
    # index 0 is the ace (low); a run of 4 ending at the king plus an ace is 10-J-Q-K-A
    def step(extra: Any, index: int, k: int) -> Any:
        run, found, ace = extra
        run = run + 1 if k else 0
        return (min(run, 5), found or run >= 5, ace or (index == 0 and k > 0))

    return _rank_walk((0, False, False), step, lambda e: e[1] or (e[2] and e[0] >= 4))


def _no_run_of_five(k: int) -> int:
    """Sets of k ranks of one suit with no five in sequence (ace high or low)."""
    total = 0
    for mask in range(1 << 13):  # bit 0 = ace, bits 1..12 = 2..K
        if mask.bit_count() != k:
            continue
        bits = mask | ((mask & 1) << 13)  # the ace again above the king
        if not any((bits >> s) & 0b11111 == 0b11111 for s in range(10)):
            total += 1
    return total


def _suit_vectors() -> Iterable[tuple[int, int, int, int]]:
    for a in range(14):
        for b in range(14 - a):
            for c in range(14 - a - b):
                yield a, b, c, 13 - a - b - c


def _splits_into(counts: list[int], parts: list[int]) -> bool:
    if not parts:
        return not any(counts)
    for i, n in enumerate(counts):
        if n >= parts[0]:
            counts[i] -= parts[0]
            ok = _splits_into(counts, parts[1:])
            counts[i] += parts[0]
            if ok:
                return True
    return False


def _three_straights_count() -> int:
    fives = [[(start + i) % 13 for i in range(5)] for start in range(10)]  # A2345 .. 10JQKA
    threes = [[(start + i) % 13 for i in range(3)] for start in range(12)]  # A23 .. QKA
    vectors = set()
    for a, b, c in product(fives, fives, threes):
        counts = [0] * 13
        for r in a + b + c:
            counts[r] += 1
        if max(counts) <= 4:
            vectors.add(tuple(counts))
    total = 0
    for vector in vectors:
        ways = 1
        for k in vector:
            ways *= _RANK_WAYS[k]
        total += ways
    return total


@cache
def hands_with(holding: str) -> int:
    """How many of the C(52, 13) hands hold ``holding`` (a key of :data:`HOLDINGS`).

    >>> hands_with("six pairs exactly") == comb(13, 6) * 6**6 * 7 * 4
    True
    """
    if holding not in HOLDINGS:
        raise UnknownOptionError(f"no holding {holding!r}; known: {', '.join(HOLDINGS)}")
    if holding == "dragon":
        return 4**13
    if holding == "pair":
        return HANDS_13 - 4**13  # no pair means thirteen different ranks
    if holding == "six pairs exactly":
        return comb(13, 6) * comb(4, 2) ** 6 * 7 * 4
    if holding == "six pairs":
        return _rank_walk(0, lambda pairs, _i, k: pairs + k // 2, lambda p: p == 6)
    if holding == "four of a kind":
        return _rank_walk(False, lambda has, _i, k: has or k == 4, bool)
    if holding == "three of a kind":
        return _rank_walk(False, lambda has, _i, k: has or k >= 3, bool)
    if holding == "two pair":
        return _rank_walk(0, lambda n, _i, k: min(2, n + (k >= 2)), lambda n: n == 2)
    if holding == "full house":

        def full(extra: Any, _i: int, k: int) -> Any:
            threes, twos = extra
            return (min(2, threes + (k >= 3)), min(2, twos + (k >= 2)))

        return _rank_walk((0, 0), full, lambda e: e[0] >= 1 and e[1] >= 2)
    if holding == "straight":
        return _straight_count()
    if holding == "three straights":
        return _three_straights_count()
    if holding == "flush":
        return sum(
            comb(13, a) * comb(13, b) * comb(13, c) * comb(13, d)
            for a, b, c, d in _suit_vectors()
            if max(a, b, c, d) >= 5
        )
    if holding == "three flushes":
        return sum(
            comb(13, a) * comb(13, b) * comb(13, c) * comb(13, d)
            for a, b, c, d in _suit_vectors()
            if _splits_into([a, b, c, d], [5, 5, 3])
        )
    # straight flush: the hands with none, suit by suit, subtracted from all
    clean = [_no_run_of_five(k) for k in range(14)]
    without = sum(clean[a] * clean[b] * clean[c] * clean[d] for a, b, c, d in _suit_vectors())
    return HANDS_13 - without


def probability(holding: str) -> float:
    """The chance that a random 13-card hand holds ``holding``.

    >>> f"{probability('four of a kind'):.2%}", f"{probability('straight flush'):.2%}"
    ('3.42%', '1.68%')
    """
    return hands_with(holding) / HANDS_13


# ---------------------------------------------------------------------------
# the same properties read off one hand, for the simulation


def _runs(present: set[int], length: int) -> bool:
    ranks = present | ({1} if 14 in present else set())
    return any(all(r + i in ranks for i in range(length)) for r in range(1, 15 - length + 1))


def holdings(hand: Iterable[AnyCard]) -> set[str]:
    """Which of :data:`HOLDINGS` this 13-card hand holds.

    >>> from rules_lib import parse_cards
    >>> sorted(holdings(parse_cards("2s 3d 4h 5c 6s 7d 8c 9h 10s Jd Qh Kc As")))
    ['dragon', 'straight', 'three straights']
    """
    cards = [c for c in hand if isinstance(c, Card)]
    ranks = Counter(int(c.rank) for c in cards)
    suits = Counter(c.suit for c in cards)
    found = set()
    if len(ranks) == 13:
        found.add("dragon")
    else:
        found.add("pair")
    pairs = sum(n // 2 for n in ranks.values())
    if pairs == 6:
        found.add("six pairs")
        if sorted(ranks.values()) == [1] + [2] * 6:
            found.add("six pairs exactly")
    top = max(ranks.values())
    if top == 4:
        found.add("four of a kind")
    if top >= 3:
        found.add("three of a kind")
        if sum(n >= 2 for n in ranks.values()) >= 2:
            found.add("full house")
    if sum(n >= 2 for n in ranks.values()) >= 2:
        found.add("two pair")
    if _runs(set(ranks), 5):
        found.add("straight")
    if max(suits.values()) >= 5:
        found.add("flush")
    if any(_runs({int(c.rank) for c in cards if c.suit is s}, 5) for s in suits):
        found.add("straight flush")
    if _splits_into(list(suits.values()), [5, 5, 3]):
        found.add("three flushes")
    if _ranks_split_into_sequences(ranks, (5, 5, 3)):
        found.add("three straights")
    return found


def simulate_holdings(
    deals: int, seed: int, progress: Callable[[int], None] | None = None
) -> Counter[str]:
    """Count the holdings of ``deals`` random 13-card hands (seeded).

    ``progress(done)`` is called every 1,000 hands.

    >>> simulate_holdings(2_000, seed=1)["pair"] > 1_990
    True
    """
    rng = random.Random(seed)
    deck = list(standard_deck())
    seen: Counter[str] = Counter()
    for n in range(1, deals + 1):
        seen.update(holdings(rng.sample(deck, 13)))
        if progress is not None and n % 1000 == 0:
            progress(n)
    return seen
