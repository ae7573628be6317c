"""Mậu Binh's house rules as data: :class:`MauBinhRules` and its :data:`PRESETS`
(docs/GAMES.md §2a).

:data:`PRESETS` names the source's reading (``"source"``), the common variant
(``"poker categories"``) and the home rules played for points (``"home"``).

>>> PRESETS["home"].scoring, PRESETS["source"].scoring
('rows', 'majority')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..errors import RulesError
from ..poker import Category
from ..rules_base import RulesBase, option
from ..setting.rows import Row
from ..setting.specials import Special

__all__ = ["BONUS_KEYS", "GLOSSARY", "PRESETS", "ROW_BONUS_NAMES", "MauBinhRules"]

GLOSSARY = {
    "Mậu Binh": "the game itself (also called Binh Xập Xám, 'thirteen-card binh')",
    "binh lủng": "a misset hand: a row stronger than the row behind it; it loses outright",
    "chi": "a row of the hand: each of the three rows is a chi",
    "sảnh rồng": "the dragon: one card of every rank, 2 to ace",
    "thùng phá sảnh": "straight flush",
    "tứ quý": "four of a kind",
    "cù lũ": "full house",
    "thùng": "flush",
    "sảnh": "straight",
    "xám": "three of a kind",
    "thú": "two pair",
    "đôi": "a pair",
    "mậu thầu": "high card (no combination)",
    "lục phé bôn": "six pairs",
    "ba thùng": "three flushes",
    "ba sảnh": "three straights",
    "ăn chi": "settling row by row: a unit for each row won",
    "sập ba chi": "winning all three rows against a player, who pays double",
    "sập làng": "sweeping every other player at the table",
    "rồng cuốn": "a dragon all of one suit",
    "đồng màu": "twelve or thirteen cards of one colour",
    "năm đôi một sám": "five pairs and a three of a kind",
}


@dataclass(frozen=True)
class MauBinhRules(RulesBase, game="mau_binh"):
    """House rules of Mậu Binh.

    * ``straight_flush_and_quads_instant``: holding a straight flush or a four
      of a kind anywhere in the 13 cards wins at once (the source); if False,
      they are ordinary hand categories above the full house.
    * ``instant_win_order``: how two instant wins at one table compare, highest
      first; equal ones tie, with no edge for the dealer.  The source does not
      rank them; the default is the book's convention, not the order of rarity.
    * ``dealer_wins_ties``: a row that ties the dealer's row counts as a loss
      for the player (the source).
    * ``settle_with``: ``"dealer"`` (each player only against the dealer, the
      usual way) or ``"everyone"`` (every pair of players settles too; between
      two players who are not the dealer, a tied row is just a tie).

    The source is silent or can be read two ways on the next points; the
    defaults are the book's readings:

    * ``strict_row_order``: False (the book's reading) lets a row tie the
      row in front of it (back ≥ middle ≥ front); True wants each row
      strictly stronger, as the source words it, so a tie is misset.
    * ``instant_wins_when_misset``: True (the book's reading) lets the
      dragon, a straight flush, four of a kind and six pairs win however the
      rows are set; False makes a misset hand lose even with one of them.
      Three flushes and three straights always need the rows in order (the
      source says so).
    * ``both_misset``: when the player's and the dealer's hands are both
      misset: ``"tie"`` (the book's reading) or ``"dealer wins"`` (the
      dealer's edge again).  A misset dealer loses to every player whose
      hand is in order, like any misset hand.
    * ``six_pairs_exactly``: False (the book's reading) counts a four of a
      kind as two pairs and a three of a kind as a pair and a single; True
      wants six pairs of six ranks and a single of a seventh.
    * ``ace_low_front_straight``: True (the book's reading) lets A-2-3 be the
      front of three straights, as Q-K-A is; False accepts Q-K-A only.

    Playing for points (the ``home`` preset; the source names no stake, and
    the book's reading settles one unit a result):

    * ``more_instant_wins``: the one-suit dragon, thirteen or twelve cards of
      one colour, five pairs and a three of a kind, and three of a kind three
      times also win at once (where ``instant_win_order`` lists them).  The
      library's readings: they count by the cards held, so even in a misset
      hand (unless ``instant_wins_when_misset`` is False); a four of a kind
      counts as a three of a kind for three of a kind three times; five pairs
      and a three of a kind is exactly that, so four of a kind, three of a
      kind and three pairs are six pairs (``six_pairs_exactly`` decides).
      An instant win is always taken, even where the rows would pay more; a
      table that prefers the rows leaves the hand out of ``instant_win_order``.
    * ``scoring``: ``"majority"`` (one unit to whoever wins more rows, the
      source) or ``"rows"``: each row is settled on its own, a unit a row
      (*ăn chi*), or the row's bonus.
    * ``row_bonuses``: under ``"rows"``, what a won row pays instead of 1 when
      it holds a strong hand, by name (see :data:`ROW_BONUS_NAMES`).
    * ``sweep_multiplier``: winning all three rows against a player
      multiplies what they pay (*sập ba chi*); ``sweep_all_multiplier``
      multiplies it again when a player sweeps every other player (*sập làng*).
      The library's readings: a sweep is three rows compared and won, so a
      misset opponent (who pays as if swept) or one who wins at once is not
      swept, and keeps the sweeper from *sập làng*; with a single opponent
      there is no *sập làng* (it takes two players swept at least).
    * ``misset_as_swept``: a misset hand pays each player whose hand is in
      order as if swept by it (*binh lủng*), instead of one unit.
    * ``instant_win_points``: under ``"rows"``, what an instant win collects
      from each player, by kind (1 for a kind not named).

    >>> MauBinhRules().with_options(dealer_wins_ties=False).dealer_wins_ties
    False
    >>> MauBinhRules().with_options(tie_goes_to="player")
    Traceback (most recent call last):
    ...
    rules_lib.errors.UnknownOptionError: Mậu Binh has no rule option 'tie_goes_to'; its options are: straight_flush_and_quads_instant, instant_win_order, dealer_wins_ties, settle_with, strict_row_order, instant_wins_when_misset, both_misset, six_pairs_exactly, ace_low_front_straight, more_instant_wins, scoring, row_bonuses, sweep_multiplier, sweep_all_multiplier, misset_as_swept, instant_win_points
    """

    straight_flush_and_quads_instant: bool = option(
        True, "straight flush and four of a kind win at once"
    )
    instant_win_order: tuple[Special, ...] = option(
        (
            Special.DRAGON,
            Special.STRAIGHT_FLUSH,
            Special.FOUR_OF_A_KIND,
            Special.SIX_PAIRS,
            Special.THREE_FLUSHES,
            Special.THREE_STRAIGHTS,
        ),
        "instant wins, highest first",
    )
    dealer_wins_ties: bool = option(True, "a row tied with the dealer is a loss for the player")
    settle_with: Literal["dealer", "everyone"] = option("dealer", "who settles with whom")
    strict_row_order: bool = option(False, "each row strictly stronger than the next (no ties)")
    instant_wins_when_misset: bool = option(
        True, "dragon, straight flush, four of a kind, six pairs win even misset"
    )
    both_misset: Literal["tie", "dealer wins"] = option(
        "tie", "two misset hands, player and dealer"
    )
    six_pairs_exactly: bool = option(False, "six pairs must be six ranks and a single")
    ace_low_front_straight: bool = option(True, "A-2-3 is a straight in front (Q-K-A always is)")
    more_instant_wins: bool = option(
        False, "more instant wins: one-suit dragon, one colour, five pairs and trips"
    )
    scoring: Literal["majority", "rows"] = option(
        "majority", "one unit on the majority of rows, or each row"
    )
    row_bonuses: tuple[tuple[str, int], ...] = option(
        (), "what a won row with a strong hand pays instead of 1"
    )
    sweep_multiplier: int = option(1, "winning all three rows multiplies the payment")
    sweep_all_multiplier: int = option(1, "sweeping every other player multiplies it again")
    misset_as_swept: bool = option(False, "a misset hand pays as if swept")
    instant_win_points: tuple[tuple[Special, int], ...] = option(
        (), "what an instant win collects from each player"
    )

    def __post_init__(self) -> None:
        if self.scoring not in ("majority", "rows"):
            raise RulesError(f"scoring is 'majority' or 'rows', not {self.scoring!r}")
        unknown = [name for name, _ in self.row_bonuses if name not in ROW_BONUS_NAMES]
        if unknown:
            raise RulesError(
                f"no row bonus {unknown[0]!r}; the row bonuses are: {', '.join(ROW_BONUS_NAMES)}"
            )
        for name in ("sweep_multiplier", "sweep_all_multiplier"):
            value = getattr(self, name)
            if not isinstance(value, int) or value < 1:
                raise RulesError(f"{name} is a whole number from 1, not {value!r}")
        points = [*(v for _, v in self.row_bonuses), *(v for _, v in self.instant_win_points)]
        if not all(isinstance(v, int) and v >= 1 for v in points):
            raise RulesError("row bonuses and instant-win points are whole numbers from 1")
        if self.scoring == "majority" and (
            self.row_bonuses or self.misset_as_swept or self.sweep_multiplier > 1
        ):
            raise RulesError("row bonuses, sweeps and misset-as-swept need scoring='rows'")

    def instant_price(self, special: Special) -> int:
        """What an instant win collects from each player (1 under the majority scoring)."""
        if self.scoring == "majority":
            return 1
        return dict(self.instant_win_points).get(special, 1)


#: Row bonuses by name: the row and the hand that earn one (``MauBinhRules.row_bonuses``).
BONUS_KEYS: dict[tuple[Row, Category], str] = {
    (Row.FRONT, Category.THREE_OF_A_KIND): "trips in front",
    (Row.MIDDLE, Category.FULL_HOUSE): "full house in the middle",
    (Row.BACK, Category.FOUR_OF_A_KIND): "four of a kind in the back",
    (Row.MIDDLE, Category.FOUR_OF_A_KIND): "four of a kind in the middle",
    (Row.BACK, Category.STRAIGHT_FLUSH): "straight flush in the back",
    (Row.MIDDLE, Category.STRAIGHT_FLUSH): "straight flush in the middle",
}
ROW_BONUS_NAMES: tuple[str, ...] = tuple(BONUS_KEYS.values())

PRESETS: dict[str, MauBinhRules] = {
    "source": MauBinhRules(),
    "poker categories": MauBinhRules(straight_flush_and_quads_instant=False),
    "home": MauBinhRules(
        straight_flush_and_quads_instant=False,
        instant_win_order=(
            Special.ONE_SUIT_DRAGON,
            Special.DRAGON,
            Special.THIRTEEN_ONE_COLOUR,
            Special.TWELVE_ONE_COLOUR,
            Special.FIVE_PAIRS_AND_TRIPS,
            Special.SIX_PAIRS,
            Special.THREE_TRIPS,
            Special.THREE_FLUSHES,
            Special.THREE_STRAIGHTS,
        ),
        dealer_wins_ties=False,
        settle_with="everyone",
        strict_row_order=True,
        more_instant_wins=True,
        scoring="rows",
        row_bonuses=(
            ("trips in front", 3),
            ("full house in the middle", 2),
            ("four of a kind in the back", 4),
            ("four of a kind in the middle", 8),
            ("straight flush in the back", 5),
            ("straight flush in the middle", 10),
        ),
        sweep_multiplier=2,
        sweep_all_multiplier=2,
        misset_as_swept=True,
        instant_win_points=(
            (Special.ONE_SUIT_DRAGON, 26),
            (Special.DRAGON, 13),
            (Special.THIRTEEN_ONE_COLOUR, 10),
            (Special.TWELVE_ONE_COLOUR, 8),
            (Special.FIVE_PAIRS_AND_TRIPS, 8),
            (Special.SIX_PAIRS, 6),
            (Special.THREE_TRIPS, 6),
            (Special.THREE_FLUSHES, 6),
            (Special.THREE_STRAIGHTS, 6),
        ),
    ),
}
