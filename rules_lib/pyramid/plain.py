"""A plain exhaustive search of Pyramid: the oracle the fast solver is tested against.

:func:`plain_winnable` knows nothing of the game but what the engine says:
it follows :meth:`~rules_lib.pyramid.PyramidState.legal_actions` and
:meth:`~rules_lib.pyramid.PyramidState.apply_action` from the position it is
given, depth first, and remembers every position it has left behind (which
places are gone, which stock cards are used, how far the stock is turned,
the pass and whether it took a card).  No move is forced, none is pruned,
no order is preferred: it is slow, and it is right by construction, since
every game ends (the passes are limited, or under no limit a pass must take
a card for another to follow) and a position left behind without a win has
no win below it.

>>> from dataclasses import replace
>>> from rules_lib.pyramid import PRESETS, PyramidState
>>> deal = PyramidState.from_cards(
...     "As 2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh Ad Qd",
...     "2d 3d 4d 5d 6d 7d 8d 9d Td Jd Kd Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc",
... )

Four cards left in the pyramid and four in the stock: the 10♦ and the J♦
take the 3♠ and the 2♠, which frees the A♠ for the Q♦; the A♣ is left over,
so the deal is won when only the pyramid must go, and lost when every card must.

>>> late = replace(
...     deal,
...     gone=((1 << 28) - 1) & ~(0b111 | 1 << 27),
...     used=((1 << 24) - 1) & ~(1 << 8 | 1 << 9 | 1 << 11 | 1 << 23),
...     pos=8,
... )
>>> [str(c) for c in late.pyramid if c is not None], [str(c) for c in late.stock()]
(['A♠', '2♠', '3♠', 'Q♦'], ['10♦', 'J♦', 'A♣', 'K♣'])
>>> plain_winnable(late)
True
>>> plain_winnable(replace(late, rules=PRESETS["every card"]))
False
>>> plain_winnable(late, limit=2)
Traceback (most recent call last):
...
rules_lib.pyramid.solver.SearchLimitError: the plain search passed its limit of 2 positions
"""

from __future__ import annotations

from .game import PyramidState
from .solver import SearchLimitError

__all__ = ["plain_winnable"]


def plain_winnable(state: PyramidState, limit: int | None = None) -> bool:
    """Whether some order of legal moves wins from ``state``, by trying them all.

    ``limit`` caps the positions looked at (:class:`SearchLimitError` past it).
    """
    seen: set[tuple[int, int, int, int, bool]] = set()
    stack = [state]
    while stack:
        position = stack.pop()
        if position.is_won():
            return True
        key = (
            position.gone,
            position.used,
            position.pos,
            position.pass_number,
            position.progress,
        )
        if key in seen:
            continue
        seen.add(key)
        if limit is not None and len(seen) > limit:
            raise SearchLimitError(f"the plain search passed its limit of {limit} positions")
        stack.extend(position.apply_action(action) for action in position.legal_actions())
    return False
