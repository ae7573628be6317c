"""Mậu Binh told in words: what a special hand is worth, the showdown of a
deal seat by seat, and a player's rows against each opponent, row by row.

>>> hands = [Arrangement.parse(text) for text in (
...     "Qs Qh 8d 8c 2s / Jd Jc 9h 9s 4d / Ad Kd 3c",
...     "Ks Kh 7d 7c 3s / 10d 10c 6h 6s 2d / As Ah 5c",
... )]
>>> showdown(hands, MauBinhRules(), dealer=1)
([-1, 1], ['lost 2 of 3 rows against the dealer: back loses, middle wins, front loses', "the dealer: takes the opposite of each player's result"])
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from ..errors import CardCountError, IllegalActionError
from ..lesson import _sentence
from ..setting.game import SEAT_NAMES, Against, capital, row_line
from ..setting.rows import ROWS, Arrangement, Row
from ..setting.specials import Special
from .rules import MauBinhRules
from .settlement import settle, settle_pairs

__all__ = ["against", "expected_unit", "rows_of", "showdown", "special_notes"]


def special_notes(specials: Collection[Special], rules: MauBinhRules) -> list[str]:
    """What each special hand in ``specials`` is worth under ``rules``, in the
    order of :class:`~rules_lib.setting.specials.Special`.

    >>> special_notes({Special.FOUR_OF_A_KIND, Special.THREE_FLUSHES}, MauBinhRules())
    ['four of a kind: wins at once', 'three flushes: wins at once, if you set the rows that way']
    """
    notes = []
    for special in (s for s in Special if s in specials):
        name = special.label
        ordinary = special in (Special.STRAIGHT_FLUSH, Special.FOUR_OF_A_KIND)
        if ordinary and not rules.straight_flush_and_quads_instant:
            notes.append(f"{name}: an ordinary hand under these rules (set it in the back)")
        elif special in (Special.THREE_FLUSHES, Special.THREE_STRAIGHTS):
            notes.append(f"{name}: wins at once, if you set the rows that way")
        elif not rules.instant_wins_when_misset:
            notes.append(f"{name}: wins at once, if the rows are in order")
        else:
            notes.append(f"{name}: wins at once")
    return notes


def expected_unit(rules: MauBinhRules) -> str:
    """What the expected points of a setting count under ``rules``, in words.

    >>> expected_unit(MauBinhRules())
    "units a deal against a dealer who sets the hand like the book's bots"
    """
    if rules.scoring != "rows":
        return "units a deal against a dealer who sets the hand like the book's bots"
    return (
        "units a deal against three players who set their hands like the book's bots, "
        "each row paid (without the sweep's doubling)"
    )


def showdown(
    hands: Sequence[Arrangement | None],
    rules: MauBinhRules,
    dealer: int,
    names: Sequence[str] = SEAT_NAMES,
    surrenders: Sequence[bool] | None = None,
) -> tuple[list[int], list[str]]:
    """Points of each seat for one deal, and a line of explanation per seat:
    each player settles with the dealer (seat ``dealer``), who takes the
    opposite of each result, or, under ``settle_with="everyone"``, every
    seat with every other, each named by ``names``.  Every hand is shown:
    Mậu Binh has no surrender."""
    if surrenders is not None and any(surrenders):
        raise IllegalActionError("Mậu Binh has no surrender: every hand is shown")
    shown = [h for h in hands if h is not None]
    if len(shown) != len(hands):
        raise CardCountError("every hand must be shown with its cards")
    pairs = settle_pairs(shown, rules, dealer=dealer)
    totals = [sum(row) for row in pairs]
    notes = []
    for seat, arr in enumerate(shown):
        if rules.settle_with == "everyone":
            notes.append(_everyone_note(seat, shown, pairs, rules, dealer, names))
        elif seat == dealer:
            notes.append("the dealer: takes the opposite of each player's result")
        else:
            notes.append(settle(arr, shown[dealer], rules).reason)
    return totals, notes


def _everyone_note(
    seat: int,
    hands: Sequence[Arrangement],
    pairs: Sequence[Sequence[int]],
    rules: MauBinhRules,
    dealer: int,
    names: Sequence[str],
) -> str:
    """One seat's line when everyone settles with everyone: a part per opponent."""
    parts = []
    for other in range(len(hands)):
        if other == seat:
            continue
        result = settle(hands[seat], hands[other], rules, opponent_is_dealer=other == dealer)
        reason = result.reason.replace("the dealer", names[other]).replace(
            "the opponent", names[other]
        )
        units = pairs[seat][other]
        extra = ""
        if units != result.units:
            extra = f" (a sweep of every player: ×{rules.sweep_all_multiplier})"
        shown = f"{units:+d}".replace("-", "−")
        parts.append(f"{shown} against {names[other]}{extra}: {reason}")
    return "; ".join(parts)


def against(
    hands: Sequence[Arrangement], rules: MauBinhRules, dealer: int, names: Sequence[str]
) -> list[Against]:
    """Seat 0's result against each seat it settles with (the dealer alone,
    unless everyone settles with everyone), the rows compared line by line."""
    pairs = settle_pairs(hands, rules, dealer=dealer)
    out = []
    for seat in range(1, len(hands)):
        if rules.settle_with == "dealer" and seat != dealer:
            continue  # the learner settles only with the dealer
        result = settle(hands[0], hands[seat], rules, opponent_is_dealer=seat == dealer)
        lines = []
        if len(result.rows) == 3:
            edge = seat == dealer and rules.dealer_wins_ties
            for row, mine, theirs in zip(
                ROWS, hands[0].values(), hands[seat].values(), strict=True
            ):
                line = row_line(row, mine, theirs, names[seat])
                if mine == theirs and edge:
                    line += f" A tie goes to the dealer: the {row.value} is {names[seat]}'s."
                lines.append(line)
        else:
            lines.append(capital(_sentence(result.reason)))
        out.append(Against(names[seat], hands[seat], pairs[0][seat], tuple(lines), seat == dealer))
    return out


def rows_of(arr: Arrangement) -> dict[Row, str]:
    """Each row's value in words (for tables)."""
    return {row: str(v) for row, v in zip(ROWS, arr.values(), strict=True)}
