"""Chinese Poker: scoring a table of four arranged hands (docs/GAMES.md §2b).

Each player is scored against each other player: one point a row, or the
row's royalty instead; special hands score 3 (the thirteen: 13) from each
opponent; a misset hand loses every row.  House rules are fields of
:class:`ChinesePokerRules`.

>>> john = Arrangement.parse("3h 3d 3s 2h 2d / 10d 10s 9c Qs 8c / 6s 6c 4h")
>>> adele = Arrangement.parse("Ks Js 9s 8s 7s / 9h 9d 5h 5d 4c / Ah Kd Qd")
>>> score_table([john, adele]).totals
(1, -1)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from .arrange import ROWS, Arrangement, Row, Special, find_specials
from .errors import CardCountError, IllegalActionError, UnknownOptionError
from .mau_binh import _check_disjoint
from .poker import Category, HandValue
from .rules_base import RulesBase

__all__ = [
    "PRESETS",
    "ChinesePokerRules",
    "PairScore",
    "TableScore",
    "declared_special",
    "score_pair",
    "score_table",
]

#: The royalties of the source: a winning row of this category scores this
#: many points instead of 1.  (The source's English says "flush" for the
#: middle's 10 and the back's 5; the book reads straight flush, because its
#: Example 3 shows a plain flush in the middle winning 1 point and a straight
#: flush in the back winning 5.)
SOURCE_ROYALTIES: tuple[tuple[Row, Category, int], ...] = (
    (Row.FRONT, Category.THREE_OF_A_KIND, 3),
    (Row.MIDDLE, Category.FULL_HOUSE, 2),
    (Row.MIDDLE, Category.FOUR_OF_A_KIND, 8),
    (Row.MIDDLE, Category.STRAIGHT_FLUSH, 10),
    (Row.BACK, Category.FOUR_OF_A_KIND, 4),
    (Row.BACK, Category.STRAIGHT_FLUSH, 5),
)

#: Points a declared special hand takes from each opponent.
SOURCE_SPECIALS: tuple[tuple[Special, int], ...] = (
    (Special.DRAGON, 13),
    (Special.SIX_PAIRS, 3),
    (Special.THREE_STRAIGHTS, 3),
    (Special.THREE_FLUSHES, 3),
)


@dataclass(frozen=True)
class ChinesePokerRules(RulesBase, game="chinese_poker"):
    """House rules of Chinese Poker.

    * ``royalties``: (row, category, points) a winning row scores instead of 1.
    * ``specials``: (special hand, points from each opponent); the dragon
      (thirteen different ranks) beats every other special.
    * ``specials_clash``: when two players both declare a special and it is
      not a dragon against a lesser special (the dragon always wins that):
      ``"first declared"`` (the earlier seat, counting from the dealer's
      left, prevails and scores its special's points; the source's rule
      read with seat order, and read to cover two dragons too, so the
      earlier dragon takes 13 from the later) or ``"cancel"`` (neither
      scores against the other; preset ``"specials cancel"``).

    The source is silent or can be read two ways on the next points; the
    defaults are the book's readings:

    * ``strict_row_order``: False (the book's reading) lets a row tie the
      row in front of it (back ≥ middle ≥ front); True wants each row
      strictly weaker than the one behind it, as the source words it, so a
      tie is misset.
    * ``specials_when_misset``: True (the book's reading) lets a hand declare
      the special its cards allow however its rows are set; False lets only
      a hand set in order declare (a misset hand then loses every row).
    * ``misset_pays_royalties``: a misset hand loses all three rows to each
      opponent whose hand is in order; True (the book's reading) makes it
      pay their royalties too, False one point a row.  Two misset hands
      score nothing between them.
    * ``six_pairs_exactly``: False (the book's reading) counts a four of a
      kind as two pairs and a three of a kind as a pair and a single; True
      wants six pairs of six ranks and a single of a seventh.
    * ``ace_low_front_straight``: True (the book's reading) lets A-2-3 be the
      front of three straights, as Q-K-A is; False accepts Q-K-A only.

    House rules for playing for points (not in the source; issue 21):

    * ``scoring``: ``"rows"`` (the source: each row its point or royalty);
      ``"2-4"``: besides, the player who wins more of the three rows than
      the other takes one point more (2 for winning two rows to one, 4 for
      all three; the book's reading of tied rows: one row won and two tied
      earns the point, one won, one lost and one tied does not);
      ``"1-6"``: besides, a player who wins all three rows (a *scoop*) takes
      three points more (6 in all).  A misset hand loses all three rows, so
      it pays as scooped.
    * ``surrender``: the points a player who gives up before the showdown
      pays each player still in whose hand is in order; 0 (the source) means
      nobody may surrender.  A hand that declares a special takes the
      special's points from a player who gave up instead (a misset one too,
      while ``specials_when_misset`` lets it declare); a misset hand without
      a special is paid nothing; two players who both gave up score nothing
      between them.

    >>> ChinesePokerRules().royalty(Row.MIDDLE, Category.FULL_HOUSE)
    2
    """

    royalties: tuple[tuple[Row, Category, int], ...] = field(
        default=SOURCE_ROYALTIES,
        metadata={"doc": "points a winning row of a strong hand scores instead of 1"},
    )
    specials: tuple[tuple[Special, int], ...] = field(
        default=SOURCE_SPECIALS, metadata={"doc": "points a special hand takes from each opponent"}
    )
    specials_clash: Literal["first declared", "cancel"] = field(
        default="first declared",
        metadata={"doc": "two players with a special (not a dragon against a lesser one)"},
    )
    strict_row_order: bool = field(
        default=False, metadata={"doc": "each row strictly stronger than the next (no ties)"}
    )
    specials_when_misset: bool = field(
        default=True, metadata={"doc": "a misset hand may still declare a special"}
    )
    misset_pays_royalties: bool = field(
        default=True, metadata={"doc": "a misset hand pays royalties, not one point a row"}
    )
    six_pairs_exactly: bool = field(
        default=False, metadata={"doc": "six pairs must be six ranks and a single"}
    )
    ace_low_front_straight: bool = field(
        default=True, metadata={"doc": "A-2-3 is a straight in front (Q-K-A always is)"}
    )
    scoring: Literal["rows", "2-4", "1-6"] = field(
        default="rows",
        metadata={
            "doc": "rows only; or a point for winning more rows (2-4); or 3 for all three (1-6)"
        },
    )
    surrender: int = field(
        default=0, metadata={"doc": "what a hand that gives up pays each player (0: no surrender)"}
    )
    _royalty_map: dict[tuple[Row, Category], int] = field(
        init=False, repr=False, compare=False, hash=False
    )

    def __post_init__(self) -> None:
        if self.scoring not in ("rows", "2-4", "1-6"):
            raise UnknownOptionError(f"no scoring {self.scoring!r}; choose one of: rows, 2-4, 1-6")
        if self.surrender < 0:
            raise UnknownOptionError(f"a surrender costs 0 points or more, not {self.surrender}")
        object.__setattr__(
            self, "_royalty_map", {(row, cat): pts for row, cat, pts in self.royalties}
        )

    def royalty(self, row: Row, category: Category) -> int:
        """Points a winning row of this category scores (1 when no royalty)."""
        return self._royalty_map.get((row, category), 1)

    def special_points(self, special: Special) -> int:
        return dict(self.specials)[special]


PRESETS: dict[str, ChinesePokerRules] = {
    "source": ChinesePokerRules(),
    "specials cancel": ChinesePokerRules(specials_clash="cancel"),
    "2-4 scoring": ChinesePokerRules(scoring="2-4", surrender=3),
    "1-6 scoring": ChinesePokerRules(scoring="1-6", surrender=3),
}


def declared_special(
    arr: Arrangement, rules: ChinesePokerRules = ChinesePokerRules()
) -> Special | None:
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
    rules: ChinesePokerRules = ChinesePokerRules(),
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
    rules: ChinesePokerRules = ChinesePokerRules(),
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
    _check_disjoint([h for h, _ in shown], [n for _, n in shown])
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
