"""How Chinese Poker's bots set a hand: :func:`set_hand`, the solver's best
setting for the points it expects to win against each opponent, row by row
with the royalties (:func:`expected_objective`), in order under the rules.
A special hand scores however it is set, so it needs no setting of its own.

>>> set_hand("As Ah Kd Kc 9s 9h 7d 6c 5s 4h 3d 2c Qs").is_misset()
False
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial

from ..cards import AnyCard
from ..setting.expected import Objective, solve
from ..setting.rows import Arrangement
from ..setting.specials import Special
from .rules import ChinesePokerRules
from .settlement import declared_special

__all__ = ["expected_objective", "set_hand"]


def _declared_value(arr: Arrangement, rules: ChinesePokerRules) -> tuple[float, Special] | None:
    """A declared special takes its points from the opponent, whatever the rows."""
    if rules.specials_when_misset or not arr.is_misset(rules.strict_row_order):
        declared = declared_special(arr, rules)
        if declared is not None:
            return float(rules.special_points(declared)), declared
    return None


def expected_objective(rules: ChinesePokerRules | None = None) -> Objective:
    """What a set hand is worth against one opponent under ``rules`` (the
    default rules when ``None``): each row on its own, its royalty when it
    wins, and the rows add up; a declared special takes its points.

    >>> len(expected_objective().pays), expected_objective().majority
    (6, False)
    """
    r = ChinesePokerRules() if rules is None else rules
    return Objective(
        "chinese_poker",
        pays=r.royalties,
        strict=r.strict_row_order,
        special=partial(_declared_value, rules=r),
    )


def set_hand(
    cards: str | Iterable[AnyCard],
    rules: ChinesePokerRules | None = None,
    *,
    objective: str = "expected",
) -> Arrangement:
    """How a bot sets ``cards`` under ``rules`` (the default rules when
    ``None``): the solver's best setting by ``objective`` (``"expected"``, or
    the older ``"strength"``: :func:`~rules_lib.setting.expected.solve`)."""
    r = ChinesePokerRules() if rules is None else rules
    return solve(cards, expected_objective(r), objective, strict=r.strict_row_order)
