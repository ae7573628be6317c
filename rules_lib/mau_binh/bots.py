"""How Mậu Binh's bots set a hand: :func:`set_hand`.

As three straights or three flushes when the cards allow it (an instant
win), otherwise the solver's best setting for the points it expects to win
(:func:`expected_objective`: the majority of the rows against the dealer, or, under
``scoring="rows"``, each row with its bonus), both in order under the rules.

>>> from rules_lib.setting import deal
>>> hand = deal(74)[0]  # it can be set as three straights
>>> instant_win(set_hand(hand)).label
'three straights'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import partial

from ..cards import AnyCard, Cards, parse_cards
from ..setting.expected import Objective, solve
from ..setting.rows import Arrangement
from ..setting.specials import Special, find_specials, special_arrangement
from .rules import BONUS_KEYS, MauBinhRules
from .settlement import instant_win

__all__ = ["expected_objective", "set_hand", "special_setting"]

_DEFAULT = MauBinhRules()


def special_setting(cards: Sequence[AnyCard], rules: MauBinhRules = _DEFAULT) -> Arrangement | None:
    """The cards set as three flushes or three straights (an instant win),
    in order under ``rules``, when they can be; else ``None``."""
    held = find_specials(cards, ace_low_front=rules.ace_low_front_straight)
    for special in (Special.THREE_FLUSHES, Special.THREE_STRAIGHTS):
        if special in held:
            arr = special_arrangement(
                cards,
                special,
                strict=rules.strict_row_order,
                ace_low_front=rules.ace_low_front_straight,
            )
            if arr is not None:
                return arr
    return None


def _instant_value(arr: Arrangement, rules: MauBinhRules) -> tuple[float, Special] | None:
    """An instant win takes its price from the dealer, whatever the rows."""
    won = instant_win(arr, rules)
    return None if won is None else (float(rules.instant_price(won)), won)


def expected_objective(rules: MauBinhRules | None = None) -> Objective:
    """What a set hand is worth against the dealer under ``rules`` (the
    default rules when ``None``): the majority of the rows, a tied row lost;
    under ``scoring="rows"`` each row on its own, with its bonus (a misset
    hand pays as swept).  An instant win takes its price.

    >>> expected_objective().majority, expected_objective(MauBinhRules(scoring="rows")).majority
    (True, False)
    """
    r = MauBinhRules() if rules is None else rules
    rows = r.scoring == "rows"
    bonuses = dict(r.row_bonuses)
    return Objective(
        "mau_binh",
        majority=not rows,
        pays=tuple(
            (row, category, bonuses[name])
            for (row, category), name in BONUS_KEYS.items()
            if rows and name in bonuses
        ),
        strict=r.strict_row_order,
        misset_multiplier=r.sweep_multiplier,
        special=partial(_instant_value, rules=r),
        special_setting=partial(special_setting, rules=r),
    )


def set_hand(
    cards: str | Iterable[AnyCard],
    rules: MauBinhRules | None = None,
    *,
    objective: str = "expected",
) -> Arrangement:
    """How a bot sets ``cards`` under ``rules`` (the default rules when ``None``):
    as three flushes or three straights when it can (:func:`special_setting`),
    else the solver's best setting by ``objective`` (``"expected"``, or the
    older ``"strength"``: :func:`~rules_lib.setting.expected.solve`).

    >>> set_hand("As Ah Kd Kc 9s 9h 7d 6c 5s 4h 3d 2c Qs").is_misset()
    False
    """
    r = MauBinhRules() if rules is None else rules
    hand = parse_cards(cards, jokers=False) if isinstance(cards, str) else Cards(cards)
    special = special_setting(hand, r)
    if special is not None:
        return special
    return solve(hand, expected_objective(r), objective, strict=r.strict_row_order)
