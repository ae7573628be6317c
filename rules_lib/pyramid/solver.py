"""Whether a Pyramid position can still be won, and a winning line when it can.

The search knows the order of the stock (a player does not): "winnable"
means that *some* order of moves clears the deal.  It is exact: a depth-first
search over positions that remembers every position it has found lost, with
rules that skip moves and positions but never change the answer.  Each rule
is stated where it is used (rules 1 to 10 in the comments below), with the
reason it is sound; in short:

* **Forced moves.**  A free king is taken at once; so is a pair of two values
  whose every card left is a free card of the pyramid.
* **Lost at a glance.**  Some card can never be paired: its partners all lie
  on it or under it (:func:`dead_card`), or more cards need a stock card of
  some value than the stock and the waste hold; under "every card", some
  stock card has no partner left, or the stock could not be emptied even if
  every pyramid card were at hand (two stock cards only ever pair as
  neighbours).
* **Smaller searches that are easier to win** (relaxations): the pyramid
  could not be cleared even if every stock card left were at hand; in the
  last pass, even if every card still in the stock were at hand, the waste
  staying a pile whose top card alone can be taken.  Each is a search of its
  own, with its own forced moves, and remembers its answers.
* **One order for moves that commute.**  Two cards of the pyramid are paired
  only when the next move needs them gone; the waste's top card is paired
  with a pyramid card as early as it could have been.
* **Positions that are the same game.**  Suits never matter, so a position is
  remembered by the values of the stock's cards in order; in the last pass,
  waste cards that can never be reached or never be of use are left out.  A
  position lost in one pass is lost in every later one.

:mod:`rules_lib.pyramid.plain` is the plain exhaustive search it is tested
against, and ``benchmarks/pyramid_solver.py`` times the two.

>>> from rules_lib.pyramid import new_game
>>> result = solve(new_game(3))
>>> result.winnable, len(result.line) > 0
(True, True)
>>> from rules_lib.engine import replay
>>> replay(new_game(3), result.line).is_won()
True
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple, TypeVar

from ..cards import Card
from ..errors import RulesError
from .game import AGAIN, FULL_PYRAMID, FULL_STOCK, TURN, Action, PyramidState, Take
from .rules import COVERED_BY, PYRAMID_SIZE, STOCK_SIZE, value

__all__ = ["SearchLimitError", "Solution", "dead_card", "solve"]


class SearchLimitError(RulesError):
    """The search met the limit on positions it was given before it could answer."""


@dataclass(frozen=True)
class Solution:
    """The answer: whether the position can be won, a winning line, positions searched."""

    winnable: bool
    line: tuple[Action, ...]
    positions: int
    reason: str = ""

    def __bool__(self) -> bool:
        return self.winnable


# --- the pyramid's shape ----------------------------------------------------------------


def _cones() -> tuple[tuple[int, ...], tuple[int, ...]]:
    """For each place: every place it covers, directly or not (a mask), and those directly."""
    children = [0] * PYRAMID_SIZE
    for i, cover in enumerate(COVERED_BY):
        for c in cover:
            children[c] |= 1 << i
    cone = [0] * PYRAMID_SIZE
    for i in range(PYRAMID_SIZE):  # top rows first: a place's children come earlier
        mask = children[i]
        for j in range(PYRAMID_SIZE):
            if children[i] >> j & 1:
                mask |= cone[j]
        cone[i] = mask
    return tuple(cone), tuple(children)


CONE, CHILDREN = _cones()
#: For each place, the mask of the two places covering it (0 in the bottom row).
_NEED = tuple(sum(1 << c for c in cover) for cover in COVERED_BY)
#: For each place, the places it lies on (those it covers directly).
_ON = tuple(
    tuple(j for j in range(PYRAMID_SIZE) if CHILDREN[i] >> j & 1) for i in range(PYRAMID_SIZE)
)


def _related(relaxed: bool) -> tuple[int, ...]:
    """For each place, the places it can never pair with: those under it and those over it
    (but, under the relaxed rule, the ones it directly covers or is directly covered by)."""
    related = []
    for i in range(PYRAMID_SIZE):
        mask = CONE[i]
        for j in range(PYRAMID_SIZE):
            if CONE[j] >> i & 1:
                mask |= 1 << j
        if relaxed:
            mask &= ~CHILDREN[i]
            for c in COVERED_BY[i]:
                mask &= ~(1 << c)
        related.append(mask)
    return tuple(related)


_RELATED = {False: _related(False), True: _related(True)}

#: What a set of gone places means whatever the deal: the free places (a mask and a
#: tuple), and the pairs (card on, card under) in which the card on is free and is the
#: only card left on the card under (the relaxed rule's pairs, whatever the values).
_SHAPES: dict[int, tuple[int, tuple[int, ...], tuple[tuple[int, int], ...]]] = {}


def _shape(gone: int) -> tuple[int, tuple[int, ...], tuple[tuple[int, int], ...]]:
    free = 0
    for i in range(PYRAMID_SIZE):
        if not gone >> i & 1 and gone & _NEED[i] == _NEED[i]:
            free |= 1 << i
    loose = []
    for i in range(PYRAMID_SIZE):
        cover = COVERED_BY[i]
        if gone >> i & 1 or not cover:
            continue
        a_gone, b_gone = gone >> cover[0] & 1, gone >> cover[1] & 1
        if a_gone != b_gone:
            c = cover[1] if a_gone else cover[0]
            if free >> c & 1:
                loose.append((c, i))
    facts = (free, tuple(i for i in range(PYRAMID_SIZE) if free >> i & 1), tuple(loose))
    _SHAPES[gone] = facts
    return facts


# --- why the pyramid can no longer be cleared, in words ---------------------------------


def dead_card(state: PyramidState) -> str:
    """Why the pyramid can no longer be cleared, if one card shows it ("" if none does).

    A card of the pyramid is dead when none of its partners is left where it
    could ever meet it: each is gone, or lies under it, or lies on it.

    >>> from rules_lib.pyramid import PyramidState
    >>> pyramid = "5d 8c 8h 8s 8d 2c 3c 4c 5c 6c 7c 9c Tc Jc Qc Kc 2h 3h 4h 5h 6h 7h 9h Th Jh Qh Kh As"
    >>> stock = "2s 3s 4s 5s 6s 7s 9s Ts Js Qs Ks Ad 2d 3d 4d 6d 7d 9d Td Jd Qd Kd Ac Ah"
    >>> print(dead_card(PyramidState.from_cards(pyramid, stock)))
    the 5♦ at the top can never be taken: every 8 (8♣ 8♥ 8♠ 8♦) lies on it
    """
    related = _RELATED[state.rules.relaxed]
    for i in range(PYRAMID_SIZE):
        if state.gone >> i & 1:
            continue
        card = state.layout[i]
        assert isinstance(card, Card)
        need = 13 - value(card)
        if need == 0:
            continue
        partners = _partner_spots(state, need)
        live = [s for s in partners if s >= PYRAMID_SIZE or not related[i] >> s & 1]
        if live:
            continue
        word = {1: "ace", 11: "jack", 12: "queen"}.get(need, str(need))
        plural = word + "s"
        names = " ".join(str(state._card(s)) for s in partners)
        where = "at the top" if i == 0 else f"in row {_row(i) + 1}"
        if not partners:
            return f"the {card} {where} can never be taken: every {word} has been taken away"
        under = all(CONE[i] >> s & 1 for s in partners)
        on = not any(CONE[i] >> s & 1 for s in partners)
        place = "under it" if under else "on it" if on else "under it or on it"
        if len(partners) == 4:
            text = f"every {word} ({names}) lies {place}"
        elif len(partners) == 1:
            text = f"the only {word} left, the {names}, lies {place}"
        else:
            text = f"the {plural} left ({names}) lie {place}"
        return f"the {card} {where} can never be taken: {text}"
    return ""


def _row(i: int) -> int:
    row = 0
    while (row + 1) * (row + 2) // 2 <= i:
        row += 1
    return row


def _partner_spots(state: PyramidState, need: int) -> list[int]:
    spots = []
    for i in range(PYRAMID_SIZE):
        if not state.gone >> i & 1 and value(state._card(i)) == need:
            spots.append(i)
    for j in range(STOCK_SIZE):
        if not state.used >> j & 1 and value(state._card(PYRAMID_SIZE + j)) == need:
            spots.append(PYRAMID_SIZE + j)
    return spots


#: Why a deal is lost under "every card" when the stock alone shows it (rule 6).
_STOCK_REASON = (
    "the stock's cards can never all go: two of them pair only when nothing is left "
    "between them, and there are too few pyramid cards to take the others"
)


# --- the search -------------------------------------------------------------------------


def solve(state: PyramidState, *, limit: int | None = None) -> Solution:
    """Whether ``state`` can still be won under its rules, with a winning line if so.

    ``limit`` caps the positions searched (:class:`SearchLimitError` past it);
    no limit by default: the answer is always exact.
    """
    if state.is_won():
        return Solution(True, (), 0)
    search = _Search(state, limit)
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old, 3000))
    try:
        found = search.start(state)
    finally:
        sys.setrecursionlimit(old)
    if found is None:
        reason = dead_card(state) or (
            _STOCK_REASON
            if search.stock_lost
            else "no order of moves clears the "
            + ("pyramid" if state.rules.goal == "pyramid" else "cards")
            + " from here"
        )
        return Solution(False, (), search.positions, reason)
    return Solution(True, tuple(_actions(state, found)), search.positions)


#: A move of the search: the spots taken (a pyramid place, or 28 + a stock index), or
#: ``_TURN`` or ``_AGAIN``.
Move = tuple[int, ...]
_TURN: Move = (-1,)
_AGAIN: Move = (-2,)

# Packed counts: four bits for each value 1 to 12 (value v at bit 4 * (v - 1)).
#: Bit 3 of each field: ``(a + _GUARD - b) & _GUARD == _GUARD`` when every field of a
#: packed count ``a`` is at least the same field of ``b`` (fields up to 8).
_GUARD = int("8" * 12, 16)
#: One card of each value, packed (kings and "no value" count nothing).
_UNIT = (0, *(1 << 4 * (v - 1) for v in range(1, 13)), 0)

# The context of a position (``ctx``), what the move that led to it allows next (rules 8
# and 9 below): bit 0, some pyramid cards (the mask ``f0``) may not pair with the waste's
# top card; bit 1, the move was a pair of pyramid cards (``pbits``; ``f0`` holds the free
# places and, shifted by 28, the gone places before it); bit 2, the move was a turn.
_BANNED, _PAIRED, _TURNED = 1, 2, 4

T = TypeVar("T")


class _Cache(dict[int, T]):
    """A dict that makes what it misses with ``make`` (and keeps it)."""

    def __init__(self, make: Callable[[int], T]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: int) -> T:
        return self.make(key)


class _Shape(NamedTuple):
    """What a set of gone places means in one deal."""

    free: int  # the free places
    kings: int  # the free kings
    pairs: tuple[tuple[int, int, int, int, int], ...]  # (mask, a, b, free before, gone before)
    by: tuple[tuple[int, ...], ...]  # by[w]: the free places that pair with a value w
    bymask: tuple[int, ...]  # the same, as masks
    places: tuple[int, ...]  # the free places, in order
    values: int  # bit v: a card of value v is left in the pyramid
    counts: int  # the pyramid's cards by value, packed
    mirror: int  # field v: the pyramid's cards of value 13 - v
    lonely: int  # packed: the cards that no card left in the pyramid can pair with, by need
    lonely_free: tuple[tuple[int, int], ...]  # (place, value needed) of such free cards
    solo: tuple[tuple[int, int, int], ...]  # (v, a, b): every v and 13 - v left is free here


def _normal(used: int, pos: int) -> int:
    """``pos`` moved on to the stock's top card (24 when the stock is empty)."""
    rest = ~used & FULL_STOCK & ~((1 << pos) - 1)
    return (rest & -rest).bit_length() - 1 if rest else STOCK_SIZE


def _least(a: int, b: int) -> int:
    """Field by field, the smaller of two packed counts (fields of ``a`` up to 7, of
    ``b`` up to 8)."""
    ge = ((a | _GUARD) - b & _GUARD) >> 3
    ge *= 15
    return b & ge | a & ~ge


class _Search:
    """One search: the deal as numbers, and what it has learnt so far.

    The work is done by closures over the deal (``self.run`` and the relaxations),
    which keeps the innermost loops free of attribute look-ups.
    """

    counter: list[int]
    stock_lost: bool

    @property
    def positions(self) -> int:
        return self.counter[0]

    def __init__(self, state: PyramidState, limit: int | None) -> None:
        rules = state.rules
        pv = [value(state._card(i)) for i in range(PYRAMID_SIZE)]
        sv = [value(state._card(PYRAMID_SIZE + j)) for j in range(STOCK_SIZE)]
        passes = rules.passes
        sw = rules.stock_waste_pairs
        every = rules.goal == "every card"
        related = _RELATED[rules.relaxed]
        relaxed = rules.relaxed
        pmask = [0] * 14
        smask = [0] * 14
        for i, v in enumerate(pv):
            pmask[v] |= 1 << i
        for j, v in enumerate(sv):
            smask[v] |= 1 << j
        need_masks = _NEED
        unit = _UNIT
        #: For each place, the kings it lies on.
        kings_on = tuple(tuple(p for p in _ON[i] if pv[p] == 13) for i in range(PYRAMID_SIZE))
        #: Positions looked at (one cell, faster than an attribute), and the limit.
        counter = self.counter = [0]
        cap = float("inf") if limit is None else limit
        self.stock_lost = False
        self.passes = passes

        shapes = _Cache[_Shape](lambda gone: shape_of(gone))

        def shape_of(gone: int) -> _Shape:
            free, places, loose = _SHAPES.get(gone) or _shape(gone)
            left = ~gone & FULL_PYRAMID
            kings = free & pmask[13]
            values = count = 0
            for v in range(1, 14):
                m = pmask[v] & left
                if m:
                    values |= 1 << v
                    if v < 13:
                        count |= m.bit_count() << 4 * (v - 1)
            by: list[tuple[int, ...]] = [()] * 14
            bymask = [0] * 14
            for i in places:
                w = 13 - pv[i]
                by[w] = (*by[w], i)
                bymask[w] |= 1 << i
            pairs: list[tuple[int, int, int, int, int]] = []
            solo: list[tuple[int, int, int]] = []
            for v in range(1, 7):
                a_side = free & pmask[v]
                b_side = free & pmask[13 - v]
                if not (a_side and b_side):
                    continue
                a_list = [i for i in places if a_side >> i & 1]
                b_list = [i for i in places if b_side >> i & 1]
                pairs.extend(
                    (1 << a | 1 << b, a, b, 1 << a | 1 << b, 0) for a in a_list for b in b_list
                )
                if not (pmask[v] | pmask[13 - v]) & left & ~free:
                    solo.append((v, a_list[0], b_list[0]))
            if relaxed:
                for c, i in loose:
                    if pv[c] + pv[i] == 13:
                        pairs.append((1 << c | 1 << i, c, i, 1 << c, need_masks[i] & ~(1 << c)))
            lonely = 0
            lonely_free: list[tuple[int, int]] = []
            rest = left & ~kings
            while rest:
                low = rest & -rest
                i = low.bit_length() - 1
                rest ^= low
                need = 13 - pv[i]
                if need and not pmask[need] & left & ~related[i]:
                    lonely += unit[need]
                    if free & low:
                        lonely_free.append((i, need))
            mirror = sum((count >> 4 * (v - 1) & 15) << 4 * (12 - v) for v in range(1, 13))
            facts = _Shape(
                free,
                kings,
                tuple(pairs),
                tuple(by),
                tuple(bymask),
                places,
                values,
                count,
                mirror,
                lonely,
                tuple(lonely_free),
                tuple(solo),
            )
            shapes[gone] = facts
            return facts

        stocks = _Cache[tuple[int, int, int, int]](lambda left: stock_of(left))

        def stock_of(left: int) -> tuple[int, int, int, int]:
            """The values among the stock cards ``left`` (a mask, bit v for value v), their
            packed counts, their values in stock order (four bits each, first lowest), and
            the partner values they need (bit 13 - v for each value v but kings)."""
            values = count = wants = 0
            for v in range(1, 14):
                n = (smask[v] & left).bit_count()
                if n:
                    values |= 1 << v
                    if v < 13:
                        count |= n << 4 * (v - 1)
                        wants |= 1 << (13 - v)
            seq = shift = 0
            rest = left
            while rest:
                low = rest & -rest
                rest ^= low
                seq |= sv[low.bit_length() - 1] << shift
                shift += 4
            facts = (values, count, seq, wants)
            stocks[left] = facts
            return facts

        def pairs_off(count: int) -> bool:
            """Whether stock cards at hand (packed) can go among themselves."""
            if not every:
                return True
            if not sw:
                return count == 0
            return all(count >> 4 * (v - 1) & 15 == count >> 4 * (12 - v) & 15 for v in range(1, 7))

        # Rule 4, the stock at hand.  If every stock and waste card left could be taken
        # whenever wanted (once each), any real winning line would still be a line of this
        # easier game; so a position that cannot be won in it cannot be won.  Its own
        # search takes, at once, moves that some winning line of the easier game takes
        # at that point too (so none of its answers change):
        # * a free king;
        # * a free card that no pyramid card left can pair with, with a stock card: every
        #   line removes it so, and the stock cards of a value are all alike;
        # * two values whose every card left is a free pyramid card (see rule 2);
        # * under "pyramid", a free card of a value v when there are at least as many
        #   stock cards of value 13 - v as pyramid cards of value v, and of value v as
        #   pyramid cards of 13 - v: then every card of the two values can go with a
        #   stock card as soon as it is free, so a winning line can be made to remove
        #   them all that way (the pyramid only loses cards sooner).
        # A stock card of value v can only ever pair with a pyramid card of value
        # 13 - v, so counts above the pyramid's are cut down (more answers shared).
        clear_memo: dict[int, bool] = {}

        def clearable(gone: int, count: int) -> bool:
            asked = gone | count << 28
            if not every and gone != FULL_PYRAMID:
                count = _least(count, shapes[gone].mirror)
            key = gone | count << 28
            known = clear_memo.get(key)
            if known is not None:
                clear_memo[asked] = known
                return known
            g, c = gone, count
            facts: _Shape | None = None
            while True:
                if g == FULL_PYRAMID:
                    known = pairs_off(c)
                    break
                facts = shapes[g]
                if facts.kings:
                    g |= facts.kings
                    continue
                if facts.lonely and (c + _GUARD) - facts.lonely & _GUARD != _GUARD:
                    known = False
                    break
                if facts.lonely_free:
                    x, w = facts.lonely_free[0]
                    g |= 1 << x
                    c -= unit[w]
                    continue
                for v, a, b in facts.solo:
                    if not c >> 4 * (v - 1) & 15 and not c >> 4 * (12 - v) & 15:
                        g |= 1 << a | 1 << b
                        break
                else:
                    if every:
                        break
                    pc = facts.counts
                    for x in facts.places:
                        fv, fw = 4 * (pv[x] - 1), 4 * (12 - pv[x])
                        if c >> fw & 15 >= pc >> fv & 15 and c >> fv & 15 >= pc >> fw & 15:
                            g |= 1 << x
                            c -= 1 << fw
                            break
                    else:
                        break
            if known is None:
                assert facts is not None
                if g != gone or c != count:
                    known = clearable(g, c)
                else:
                    known = _first(clearable, g, c, facts)
            clear_memo[key] = clear_memo[asked] = known
            return known

        # Rule 5, the last pass.  No pass follows, so a card once on the waste can only be
        # taken from its top: if the cards still in the stock were at hand but the waste
        # stayed a pile, every real winning line would still be a line of that easier
        # game.  Its search takes at once: kings; a free card no pyramid card can pair
        # with, with a stock card, when the waste holds none of its partners; the two
        # values of rule 2 when neither is in the stock or the waste either; and under
        # "pyramid", for two values with enough stock cards for every pyramid and waste
        # card of both (and stock and waste pairs allowed, if any is in the waste), a free
        # card or the waste's top card of those values with a stock card (the argument of
        # rule 4, the waste's cards going at the same moments as before).  It answers
        # yes when the stock alone clears the pyramid, and no when even the whole waste at
        # hand would not.
        last_memo: dict[int, bool] = {}

        def last(gone: int, count: int, waste: int, wcount: int) -> bool:
            """``count``: the stock at hand (packed); ``waste``: its values, four bits
            each, the top card lowest; ``wcount``: their packed counts."""
            if not waste:
                return clearable(gone, count)
            key = gone | count << 28 | waste << 76
            known = last_memo.get(key)
            if known is not None:
                return known
            g, c, pile, wc = gone, count, waste, wcount
            facts: _Shape | None = None
            top = 0
            while True:
                if not pile:
                    known = clearable(g, c)
                    break
                top = pile & 15
                if top == 13:
                    pile >>= 4
                    continue
                if g == FULL_PYRAMID:
                    known = not every
                    if every and sw:  # each waste card needs a stock card at hand
                        while pile:
                            top = pile & 15
                            pile >>= 4
                            if top != 13:
                                if not c >> 4 * (12 - top) & 15:
                                    break
                                c -= unit[13 - top]
                        else:
                            known = pairs_off(c)
                    break
                facts = shapes[g]
                if facts.kings:
                    g |= facts.kings
                    continue
                if facts.lonely and (c + wc + _GUARD) - facts.lonely & _GUARD != _GUARD:
                    known = False
                    break
                for x, w in facts.lonely_free:
                    if not wc >> 4 * (w - 1) & 15:
                        g |= 1 << x
                        c -= unit[w]
                        break
                else:
                    for v, a, b in facts.solo:
                        fv, fw = 4 * (v - 1), 4 * (12 - v)
                        if not (c >> fv & 15 or c >> fw & 15 or wc >> fv & 15 or wc >> fw & 15):
                            g |= 1 << a | 1 << b
                            break
                    else:
                        if every:
                            break
                        pc = facts.counts
                        fv, fw = 4 * (top - 1), 4 * (12 - top)
                        if (
                            sw
                            and c >> fw & 15 >= (pc >> fv & 15) + (wc >> fv & 15)
                            and c >> fv & 15 >= (pc >> fw & 15) + (wc >> fw & 15)
                        ):
                            c -= 1 << fw
                            wc -= 1 << fv
                            pile >>= 4
                            continue
                        for x in facts.places:
                            fv, fw = 4 * (pv[x] - 1), 4 * (12 - pv[x])
                            if (
                                c >> fw & 15 >= (pc >> fv & 15) + (wc >> fv & 15)
                                and c >> fv & 15 >= (pc >> fw & 15) + (wc >> fw & 15)
                                and (sw or not (wc >> fv & 15 or wc >> fw & 15))
                            ):
                                g |= 1 << x
                                c -= 1 << fw
                                break
                        else:
                            break
            if known is None:
                assert facts is not None
                if g != gone or c != count or pile != waste:
                    known = last(g, c, pile, wc)
                elif clearable(g, c):
                    known = True
                elif not clearable(g, c + wc):
                    known = False
                else:
                    known = False
                    below, wc_below = pile >> 4, wc - unit[top]
                    for mask, *_ in facts.pairs:
                        if last(g | mask, c, pile, wc):
                            known = True
                            break
                    else:
                        for a in facts.by[top]:
                            if last(g | 1 << a, c, below, wc_below):
                                known = True
                                break
                        else:
                            by = facts.by
                            for w in range(1, 13):
                                if by[w] and c >> 4 * (w - 1) & 15:
                                    u = unit[w]
                                    for a in by[w]:
                                        if last(g | 1 << a, c - u, pile, wc):
                                            known = True
                                            break
                                    if known:
                                        break
                            else:
                                need = 13 - top
                                if sw and c >> 4 * (need - 1) & 15:
                                    known = last(g, c - unit[need], below, wc_below)
            last_memo[key] = known
            return known

        def final(gone: int, used: int, pos: int, values: int) -> tuple[int, int, int, int]:
            """In the last pass: a key for the position (or -1 if some waste card that must
            go never can), the stock's packed counts, the waste's values (top first) and
            their packed counts, leaving out the waste cards that can no longer matter.

            Rule 7.  With no pass to follow, a waste card whose value pairs with no card left
            in the pyramid nor (if stock and waste pair) in the stock can never go, nor can
            any card under it: under "pyramid" they are out of the game (under "every card"
            the game is lost).  Under "pyramid", waste cards under the last one whose
            partner value is still in the pyramid are of no use either: the pyramid's values
            only ever go, so none of them can ever take a pyramid card, and taking one
            only serves to reach the ones under it.
            """
            ahead = ~used & FULL_STOCK & ~((1 << pos) - 1)
            avals, count, aseq, _ = stocks[ahead]
            waste = wcount = shift = keep = kept = 0
            j = pos - 1
            while j >= 0:
                if not used >> j & 1:
                    u = sv[j]
                    if u != 13:
                        need = 13 - u
                        useful = values >> need & 1
                        if not useful and not (sw and avals >> need & 1):
                            if every:
                                return -1, 0, 0, 0
                            break
                        wcount += unit[u]
                        if useful or every:
                            keep, kept = shift + 4, wcount
                    waste |= u << shift
                    shift += 4
                j -= 1
            waste &= (1 << keep) - 1
            return keep >> 2 | (waste | aseq << keep) << 5, count, waste, kept

        # Rule 6, under "every card", the stock.  Two stock cards pair only as the stock's
        # and the waste's top cards, that is when no card is left between them in the
        # stock's order; the others go one by one with pyramid cards (kings alone).  So in
        # a winning line the stock's cards taken with pyramid cards, D, are at most as
        # many of each value as the pyramid's cards of the partner value, and once D and
        # the kings are left out, the others go by pairs of neighbours: the order in which
        # the line takes them does that (what lay between two of them went before).  Since
        # neighbours adding up to 13 may go in any order and leave the same cards
        # (:func:`_reduced`), some such D must leave nothing: :func:`_reducible` looks for
        # one, with the pyramid's cards as if at hand.  Without stock and waste pairs,
        # every stock card but the kings needs a pyramid card.
        stock_memo: dict[int, bool] = {}

        def stock_clears(seq: int, pcount: int) -> bool:
            key = seq | pcount << 96
            known = stock_memo.get(key)
            if known is None:
                word = []
                while seq:
                    word.append(seq & 15)
                    seq >>= 4
                if sw:
                    known = _reducible(_reduced(word), pcount, {})
                else:
                    known = True
                    for x in word:
                        if x != 13:
                            field = 4 * (12 - x)
                            if not pcount >> field & 15:
                                known = False
                                break
                            pcount -= 1 << field
                stock_memo[key] = known
            return known

        # Rule 10: a position found lost (under its context) is remembered with its pass
        # level; it is lost at that level and every more restricted one (a later pass, or
        # under no limit a pass that has taken no card yet: those can only do less).
        lost: dict[int, int] = {}
        lost_last: dict[int, int] = {}
        finals: dict[int, tuple[int, int, int, int]] = {}

        def run(
            gone: int, used: int, pos: int, level: int, ctx: int, f0: int, pbits: int
        ) -> list[Move] | None:
            """A winning list of moves (last move first), or None."""
            forced: list[Move] | None = None
            while True:
                if gone == FULL_PYRAMID and (not every or used == FULL_STOCK):
                    return forced[::-1] if forced else []
                facts = shapes[gone]
                # Rule 1: a free king is taken at once.  Take a winning line that does not:
                # the king lies on nothing a move needs, pairs with nothing, and goes
                # later (or never, if a stock king under "pyramid"); taking it first leaves
                # every later move legal (a stock king skipped by a turn in the line, or the
                # only card of a pass, just drops those turns, or that pass, from the
                # line), so that line wins too.
                if facts.kings:
                    forced = forced or []
                    forced.extend((i,) for i in _bits(facts.kings))
                    gone |= facts.kings
                    level = 0 if passes is None else level
                    continue
                if pos < STOCK_SIZE and sv[pos] == 13:
                    forced = forced or []
                    forced.append((PYRAMID_SIZE + pos,))
                    used |= 1 << pos
                    pos = _normal(used, pos)
                    level = 0 if passes is None else level
                    continue
                rest = ~used & ((1 << pos) - 1)
                if rest and sv[rest.bit_length() - 1] == 13:
                    forced = forced or []
                    forced.append((PYRAMID_SIZE + rest.bit_length() - 1,))
                    used |= 1 << (rest.bit_length() - 1)
                    level = 0 if passes is None else level
                    ctx = 0  # the waste's top card has changed
                    continue
                # Rule 2: when every card left of two values v and 13 - v is a free pyramid
                # card, two of them are paired at once.  In a winning line they can only pair
                # among themselves, and all of them go; they stay free until they go, so
                # pairing them in any order at the moments the line pairs its own (and one
                # pair now) keeps at least as many cards gone at every moment: every other
                # move stays legal.  (A pass left with no card taken is dropped, under no
                # limit.)  The search goes on from there with no context.
                if facts.solo:
                    values = stocks[~used & FULL_STOCK][0]
                    for v, a, b in facts.solo:
                        if not values & (1 << v | 1 << (13 - v)):
                            forced = forced or []
                            forced.append((a, b))
                            gone |= 1 << a | 1 << b
                            level = 0 if passes is None else level
                            ctx = 0
                            break
                    else:
                        break
                    continue
                break
            if gone == FULL_PYRAMID and (not every or used == FULL_STOCK):
                return forced[::-1] if forced else []
            left_s = ~used & FULL_STOCK
            svals, count, seq, wants = stocks[left_s]
            # Rule 7: suits never matter, so the key is the pyramid's gone places, the values
            # of the stock's cards in order and how many of them are on the waste (and the
            # cards banned by rule 9); in the last pass, see ``final``.
            banned = f0 if ctx & _BANNED else 0
            if level == passes:
                table = lost_last
                fkey = left_s | pos << 24 | facts.values << 29
                part, at_hand, waste_values, waste_count = finals.get(fkey) or final(
                    gone, used, pos, facts.values
                )
                finals[fkey] = (part, at_hand, waste_values, waste_count)
                key = banned | gone << 28 | part << 56
            else:
                table = lost
                key = (
                    banned | gone << 28 | (left_s & ((1 << pos) - 1)).bit_count() << 56 | seq << 61
                )
            if not ctx & _PAIRED:
                seen = table.get(key)
                if seen is not None and seen <= level:
                    return None
                if banned:  # lost with no card banned: lost with some
                    seen = table.get(key & ~FULL_PYRAMID)
                    if seen is not None and seen <= level:
                        return None
            counter[0] += 1
            if counter[0] > cap:
                raise SearchLimitError(f"the search passed its limit of {limit} positions")
            # Rule 3: the cards no pyramid card left can pair with each need a stock or waste
            # card of the partner value, a different one each.
            if (
                (facts.lonely and (count + _GUARD) - facts.lonely & _GUARD != _GUARD)
                or (
                    every
                    and (
                        # Under "every card" each stock card needs a partner value left.
                        wants & ~(facts.values | (svals if sw else 0))
                        or (not ctx & _TURNED and not stock_clears(seq, facts.counts))
                    )
                )
                or (
                    not (clear_memo.get(gone | count << 28) or clearable(gone, count))
                    if level != passes
                    else part < 0 or not last(gone, at_hand, waste_values, waste_count)
                )
            ):
                if not ctx & _PAIRED:
                    table[key] = level
                return None
            found = moves(gone, used, pos, level, ctx, f0, pbits, facts, rest)
            if found is not None:
                if forced:
                    found.extend(forced[::-1])
                return found
            if not ctx & _PAIRED:
                seen = table.get(key)
                if seen is None or level < seen:
                    table[key] = level
            return None

        def wanted(gone: int, free: int, mask: int, top: int, waste: int) -> bool:
            """Whether rule 8 lets any move follow the pair ``mask`` that made ``gone``
            (the free places were ``free``), or a forced move or a win: if not, the
            position after it need not be looked at."""
            if gone == FULL_PYRAMID:
                return True
            after = shapes[gone]
            if after.kings or after.solo:
                return True
            new = after.free & ~free
            if new and (
                (top >= 0 and new & after.bymask[sv[top]])
                or (waste >= 0 and new & after.bymask[sv[waste]])
            ):
                return True
            old = gone & ~mask
            # a loop, not any(): this runs for every pair, and a generator costs more
            for m, _, _, f, g in after.pairs:  # noqa: SIM110
                if m > mask or f & ~free or g & ~old:
                    return True
            return False

        # Rule 8, pairs of pyramid cards.  Take a winning line.  While a pair P of pyramid
        # cards is followed by a move M that was legal before P (M neither uses a card P
        # freed nor, with the relaxed rule, a card P left with one card on it), and M is
        # not going through the stock again nor another pair of pyramid cards that comes
        # before P in a fixed order, swap them: the line stays legal and wins (M does not
        # touch P's cards, and P's cards stay free), with the same pass structure.  Each
        # swap moves a pair later past a move that is not one, or puts two pairs in
        # order, so the swaps end; the kings that a move frees go with it.  So some
        # winning line has every pair followed by a move it made possible, a later pair,
        # or a new pass: after a pair (context ``_PAIRED``) only those are tried.  Such
        # positions hang on the pair before them and are not remembered.
        #
        # Rule 9, the waste's top card.  A move that leaves the waste's top card w where it
        # was (a turn, a take with the stock's top card, a pair of pyramid cards) commutes
        # with a following take of w with a pyramid card x that was free before it, and a
        # turn followed by such a take is the same as taking x with w from the stock, one
        # move shorter: pushing such takes earlier (and shortening) ends, and leaves a
        # winning line in which w is never paired with a card free before the move that
        # came just before.  The cards so banned (``f0``, context ``_BANNED``) are part of
        # the position's key; most often there are none.  The two rules agree: both move
        # pairs of pyramid cards later and takes of the waste's top card earlier.
        def moves(
            gone: int,
            used: int,
            pos: int,
            level: int,
            ctx: int,
            f0: int,
            pbits: int,
            facts: _Shape,
            rest: int,
        ) -> list[Move] | None:
            by = facts.by
            top = pos if pos < STOCK_SIZE else -1
            waste = rest.bit_length() - 1 if rest else -1
            after_take = 0 if passes is None else level
            paired = ctx & _PAIRED
            banned = f0 & FULL_PYRAMID if ctx & (_BANNED | _PAIRED) else 0
            found: list[Move] | None
            if top >= 0 and by[sv[top]]:
                u = used | 1 << top
                after = ~u & FULL_STOCK & -(1 << pos)  # the next stock top, as _normal
                after = (after & -after).bit_length() - 1 if after else STOCK_SIZE
                near = facts.bymask[sv[waste]] if waste >= 0 else 0
                for a in by[sv[top]]:
                    if paired and f0 >> a & 1 and not _frees_king(gone | 1 << a, a, kings_on):
                        continue
                    ban = near & ~(1 << a)
                    found = run(gone | 1 << a, u, after, after_take, _BANNED if ban else 0, ban, 0)
                    if found is not None:
                        found.append((a, PYRAMID_SIZE + top))
                        return found
            if waste >= 0:
                for a in by[sv[waste]]:
                    if banned >> a & 1 and not (paired and _frees_king(gone | 1 << a, a, kings_on)):
                        continue
                    found = run(gone | 1 << a, used | 1 << waste, pos, after_take, 0, 0, 0)
                    if found is not None:
                        found.append((a, PYRAMID_SIZE + waste))
                        return found
                if sw and top >= 0 and sv[top] + sv[waste] == 13 and not paired:
                    u = used | 1 << waste | 1 << top
                    found = run(gone, u, _normal(u, pos), after_take, 0, 0, 0)
                    if found is not None:
                        found.append((PYRAMID_SIZE + waste, PYRAMID_SIZE + top))
                        return found
            before = facts.free | gone << 28
            free = facts.free
            again = top < 0 and waste >= 0 and (level == 0 if passes is None else level < passes)
            for mask, a, b, free_before, gone_before in facts.pairs:
                if paired and not (
                    free_before & ~f0
                    or gone_before & ~(f0 >> 28)
                    or mask > pbits
                    or _frees_king(gone | mask, a, kings_on)
                    or _frees_king(gone | mask, b, kings_on)
                ):
                    continue
                if not again and not wanted(gone | mask, free, mask, top, waste):
                    continue
                found = run(gone | mask, used, pos, after_take, _PAIRED, before, mask)
                if found is not None:
                    found.append((a, b))
                    return found
            if top >= 0:
                if not paired:
                    ban = facts.bymask[sv[top]]
                    turned = _TURNED | (_BANNED if ban else 0)
                    after = ~used & FULL_STOCK & -(2 << top)
                    after = (after & -after).bit_length() - 1 if after else STOCK_SIZE
                    found = run(gone, used, after, level, turned, ban, 0)
                    if found is not None:
                        found.append(_TURN)
                        return found
            elif again:
                found = run(
                    gone, used, _normal(used, 0), 1 if passes is None else level + 1, 0, 0, 0
                )
                if found is not None:
                    found.append(_AGAIN)
                    return found
            return None

        self.run: Callable[[int, int, int, int, int, int, int], list[Move] | None] = run
        self.stock_clears: Callable[[int, int], bool] = stock_clears
        self.stock_of: Callable[[int], tuple[int, int, int, int]] = stock_of
        self.shape_of: Callable[[int], _Shape] = shape_of

    def start(self, state: PyramidState) -> list[Move] | None:
        level = (0 if state.progress else 1) if self.passes is None else state.pass_number
        found = self.run(state.gone, state.used, _normal(state.used, state.pos), level, 0, 0, 0)
        if found is None and state.rules.goal == "every card":
            seq = self.stock_of(~state.used & FULL_STOCK)[2]
            self.stock_lost = not self.stock_clears(seq, self.shape_of(state.gone).counts)
        return found


def _first(clearable: Callable[[int, int], bool], g: int, c: int, facts: _Shape) -> bool:
    """Whether some pair of pyramid cards, or some free card with a stock card at hand,
    leads to a yes of ``clearable``."""
    for mask, *_ in facts.pairs:
        if clearable(g | mask, c):
            return True
    by = facts.by
    for w in range(1, 13):
        if by[w] and c >> 4 * (w - 1) & 15:
            u = _UNIT[w]
            for a in by[w]:
                if clearable(g | 1 << a, c - u):
                    return True
    return False


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _reduced(word: list[int]) -> tuple[int, ...]:
    """The values left when neighbours that add up to 13 go together, and kings alone,
    until none do.  The result is the same whatever the order (as a word of a free group
    reduces to one word, the inverse of a value v being 13 - v), so a stack does it."""
    pile: list[int] = []
    for x in word:
        if x == 13:
            continue
        if pile and pile[-1] + x == 13:
            pile.pop()
        else:
            pile.append(x)
    return tuple(pile)


def _reducible(word: tuple[int, ...], budget: int, memo: dict[tuple[int, ...], bool]) -> bool:
    """Whether some cards of ``word`` (a reduced word of values) can be taken away, one of
    value ``x`` for each of the ``budget`` cards of value ``13 - x`` (packed counts), so
    that the rest reduces to nothing.

    Some cards must go: a value whose partner value is not in the word.  Others may go
    at no risk: two values v and 13 - v for which the budget can take every card of both
    (if some choice works, taking those too still works: they only ever paired among
    themselves, and their pairs enclose nothing else).  The rest is a search.
    """
    while word:
        count = [0] * 14
        for x in word:
            count[x] += 1
        drop = 0
        for x in range(1, 13):
            if count[x]:
                can = budget >> 4 * (12 - x) & 15
                if not count[13 - x]:
                    if can < count[x]:
                        return False
                    drop |= 1 << x
                elif can >= count[x] and budget >> 4 * (x - 1) & 15 >= count[13 - x]:
                    drop |= 1 << x | 1 << (13 - x)
        if not drop:
            break
        for x in range(1, 13):
            if drop >> x & 1:
                budget -= count[x] << 4 * (12 - x)
        word = _reduced([x for x in word if not drop >> x & 1])
    else:
        return True
    relevant = 0
    for x in word:
        relevant |= 15 << 4 * (12 - x)
    key = (*word, budget & relevant)
    known = memo.get(key)
    if known is not None:
        return known
    known = False
    tried = set()
    for i, x in enumerate(word):
        field = 4 * (12 - x)
        if budget >> field & 15:
            rest = _reduced([*word[:i], *word[i + 1 :]])
            if rest not in tried:
                tried.add(rest)
                if _reducible(rest, budget - (1 << field), memo):
                    known = True
                    break
    memo[key] = known
    return known


def _frees_king(gone: int, place: int, kings_on: tuple[tuple[int, ...], ...]) -> bool:
    """Whether taking ``place`` (now in ``gone``) leaves a king it lay on free."""
    return any(
        not gone >> k & 1 and gone & _NEED[k] == _NEED[k]
        for k in (kings_on[place] if place < PYRAMID_SIZE else ())
    )


def _actions(state: PyramidState, found: list[Move]) -> list[Action]:
    """The line as the engine's actions.  (Not played through the engine here, which
    would double the time of most answers: tests/unit/test_pyramid_solver.py plays
    them.)"""
    line: list[Action] = []
    for move in reversed(found):
        if move == _TURN:
            line.append(TURN)
        elif move == _AGAIN:
            line.append(AGAIN)
        else:
            line.append(Take.of(*(state._card(s) for s in move)))
    return line
