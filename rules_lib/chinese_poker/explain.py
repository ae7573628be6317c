"""Chinese Poker told in words: what a special hand is worth, the points of a
deal seat by seat, and a player's rows against each opponent, row by row.

>>> hands = [Arrangement.parse(text) for text in (
...     "Qs Qh 8d 8c 2s / Jd Jc 9h 9s 4d / Ad Kd 3c",
...     "Ks Kh 7d 7c 3s / 10d 10c 6h 6s 2d / As Ah 5c",
... )]
>>> showdown(hands, ChinesePokerRules(), dealer=1)
([-1, 1], ['-1 against Bot A', '+1 against you'])
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from ..lesson import _sentence
from ..poker import _article
from ..setting.game import SEAT_NAMES, Against, capital, row_line, signed
from ..setting.rows import ROWS, Arrangement
from ..setting.specials import Special
from .rules import ChinesePokerRules
from .settlement import score_table

__all__ = ["against", "expected_unit", "showdown", "special_notes"]


def special_notes(specials: Collection[Special], rules: ChinesePokerRules) -> list[str]:
    """What each special hand in ``specials`` is worth under ``rules``, in the
    order of :class:`~rules_lib.setting.specials.Special`.

    >>> special_notes({Special.SIX_PAIRS, Special.DRAGON}, ChinesePokerRules())
    ['dragon: 13 points from each opponent, however you set it', 'six pairs: 3 points from each opponent, however you set it']
    """
    notes = []
    for special in (s for s in Special if s in specials):
        name = special.label
        points = dict(rules.specials).get(special)
        if points and not rules.specials_when_misset:
            notes.append(f"{name}: {points} points from each opponent, if the rows are in order")
        elif points:
            notes.append(f"{name}: {points} points from each opponent, however you set it")
        else:
            notes.append(f"{name}: not special here; a royalty if it wins in the back or middle")
    return notes


def expected_unit(rules: ChinesePokerRules) -> str:
    """What the expected points of a setting count under ``rules``, in words.

    >>> expected_unit(ChinesePokerRules(scoring="2-4"))
    "points a deal against three players who set their hands like the book's bots, counted a point a row (without the 2-4 bonus)"
    """
    unit = "points a deal against three players who set their hands like the book's bots"
    if rules.scoring != "rows":
        unit += f", counted a point a row (without the {rules.scoring} bonus)"
    return unit


def showdown(
    hands: Sequence[Arrangement | None],
    rules: ChinesePokerRules,
    dealer: int,
    names: Sequence[str] = SEAT_NAMES,
    surrenders: Sequence[bool] | None = None,
) -> tuple[list[int], list[str]]:
    """Points of each seat for one deal, and a line of explanation per seat:
    every seat scores against every other, each named by ``names``; the
    dealer only sets the order of declaring specials (the seat on the
    dealer's left first).  A hand that surrendered is ``None``."""
    gave_up = list(surrenders) if surrenders is not None else [False] * len(hands)
    table = score_table(
        hands, rules, surrenders=gave_up, first_to_declare=(dealer + 1) % len(hands)
    )
    notes = []
    for seat in range(len(hands)):
        parts = []
        for (i, j), result in table.pairs.items():
            if seat in (i, j):
                other = j if seat == i else i
                pts = result.points if seat == i else -result.points
                parts.append(f"{pts:+d} against {names[other]}")
        notes.append(("surrendered: " if gave_up[seat] else "") + ", ".join(parts))
    return list(table.totals), notes


def against(
    hands: Sequence[Arrangement], rules: ChinesePokerRules, dealer: int, names: Sequence[str]
) -> list[Against]:
    """Seat 0's result against every other seat, the rows compared line by
    line, with the royalty a strong row scores."""
    table = score_table(hands, rules, names=names, first_to_declare=(dealer + 1) % len(hands))
    out = []
    for seat in range(1, len(hands)):
        result = table.pairs[(0, seat)]
        lines = []
        misset = any(h.is_misset(rules.strict_row_order) for h in (hands[0], hands[seat]))
        if len(result.rows) == 3 and not misset:
            values = zip(ROWS, hands[0].values(), hands[seat].values(), result.rows, strict=True)
            for row, mine, theirs, points in values:
                line = row_line(row, mine, theirs, names[seat]).removesuffix(".")
                if abs(points) > 1:
                    category = max(mine, theirs).category
                    line += f"; {_article(category.label)} in the {row.value} scores {abs(points)}"
                lines.append(f"{line}: {signed(points) if points else 'no points'}.")
        else:
            lines.append(
                f"{capital(_sentence(result.reason)).removesuffix('.')}: {signed(result.points)}."
            )
        out.append(Against(names[seat], hands[seat], result.points, tuple(lines), seat == dealer))
    return out
