"""Chinese Poker's house rules as data: :class:`ChinesePokerRules` and its
:data:`PRESETS` (docs/GAMES.md §2b).

>>> PRESETS["2-4 scoring"].surrender, PRESETS["source"].surrender
(3, 0)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from ..errors import UnknownOptionError
from ..poker import Category
from ..rules_base import RulesBase, option
from ..setting.rows import Row
from ..setting.specials import Special

__all__ = ["PRESETS", "SOURCE_ROYALTIES", "SOURCE_SPECIALS", "ChinesePokerRules"]

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

    royalties: tuple[tuple[Row, Category, int], ...] = option(
        SOURCE_ROYALTIES, "points a winning row of a strong hand scores instead of 1"
    )
    specials: tuple[tuple[Special, int], ...] = option(
        SOURCE_SPECIALS, "points a special hand takes from each opponent"
    )
    specials_clash: Literal["first declared", "cancel"] = option(
        "first declared", "two players with a special (not a dragon against a lesser one)"
    )
    strict_row_order: bool = option(False, "each row strictly stronger than the next (no ties)")
    specials_when_misset: bool = option(True, "a misset hand may still declare a special")
    misset_pays_royalties: bool = option(True, "a misset hand pays royalties, not one point a row")
    six_pairs_exactly: bool = option(False, "six pairs must be six ranks and a single")
    ace_low_front_straight: bool = option(True, "A-2-3 is a straight in front (Q-K-A always is)")
    scoring: Literal["rows", "2-4", "1-6"] = option(
        "rows", "rows only; or a point for winning more rows (2-4); or 3 for all three (1-6)"
    )
    surrender: int = option(0, "what a hand that gives up pays each player (0: no surrender)")
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
