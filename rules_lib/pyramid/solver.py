"""Whether a Pyramid position can still be won, and a winning line when it can.

The search knows the order of the stock (a player does not): "winnable"
means that *some* order of moves clears the deal.  It is exact: a depth-first
search over positions, each position packed in one integer (which places of
the pyramid and of the stock are gone, how far the stock is turned, the
pass), that remembers every position it has found lost.  Three things keep
it fast, none of which can change its answer:

* a free king is taken at once (it pairs with nothing, and taking it never
  closes a door);
* a position in which some card of the pyramid can never be paired is lost
  at once: each of its partners (the cards that add up to 13 with it) is
  gone, or lies under it, or covers it (:func:`dead_card`);
* so is a position whose pyramid could not be cleared even if every card
  left in the stock and the waste were always at hand: a much smaller
  search, in which a stock card is known by its value alone, answers that
  (and remembers its answers);
* a position found lost in one pass is lost in every later pass.

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
from dataclasses import dataclass

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
        partners = [s for s in _partner_spots(state, need) if s >= 0]
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


def solve(state: PyramidState, *, limit: int | None = None) -> Solution:
    """Whether ``state`` can still be won under its rules, with a winning line if so.

    ``limit`` caps the positions searched (:class:`SearchLimitError` past it);
    no limit by default: the answer is always exact.
    """
    if state.is_won():
        return Solution(True, (), 0)
    search = _Search(state, limit)
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old, 2000))
    try:
        found = search.run(state.gone, state.used, state.pos, search.level(state))
    finally:
        sys.setrecursionlimit(old)
    if found is None:
        reason = dead_card(state) or (
            "no order of moves clears the "
            + ("pyramid" if state.rules.goal == "pyramid" else "cards")
            + " from here"
        )
        return Solution(False, (), search.positions, reason)
    line = tuple(search.actions(state, found))
    return Solution(True, line, search.positions)


class _Search:
    """One search: the deal as numbers, the lost positions found so far."""

    def __init__(self, state: PyramidState, limit: int | None) -> None:
        rules = state.rules
        self.pv = [value(state._card(i)) for i in range(PYRAMID_SIZE)]
        self.sv = [value(state._card(PYRAMID_SIZE + j)) for j in range(STOCK_SIZE)]
        self.passes = rules.passes
        self.pairs_sw = rules.stock_waste_pairs
        self.every = rules.goal == "every card"
        self.relaxed = rules.relaxed
        self.related = _RELATED[rules.relaxed]
        # Where each value lies: pyramid places and stock indexes, as masks.
        self.pmask = [0] * 14
        self.smask = [0] * 14
        for i, v in enumerate(self.pv):
            self.pmask[v] |= 1 << i
        for j, v in enumerate(self.sv):
            self.smask[v] |= 1 << j
        self.lost: dict[int, int] = {}
        self.at_hand: dict[tuple[int, tuple[int, ...]], bool] = {}
        self.at_hand_last: dict[tuple[int, tuple[int, ...], tuple[int, ...]], bool] = {}
        self.positions = 0
        self.limit = limit

    def level(self, state: PyramidState) -> int:
        """How restricted a position is by its pass: more restricted is never better."""
        if self.passes is None:
            return 0 if state.progress else 1
        return state.pass_number

    def counts(self, used: int) -> tuple[int, ...]:
        """How many stock cards of each value 1 to 12 are left."""
        left = ~used & FULL_STOCK
        smask = self.smask
        return tuple((smask[v] & left).bit_count() for v in range(1, 13))

    def won(self, gone: int, used: int) -> bool:
        return gone == FULL_PYRAMID and (not self.every or used == FULL_STOCK)

    def dead(self, gone: int, used: int) -> bool:
        """Some card left can never be paired (a quick test that is never wrong)."""
        left_s = ~used & FULL_STOCK
        left_p = ~gone & FULL_PYRAMID
        pmask, smask, pv, related = self.pmask, self.smask, self.pv, self.related
        rest = left_p
        while rest:
            low = rest & -rest
            i = low.bit_length() - 1
            rest ^= low
            need = 13 - pv[i]
            if need and not (smask[need] & left_s) and not (pmask[need] & left_p & ~related[i]):
                return True
        if self.every:
            rest = left_s
            sv = self.sv
            while rest:
                low = rest & -rest
                j = low.bit_length() - 1
                rest ^= low
                need = 13 - sv[j]
                if need and not (smask[need] & left_s) and not (pmask[need] & left_p):
                    return True
        return False

    def clearable(self, gone: int, counts: tuple[int, ...]) -> bool:
        """Whether the goal could be met if every stock card left were always at hand
        (``counts[v - 1]`` of value ``v`` are left): never False for a position that can
        be won."""
        key = (gone, counts)
        known = self.at_hand.get(key)
        if known is not None:
            return known
        if gone == FULL_PYRAMID:
            known = self._stock_pairs_off(counts)
            self.at_hand[key] = known
            return known
        pv = self.pv
        free = [i for i in range(PYRAMID_SIZE) if not gone >> i & 1 and gone & _NEED[i] == _NEED[i]]
        for i in free:
            if pv[i] == 13:  # a free king: take it
                known = self.clearable(gone | 1 << i, counts)
                self.at_hand[key] = known
                return known
        pairs: list[tuple[int, int]] = []
        for a_i, a in enumerate(free):
            need = 13 - pv[a]
            pairs.extend((a, b) for b in free[a_i + 1 :] if pv[b] == need)
        if self.relaxed:
            for i in range(PYRAMID_SIZE):
                cover = COVERED_BY[i]
                if gone >> i & 1 or not cover:
                    continue
                left = [c for c in cover if not gone >> c & 1]
                if len(left) == 1 and left[0] in free and pv[left[0]] + pv[i] == 13:
                    pairs.append((i, left[0]))
        known = False
        for a, b in pairs:
            if self.clearable(gone | 1 << a | 1 << b, counts):
                known = True
                break
        if not known:
            for a in free:
                need = 13 - pv[a]
                if counts[need - 1]:
                    fewer = list(counts)
                    fewer[need - 1] -= 1
                    if self.clearable(gone | 1 << a, tuple(fewer)):
                        known = True
                        break
        self.at_hand[key] = known
        return known

    def clearable_last(self, gone: int, used: int, pos: int) -> bool:
        """In the last pass: whether the goal could be met if the cards still in the stock
        were always at hand, the waste staying a pile whose top card alone can be taken."""
        left = ~used & FULL_STOCK & ~((1 << pos) - 1)
        counts = tuple((self.smask[v] & left).bit_count() for v in range(1, 13))
        waste = tuple(self.sv[j] for j in range(pos - 1, -1, -1) if not used >> j & 1)
        return self._last(gone, counts, waste)

    def _last(self, gone: int, counts: tuple[int, ...], waste: tuple[int, ...]) -> bool:
        key = (gone, counts, waste)
        known = self.at_hand_last.get(key)
        if known is not None:
            return known
        known = self._last_search(gone, counts, waste)
        self.at_hand_last[key] = known
        return known

    def _last_search(self, gone: int, counts: tuple[int, ...], waste: tuple[int, ...]) -> bool:
        pv = self.pv
        if waste and waste[0] == 13:
            return self._last(gone, counts, waste[1:])
        if gone == FULL_PYRAMID:
            if not self.every:
                return True
            while waste:  # each waste card must go with a stock card at hand
                need = 13 - waste[0]
                if need == 0:
                    waste = waste[1:]
                    continue
                if not self.pairs_sw or not counts[need - 1]:
                    return False
                fewer = list(counts)
                fewer[need - 1] -= 1
                counts, waste = tuple(fewer), waste[1:]
            return self._stock_pairs_off(counts)
        free = [i for i in range(PYRAMID_SIZE) if not gone >> i & 1 and gone & _NEED[i] == _NEED[i]]
        for i in free:
            if pv[i] == 13:
                return self._last(gone | 1 << i, counts, waste)
        for a_i, a in enumerate(free):
            need = 13 - pv[a]
            for b in free[a_i + 1 :]:
                if pv[b] == need and self._last(gone | 1 << a | 1 << b, counts, waste):
                    return True
        if self.relaxed:
            for i in range(PYRAMID_SIZE):
                cover = COVERED_BY[i]
                if gone >> i & 1 or not cover:
                    continue
                rest = [c for c in cover if not gone >> c & 1]
                if (
                    len(rest) == 1
                    and rest[0] in free
                    and pv[rest[0]] + pv[i] == 13
                    and self._last(gone | 1 << i | 1 << rest[0], counts, waste)
                ):
                    return True
        for a in free:
            need = 13 - pv[a]
            if waste and waste[0] == need and self._last(gone | 1 << a, counts, waste[1:]):
                return True
            if counts[need - 1]:
                fewer = list(counts)
                fewer[need - 1] -= 1
                if self._last(gone | 1 << a, tuple(fewer), waste):
                    return True
        if self.pairs_sw and waste and counts[12 - waste[0]]:
            fewer = list(counts)
            fewer[12 - waste[0]] -= 1
            if self._last(gone, tuple(fewer), waste[1:]):
                return True
        return False

    def _stock_pairs_off(self, counts: tuple[int, ...]) -> bool:
        """Whether the stock cards left can go too (always, when the goal is the pyramid)."""
        if not self.every:
            return True
        if not self.pairs_sw:
            return not any(counts)
        return all(counts[v - 1] == counts[12 - v] for v in range(1, 7))

    def run(self, gone: int, used: int, pos: int, level: int) -> list[tuple[int, ...]] | None:
        """A winning list of moves (reversed), or None.  A move is a tuple of spots, or
        ``(-1,)`` to turn and ``(-2,)`` to go again."""
        forced: list[tuple[int, ...]] = []
        # Take every free king at once.
        while not self.won(gone, used):
            king = self._free_king(gone, used, pos)
            if king < 0:
                break
            forced.append((king,))
            if king < PYRAMID_SIZE:
                gone |= 1 << king
            else:
                used |= 1 << (king - PYRAMID_SIZE)
                pos = _normal(used, pos)
            if self.passes is None:
                level = 0
        if self.won(gone, used):
            return forced[::-1]
        key = gone | used << 28 | pos << 52
        seen = self.lost.get(key)
        if seen is not None and seen <= level:
            return None
        self.positions += 1
        if self.limit is not None and self.positions > self.limit:
            raise SearchLimitError(f"the search passed its limit of {self.limit} positions")
        if (
            self.dead(gone, used)
            or not self.clearable(gone, self.counts(used))
            or (level == self.passes and not self.clearable_last(gone, used, pos))
        ):
            self.lost[key] = level
            return None
        for move in self._moves(gone, used, pos):
            g, u = gone, used
            for s in move:
                if s < PYRAMID_SIZE:
                    g |= 1 << s
                else:
                    u |= 1 << (s - PYRAMID_SIZE)
            found = self.run(g, u, _normal(u, pos), 0 if self.passes is None else level)
            if found is not None:
                found.append(move)
                return found + forced[::-1]
        top = _stock_top(used, pos)
        if top >= 0:
            found = self.run(gone, used, _normal(used, top + 1), level)
            if found is not None:
                found.append((-1,))
                return found + forced[::-1]
        elif self._may_go_again(used, pos, level):
            new_level = 1 if self.passes is None else level + 1
            found = self.run(gone, used, _normal(used, 0), new_level)
            if found is not None:
                found.append((-2,))
                return found + forced[::-1]
        if seen is None or level < seen:
            self.lost[key] = level
        return None

    def _may_go_again(self, used: int, pos: int, level: int) -> bool:
        if _waste_top(used, pos) < 0:
            return False
        if self.passes is None:
            return level == 0
        return level < self.passes

    def _free_king(self, gone: int, used: int, pos: int) -> int:
        pv = self.pv
        for i in range(PYRAMID_SIZE):
            if pv[i] == 13 and not gone >> i & 1:
                cover = COVERED_BY[i]
                if not cover or (gone >> cover[0] & 1 and gone >> cover[1] & 1):
                    return i
        top = _stock_top(used, pos)
        if top >= 0 and self.sv[top] == 13:
            return PYRAMID_SIZE + top
        waste = _waste_top(used, pos)
        if waste >= 0 and self.sv[waste] == 13:
            return PYRAMID_SIZE + waste
        return -1

    def _moves(self, gone: int, used: int, pos: int) -> list[tuple[int, ...]]:
        """Every pair that may be taken, pyramid pairs first."""
        pv, sv = self.pv, self.sv
        free = [
            i
            for i in range(PYRAMID_SIZE)
            if not gone >> i & 1
            and (
                not COVERED_BY[i] or (gone >> COVERED_BY[i][0] & 1 and gone >> COVERED_BY[i][1] & 1)
            )
        ]
        moves: list[tuple[int, ...]] = []
        for a_i, a in enumerate(free):
            need = 13 - pv[a]
            for b in free[a_i + 1 :]:
                if pv[b] == need:
                    moves.append((a, b))
        if self.relaxed:
            for i in range(PYRAMID_SIZE):
                cover = COVERED_BY[i]
                if gone >> i & 1 or not cover:
                    continue
                a_gone, b_gone = gone >> cover[0] & 1, gone >> cover[1] & 1
                if a_gone != b_gone:
                    c = cover[1] if a_gone else cover[0]
                    if c in free and pv[c] + pv[i] == 13:
                        moves.append((i, c))
        top = _stock_top(used, pos)
        waste = _waste_top(used, pos)
        for j in (waste, top):
            if j < 0:
                continue
            need = 13 - sv[j]
            for a in free:
                if pv[a] == need:
                    moves.append((a, PYRAMID_SIZE + j))
        if self.pairs_sw and top >= 0 and waste >= 0 and sv[top] + sv[waste] == 13:
            moves.append((PYRAMID_SIZE + waste, PYRAMID_SIZE + top))
        return moves

    def actions(self, state: PyramidState, found: list[tuple[int, ...]]) -> list[Action]:
        """The line as the engine's actions (checked by playing it)."""
        line: list[Action] = []
        for move in reversed(found):
            if move == (-1,):
                action: Action = TURN
            elif move == (-2,):
                action = AGAIN
            else:
                action = Take.of(*(state._card(s) for s in move))
            state = state.apply_action(action)
            line.append(action)
        assert state.is_won()
        return line


def _stock_top(used: int, pos: int) -> int:
    rest = ~used & FULL_STOCK & ~((1 << pos) - 1)
    return (rest & -rest).bit_length() - 1 if rest else -1


def _waste_top(used: int, pos: int) -> int:
    rest = ~used & ((1 << pos) - 1)
    return rest.bit_length() - 1 if rest else -1


def _normal(used: int, pos: int) -> int:
    """``pos`` moved on to the stock's top card (24 when the stock is empty)."""
    top = _stock_top(used, pos)
    return STOCK_SIZE if top < 0 else top
