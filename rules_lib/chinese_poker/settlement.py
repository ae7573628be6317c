"""Chinese Poker: scoring a table of four arranged hands (docs/GAMES.md §2b).

Each player is scored against each other player: one point a row, or the
row's royalty instead; special hands score 3 (the thirteen: 13) from each
opponent; a misset hand loses every row.  House rules are fields of
:class:`~.rules.ChinesePokerRules`.

>>> john = Arrangement.parse("3h 3d 3s 2h 2d / 10d 10s 9c Qs 8c / 6s 6c 4h")
>>> adele = Arrangement.parse("Ks Js 9s 8s 7s / 9h 9d 5h 5d 4c / Ah Kd Qd")
>>> score_table([john, adele]).totals
(1, -1)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..errors import CardCountError, IllegalActionError, UnknownOptionError
from ..poker import HandValue
from ..setting.rows import ROWS, Arrangement, Row, check_disjoint
from ..setting.specials import Special, find_specials
from .rules import ChinesePokerRules

__all__ = ["PairScore", "TableScore", "declared_special", "score_pair", "score_table"]

_DEFAULT = ChinesePokerRules()


def declared_special(arr: Arrangement, rules: ChinesePokerRules = _DEFAULT) -> Special | None:
    """The special a player holding these cards declares (the best one they hold).

    What counts is what the 13 cards *allow*, not how they are set.

    >>> declared_special(Arrangement.parse("2s 3d 4h 5c 6s / 7d 8c 9h 10s Jd / Qh Kc As"))
    <Special.DRAGON: 'dragon'>
    """
    held = find_specials(
        arr.cards,
        six_pairs_exactly=rules.six_pairs_exactly,
        ace_low_front=rules.ace_low_front_straight,
    )
    scoring = [s for s, _ in rules.specials]
    best = [s for s in scoring if s in held]
    if not best:
        return None
    return max(best, key=lambda s: (rules.special_points(s), -scoring.index(s)))


@dataclass(frozen=True)
class PairScore:
    """What player ``a`` scores against player ``b`` (``b`` scores the opposite)."""

    points: int
    reason: str
    rows: tuple[int, ...] = ()


def score_pair(
    a: Arrangement | None,
    b: Arrangement | None,
    rules: ChinesePokerRules = _DEFAULT,
    *,
    a_declares: bool = True,
    b_declares: bool = True,
    a_first: bool = True,
    a_surrenders: bool = False,
    b_surrenders: bool = False,
) -> PairScore:
    """Score ``a`` against ``b``; ``a_first`` says ``a`` sits earlier in the order of declaring.

    A hand that surrenders (where ``rules.surrender`` allows it; its cards
    may then be ``None``) pays that many points to the other hand when it is
    in order; a declared special hand still takes its points from it.  Under
    ``rules.scoring`` "2-4" or "1-6" the rows' points get their bonus (see
    :class:`ChinesePokerRules`).

    >>> a = Arrangement.parse("As Ks Qs Js 9s / 8d 8c 7h 7s 2c / Ah Qd 5c")
    >>> b = Arrangement.parse("Kd Kc 10h 10s 3c / 9d 9c 6h 5s 4c / Jd 8h 2d")
    >>> [score_pair(a, b, ChinesePokerRules(scoring=s)).points for s in ("rows", "2-4", "1-6")]
    [3, 4, 6]
    >>> score_pair(a, b, ChinesePokerRules(surrender=3), b_surrenders=True).points
    3
    """
    if a_surrenders or b_surrenders:
        return _surrendered(a, b, rules, a_surrenders, b_surrenders, a_declares, b_declares)
    if a is None or b is None:
        raise CardCountError("only a hand that surrenders may be shown without its cards")
    a_misset, b_misset = a.is_misset(rules.strict_row_order), b.is_misset(rules.strict_row_order)
    a_may = a_declares and (rules.specials_when_misset or not a_misset)
    b_may = b_declares and (rules.specials_when_misset or not b_misset)
    sa = declared_special(a, rules) if a_may else None
    sb = declared_special(b, rules) if b_may else None
    if sa or sb:
        if sa and sb:
            if (sa is Special.DRAGON) != (sb is Special.DRAGON):
                sign = 1 if sa is Special.DRAGON else -1
                return PairScore(
                    sign * rules.special_points(Special.DRAGON),
                    "the thirteen beats any other special hand",
                )
            if rules.specials_clash == "cancel":
                return PairScore(0, f"both declare a special ({sa.label}, {sb.label}): they cancel")
            winner = sa if a_first else sb
            sign = 1 if a_first else -1
            return PairScore(
                sign * rules.special_points(winner),
                f"both declare a special; the first to declare ({winner.label}) prevails",
            )
        special, sign = (sa, 1) if sa else (sb, -1)
        assert special is not None
        return PairScore(
            sign * rules.special_points(special),
            f"special hand: {special.label}, whatever the cards",
        )
    va, vb = a.values(), b.values()
    if a_misset and b_misset:
        return PairScore(0, "both hands are misset: no points", (0, 0, 0))
    if a_misset or b_misset:
        sign = -1 if a_misset else 1
        winner_values = vb if a_misset else va
        rows = tuple(
            sign * (rules.royalty(row, v.category) if rules.misset_pays_royalties else 1)
            for row, v in zip(ROWS, winner_values, strict=True)
        )
        loser = "first" if a_misset else "second"
        bonus = _bonus(rows, rules)
        return PairScore(
            sum(rows) + bonus,
            f"the {loser} hand is misset and loses every row{_bonus_words(bonus, rules)}",
            rows,
        )
    row_points = []
    for row, x, y in zip(ROWS, va, vb, strict=True):
        row_points.append(_row_points(row, x, y, rules))
    words = ", ".join(f"{row.value} {p:+d}" for row, p in zip(ROWS, row_points, strict=True))
    bonus = _bonus(row_points, rules)
    return PairScore(sum(row_points) + bonus, words + _bonus_words(bonus, rules), tuple(row_points))


def _surrendered(
    a: Arrangement | None,
    b: Arrangement | None,
    rules: ChinesePokerRules,
    a_surrenders: bool,
    b_surrenders: bool,
    a_declares: bool,
    b_declares: bool,
) -> PairScore:
    """:func:`score_pair` when one hand or both surrendered."""
    if rules.surrender == 0:
        raise IllegalActionError("these rules have no surrender")
    if a_surrenders and b_surrenders:
        return PairScore(0, "both surrendered: no points")
    sign, stays, declares = (-1, b, b_declares) if a_surrenders else (1, a, a_declares)
    if stays is None:
        raise CardCountError("a hand that did not surrender must be shown with its cards")
    misset = stays.is_misset(rules.strict_row_order)
    special = (
        declared_special(stays, rules)
        if declares and (rules.specials_when_misset or not misset)
        else None
    )
    who = "first" if a_surrenders else "second"
    if special is not None:
        return PairScore(
            sign * rules.special_points(special),
            f"the {who} hand surrendered; the other declares {special.label}",
        )
    if misset:
        return PairScore(0, f"the {who} hand surrendered, the other is misset: no points")
    return PairScore(sign * rules.surrender, f"the {who} hand surrendered")


def _bonus(rows: Sequence[int], rules: ChinesePokerRules) -> int:
    """The points ``rules.scoring`` adds to the rows' (for the first hand)."""
    won = sum(p > 0 for p in rows)
    lost = sum(p < 0 for p in rows)
    if rules.scoring == "2-4":
        return (won > lost) - (lost > won)
    if rules.scoring == "1-6":
        return 3 if won == 3 else -3 if lost == 3 else 0
    return 0


def _bonus_words(bonus: int, rules: ChinesePokerRules) -> str:
    if not bonus:
        return ""
    what = "the point for more rows" if rules.scoring == "2-4" else "the scoop bonus"
    return f", {what} {bonus:+d}"


def _row_points(row: Row, x: HandValue, y: HandValue, rules: ChinesePokerRules) -> int:
    if x > y:
        return rules.royalty(row, x.category)
    if x < y:
        return -rules.royalty(row, y.category)
    return 0


@dataclass(frozen=True)
class TableScore:
    """Scores of a whole table: totals per seat and each pair's result."""

    totals: tuple[int, ...]
    pairs: dict[tuple[int, int], PairScore]


def score_table(
    hands: Sequence[Arrangement | None],
    rules: ChinesePokerRules = _DEFAULT,
    *,
    declares: Sequence[bool] | None = None,
    names: Sequence[str] | None = None,
    surrenders: Sequence[bool] | None = None,
    first_to_declare: int = 0,
) -> TableScore:
    """Score every pair of seats.  Seats are listed round the table;
    ``first_to_declare`` is the seat on the dealer's left, who declares a
    special first, and the others follow in seat order (it matters only when
    two specials clash under ``specials_clash="first declared"``).

    The cards of all hands must be different cards of one deck: a repeated
    card raises :class:`~rules_lib.errors.DuplicateCardError` naming it.

    >>> six_pairs = Arrangement.parse("Qs Qd 10s 10d 2s / 8s 8c 6s 6d 2d / 4s 4d As")
    >>> flushes = Arrangement.parse("3c 7c 9c Qc Ac / 3h 5h 9h Jh Kh / 5d 8d Jd")
    >>> score_table([six_pairs, flushes]).totals
    (3, -3)
    >>> score_table([six_pairs, flushes], first_to_declare=1).totals
    (-3, 3)
    """
    if not 0 <= first_to_declare < len(hands):
        raise UnknownOptionError(
            f"no seat {first_to_declare} to declare first at a table of {len(hands)}"
        )
    names = list(names) if names is not None else [f"seat {i + 1}" for i in range(len(hands))]
    shown = [(h, n) for h, n in zip(hands, names, strict=True) if h is not None]
    check_disjoint([h for h, _ in shown], [n for _, n in shown])
    declares = list(declares) if declares is not None else [True] * len(hands)
    gave_up = list(surrenders) if surrenders is not None else [False] * len(hands)
    totals = [0] * len(hands)
    pairs: dict[tuple[int, int], PairScore] = {}
    for i in range(len(hands)):
        for j in range(i + 1, len(hands)):
            result = score_pair(
                hands[i],
                hands[j],
                rules,
                a_declares=declares[i],
                b_declares=declares[j],
                a_first=(i - first_to_declare) % len(hands) < (j - first_to_declare) % len(hands),
                a_surrenders=gave_up[i],
                b_surrenders=gave_up[j],
            )
            pairs[(i, j)] = result
            totals[i] += result.points
            totals[j] -= result.points
    return TableScore(tuple(totals), pairs)
